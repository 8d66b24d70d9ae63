package archive

import (
	"context"
	"errors"
	"fmt"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// What the archive keeps, and for how long: raw inbound mail is
// cut to its headers once old, and a delivered mail's text and HTML are
// dropped. Both run in small batches over an index of the rows due, so a
// batch costs the same on a database of any size and never holds the write
// lock for long.

// HeadersOnly cuts a raw message to what is kept of it: its header block,
// and the hex SHA-256 of its body. The mailer supplies it.
type HeadersOnly func(raw []byte) (headers []byte, bodySHA256 string)

// PruneRaw keeps only the headers (and a hash of the body) of at most batch
// messages received before before, oldest first; it returns how many it
// cut. Call it again while it returns batch.
func (a *DB) PruneRaw(ctx context.Context, before time.Time, batch int, cut HeadersOnly) (int, error) {
	n := 0
	err := a.Tx(ctx, func(tx *Tx) error {
		rows, err := tx.tx.QueryContext(ctx, `SELECT id, raw FROM messages WHERE body_sha256 IS NULL AND raw IS NOT NULL AND received < ? ORDER BY received LIMIT ?`, fmtTime(before), batch)
		if err != nil {
			return err
		}
		type row struct {
			id  int64
			raw []byte
		}
		var due []row
		for rows.Next() {
			var r row
			if err := rows.Scan(&r.id, &r.raw); err != nil {
				rows.Close()
				return err
			}
			due = append(due, r)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		for _, r := range due {
			head, sum := cut(r.raw)
			if _, err := tx.exec(`UPDATE messages SET raw = ?, body_sha256 = ? WHERE id = ?`, head, sum, r.id); err != nil {
				return err
			}
		}
		n = len(due)
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("archive: prune raw mail: %w", err)
	}
	return n, nil
}

// PruneSent drops the text and HTML of at most batch mails delivered before
// before, oldest first, and returns how many; their headers (To, Subject,
// Message-ID, threading) stay. Files went when each was sent.
func (a *DB) PruneSent(ctx context.Context, before time.Time, batch int) (int, error) {
	var n int64
	err := a.Tx(ctx, func(tx *Tx) error {
		res, err := tx.exec(`UPDATE outbox SET msg = json_set(msg, '$.Text', '', '$.HTML', ''), pruned = 1
			WHERE id IN (SELECT id FROM outbox WHERE sent_at IS NOT NULL AND pruned = 0 AND sent_at < ? ORDER BY sent_at LIMIT ?)`, fmtTime(before), batch)
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("archive: prune sent mail: %w", err)
	}
	return int(n), nil
}

// ConfirmationsKept is how long the record of an address confirmation
// mail outlives the strangers' other replies.
const ConfirmationsKept = 31 * 24 * time.Hour

// PruneStrangers drops the records of replies to strangers, and the
// registrations never completed, older than before: the budget looks back a
// day at most, and a registration holds its name for a day. An address
// confirmation ("confirm") is kept for ConfirmationsKept more: an address
// gets one a month.
func (a *DB) PruneStrangers(ctx context.Context, before time.Time) error {
	return a.Tx(ctx, func(tx *Tx) error {
		if _, err := tx.exec(`DELETE FROM stranger_replies WHERE at < ? AND (kind <> 'confirm' OR at < ?)`, fmtTime(before), fmtTime(before.Add(-ConfirmationsKept))); err != nil {
			return err
		}
		_, err := tx.exec(`DELETE FROM registrations WHERE at < ?`, fmtTime(before))
		return err
	})
}

// IsFull reports whether err is SQLite's "database or disk is full": the
// file system, or the page limit (max_page_count), left no room.
func IsFull(err error) bool {
	var se *sqlite.Error
	return errors.As(err, &se) && se.Code()&0xff == sqlite3.SQLITE_FULL
}

// LimitPages caps the database at n pages (PRAGMA max_page_count) on its one
// connection, as a full disk would; tests use it.
func (a *DB) LimitPages(ctx context.Context, n int64) error {
	_, err := a.db.ExecContext(ctx, fmt.Sprintf(`PRAGMA max_page_count = %d`, n))
	return err
}

// Size returns the size in bytes of the database's pages in use and free
// (page_count times page_size).
func (a *DB) Size(ctx context.Context) (int64, error) {
	var pages, size int64
	if err := a.db.QueryRowContext(ctx, `PRAGMA page_count`).Scan(&pages); err != nil {
		return 0, err
	}
	if err := a.db.QueryRowContext(ctx, `PRAGMA page_size`).Scan(&size); err != nil {
		return 0, err
	}
	return pages * size, nil
}

// Checkpoint copies the write-ahead log into the database file and
// truncates the log, so that the file's size is the database's.
func (a *DB) Checkpoint(ctx context.Context) error {
	_, err := a.db.ExecContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`)
	return err
}
