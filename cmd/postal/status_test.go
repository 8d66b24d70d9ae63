package main

import (
	"context"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2/imapclient"

	"postal/archive"
	"postal/archive/archivegen"
	"postal/mailer/demoserver"
)

// postal status reads what the daemon has in hand from its database: the
// outbox waiting and retrying, the last search of the mailbox and the mail
// handled, the games in progress and the next deadline; with --config, the
// mail in the failed folder (issue 29).
func TestStatusShowsTheQueue(t *testing.T) {
	ctx := context.Background()
	r := newCheckRig(t, demoserver.Options{})
	r.conf["imap.failed"] = `"failed"`
	r.check(t, goodDNS) // writes the config
	path := filepath.Join(r.dir, "postal.db")
	db, err := archive.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	deadline := now.Add(50 * time.Hour)
	if _, err := archivegen.Generate(ctx, db, archivegen.Options{Finished: 5, Active: 3, Seed: 1, MaxPlies: 60, Deadline: deadline, Start: now.Add(-100 * 24 * time.Hour)}); err != nil {
		t.Fatal(err)
	}
	var ids []int64
	err = db.Tx(ctx, func(tx *archive.Tx) error {
		for i := range 3 {
			id, err := tx.Enqueue(archive.Mail{Message: []byte(`{}`)}, now.Add(-time.Duration(3-i)*time.Hour))
			if err != nil {
				return err
			}
			ids = append(ids, id)
		}
		for i, at := range []time.Time{now.Add(-2 * time.Hour), now.Add(-20 * time.Minute), now.Add(-30 * time.Hour)} {
			if _, err := tx.AddMessage(archive.Message{MessageID: string(rune('a'+i)) + "@x", From: "alice@x", Subject: "s", Received: at, Outcome: "ok"}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Retry(ctx, ids[0], "dial tcp 127.0.0.1:25: connection refused", now.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if err := db.Sent(ctx, ids[2], now); err != nil {
		t.Fatal(err)
	}
	if err := db.SetLastPoll(ctx, now.Add(-5*time.Minute)); err != nil {
		t.Fatal(err)
	}
	db.Close()
	// Two mails postal could not handle wait in the failed folder.
	c, err := imapclient.DialInsecure(r.srv.IMAPAddr, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Login(r.srv.Club, "postal").Wait(); err != nil {
		t.Fatal(err)
	}
	if err := c.Create("failed", nil).Wait(); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		raw := []byte("From: x@y\r\nSubject: broken\r\n\r\nbody\r\n")
		cmd := c.Append("failed", int64(len(raw)), nil)
		cmd.Write(raw)
		cmd.Close()
		if _, err := cmd.Wait(); err != nil {
			t.Fatal(err)
		}
	}
	c.Logout().Wait()

	out, stderr, code := postal(t, "status", "--config", filepath.Join(r.dir, "postal.toml"))
	if code != 0 {
		t.Fatalf("postal status: %d\n%s%s", code, out, stderr)
	}
	for _, want := range []string{
		"schema version ",
		"last search of the mailbox 5 minutes ago; last mail handled 20 minutes ago; 2 mails in the last 24 hours",
		"outbox    2 waiting, the oldest written 3 hours ago; 1 retrying (the last failure: dial tcp 127.0.0.1:25: connection refused); 0 given up",
		"failed    2 mails in failed",
		"games     3 in progress; the next deadline is game #",
		"(in 2 days 2 hours)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("postal status does not say %q:\n%s", want, out)
		}
	}
	// The database alone: everything but the mail account.
	out, _, code = postal(t, "status", "--db", path)
	if code != 0 || strings.Contains(out, "failed    ") || !regexp.MustCompile(`games +3 in progress`).MatchString(out) {
		t.Errorf("postal status --db: %d\n%s", code, out)
	}
}
