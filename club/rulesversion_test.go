package club

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"postal/archive"
	"postal/club/published"
	"postal/engine"
	"postal/notation"
)

// storeVersionedGame stores in c's archive, as game id, a finished game of
// Superial Chess for players played under rules version (engine.Config's
// "" for the current one): the moves of record ("0:d1-d2 1:a3-b3 ...",
// seats counted from 0), and the row as the club leaves a game it ended: the last
// position, the ply, the result and how it ended.
func storeVersionedGame(t *testing.T, db *archive.DB, id int64, version string, players []string, moves string) *archive.Game {
	t.Helper()
	const config = "multiplayer players=3"
	cfg, err := published.ParseConfig(config, 0)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Version = version
	_, _, pos, err := engine.New("superial-chess", cfg)
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 6, 1, 9, 0, 0, 0, time.UTC)
	var logged []archive.Move
	for i, w := range strings.Fields(moves) {
		seat, text, _ := strings.Cut(w, ":")
		p := engine.Player(seat[0] - '0')
		next, _, err := engine.Play(pos, p, text)
		if err != nil {
			t.Fatalf("ply %d (%s): %v", i+1, w, err)
		}
		pos = next
		logged = append(logged, archive.Move{Ply: i + 1, Player: int(p), Text: text, At: at.Add(time.Duration(i+1) * time.Hour)})
	}
	r := pos.Result()
	if !r.Over() {
		t.Fatalf("the game does not end: %s", pos)
	}
	row := &archive.Game{ID: id, Game: "superial-chess", Config: config, Position: pos.String(), Ply: len(logged),
		Status: archive.GameOver, Result: r.Score(), Termination: r.Reason, DaysPerMove: 3, Created: at}
	err = db.Tx(context.Background(), func(tx *archive.Tx) error {
		for _, name := range players {
			p, err := tx.PlayerByName(name)
			if err != nil {
				return err
			}
			row.Players = append(row.Players, p.ID)
		}
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

// r13gGame reads the moves of testdata/r13g-v1-game.txt: a game of three
// of rules version 1 whose last move, the 100th quiet ply, leaves West no
// legal turn. Version 1 puts West out first and South wins (1-2-3); under
// ruling R13g (version 2) the same moves end drawn between South and West
// (1-1-3), West still in: engine/superial's TestR13g_Version1 and
// TestR13g_DrawBeforeTheNextTurn play the issue's position of the same kind.
func r13gGame(t testing.TB, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
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

// TestR13g_Issue27_RecordOfVersion1 stores a finished game of Superial
// Chess's multiplayer rules version 1 (played before ruling R13g) in a real
// archive: the club reads its version from the stored position, and the
// record it mails ("record") names that version and replays under it to the
// very position and result the game ended with: South's win, where the
// current version would draw (issue 27). The same moves played under the
// current version stay of it, and end drawn.
func TestR13g_Issue27_RecordOfVersion1(t *testing.T) {
	c := newClub(t, Options{})
	for _, name := range []string{"alice", "bob", "carol"} {
		c.register(name)
	}
	moves := r13gGame(t, "testdata/r13g-v1-game.txt")
	old := storeVersionedGame(t, c.db, 1, "1", []string{"alice", "bob", "carol"}, moves)
	cur := storeVersionedGame(t, c.db, 2, "", []string{"alice", "bob", "carol"}, moves)
	if !strings.HasSuffix(old.Position, " v1") || strings.HasSuffix(cur.Position, " v1") {
		t.Fatalf("stored positions: %q, %q", old.Position, cur.Position)
	}
	// The two versions end the moves differently, or the test proves nothing.
	if old.Result != "1-2-3" || cur.Result != "1-1-3" {
		t.Fatalf("results: version 1 %s (%s), version 2 %s (%s); want 1-2-3 and 1-1-3", old.Result, old.Termination, cur.Result, cur.Termination)
	}
	if v := published.RulesVersion(old); v != "1" {
		t.Errorf("RulesVersion of the game of version 1: %q", v)
	}
	if v := published.RulesVersion(cur); v != "" {
		t.Errorf("RulesVersion of the game of the current version: %q", v)
	}
	for _, row := range []*archive.Game{old, cur} {
		out := c.mail("carol@example.org", "record", c.withKey("carol@example.org", fmt.Sprintf("record %d", row.ID)))
		if len(out) != 1 || len(out[0].Attachments) == 0 {
			t.Fatalf("record %d: %d mails", row.ID, len(out))
		}
		text := string(out[0].Attachments[len(out[0].Attachments)-1].Data)
		want := map[int64]string{1: `[RulesVersion "1"]`, 2: `[RulesVersion "2"]`}[row.ID]
		if !strings.Contains(text, want) {
			t.Errorf("record of game %d does not say %s:\n%s", row.ID, want, text)
		}
		rec, err := notation.ReadRecord(text)
		if err != nil {
			t.Fatal(err)
		}
		positions, err := rec.Replay()
		if err != nil {
			t.Fatalf("record of game %d: %v", row.ID, err)
		}
		end := positions[len(positions)-1]
		if end.String() != row.Position || end.Result().Score() != row.Result || rec.Result.Score() != row.Result {
			t.Errorf("record of game %d replays to %q (%s), the game ended at %q (%s)", row.ID, end, end.Result().Score(), row.Position, row.Result)
		}
	}
}
