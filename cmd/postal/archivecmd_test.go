package main

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"postal/archive"
)

// postal archive generate writes the archive the scale figures use, ready
// for the daemon: new challenges take ids past its games (issue 27).
func TestArchiveGenerate(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "postal.db")
	out, stderr, code := postal(t, "archive", "generate", "30", "--active", "5", "--db", path, "--games", "conflagration,initiative")
	if code != 0 || !strings.Contains(out, "postal archive: 35 games (5 in progress)") {
		t.Fatalf("postal archive generate: %d\n%s%s", code, out, stderr)
	}
	db, err := archive.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.CheckSequences(ctx); err != nil {
		t.Fatal(err)
	}
	st, err := db.Status(ctx, time.Now())
	if err != nil || st.Active != 5 {
		t.Errorf("%d games in progress (%v), want 5", st.Active, err)
	}
}

// An archive another tool wrote, with the challenges' sequence behind its
// games: the daemon refuses it with the fix, and postal archive fix mends
// it.
func TestArchiveFixAndTheDaemonsRefusal(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "postal.db")
	db, err := archive.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	err = db.Tx(ctx, func(tx *archive.Tx) error {
		p, err := tx.AddPlayer("alice", "alice@x", "", now)
		if err != nil {
			return err
		}
		return tx.AddGame(&archive.Game{ID: 40, Game: "conflagration", Players: []int64{p.ID, p.ID}, Status: archive.GameOver, Result: "1-0", Created: now, Updated: now})
	})
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	cfg := &Config{Database: path, Club: ClubConfig{Address: "postal@x.test"}, IMAP: MailServer{Host: "127.0.0.1", Port: 1, TLS: "none", password: "p"}, SMTP: MailServer{Host: "127.0.0.1", Port: 1, TLS: "none", password: "p"}}
	var behind *archive.ErrSequenceBehind
	if _, err := newDaemon(ctx, cfg, nil); !errors.As(err, &behind) || !strings.Contains(err.Error(), "postal archive fix --db FILE") {
		t.Fatalf("the daemon on an archive behind: %v", err)
	}
	if out, stderr, code := postal(t, "archive", "fix", "--db", path); code != 0 || !strings.Contains(out, "take ids past every game's") {
		t.Fatalf("postal archive fix: %d %s%s", code, out, stderr)
	}
	d, err := newDaemon(ctx, cfg, nil)
	if err != nil {
		t.Fatalf("the daemon after the fix: %v", err)
	}
	d.db.Close()
}
