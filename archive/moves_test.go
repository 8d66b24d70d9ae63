package archive

import (
	"context"
	"testing"
	"time"

	"postal/engine"
)

// Chance moves keep their stored encoding, 2, as every database has them;
// every way of reading them gives Chance back, and a seat the table cannot
// tell from chance is refused, not stored.
func TestChanceStoredAsBefore(t *testing.T) {
	if Chance != int(engine.Chance) {
		t.Fatalf("archive.Chance %d, engine.Chance %d", Chance, engine.Chance)
	}
	ctx := context.Background()
	db, _ := openTemp(t)
	now := time.Date(2026, 11, 22, 8, 0, 0, 0, time.UTC)
	moves := []Move{{Ply: 1, Player: 0, Text: "a"}, {Ply: 2, Player: Chance, Text: "roll 6"}, {Ply: 3, Player: 1, Text: "b"}}
	err := db.Tx(ctx, func(tx *Tx) error {
		a, _ := tx.AddPlayer("a", "a@x.org", "h1", now)
		b, _ := tx.AddPlayer("b", "b@x.org", "h2", now)
		for id := int64(1); id <= 2; id++ {
			if err := tx.AddGame(&Game{ID: id, Game: "g", Players: [2]int64{a.ID, b.ID}, Status: GameActive, Result: "*", Created: now}); err != nil {
				return err
			}
		}
		for _, m := range moves {
			if err := tx.AddMove(1, m); err != nil {
				return err
			}
		}
		if err := tx.AddMoves(2, moves); err != nil {
			return err
		}
		if err := tx.AddMove(1, Move{Ply: 4, Player: 2, Text: "c"}); err == nil {
			t.Error("seat 2 stored")
		}
		if err := tx.AddMoves(2, []Move{{Ply: 4, Player: 3, Text: "c"}}); err == nil {
			t.Error("seat 3 stored")
		}
		var stored []int
		rows, err := tx.tx.QueryContext(ctx, `SELECT player FROM moves WHERE game_id = 1 ORDER BY ply`)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var p int
			rows.Scan(&p)
			stored = append(stored, p)
		}
		if len(stored) != 3 || stored[1] != 2 {
			t.Errorf("stored players %v, want chance as 2", stored)
		}
		got, err := tx.Moves(1)
		if err != nil {
			return err
		}
		all, err := tx.MovesOf([]int64{2})
		if err != nil {
			return err
		}
		for _, read := range [][]Move{got, all[2]} {
			if len(read) != 3 || read[0].Player != 0 || read[1].Player != Chance || read[2].Player != 1 {
				t.Errorf("moves read back %+v", read)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
