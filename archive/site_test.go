package archive

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"
)

// TestChangeSequence checks the cursor the site follows the games with:
// every change of a game or of its moves gives it a greater number than any
// before, whatever the dates say. The site used to read the games updated
// since its last reading's latest date, less a minute: one row dated in the
// future hid every later change.
func TestChangeSequence(t *testing.T) {
	ctx := context.Background()
	db, _ := openTemp(t)
	now := time.Date(2026, 11, 22, 8, 0, 0, 0, time.UTC)
	var cursor int64
	changed := func(want ...int64) {
		t.Helper()
		err := db.Tx(ctx, func(tx *Tx) error {
			ids, seq, err := tx.ChangedAfter(cursor)
			if err != nil {
				return err
			}
			if !slices.Equal(ids, want) || len(ids) > 0 && seq <= cursor || len(ids) == 0 && seq != cursor {
				t.Errorf("changed after %d: %v (cursor %d), want %v", cursor, ids, seq, want)
			}
			last, err := tx.LastSeq()
			if err != nil || last != seq {
				t.Errorf("last change %d, %v; the changes end at %d", last, err, seq)
			}
			cursor = seq
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	tx := func(fn func(tx *Tx) error) {
		t.Helper()
		if err := db.Tx(ctx, fn); err != nil {
			t.Fatal(err)
		}
	}
	changed()
	games := map[int64]*Game{}
	tx(func(tx *Tx) error {
		a, _ := tx.AddPlayer("a", "a@x.org", "h1", now)
		b, _ := tx.AddPlayer("b", "b@x.org", "h2", now)
		for id := int64(1); id <= 3; id++ {
			g := &Game{ID: id, Game: "g", Players: []int64{a.ID, b.ID}, Status: GameActive, Result: "*", Created: now}
			if err := tx.AddGame(g); err != nil {
				return err
			}
			games[id] = g
		}
		return nil
	})
	changed(1, 2, 3)
	// Game 2 is dated a year ahead (a clock set wrong); game 3 changes
	// after it, dated now: it is read.
	tx(func(tx *Tx) error {
		games[2].Updated = now.AddDate(1, 0, 0)
		return tx.UpdateGame(games[2])
	})
	changed(2)
	tx(func(tx *Tx) error {
		games[3].Updated = now.Add(time.Minute)
		return tx.UpdateGame(games[3])
	})
	changed(3)
	// A move alone, and a change that leaves every column as it was.
	tx(func(tx *Tx) error {
		return tx.AddMoves(1, []Move{{Ply: 1, Text: "m1", At: now}, {Ply: 2, Player: 1, Text: "m2", At: now}})
	})
	changed(1)
	tx(func(tx *Tx) error { return tx.UpdateGame(games[3]) })
	changed(3)
	changed()
	// A transaction rolled back gives nothing.
	db.Tx(ctx, func(tx *Tx) error {
		tx.UpdateGame(games[1])
		return context.Canceled
	})
	changed()
	// Many moves at once, more than a statement takes.
	var many []Move
	for i := range 450 {
		many = append(many, Move{Ply: i + 1, Player: i % 2, Text: fmt.Sprint("x", i+1), At: now})
	}
	tx(func(tx *Tx) error { return tx.AddMoves(2, many) })
	changed(2)
	tx(func(tx *Tx) error {
		moves, err := tx.MovesOf([]int64{1, 2})
		if err != nil {
			return err
		}
		if len(moves[1]) != 2 || moves[1][1].Text != "m2" || moves[1][1].Player != 1 || len(moves[2]) != 450 || moves[2][449].Text != "x450" || moves[2][200].Ply != 201 {
			t.Errorf("moves of games 1 and 2: %+v", moves)
		}
		gs, err := tx.GamesIn([]int64{3, 1, 9})
		if err != nil || len(gs) != 2 || gs[0].ID != 1 || gs[1].ID != 3 {
			t.Errorf("games 3, 1 and 9: %v %v", gs, err)
		}
		gs, err = tx.GamesAfter(1, 1)
		if err != nil || len(gs) != 1 || gs[0].ID != 2 {
			t.Errorf("the game after 1: %v %v", gs, err)
		}
		names, err := tx.PlayerNames()
		if err != nil || len(names) != 2 || names[games[1].Players[1]] != "b" {
			t.Errorf("player names %v %v", names, err)
		}
		return nil
	})
}
