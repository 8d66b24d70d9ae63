package site_test

import (
	"bytes"
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"postal/archive"
	"postal/archive/archivegen"
	"postal/site"
	"postal/site/clubarchive"
)

// readSite reads every file of a built site, by slash path.
func readSite(t *testing.T, out string) map[string][]byte {
	t.Helper()
	dir, err := filepath.EvalSymlinks(out)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		files[filepath.ToSlash(rel)] = data
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestScale builds the site of a generated archive in SQLite, read through
// the club's records as the daemon reads them, then changes the archive as
// the club does (moves, a game ending, a new game) and updates the site: the
// update writes a bounded set of files, and gives the site a full build
// gives. It also checks that no seed of a game in progress is published.
func TestScale(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db, err := archive.Open(ctx, filepath.Join(dir, "postal.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	gen := archivegen.Options{Finished: 150, Active: 30, MaxPlies: 80, Seed: 9, Games: realGames()}
	if _, err := archivegen.Generate(ctx, db, gen); err != nil {
		t.Fatal(err)
	}
	src := clubarchive.Source{DB: db, Club: "postal@club.example"}
	opts := benchOptions(filepath.Join(dir, "site"))
	pub := site.NewPublisher(src, opts)
	st, err := pub.Build(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if st.Games != 180 || st.Unreplayable != 0 {
		t.Fatalf("full build: %+v", st)
	}
	files := readSite(t, opts.OutDir)
	for id := 1; id <= 180; id++ {
		for _, p := range []string{"games/" + strconv.Itoa(id) + ".html", "games/" + strconv.Itoa(id) + ".txt"} {
			if len(files[p]) == 0 {
				t.Errorf("no %s", p)
			}
		}
	}

	// Moves in five games in progress, one of them then ending, and a new
	// game (numbered 181).
	for id := int64(151); id <= 155; id++ {
		if played, err := archivegen.Move(ctx, db, id); err != nil || !played {
			t.Fatalf("a move in game %d: %v %v", id, played, err)
		}
	}
	err = db.Tx(ctx, func(tx *archive.Tx) error {
		g, err := tx.GameByID(155)
		if err != nil {
			return err
		}
		g.Status, g.Result, g.Termination, g.Finished = archive.GameOver, "1/2-1/2", "draw agreed", g.Updated
		return tx.UpdateGame(g)
	})
	if err != nil {
		t.Fatal(err)
	}
	one := gen
	one.Finished, one.Active = 1, 0
	if _, err := archivegen.Generate(ctx, db, one); err != nil {
		t.Fatal(err)
	}
	st, err = pub.Update(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if st.Full || st.Changed != 6 || st.Games != 181 {
		t.Errorf("update: %+v", st)
	}
	// Per game changed: its page and record, and the pages listing it.
	if st.Written > 6*12 {
		t.Errorf("the update of 6 games wrote %d files", st.Written)
	}
	updated := readSite(t, opts.OutDir)
	full := opts
	full.OutDir = filepath.Join(dir, "full")
	if _, err := site.Build(ctx, src, full); err != nil {
		t.Fatal(err)
	}
	want := readSite(t, full.OutDir)
	for p, data := range want {
		if !bytes.Equal(updated[p], data) {
			t.Errorf("%s differs between the update and a full build", p)
		}
	}
	for p := range updated {
		if _, ok := want[p]; !ok {
			t.Errorf("%s is left over from before the update", p)
		}
	}

	// Seeds of games in progress stay secret.
	var seeds [][]byte
	err = db.Tx(ctx, func(tx *archive.Tx) error {
		games, err := tx.GamesAfter(0, 1000)
		for _, g := range games {
			if g.Status == archive.GameActive && g.Seed != 0 {
				seeds = append(seeds, []byte(strconv.FormatUint(g.Seed, 10)))
			}
		}
		return err
	})
	if err != nil || len(seeds) == 0 {
		t.Fatalf("seeds of games in progress: %d, %v", len(seeds), err)
	}
	for p, data := range updated {
		if slices.ContainsFunc(seeds, func(s []byte) bool { return bytes.Contains(data, s) }) {
			t.Errorf("%s holds the seed of a game in progress", p)
		}
	}
}
