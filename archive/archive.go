// Package archive is postal's log of record in SQLite: players, challenges,
// games and their moves, every inbound message with the commands it held,
// state-change events and the outbox of replies. The club changes it only
// inside [DB.Tx], one immediate transaction per inbound message, so a crash
// leaves either all of a message's effects or none.
package archive

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	_ "modernc.org/sqlite"
)

//go:embed migrations/*.sql
var migrations embed.FS

// timeFormat is how times are stored: fixed width, so text order is time order.
const timeFormat = "2006-01-02T15:04:05.000Z"

func fmtTime(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(timeFormat)
}

func parseTime(s string) time.Time {
	if s == "" {
		return time.Time{}
	}
	t, err := time.Parse(timeFormat, s)
	if err != nil {
		return time.Time{}
	}
	return t
}

// DB is an open archive.
type DB struct {
	db *sql.DB
	// ro are read-only connections for the readers (the site, postal
	// status): in WAL mode they read the last commit while the writer goes
	// on, so no reader waits behind a writer's transaction.
	ro *sql.DB
	// path is the database file, for the log.
	path string
	// stmts and roStmts are the queries kept prepared on db and ro.
	stmts, roStmts statements
	// gamesRead counts the game rows read, for the tests that show what
	// handling a message reads (GamesRead).
	gamesRead atomic.Int64
}

// Open opens (creating if needed) the archive at path and brings its schema
// up to date. The path is escaped into the DSN, never interpreted as SQL.
func Open(ctx context.Context, path string) (*DB, error) {
	return open(ctx, path, migrations, slog.Default())
}

// OpenLog is Open logging each migration it applies to log, one line each
// (an upgrade says what it changed in the database).
func OpenLog(ctx context.Context, path string, log *slog.Logger) (*DB, error) {
	return open(ctx, path, migrations, log)
}

// open opens path and applies the migrations of steps (migrations/NNN_*.sql).
func open(ctx context.Context, path string, steps fs.FS, log *slog.Logger) (*DB, error) {
	if err := CheckFolder(path); err != nil {
		return nil, err
	}
	// The database holds tokens, key hashes and raw mail: a new one is
	// created 0600, and SQLite gives its -wal and -shm the same mode.
	if f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600); err == nil {
		f.Close()
	} else if !errors.Is(err, fs.ErrExist) {
		return nil, fmt.Errorf("archive: create %s: %w", path, err)
	}
	db, err := sql.Open("sqlite", dsn(path, "_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=foreign_keys(1)&_pragma=synchronous(FULL)&_txlock=immediate"))
	if err != nil {
		return nil, fmt.Errorf("archive: open %s: %w", path, err)
	}
	// One writer at a time is all SQLite allows; a single connection also
	// keeps every transaction on the same file handle.
	db.SetMaxOpenConns(1)
	a := &DB{db: db, path: path}
	a.stmts.pool = db
	if err := a.migrate(ctx, steps, log); err != nil {
		db.Close()
		return nil, err
	}
	if a.ro, err = sql.Open("sqlite", dsn(path, "mode=ro&_pragma=busy_timeout(10000)&_pragma=foreign_keys(1)")); err != nil {
		db.Close()
		return nil, fmt.Errorf("archive: open %s: %w", path, err)
	}
	a.ro.SetMaxOpenConns(readers)
	a.roStmts.pool = a.ro
	return a, nil
}

// CreateAt creates a new archive at path with the schema an older postal
// left, the migrations up to version and no further: for the tests of
// upgrades (archivegen.BeforeRatings). Open brings it up to date.
func CreateAt(ctx context.Context, path string, version int) error {
	if _, err := os.Stat(path); err == nil {
		return fmt.Errorf("archive: create %s at version %d: it exists", path, version)
	}
	db, err := open(ctx, path, stepsUpTo{migrations, version}, slog.Default())
	if err != nil {
		return err
	}
	return db.Close()
}

// stepsUpTo is the migrations of FS up to version.
type stepsUpTo struct {
	fs.FS
	version int
}

func (s stepsUpTo) Glob(pattern string) ([]string, error) {
	names, err := fs.Glob(s.FS, pattern)
	return slices.DeleteFunc(names, func(name string) bool {
		n, err := stepNumber(name)
		return err != nil || n > s.version
	}), err
}

// stepNumber is the number of the migration named name
// ("migrations/014_ratings.sql": 14).
func stepNumber(name string) (int, error) {
	base := strings.TrimPrefix(name, "migrations/")
	n, err := strconv.Atoi(strings.SplitN(base, "_", 2)[0])
	if err != nil {
		return 0, fmt.Errorf("archive: migration %s has no number", base)
	}
	return n, nil
}

// readers is how many read-only connections the archive keeps at most.
const readers = 4

// Close closes the database.
func (a *DB) Close() error {
	a.stmts.close()
	a.roStmts.close()
	return errors.Join(a.ro.Close(), a.db.Close())
}

// GamesRead is how many game rows were read since the archive was opened.
func (a *DB) GamesRead() int64 { return a.gamesRead.Load() }

// migrate applies the embedded numbered steps not yet recorded in
// schema_version, each in its own transaction.
func (a *DB) migrate(ctx context.Context, fsys fs.FS, log *slog.Logger) error {
	if _, err := a.db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL PRIMARY KEY, applied TEXT NOT NULL)`); err != nil {
		return fmt.Errorf("archive: schema_version: %w", err)
	}
	var have int
	if err := a.db.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_version`).Scan(&have); err != nil {
		return fmt.Errorf("archive: schema_version: %w", err)
	}
	steps, err := fs.Glob(fsys, "migrations/*.sql")
	if err != nil {
		return err
	}
	sort.Strings(steps)
	for _, name := range steps {
		base := strings.TrimPrefix(name, "migrations/")
		n, err := stepNumber(name)
		if err != nil {
			return err
		}
		if n <= have {
			continue
		}
		text, err := fs.ReadFile(fsys, name)
		if err != nil {
			return err
		}
		start := time.Now()
		err = a.Tx(ctx, func(tx *Tx) error {
			if _, err := tx.tx.ExecContext(ctx, string(text)); err != nil {
				return err
			}
			_, err := tx.tx.ExecContext(ctx, `INSERT INTO schema_version (version, applied) VALUES (?, ?)`, n, fmtTime(time.Now()))
			return err
		})
		if err != nil {
			return fmt.Errorf("archive: migration %s: %w", base, err)
		}
		log.Info("archive: migration applied", "database", a.path, "version", n, "step", base, "from", have, "took", time.Since(start).Round(time.Millisecond))
		have = n
	}
	return nil
}

// Version returns the schema version.
func (a *DB) Version(ctx context.Context) (int, error) {
	var v int
	err := a.db.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_version`).Scan(&v)
	return v, err
}

// Tx is one immediate transaction: it holds the write lock from its start,
// so reading then writing never fails with "database is locked".
type Tx struct {
	ctx   context.Context
	tx    *sql.Tx
	db    *DB
	stmts *statements          // the pool's prepared queries
	bound map[string]*sql.Stmt // those this transaction used, bound to it
}

// Tx runs fn in one transaction and commits it when fn returns nil; any
// error (or a panic, or ctx ending before the commit) rolls everything back.
func (a *DB) Tx(ctx context.Context, fn func(*Tx) error) (err error) {
	a.stmts.prepare(ctx)
	stx, err := a.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("archive: begin: %w", err)
	}
	committed := false
	defer func() {
		if !committed {
			stx.Rollback()
		}
	}()
	if err := fn(&Tx{ctx: ctx, tx: stx, db: a, stmts: &a.stmts}); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := stx.Commit(); err != nil {
		return fmt.Errorf("archive: commit: %w", err)
	}
	committed = true
	return nil
}

// ReadTx runs fn in a read-only transaction on a connection of its own: it
// sees the last commit and never waits for the writer, nor the writer for
// it. A write in fn fails.
func (a *DB) ReadTx(ctx context.Context, fn func(*Tx) error) error {
	a.roStmts.prepare(ctx)
	stx, err := a.ro.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return fmt.Errorf("archive: begin read: %w", err)
	}
	defer stx.Rollback()
	return fn(&Tx{ctx: ctx, tx: stx, db: a, stmts: &a.roStmts})
}

// ErrNotFound is returned by lookups that find no row.
var ErrNotFound = errors.New("archive: not found")

func notFound(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	return err
}
