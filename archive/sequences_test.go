package archive

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"
)

// Games stored with ids of their own (as archivegen and imports write them)
// leave the challenges' sequence behind: CheckSequences says so, with the
// fix, and RaiseSequences moves it on, so that the next challenge, whose id
// becomes its game's, takes a free one (issue 27).
func TestSequencesFollowTheGames(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, filepath.Join(t.TempDir(), "postal.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.CheckSequences(ctx); err != nil {
		t.Fatalf("an empty archive: %v", err)
	}
	now := time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC)
	var alice Player
	err = db.Tx(ctx, func(tx *Tx) error {
		p, err := tx.AddPlayer("alice", "alice@x", "", now)
		if err != nil {
			return err
		}
		alice = *p
		for id := int64(1); id <= 7; id++ {
			if err := tx.AddGame(&Game{ID: id, Game: "takeaway", Players: []int64{p.ID, p.ID}, Status: GameOver, Result: "1-0", Created: now, Updated: now}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var behind *ErrSequenceBehind
	if err := db.CheckSequences(ctx); !errors.As(err, &behind) || behind.Next != 1 || behind.LastGame != 7 {
		t.Fatalf("after games 1-7 without challenges: %v", err)
	}
	if err := db.Tx(ctx, func(tx *Tx) error { return tx.RaiseSequences() }); err != nil {
		t.Fatal(err)
	}
	if err := db.CheckSequences(ctx); err != nil {
		t.Fatalf("after RaiseSequences: %v", err)
	}
	err = db.Tx(ctx, func(tx *Tx) error {
		c := &Challenge{ChallengerID: alice.ID, Game: "takeaway", Created: now, Seats: []ChallengeSeat{{Address: "bob@x"}}}
		if err := tx.AddChallenge(c); err != nil {
			return err
		}
		if c.ID != 8 {
			t.Errorf("the next challenge is #%d, want #8", c.ID)
		}
		return tx.RaiseSequences() // never moves a sequence back
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := db.CheckSequences(ctx); err != nil {
		t.Fatal(err)
	}
}
