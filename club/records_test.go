package club

import (
	"context"
	"path/filepath"
	"testing"

	"postal/archive"
	"postal/archive/archivegen"
	"postal/club/published"
)

// TestEachRecord reads a generated archive of more games than a chunk
// holds: each record, with or without its moves, is the one the mail
// command "record" writes of the game, game by game.
func TestEachRecord(t *testing.T) {
	ctx := context.Background()
	db, err := archive.Open(ctx, filepath.Join(t.TempDir(), "postal.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := archivegen.Generate(ctx, db, archivegen.Options{Finished: 230, Active: 20, MaxPlies: 6, Seed: 4}); err != nil {
		t.Fatal(err)
	}
	want := map[int64]string{}
	err = db.Tx(ctx, func(tx *archive.Tx) error {
		rows, err := tx.GamesAfter(0, 1000)
		for _, row := range rows {
			rec, err := published.GameRecord(tx, row, "postal@club.example", true)
			if err != nil {
				return err
			}
			want[row.ID] = rec.String()
		}
		return err
	})
	if err != nil || len(want) != 250 {
		t.Fatalf("%d games, %v", len(want), err)
	}
	var n int
	err = published.EachRecord(ctx, db, "postal@club.example", nil, true, func(a published.Archived) error {
		n++
		if a.Row.ID != int64(n) {
			t.Errorf("game %d read as the %dth", a.Row.ID, n)
		}
		if got := a.Record.String(); got != want[a.Row.ID] {
			t.Errorf("game %d:\n%s\nwant\n%s", a.Row.ID, got, want[a.Row.ID])
		}
		return nil
	})
	if err != nil || n != 250 {
		t.Fatalf("read %d games, %v", n, err)
	}
	var ids []int64
	err = published.EachRecord(ctx, db, "postal@club.example", []int64{3, 240, 999}, false, func(a published.Archived) error {
		ids = append(ids, a.Row.ID)
		if len(a.Record.Moves) != 0 || a.Row.Ply == 0 || a.Record.Result.Score() != published.Result(a.Row).Score() || a.Record.Tag("Round") == "" {
			t.Errorf("game %d without moves: %d moves, ply %d, %s", a.Row.ID, len(a.Record.Moves), a.Row.Ply, a.Record.Result.Score())
		}
		return nil
	})
	if err != nil || len(ids) != 2 || ids[0] != 3 || ids[1] != 240 {
		t.Errorf("games 3, 240 and 999 (none): read %v, %v", ids, err)
	}
}
