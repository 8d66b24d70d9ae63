package archivegen

import (
	"context"
	"path/filepath"
	"testing"

	"postal/archive"
	"postal/engine"
	_ "postal/engine/allgames"
)

func open(t *testing.T) *archive.DB {
	t.Helper()
	db, err := archive.Open(context.Background(), filepath.Join(t.TempDir(), "gen.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// dump reads every game of db with its moves.
func dump(t *testing.T, db *archive.DB) (games []*archive.Game, moves map[int64][]archive.Move) {
	t.Helper()
	err := db.Tx(context.Background(), func(tx *archive.Tx) error {
		var err error
		if games, err = tx.GamesAfter(0, 1<<30); err != nil {
			return err
		}
		ids := make([]int64, len(games))
		for i, g := range games {
			ids[i] = g.ID
		}
		moves, err = tx.MovesOf(ids)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return games, moves
}

// TestGenerate checks that a generated archive holds what the club would
// have stored: every game and ruleset, moves the engine accepts leading to
// the stored position, finished games with a result and games in progress
// with a deadline; and that the same options give the same archive.
func TestGenerate(t *testing.T) {
	// Enough games for every ruleset of the game with the most.
	n, pairs := 0, 0
	kinds, err := variants(nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range kinds {
		n = max(n, len(k.rulesets)*len(kinds))
		pairs += len(k.rulesets)
	}
	o := Options{Finished: n, Active: 5, Seed: 7, MaxPlies: 60}
	db := open(t)
	st, err := Generate(context.Background(), db, o)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Generate(context.Background(), open(t), Options{Finished: 1, Games: []string{"chess"}}); err == nil {
		t.Error("a game postal does not play: no error")
	}
	if st.Games != n+5 || st.Plies == 0 {
		t.Fatalf("stats %+v", st)
	}
	games, moves := dump(t, db)
	if len(games) != st.Games {
		t.Fatalf("%d games stored, want %d", len(games), st.Games)
	}
	seen := map[string]bool{}
	plies := 0
	for i, g := range games {
		if g.ID != int64(i+1) {
			t.Errorf("game %d numbered %d", i+1, g.ID)
		}
		seen[g.Game+" "+g.Config] = true
		ms := moves[g.ID]
		plies += len(ms)
		if g.Ply != len(ms) {
			t.Errorf("game %d: ply %d, %d moves", g.ID, g.Ply, len(ms))
		}
		eg, err := engine.Lookup(g.Game)
		if err != nil {
			t.Fatal(err)
		}
		ruleset, _, _ := cutWord(g.Config)
		_, _, pos, err := engine.New(g.Game, engine.Config{Ruleset: ruleset})
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range ms {
			if pos, _, err = engine.Play(pos, engine.Player(m.Player), m.Text); err != nil {
				t.Fatalf("game %d: move %d %q: %v", g.ID, m.Ply, m.Text, err)
			}
		}
		stored, err := eg.ParsePosition(g.Position)
		if err != nil || stored.String() != pos.String() {
			t.Errorf("game %d: stored position %q (%v), replayed %q", g.ID, g.Position, err, pos)
		}
		finished := i < o.Finished
		switch {
		case finished && (g.Status != archive.GameOver || g.Result == "*" || g.Termination == "" || g.Finished.IsZero()):
			t.Errorf("finished game %d: %s %s %q %v", g.ID, g.Status, g.Result, g.Termination, g.Finished)
		case !finished && (g.Status != archive.GameActive || g.Deadline.IsZero() || len(ms) >= o.MaxPlies || stored.Result().Over()):
			t.Errorf("game %d in progress: %s, deadline %v, %d plies", g.ID, g.Status, g.Deadline, len(ms))
		}
		if g.Created.After(g.Updated) {
			t.Errorf("game %d updated before it began", g.ID)
		}
	}
	if len(seen) != pairs {
		t.Errorf("%d game and ruleset pairs, want %d", len(seen), pairs)
	}
	if plies != st.Plies {
		t.Errorf("%d plies stored, stats say %d", plies, st.Plies)
	}

	// The same options again, into another archive: the same games.
	db2 := open(t)
	if _, err := Generate(context.Background(), db2, o); err != nil {
		t.Fatal(err)
	}
	games2, moves2 := dump(t, db2)
	for i, g := range games {
		h := games2[i]
		if g.Position != h.Position || g.Result != h.Result || g.Termination != h.Termination || !g.Updated.Equal(h.Updated) || len(moves[g.ID]) != len(moves2[h.ID]) {
			t.Errorf("game %d differs between two runs with the same seed", g.ID)
		}
	}
}

func cutWord(s string) (first, rest string, ok bool) {
	for i := range len(s) {
		if s[i] == ' ' {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}
