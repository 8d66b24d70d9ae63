package games

import (
	"context"
	"database/sql"
	"testing"

	"postal/archive"
	"postal/archive/archivegen"
	"postal/engine"
)

// The games of an archive stored before it kept the position before each
// game's last ply get it back, as the club would have stored it, for every
// game and ruleset (chance's draws, seats that left, games in progress);
// a game whose record does not replay to its stored position is marked so,
// and each is looked at once.
func TestFillPreviousAsTheClubStoresIt(t *testing.T) {
	ctx := context.Background()
	var names []string
	for _, g := range engine.Games() {
		names = append(names, g.Info().Name)
	}
	path, err := archivegen.Cached(ctx, t.TempDir(), archivegen.Bench(60, names))
	if err != nil {
		t.Fatal(err)
	}
	db, err := archive.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	want := map[int64]string{}
	var broken int64
	err = db.ReadTx(ctx, func(tx *archive.Tx) error {
		rows, err := tx.GamesWithoutPrevious(0, 1000)
		if err != nil || len(rows) != 0 {
			t.Fatalf("%d games without their previous position as generated (%v)", len(rows), err)
		}
		for id := int64(1); ; id++ {
			g, err := tx.GameByID(id)
			if err != nil {
				break
			}
			if g.Ply > 0 {
				want[g.ID] = g.Previous
			}
		}
		return nil
	})
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	// The archive as an older postal left it; one game's stored position
	// is not where its record leads.
	for id := range want {
		broken = id
		break
	}
	raw, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := raw.Exec(`UPDATE games SET previous = ''`); err != nil {
		t.Fatal(err)
	}
	if _, err := raw.Exec(`UPDATE games SET position = position || ' ' WHERE id = ?`, broken); err != nil {
		t.Fatal(err)
	}
	raw.Close()
	if db, err = archive.Open(ctx, path); err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if len(want) < 60 {
		t.Fatalf("%d games with a ply", len(want))
	}
	var after int64
	looked := 0
	for {
		n, last, err := FillPrevious(ctx, db, after, 7)
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			break
		}
		looked += n
		after = last
	}
	if looked != len(want) {
		t.Errorf("looked at %d games, want %d", looked, len(want))
	}
	err = db.ReadTx(ctx, func(tx *archive.Tx) error {
		for id, prev := range want {
			g, err := tx.GameByID(id)
			if err != nil {
				return err
			}
			if id == broken {
				prev = archive.NoPrevious
			}
			if g.Previous != prev {
				t.Errorf("game %d (%s): previous %.60q, want %.60q", id, g.Game, g.Previous, prev)
			}
		}
		rows, err := tx.GamesWithoutPrevious(0, 1000)
		if len(rows) != 0 {
			t.Errorf("%d games still without (%v)", len(rows), err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
