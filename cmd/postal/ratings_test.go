package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"postal/archive"
	"postal/archive/archivegen"
)

// "postal ratings --recompute" compares the stored ratings with those the
// finished games give: an archive whose games were stored without the
// club rating them (a generated one) differs, and says where; one without
// a rated game agrees.
func TestRatingsRecompute(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "postal.db")
	db, err := archive.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := archivegen.Generate(ctx, db, archivegen.Options{Active: 3, MaxPlies: 6, Seed: 1}); err != nil {
		t.Fatal(err)
	}
	db.Close()
	out, errOut, code := postal(t, "ratings", "--recompute", "--db", path)
	if code != 0 || !strings.Contains(out, "from 0 finished games (0 rated)") || !strings.Contains(out, "the stored ratings are the recomputed ones") {
		t.Errorf("no finished game: exit %d\n%s%s", code, out, errOut)
	}
	if out, _, code := postal(t, "ratings", "--db", path); code != 0 || !strings.Contains(out, "no ratings yet") {
		t.Errorf("postal ratings: exit %d\n%s", code, out)
	}

	db, err = archive.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := archivegen.Generate(ctx, db, archivegen.Options{Finished: 5, MaxPlies: 6, Seed: 2}); err != nil {
		t.Fatal(err)
	}
	db.Close()
	out, errOut, code = postal(t, "ratings", "--recompute", "--db", path)
	if code != 1 || !strings.Contains(out, "differs: game ") || !strings.Contains(out, "rated by the recompute, not by the club") || !strings.Contains(errOut, "the stored ratings differ from the recompute") {
		t.Errorf("unrated games: exit %d\n%s%s", code, out, errOut)
	}
	if _, errOut, code := postal(t, "ratings", "--db", filepath.Join(t.TempDir(), "none.db")); code != 1 || !strings.Contains(errOut, "the database") {
		t.Errorf("a missing database: exit %d, %s", code, errOut)
	}
}
