package main

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"postal/archive"
	"postal/archive/archivegen"
	"postal/site"
)

// TestSitePublisher runs the daemon's site publisher on a generated archive:
// it builds the site at start, then publishes each change the archive's
// change sequence reports, a game dated in the future notwithstanding (the
// publisher used to read the games updated since its last read less a
// minute, which such a game hid).
func TestSitePublisher(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	dir := t.TempDir()
	db, err := archive.Open(ctx, filepath.Join(dir, "postal.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := archivegen.Generate(ctx, db, archivegen.Options{Finished: 20, Active: 4, MaxPlies: 40, Seed: 3, Deadline: time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC)}); err != nil {
		t.Fatal(err)
	}
	cfg := &Config{Club: ClubConfig{Address: "postal@club.example", Name: "Test club"}, Site: SiteConfig{Out: filepath.Join(dir, "site")}}
	p := newSitePublisher(db, cfg, testLogger(t))
	builds := make(chan site.Stats, 10)
	p.built = func(st site.Stats) { builds <- st }
	done := make(chan struct{})
	go func() { defer close(done); p.run(ctx) }()
	next := func() site.Stats {
		t.Helper()
		select {
		case st := <-builds:
			return st
		case <-ctx.Done():
			t.Fatal("no build")
		}
		return site.Stats{}
	}
	if st := next(); !st.Full || st.Games != 24 {
		t.Fatalf("first build: %+v", st)
	}
	page := func(id int64) string {
		data, err := os.ReadFile(filepath.Join(cfg.Site.Out, "games", fmt.Sprint(id)+".html"))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	// Game 21, in progress, is dated a year ahead; then game 22 gets a move.
	err = db.Tx(ctx, func(tx *archive.Tx) error {
		g, err := tx.GameByID(21)
		if err != nil {
			return err
		}
		g.Updated = time.Now().AddDate(1, 0, 0)
		return tx.UpdateGame(g)
	})
	if err != nil {
		t.Fatal(err)
	}
	p.Kick()
	if st := next(); st.Full || st.Changed != 1 {
		t.Errorf("after game 21 changed: %+v", st)
	}
	before := page(22)
	if played, err := archivegen.Move(ctx, db, 22); err != nil || !played {
		t.Fatalf("a move in game 22: %v %v", played, err)
	}
	p.Kick()
	if st := next(); st.Full || st.Changed != 1 || st.Written == 0 {
		t.Errorf("after a move in game 22: %+v", st)
	}
	after := page(22)
	if after == before || !strings.Contains(after, "<li id=\"ply-1\"") || strings.Count(after, "<li id=\"ply-") != strings.Count(before, "<li id=\"ply-")+1 {
		t.Error("game 22's page does not show its new move")
	}
	// A restarted publisher carries on from the site's cursor: no full build.
	cancel()
	<-done
	ctx, cancel = context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if played, err := archivegen.Move(ctx, db, 23); err != nil || !played {
		t.Fatalf("a move in game 23: %v %v", played, err)
	}
	p = newSitePublisher(db, cfg, testLogger(t))
	st, err := p.pub.Update(ctx)
	if err != nil || st.Full || st.Changed != 1 {
		t.Errorf("update after a restart: %+v, %v", st, err)
	}
	if !bytes.Contains([]byte(page(23)), []byte("In progress")) {
		t.Error("game 23's page does not say it is in progress")
	}
}

// TestDaemonTakesBuiltSite builds a club's site with "postal site build
// --config" and starts the daemon's publisher on it (issue 36): it takes the
// site as it is and updates it, no full build; then a config whose title
// differs (what every page shows) makes it build in full, and its log says
// why; so does hide_messages.
func TestDaemonTakesBuiltSite(t *testing.T) {
	ctx := t.Context()
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "postal.db")
	db, err := archive.Open(ctx, dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := archivegen.Generate(ctx, db, archivegen.Options{Finished: 12, Active: 3, MaxPlies: 30, Seed: 5, Deadline: time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC)}); err != nil {
		t.Fatal(err)
	}
	config := func(name, club, extra string) string {
		path := filepath.Join(dir, name)
		text := fmt.Sprintf(`database = %q
[club]
address = "postal@club.example"
name = %q
[imap]
host = "imap.club.example"
user = "postal"
[smtp]
host = "smtp.club.example"
[site]
out = %q
url = "https://club.example/games/"
%s`, dbPath, club, filepath.Join(dir, "site"), extra)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	path := config("postal.toml", "Test club", "")
	if out, errOut, code := postal(t, "site", "build", "--config", path); code != 0 {
		t.Fatalf("site build: exit %d, %s %s", code, out, errOut)
	}
	update := func(path string) (site.Stats, string) {
		t.Helper()
		cfg, err := LoadConfig(path)
		if err != nil {
			t.Fatal(err)
		}
		var logged bytes.Buffer
		p := newSitePublisher(db, cfg, slog.New(slog.NewTextHandler(&logged, nil)))
		st, err := p.pub.Update(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return st, logged.String()
	}
	if played, err := archivegen.Move(ctx, db, 13); err != nil || !played {
		t.Fatalf("a move in game 13: %v %v", played, err)
	}
	if st, log := update(path); st.Full || st.Changed != 1 {
		t.Errorf("the daemon's first update of the site postal site build made: %+v\n%s", st, log)
	}
	// The club renamed: every page shows the title.
	renamed := config("renamed.toml", "Other club", "")
	st, log := update(renamed)
	if !st.Full || !strings.Contains(log, "site: building in full") || !strings.Contains(log, `title \"Test club\" → \"Other club\"`) {
		t.Errorf("after the club's name changed: %+v\n%s", st, log)
	}
	t.Logf("the log after the rename:\n%s", log)
	if st, log := update(renamed); st.Full {
		t.Errorf("a second update after the rename: %+v\n%s", st, log)
	}
	// What players said leaves the pages: every page of a finished game
	// may change.
	st, log = update(config("hidden.toml", "Other club", "hide_messages = true\n"))
	if !st.Full || !strings.Contains(log, "site: building in full") || !strings.Contains(log, "players' messages hidden") {
		t.Errorf("after hide_messages: %+v\n%s", st, log)
	}
}
