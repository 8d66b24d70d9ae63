package archive

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
)

// Checked is what a look at a database file found.
type Checked struct {
	Version int   // the schema version: the last migration applied
	Games   int   // games, of every status
	Moves   int   // moves, over every game
	Bytes   int64 // the file's size
}

// Backup writes a consistent copy of the archive at path to out, while
// postal may be writing to it. VACUUM INTO reads one snapshot (in WAL mode
// the writer goes on meanwhile) and writes it as a compact database of its
// own, with no -wal file to copy beside it; copying postal.db itself while
// postal runs is not safe. out must not exist; it is made readable by its
// owner only, as it holds tokens and mail. The copy is checked (PRAGMA
// integrity_check) before Backup returns.
func Backup(ctx context.Context, path, out string) (Checked, error) {
	if _, err := os.Stat(path); err != nil {
		return Checked{}, fmt.Errorf("archive: backup: %w", err)
	}
	// VACUUM INTO wants a file that does not exist or is empty; an empty
	// one made here has the mode a backup should have.
	f, err := os.OpenFile(out, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		if errors.Is(err, fs.ErrExist) {
			return Checked{}, fmt.Errorf("archive: backup: %s exists; name a new file", out)
		}
		return Checked{}, fmt.Errorf("archive: backup: %w", err)
	}
	f.Close()
	done := false
	defer func() {
		if !done {
			os.Remove(out)
		}
	}()
	db, err := sql.Open("sqlite", dsn(path, "mode=rw&_pragma=busy_timeout(10000)"))
	if err != nil {
		return Checked{}, fmt.Errorf("archive: backup: %w", err)
	}
	defer db.Close()
	if _, err := db.ExecContext(ctx, `VACUUM INTO ?`, out); err != nil {
		return Checked{}, fmt.Errorf("archive: backup of %s: %w", path, err)
	}
	c, err := Check(ctx, out)
	if err != nil {
		return c, err
	}
	done = true
	return c, nil
}

// Check looks at the database file at path without changing it: PRAGMA
// integrity_check must pass; then it counts the games and moves.
func Check(ctx context.Context, path string) (Checked, error) {
	st, err := os.Stat(path)
	if err != nil {
		return Checked{}, fmt.Errorf("archive: check: %w", err)
	}
	db, err := sql.Open("sqlite", dsn(path, "mode=ro"))
	if err != nil {
		return Checked{}, fmt.Errorf("archive: check: %w", err)
	}
	defer db.Close()
	var ok string
	if err := db.QueryRowContext(ctx, `PRAGMA integrity_check`).Scan(&ok); err != nil {
		return Checked{}, fmt.Errorf("archive: check %s: %w", path, err)
	}
	if ok != "ok" {
		return Checked{}, fmt.Errorf("archive: check %s: integrity_check says %s", path, ok)
	}
	c := Checked{Bytes: st.Size()}
	err = db.QueryRowContext(ctx, `SELECT (SELECT COALESCE(MAX(version), 0) FROM schema_version), (SELECT COUNT(*) FROM games), (SELECT COUNT(*) FROM moves)`).Scan(&c.Version, &c.Games, &c.Moves)
	if err != nil {
		return c, fmt.Errorf("archive: check %s: %w", path, err)
	}
	return c, nil
}

// dsn is the driver's name for the file at path with the query q. The path
// is escaped, never read as SQL.
func dsn(path, q string) string {
	return "file:" + (&url.URL{Path: path}).EscapedPath() + "?" + q
}
