package work_test

import (
	"context"
	"reflect"
	"testing"
	"time"

	"postal/archive"
	"postal/archive/archivetest"
	"postal/club/work"
)

// TestMovesReadOncePerPly shows a unit's reads of a game's moves: kept
// while the game's row stays at its ply, read again after the unit's own
// AddMove or when the row has moved on, and each caller's copy its own.
func TestMovesReadOncePerPly(t *testing.T) {
	db := archivetest.Open(t)
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	err := db.Tx(context.Background(), func(tx *archive.Tx) error {
		a, err := tx.AddPlayer("alice", "alice@example.org", "ka", now)
		if err != nil {
			return err
		}
		b, err := tx.AddPlayer("bob", "bob@example.org", "kb", now)
		if err != nil {
			return err
		}
		row := &archive.Game{ID: 7, Game: "test-nim", Players: []int64{a.ID, b.ID}, Status: archive.GameActive, Result: "*", Created: now}
		if err := tx.AddGame(row); err != nil {
			return err
		}
		u := &work.Unit{Tx: tx, Now: now}
		move := func(ply int) archive.Move { return archive.Move{Ply: ply, Text: "take 1", At: now} }

		if err := u.AddMove(7, move(1)); err != nil {
			return err
		}
		first, err := u.Moves(7, 1)
		if err != nil {
			return err
		}
		if len(first) != 1 {
			t.Fatalf("read %d moves, want 1", len(first))
		}
		// A caller appending to its copy changes no one else's.
		_ = append(first, move(99))
		first[0].Text = "changed"

		// Written behind the unit's back at the same ply: what the unit
		// returns is what it kept, not read again.
		if err := tx.AddMove(7, move(2)); err != nil {
			return err
		}
		kept, err := u.Moves(7, 1)
		if err != nil {
			return err
		}
		if len(kept) != 1 || kept[0].Text != "take 1" {
			t.Errorf("moves at the same ply = %+v, want the one kept, unchanged", kept)
		}
		kept[0].Text = "changed"
		if kept, err = u.Moves(7, 1); err != nil {
			return err
		}
		if kept[0].Text != "take 1" {
			t.Errorf("a caller's change to its moves reached the unit's: %q", kept[0].Text)
		}

		// The row moved on: read again.
		again, err := u.Moves(7, 2)
		if err != nil {
			return err
		}
		if len(again) != 2 {
			t.Errorf("moves at ply 2 = %d, want 2 read again", len(again))
		}

		// The unit's own AddMove adds the move as the archive gives it
		// back: its time in UTC to the millisecond.
		berlin := time.FixedZone("CET", 3600)
		played := archive.Move{Ply: 3, Player: 1, Text: "take 2", MessageID: "<m3@example.org>", At: time.Now().In(berlin)}
		if err := u.AddMove(7, played); err != nil {
			return err
		}
		if err := tx.AddMove(7, move(4)); err != nil { // behind its back again
			return err
		}
		after, err := u.Moves(7, 3)
		if err != nil {
			return err
		}
		fresh, err := tx.Moves(7)
		if err != nil {
			return err
		}
		if !reflect.DeepEqual(after, fresh[:3]) {
			t.Errorf("moves kept after the unit's AddMove:\n%+v\nwant as read:\n%+v", after, fresh[:3])
		}
		// A move that does not follow the ply kept forgets them.
		if err := u.AddMove(7, move(9)); err != nil {
			return err
		}
		if again, err = u.Moves(7, 3); err != nil {
			return err
		}
		if len(again) != 5 {
			t.Errorf("moves after an AddMove out of order = %d, want the 5 read again", len(again))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
