package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"postal/archive"
	"postal/archive/archivegen"
	"postal/club/published"
)

// postal backup taken while games are written restores to a database that
// passes PRAGMA integrity_check and replays every game it holds (issue 29).
// The writer stores games of moves in transaction after transaction, as the
// daemon does, through the archive's own connection; the backups are taken
// meanwhile by the command, through a connection of their own.
func TestBackupDuringAStreamOfMoves(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "postal.db")
	db, err := archive.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := archivegen.Generate(ctx, db, archivegen.Options{Finished: 60, Active: 20, Seed: 1, MaxPlies: 200}); err != nil {
		t.Fatal(err)
	}

	stop := make(chan struct{})
	writerDone := make(chan error, 1)
	var batches atomic.Int64
	wrote := make(chan struct{}, 1)
	go func() {
		for seed := uint64(2); ; seed++ {
			select {
			case <-stop:
				writerDone <- nil
				return
			default:
			}
			if _, err := archivegen.Generate(ctx, db, archivegen.Options{Finished: 4, Active: 2, Seed: seed, MaxPlies: 200, Workers: 1}); err != nil {
				writerDone <- err
				return
			}
			batches.Add(1)
			select {
			case wrote <- struct{}{}:
			default:
			}
		}
	}()

	var outs []string
	for i := range 3 {
		// Each backup is taken with the writer busy: after a batch, while
		// the next is written.
		<-wrote
		out := filepath.Join(dir, fmt.Sprintf("backup-%d.db", i))
		stdout, stderr, code := postal(t, "backup", "--db", path, out)
		if code != 0 || !strings.Contains(stdout, "integrity check ok") {
			t.Fatalf("postal backup: %d\n%s%s", code, stdout, stderr)
		}
		outs = append(outs, out)
	}
	close(stop)
	if err := <-writerDone; err != nil {
		t.Fatal(err)
	}
	if batches.Load() < 3 {
		t.Fatalf("only %d batches were written while the backups ran", batches.Load())
	}

	prev := 0
	for _, out := range outs {
		if st, err := os.Stat(out); err != nil || st.Mode().Perm() != 0o600 {
			t.Errorf("%s: mode %v (%v), want 0600: a backup holds tokens and mail", out, st.Mode().Perm(), err)
		}
		// The restore docs/operating.md gives: the copy becomes postal.db,
		// with no -wal or -shm beside it.
		restored := filepath.Join(t.TempDir(), "postal.db")
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(restored, b, 0o600); err != nil {
			t.Fatal(err)
		}
		c, err := archive.Check(ctx, restored)
		if err != nil {
			t.Fatal(err)
		}
		if c.Games <= prev {
			t.Errorf("%s holds %d games, the backup before it %d: backups taken later hold more", out, c.Games, prev)
		}
		prev = c.Games
		rdb, err := archive.Open(ctx, restored)
		if err != nil {
			t.Fatal(err)
		}
		replayed := 0
		err = published.EachRecord(ctx, rdb, "", nil, true, func(r published.Archived) error {
			positions, err := r.Record.Replay()
			if err != nil {
				return fmt.Errorf("game %d: %w", r.Row.ID, err)
			}
			if len(positions)-1 != r.Row.Ply {
				return fmt.Errorf("game %d: %d moves replayed, the row says %d", r.Row.ID, len(positions)-1, r.Row.Ply)
			}
			replayed++
			return nil
		})
		rdb.Close()
		if err != nil {
			t.Fatal(err)
		}
		if replayed != c.Games {
			t.Errorf("%s: %d games replayed of %d", out, replayed, c.Games)
		}
	}
}

// A backup never overwrites a file, and names what it could not find.
func TestBackupRefuses(t *testing.T) {
	dir := t.TempDir()
	taken := filepath.Join(dir, "taken.db")
	if err := os.WriteFile(taken, []byte("mine"), 0o600); err != nil {
		t.Fatal(err)
	}
	db, err := archive.Open(context.Background(), filepath.Join(dir, "postal.db"))
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	_, stderr, code := postal(t, "backup", "--db", filepath.Join(dir, "postal.db"), taken)
	if code != 1 || !strings.Contains(stderr, taken+" exists") {
		t.Errorf("backup onto a file: %d %s", code, stderr)
	}
	if b, _ := os.ReadFile(taken); string(b) != "mine" {
		t.Errorf("the file was changed: %q", b)
	}
	_, stderr, code = postal(t, "backup", "--db", filepath.Join(dir, "none.db"), filepath.Join(dir, "out.db"))
	if code != 1 || !errors.Is(statErr(filepath.Join(dir, "out.db")), os.ErrNotExist) {
		t.Errorf("backup of no database: %d %s, and out.db: %v", code, stderr, statErr(filepath.Join(dir, "out.db")))
	}
	if _, _, code := postal(t, "backup", "--db", filepath.Join(dir, "postal.db")); code != 2 {
		t.Errorf("backup without OUT exits %d, want 2", code)
	}
}

func statErr(path string) error {
	_, err := os.Stat(path)
	return err
}
