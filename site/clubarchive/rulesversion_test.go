package clubarchive_test

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"postal/archive"
	"postal/club/published"
	"postal/engine"
	_ "postal/engine/allgames"
	"postal/notation"
	"postal/site"
	"postal/site/clubarchive"
)

// r13gGame reads the moves of club/testdata/r13g-v1-game.txt: a game of
// three of rules version 1 whose last move, the 100th quiet ply, leaves West
// no legal turn. Version 1 puts West out first and South wins (1-2-3);
// under ruling R13g (version 2) the same moves end drawn between South and
// West (1-1-3).
func r13gGame(t testing.TB) string {
	t.Helper()
	data, err := os.ReadFile("../../club/testdata/r13g-v1-game.txt")
	if err != nil {
		t.Fatal(err)
	}
	var moves []string
	for _, l := range strings.Split(string(data), "\n") {
		if !strings.HasPrefix(l, "#") {
			moves = append(moves, strings.Fields(l)...)
		}
	}
	return strings.Join(moves, " ")
}

// storeGame stores a finished game of three of Superial Chess played
// under rules version (engine.Config's; "" for the current one) in db as
// game id, as the club leaves a game it ended: its moves ("0:d1-d2 ...",
// seats from 0), last position, ply, result and how it ended.
func storeGame(t *testing.T, db *archive.DB, id int64, version string, players []int64, moves string) *archive.Game {
	t.Helper()
	const config = "multiplayer players=3"
	_, _, pos, err := engine.New("superial-chess", engine.Config{Ruleset: "multiplayer", Options: map[string]string{"players": "3"}, Version: version})
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 6, 1, 9, 0, 0, 0, time.UTC)
	var logged []archive.Move
	for i, w := range strings.Fields(moves) {
		seat, text, _ := strings.Cut(w, ":")
		p := engine.Player(seat[0] - '0')
		if pos, _, err = engine.Play(pos, p, text); err != nil {
			t.Fatalf("ply %d (%s): %v", i+1, w, err)
		}
		logged = append(logged, archive.Move{Ply: i + 1, Player: int(p), Text: text, At: at.Add(time.Duration(i+1) * time.Hour)})
	}
	r := pos.Result()
	row := &archive.Game{ID: id, Game: "superial-chess", Config: config, Players: players, Position: pos.String(), Ply: len(logged),
		Status: archive.GameOver, Result: r.Score(), Termination: r.Reason, DaysPerMove: 3, Created: at}
	err = db.Tx(context.Background(), func(tx *archive.Tx) error {
		if err := tx.AddGame(row); err != nil {
			return err
		}
		if err := tx.AddMoves(id, logged); err != nil {
			return err
		}
		row.Updated = logged[len(logged)-1].At
		row.Finished = row.Updated
		return tx.UpdateGame(row)
	})
	if err != nil {
		t.Fatal(err)
	}
	return row
}

// TestR13g_Issue27_SiteOfVersion1 builds the site from a real archive
// holding a finished game of Superial Chess's multiplayer rules version 1
// (played before ruling R13g) and one of the current version with the same
// moves: the site replays each under the version it was played by, so the
// game's record names its version and replays to the position and result
// the game ended with, and its page hands the version to the browser's
// engine (data-version) for "Try moves" (issue 27).
func TestR13g_Issue27_SiteOfVersion1(t *testing.T) {
	ctx := context.Background()
	db, err := archive.Open(ctx, filepath.Join(t.TempDir(), "postal.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var players []int64
	err = db.Tx(ctx, func(tx *archive.Tx) error {
		for _, name := range []string{"alice", "bob", "carol"} {
			p, err := tx.AddPlayer(name, name+"@example.org", "hash-"+name, time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC))
			if err != nil {
				return err
			}
			players = append(players, p.ID)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	moves := r13gGame(t)
	rows := []*archive.Game{storeGame(t, db, 1, "1", players, moves), storeGame(t, db, 2, "", players, moves)}
	if !strings.HasSuffix(rows[0].Position, " v1") || published.RulesVersion(rows[0]) != "1" || published.RulesVersion(rows[1]) != "" {
		t.Fatalf("stored positions %q, %q", rows[0].Position, rows[1].Position)
	}
	// The two versions end the moves differently, or the test proves nothing.
	if rows[0].Result != "1-2-3" || rows[1].Result != "1-1-3" {
		t.Fatalf("results: version 1 %s, version 2 %s; want 1-2-3 and 1-1-3", rows[0].Result, rows[1].Result)
	}
	out := filepath.Join(t.TempDir(), "site")
	opts := site.Options{OutDir: out, Club: "postal@club.example", Title: "Test Club", Workers: 2, Logger: slog.New(slog.DiscardHandler)}
	if _, err := site.Build(ctx, clubarchive.Source{DB: db, Club: "postal@club.example"}, opts); err != nil {
		t.Fatal(err)
	}
	for i, row := range rows {
		id := fmt.Sprint(row.ID)
		data, err := os.ReadFile(filepath.Join(out, "games", id+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		want := []string{`[RulesVersion "1"]`, `[RulesVersion "2"]`}[i]
		if !strings.Contains(string(data), want) {
			t.Errorf("the site's record of game %s does not say %s:\n%s", id, want, data)
		}
		rec, err := notation.ReadRecord(string(data))
		if err != nil {
			t.Fatal(err)
		}
		positions, err := rec.Replay()
		if err != nil {
			t.Fatalf("the site's record of game %s: %v", id, err)
		}
		if end := positions[len(positions)-1]; end.String() != row.Position || end.Result().Score() != row.Result || rec.Result.Score() != row.Result {
			t.Errorf("the site's record of game %s replays to %q (%s), the game ended at %q (%s)", id, end, end.Result().Score(), row.Position, row.Result)
		}
		page, err := os.ReadFile(filepath.Join(out, "games", id+".html"))
		if err != nil {
			t.Fatal(err)
		}
		// What the page says of the end: South's win under version 1, the
		// draw of R13g under version 2. The reader's browser replays the
		// moves under the version data-version names
		// (TestR13g_Issue27_TryMovesOfVersion1 in site).
		for _, want := range [][]string{
			{`<b>alice (South) won</b> (West cannot move).`, `Places: 1st alice (South), 2nd bob (West), 3rd carol (North).`, `. Final position: South won (West cannot move).</figcaption>`},
			{`<b>Draw</b> (100 moves in a row`, `Places: 1st alice (South), 1st bob (West), 3rd carol (North).`, `. Final position: Draw (100 moves in a row`},
		}[i] {
			if !strings.Contains(string(page), want) {
				t.Errorf("page of game %s does not say %q", id, want)
			}
		}
		if got := strings.Contains(string(page), `data-version="1"`); got != (i == 0) {
			t.Errorf("page of game %s: data-version=\"1\" %v", id, got)
		}
		if strings.Contains(string(page), "does not replay") || !strings.Contains(string(page), "Final position: ") {
			t.Errorf("page of game %s: the game does not replay to its end", id)
		}
	}
}
