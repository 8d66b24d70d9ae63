// Package archivetest gives tests a fresh archive without migrating one
// for each of them: a test process migrates one database the first time a
// test asks (archive.Open, every migration), keeps its bytes, and writes
// them as a new file for each test that asks. Each test still has its own
// real SQLite file, with the schema archive.Open would give it; opening it
// finds every migration applied. The migrations cost a tenth of a second to
// a second each time (29 transactions, each synced to disk), which the
// tests of club, site and cmd/postal paid hundreds of times.
//
// The tests of the migrations themselves (archive's own, and those of an
// upgrade from an older schema, archive.CreateAt) open new files instead.
package archivetest

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"postal/archive"
)

var template struct {
	once sync.Once
	data []byte
	err  error
}

// migrated is the bytes of a database file that archive.Open created and
// closed: every migration applied, its write-ahead log checkpointed into it.
func migrated() ([]byte, error) {
	template.once.Do(func() { template.data, template.err = build() })
	return template.data, template.err
}

func build() ([]byte, error) {
	dir, err := os.MkdirTemp("", "postal-archivetest-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "postal.db")
	db, err := archive.OpenLog(context.Background(), path, slog.New(slog.DiscardHandler))
	if err != nil {
		return nil, err
	}
	if err := db.Close(); err != nil {
		return nil, err
	}
	// Closing the last connection checkpoints the log into the file and
	// removes it: the file alone is the database.
	if st, err := os.Stat(path + "-wal"); err == nil && st.Size() > 0 {
		return nil, fmt.Errorf("archivetest: %s-wal is left after closing, %d bytes", path, st.Size())
	}
	return os.ReadFile(path)
}

// Create writes a new archive at path, which must not exist, with every
// migration applied, as archive.Open would create it (readable by its owner
// only). The test fails if it cannot.
func Create(t testing.TB, path string) {
	t.Helper()
	if err := create(path); err != nil {
		t.Fatal(err)
	}
}

func create(path string) error {
	data, err := migrated()
	if err != nil {
		return fmt.Errorf("archivetest: the template archive: %w", err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		if errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("archivetest: %s exists", path)
		}
		return fmt.Errorf("archivetest: %w", err)
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return fmt.Errorf("archivetest: %w", err)
	}
	return f.Close()
}

// Path is a new archive named postal.db in a new temporary folder of the
// test (t.TempDir), as Create writes it.
func Path(t testing.TB) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "postal.db")
	Create(t, path)
	return path
}

// Open opens a new archive (Path), closed when the test ends.
func Open(t testing.TB) *archive.DB {
	t.Helper()
	db, err := archive.Open(context.Background(), Path(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}
