package archive

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// ReadOnlyError is a write SQLite refused because it could open the
// database, or its -wal or -shm file, for reading only.
type ReadOnlyError struct {
	Path string
	Err  error // SQLite's own
}

func (e *ReadOnlyError) Error() string { return "archive: write to " + e.Path + ": " + e.Err.Error() }

func (e *ReadOnlyError) Unwrap() error { return e.Err }

// CheckWritable writes to the database at path and takes the write back: a
// write transaction that creates a table and rolls back, so that nothing
// changes. Reading proves nothing of writing: SQLite opens a file it may
// not write read-only, without a word, and in WAL mode even BEGIN
// IMMEDIATE succeeds on it; only a write to a page fails. The error is a
// *ReadOnlyError when SQLite refused the write for that reason.
func CheckWritable(ctx context.Context, path string) error {
	db, err := sql.Open("sqlite", dsn(path, "_pragma=busy_timeout(10000)"))
	if err != nil {
		return fmt.Errorf("archive: open %s: %w", path, err)
	}
	defer db.Close()
	conn, err := db.Conn(ctx)
	if err != nil {
		return fmt.Errorf("archive: open %s: %w", path, err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "BEGIN IMMEDIATE"); err != nil {
		return writeError(path, err)
	}
	_, err = conn.ExecContext(ctx, "CREATE TABLE postal_check_write (x)")
	if _, rerr := conn.ExecContext(ctx, "ROLLBACK"); rerr != nil && err == nil {
		err = rerr
	}
	if err != nil {
		return writeError(path, err)
	}
	return nil
}

// writeError is err of a write to path, a *ReadOnlyError when SQLite
// refused it as read-only.
func writeError(path string, err error) error {
	var se *sqlite.Error
	if errors.As(err, &se) && se.Code()&0xff == sqlite3.SQLITE_READONLY {
		return &ReadOnlyError{Path: path, Err: err}
	}
	return fmt.Errorf("archive: write to %s: %w", path, err)
}
