package archive

import (
	"context"
	"errors"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"postal/mailer"
)

func openTemp(t *testing.T) (*DB, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "postal db.sqlite") // a space, to test DSN escaping
	db, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db, path
}

func TestMigrateTwice(t *testing.T) {
	ctx := context.Background()
	db, path := openTemp(t)
	steps, _ := fs.Glob(migrations, "migrations/*.sql")
	last := lastStep(t, steps)
	v, err := db.Version(ctx)
	if err != nil || v != last || v < 3 {
		t.Fatalf("version %d, %v; want %d, the last migration's number", v, err, last)
	}
	db.Close()
	db2, err := Open(ctx, path)
	if err != nil {
		t.Fatalf("reopen: %v", err)
	}
	defer db2.Close()
	if v, _ := db2.Version(ctx); v != last {
		t.Fatalf("version after reopen %d", v)
	}
}

func TestTxRollsBack(t *testing.T) {
	ctx := context.Background()
	db, _ := openTemp(t)
	now := time.Date(2026, 11, 22, 8, 0, 0, 0, time.UTC)
	boom := errors.New("boom")
	err := db.Tx(ctx, func(tx *Tx) error {
		if _, err := tx.AddPlayer("alice", "alice@example.org", "h1", now); err != nil {
			return err
		}
		if _, err := tx.Enqueue(mailer.Outbound{To: "alice@example.org"}, now); err != nil {
			return err
		}
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("Tx returned %v", err)
	}
	// A cancelled context after the work also leaves nothing.
	cctx, cancel := context.WithCancel(ctx)
	err = db.Tx(cctx, func(tx *Tx) error {
		if _, err := tx.AddPlayer("alice", "alice@example.org", "h1", now); err != nil {
			return err
		}
		cancel()
		return nil
	})
	if err == nil {
		t.Fatal("Tx committed after its context was cancelled")
	}
	db.Tx(ctx, func(tx *Tx) error {
		if _, err := tx.PlayerByName("alice"); !errors.Is(err, ErrNotFound) {
			t.Errorf("player after rollback: %v", err)
		}
		return nil
	})
	if rows, _ := db.Outbox(ctx, 0); len(rows) != 0 {
		t.Errorf("outbox after rollback: %d rows", len(rows))
	}
}

func TestMessageOnce(t *testing.T) {
	ctx := context.Background()
	db, _ := openTemp(t)
	now := time.Now()
	for i, want := range []bool{false, true} {
		err := db.Tx(ctx, func(tx *Tx) error {
			seen, err := tx.Seen("m1@example.org")
			if err != nil {
				return err
			}
			if seen != want {
				t.Errorf("round %d: seen %v", i, seen)
			}
			if !seen {
				_, err = tx.AddMessage(Message{MessageID: "m1@example.org", From: "a@b.c", Received: now, Outcome: "ok"})
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	err := db.Tx(ctx, func(tx *Tx) error {
		_, err := tx.AddMessage(Message{MessageID: "m1@example.org", Received: now})
		return err
	})
	if err == nil {
		t.Fatal("the same Message-ID was recorded twice")
	}
}

func TestQueue(t *testing.T) {
	ctx := context.Background()
	db, _ := openTemp(t)
	t0 := time.Date(2026, 11, 22, 8, 0, 0, 0, time.UTC)
	if _, ok, err := db.NextDue(ctx); ok || err != nil {
		t.Fatalf("empty outbox: ok %v, %v", ok, err)
	}
	var ids []int64
	db.Tx(ctx, func(tx *Tx) error {
		for i, to := range []string{"a@x.org", "b@x.org"} {
			id, err := tx.Enqueue(mailer.Outbound{To: to, Subject: "s", Inline: []mailer.Attachment{{Name: "b.png", Data: []byte{0, 1, 2}}}}, t0.Add(time.Duration(i)*time.Second))
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, id)
		}
		return nil
	})
	due, err := db.Due(ctx, t0, 10)
	if err != nil || len(due) != 1 || due[0].Msg.To != "a@x.org" || string(due[0].Msg.Inline[0].Data) != "\x00\x01\x02" {
		t.Fatalf("due at t0: %+v, %v", due, err)
	}
	if err := db.Retry(ctx, ids[0], "421 try later", t0.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	if err := db.Sent(ctx, ids[1], t0.Add(2*time.Second)); err != nil {
		t.Fatal(err)
	}
	next, ok, err := db.NextDue(ctx)
	if !ok || err != nil || !next.Equal(t0.Add(time.Minute)) {
		t.Fatalf("next due %v %v %v", next, ok, err)
	}
	due, _ = db.Due(ctx, t0.Add(time.Hour), 10)
	if len(due) != 1 || due[0].Attempts != 1 {
		t.Fatalf("due later: %+v", due)
	}
	if err := db.Retry(ctx, ids[0], "550 no such user", time.Time{}); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := db.NextDue(ctx); ok {
		t.Fatal("a given-up row is still due")
	}
	if err := db.Sent(ctx, 999, t0); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Sent of a missing row: %v", err)
	}
	rows, _ := db.Outbox(ctx, 0)
	if rows[0].LastError != "550 no such user" || rows[0].Attempts != 2 || !rows[1].SentAt.Equal(t0.Add(2*time.Second)) {
		t.Fatalf("rows: %+v", rows)
	}
}

func TestTokens(t *testing.T) {
	ctx := context.Background()
	db, _ := openTemp(t)
	now := time.Now()
	db.Tx(ctx, func(tx *Tx) error {
		p, err := tx.AddPlayer("alice", "alice@example.org", "h", now)
		if err != nil {
			t.Fatal(err)
		}
		t1, _ := tx.Token(p.ID, 0, now)
		t2, _ := tx.Token(p.ID, 0, now)
		if t1 != t2 || len(t1) != 16 {
			t.Errorf("tokens %q %q", t1, t2)
		}
		pid, gid, err := tx.TokenOwner(t1)
		if err != nil || pid != p.ID || gid != 0 {
			t.Errorf("owner %d %d %v", pid, gid, err)
		}
		if _, _, err := tx.TokenOwner("nope"); !errors.Is(err, ErrNotFound) {
			t.Errorf("unknown token: %v", err)
		}
		return nil
	})
}

// TestMigrateFromOne opens a version 1 archive with a game in it and brings
// it to the current schema.
func TestMigrateFromOne(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	v1, err := fs.Sub(migrations, ".")
	if err != nil {
		t.Fatal(err)
	}
	only1 := fstest.MapFS{}
	data, _ := fs.ReadFile(v1, "migrations/001_init.sql")
	only1["migrations/001_init.sql"] = &fstest.MapFile{Data: data}
	db, err := open(ctx, path, only1)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 11, 22, 8, 0, 0, 0, time.UTC)
	err = db.Tx(ctx, func(tx *Tx) error {
		a, _ := tx.AddPlayer("a", "a@x.org", "h1", now)
		b, _ := tx.AddPlayer("b", "b@x.org", "h2", now)
		_, err := tx.exec(`INSERT INTO games (id, game, config, seed, first_id, second_id, position, ply, status, deadline, created, updated) VALUES (1, 'g', '', 0, ?, ?, 'p', 0, 'active', ?, ?, ?)`, a.ID, b.ID, fmtTime(now.Add(time.Hour)), fmtTime(now), fmtTime(now))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	db, err = Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	steps, _ := fs.Glob(migrations, "migrations/*.sql")
	last := lastStep(t, steps)
	if v, _ := db.Version(ctx); v != last {
		t.Fatalf("version %d after migrating, want %d", v, last)
	}
	// The old game reads with the columns later migrations added, at their
	// defaults, and the clock scheduler sees its deadline.
	err = db.Tx(ctx, func(tx *Tx) error {
		games, err := tx.TimedGames()
		if err != nil {
			return err
		}
		if len(games) != 1 || !games[0].Deadline.Equal(now.Add(time.Hour)) || games[0].Control != "" || games[0].Banks != [2]time.Duration{} {
			t.Fatalf("timed games after migrating: %+v", games)
		}
		p, err := tx.PlayerByName("a")
		if err != nil || p.Reminders != "each" {
			t.Fatalf("player after migrating: %+v %v", p, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// lastStep is the number of the last migration: numbers may leave gaps for
// migrations of other branches.
func lastStep(t *testing.T, steps []string) int {
	t.Helper()
	last := 0
	for _, name := range steps {
		n, err := strconv.Atoi(strings.SplitN(strings.TrimPrefix(name, "migrations/"), "_", 2)[0])
		if err != nil {
			t.Fatalf("migration %s has no number", name)
		}
		last = max(last, n)
	}
	return last
}

// A conversation keeps its first mail and the latest ones (issue 16).
func TestThread(t *testing.T) {
	db, _ := openTemp(t)
	err := db.Tx(context.Background(), func(tx *Tx) error {
		if _, _, ok, err := tx.Thread(7, "a@x.org"); ok || err != nil {
			t.Fatalf("a thread before any mail: %v %v", ok, err)
		}
		for _, id := range []string{"m1@x", "m2@x", "m3@x", "m4@x"} {
			if err := tx.AddToThread(7, "a@x.org", id, 2); err != nil {
				return err
			}
		}
		root, recent, ok, err := tx.Thread(7, "a@x.org")
		if !ok || err != nil || root != "m1@x" || strings.Join(recent, " ") != "m3@x m4@x" {
			t.Errorf("thread: %q %q %v %v", root, recent, ok, err)
		}
		if _, _, ok, _ := tx.Thread(7, "b@x.org"); ok {
			t.Error("another address shares the thread")
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
