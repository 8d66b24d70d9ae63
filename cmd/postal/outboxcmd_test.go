package main

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"postal/archive"
	"postal/mailer"
)

// After a restore, the mails that waited when the backup was taken are
// held rather than sent again (issue 34): postal outbox hold takes them off
// the queue, lists them with their Message-IDs, and release and drop settle
// each; postal status counts them meanwhile.
func TestOutboxHoldAfterRestore(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	live := filepath.Join(dir, "postal.db")
	db, err := archive.Open(ctx, live)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	err = db.Tx(ctx, func(tx *archive.Tx) error {
		for i := 1; i <= 3; i++ {
			msg, files, err := mailer.Outbound{From: "postal@club.example", To: fmt.Sprintf("p%d@players.example", i), Subject: fmt.Sprintf("your move %d", i),
				MessageID: fmt.Sprintf("m%d@club.example", i), Text: "board\n"}.Stored()
			if err != nil {
				return err
			}
			if _, err := tx.Enqueue(archive.Mail{Message: msg, Files: files}, now.Add(-time.Hour)); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	// The backup is taken while the three wait; the live database sends
	// them later, and then is lost: the backup is restored.
	backup := filepath.Join(dir, "backup.db")
	if _, stderr, code := postal(t, "backup", "--db", live, backup); code != 0 {
		t.Fatalf("postal backup: %s", stderr)
	}
	out, stderr, code := postal(t, "outbox", "--db", backup, "hold")
	if code != 0 || !strings.Contains(out, "3 waiting mails held") {
		t.Fatalf("postal outbox hold: %d\n%s%s", code, out, stderr)
	}
	out, _, _ = postal(t, "outbox", "--db", backup)
	for i := 1; i <= 3; i++ {
		if want := fmt.Sprintf("#%d  written ", i); !strings.Contains(out, want) || !strings.Contains(out, fmt.Sprintf("to p%d@players.example  \"your move %d\"  <m%d@club.example>", i, i, i)) {
			t.Errorf("postal outbox does not list mail %d:\n%s", i, out)
		}
	}
	if out, _, _ := postal(t, "status", "--db", backup); !strings.Contains(out, "outbox    0 waiting; 0 given up; 3 mails held for your review (postal outbox)") {
		t.Errorf("postal status does not count the held mail:\n%s", out)
	}
	db, err = archive.Open(ctx, backup)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if due, err := db.Due(ctx, now.Add(time.Hour), 10); err != nil || len(due) != 0 {
		t.Fatalf("%d held mails due to be sent (%v)", len(due), err)
	}
	// Mail 2 went out after the backup (the server's log has its
	// Message-ID): dropped; 1 and 3 did not: released.
	// A number that is no held mail is named, and nothing is dropped: not
	// even the held mail named with it.
	if out, stderr, code := postal(t, "outbox", "--db", backup, "drop", "999", "#2"); code == 0 || !strings.Contains(stderr, "no held mail #999") || strings.Contains(out, "dropped:") {
		t.Errorf("postal outbox drop 999 #2: %d %s%s", code, out, stderr)
	}
	if out, stderr, code := postal(t, "outbox", "--db", backup, "release", "998", "999"); code == 0 || !strings.Contains(stderr, "no held mails #998, #999") {
		t.Errorf("postal outbox release 998 999: %d %s%s", code, out, stderr)
	}
	if out, _, code := postal(t, "outbox", "--db", backup, "drop", "#2"); code != 0 || !strings.Contains(out, "1 mail dropped") {
		t.Errorf("postal outbox drop: %s", out)
	}
	if out, _, code := postal(t, "outbox", "--db", backup, "release", "all"); code != 0 || !strings.Contains(out, "2 mails released") {
		t.Errorf("postal outbox release all: %s", out)
	}
	due, err := db.Due(ctx, time.Now().Add(time.Second), 10)
	if err != nil || len(due) != 2 || due[0].ID != 1 || due[1].ID != 3 {
		t.Errorf("due after the review: %+v (%v), want mails 1 and 3", due, err)
	}
	if out, _, _ := postal(t, "status", "--db", backup); !strings.Contains(out, "2 waiting") || !strings.Contains(out, "0 given up; 1 dropped by you") || strings.Contains(out, "held") {
		t.Errorf("postal status after the review:\n%s", out)
	}
	if _, stderr, code := postal(t, "outbox", "--db", backup, "drop"); code == 0 || !strings.Contains(stderr, "needs the numbers") {
		t.Errorf("postal outbox drop without numbers: %d %s", code, stderr)
	}
}
