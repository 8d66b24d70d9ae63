package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"postal/archive"
	"postal/archive/archivegen"
)

// TestSiteBuildOffline: "postal site build" writes the engine for the
// browser without its script twin for pages opened from disk, which
// "--offline" adds; the game pages are the same either way. The flag is
// build's alone.
func TestSiteBuildOffline(t *testing.T) {
	ctx := t.Context()
	dir := t.TempDir()
	path := filepath.Join(dir, "postal.db")
	db, err := archive.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := archivegen.Generate(ctx, db, archivegen.Options{Finished: 2, Players: 2, MaxPlies: 10, Seed: 3, Deadline: time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC)}); err != nil {
		t.Fatal(err)
	}
	db.Close()
	build := func(name string, flags ...string) (scripts []string, page string) {
		t.Helper()
		out := filepath.Join(dir, name)
		if _, errOut, code := postal(t, append([]string{"site", "build", "--db", path, "--out", out}, flags...)...); code != 0 {
			t.Fatalf("site build %v: exit %d: %s", flags, code, errOut)
		}
		assets, err := filepath.Glob(filepath.Join(out, "assets", "engine-*"))
		if err != nil || len(assets) == 0 {
			t.Fatalf("no engine in %s: %v", out, err)
		}
		for _, a := range assets {
			if strings.HasSuffix(a, ".js") {
				scripts = append(scripts, filepath.Base(a))
			}
		}
		games, err := filepath.Glob(filepath.Join(out, "games", "*.html"))
		if err != nil || len(games) == 0 {
			t.Fatalf("no game page in %s: %v", out, err)
		}
		data, err := os.ReadFile(games[0])
		if err != nil {
			t.Fatal(err)
		}
		return scripts, string(data)
	}
	served, servedPage := build("served")
	offline, offlinePage := build("offline", "--offline")
	if len(served) != 0 || len(offline) != 1 {
		t.Errorf("the engine's scripts: %q built as served, %q with --offline; want none, then one", served, offline)
	}
	if servedPage != offlinePage || !strings.Contains(offlinePage, `data-enginejs="../assets/`+strings.Join(offline, "")+`"`) {
		t.Errorf("the game pages differ with --offline, or do not name its script %q", offline)
	}
	if _, errOut, code := postal(t, "site", "serve", "--offline", "--dir", dir); code != 2 || !strings.Contains(errOut, "--offline is for site build") {
		t.Errorf("site serve --offline: exit %d, %s", code, errOut)
	}
}
