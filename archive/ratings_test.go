package archive

import (
	"context"
	"log/slog"
	"maps"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// end ends game id with result at, as the code of an archive's early
// migrations did (UpdateGame writes columns added since).
func end(tx *Tx, id int64, result string, at time.Time) error {
	_, err := tx.exec(`UPDATE games SET status = ?, result = ?, finished = ?, updated = ? WHERE id = ?`, GameOver, result, fmtTime(at), fmtTime(at), id)
	return err
}

// Migration 050 (issue 35): the games over when migration 014 began the
// ratings are marked as from before ratings; a game whose challenge said
// "unrated" later is not, nor a game that ended after 014 unmarked.
func TestMigrateUnratedSaysWhy(t *testing.T) {
	ctx := context.Background()
	file := filepath.Join(t.TempDir(), "thirteen.db")
	db, err := open(ctx, file, migrationsUpTo(t, 13), slog.Default())
	if err != nil {
		t.Fatal(err)
	}
	past := time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC)
	add := func(db *DB, id int64, over time.Time) {
		t.Helper()
		err := db.Tx(ctx, func(tx *Tx) error {
			if id == 1 {
				for _, name := range []string{"alice", "bob"} {
					if _, err := tx.AddPlayer(name, name+"@x", name, past); err != nil {
						return err
					}
				}
			}
			g := &Game{ID: id, Game: "takeaway", Position: "15", Players: []int64{1, 2}, Status: GameActive, Result: "*", Created: past, Updated: past}
			if err := tx.AddGame(g); err != nil {
				return err
			}
			if over.IsZero() {
				return nil
			}
			return end(tx, id, "1-0", over)
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	add(db, 1, past)
	add(db, 2, past.Add(time.Hour))
	add(db, 3, time.Time{}) // in play at the upgrade
	db.Close()
	if db, err = open(ctx, file, migrationsUpTo(t, 14), slog.Default()); err != nil {
		t.Fatal(err)
	}
	// After the upgrade: game 3 ends, game 4 is a challenge "unrated" and
	// ends too.
	later := time.Now().Add(time.Hour)
	err = db.Tx(ctx, func(tx *Tx) error {
		if err := end(tx, 3, "0-1", later); err != nil {
			return err
		}
		return tx.SetUnrated(4)
	})
	if err != nil {
		t.Fatal(err)
	}
	add(db, 4, later)
	db.Close()
	if db, err = Open(ctx, file); err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	err = db.Tx(ctx, func(tx *Tx) error {
		old, err := tx.BeforeRatingsGames()
		if err != nil {
			return err
		}
		if !slices.Equal(old, []int64{1, 2}) {
			t.Errorf("games from before ratings %v, want 1 and 2", old)
		}
		games, _, err := tx.EndedGames(nil)
		if err != nil {
			return err
		}
		unrated := map[int64]bool{}
		for _, g := range games {
			unrated[g.ID] = g.Unrated
		}
		if want := map[int64]bool{1: true, 2: true, 3: false, 4: true}; !maps.Equal(unrated, want) {
			t.Errorf("unrated %v, want %v", unrated, want)
		}
		if n, err := tx.RateBeforeRatings(); err != nil || n != 2 {
			t.Errorf("RateBeforeRatings: %d, %v; want 2", n, err)
		}
		if n, err := tx.BeforeRatings(); err != nil || n != 0 {
			t.Errorf("after RateBeforeRatings %d left, %v", n, err)
		}
		if u, err := tx.Unrated(4); err != nil || !u {
			t.Errorf("game 4, unrated by its challenge, is rated: %v", err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
