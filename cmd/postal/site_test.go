package main

import (
	"bytes"
	"context"
	"fmt"
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
