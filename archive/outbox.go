package archive

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// Mail is what the outbox keeps of one message. The archive never reads it:
// Message is the message as its writer encoded it, without the bytes of its
// files, and Files are those bytes. Files are kept only until the message is
// sent: a sent mail's headers and text serve threading and the log, its
// pictures nothing (they were most of the database before).
type Mail struct {
	Message []byte
	Files   [][]byte // nil once sent
}

// Queued is one outbox row waiting for delivery.
type Queued struct {
	ID       int64
	Mail     Mail
	Attempts int // failed attempts so far
}

// Enqueue writes m to the outbox, due at once. It is in the transaction of
// the change that caused it, so the reply exists exactly when the change does.
func (t *Tx) Enqueue(m Mail, now time.Time) (int64, error) {
	res, err := t.exec(`INSERT INTO outbox (msg, created, next_attempt) VALUES (?, ?, ?)`, string(m.Message), fmtTime(now), fmtTime(now))
	if err != nil {
		return 0, fmt.Errorf("archive: enqueue: %w", err)
	}
	id, err := res.LastInsertId()
	if err != nil {
		return 0, err
	}
	for i, f := range m.Files {
		if _, err := t.exec(`INSERT INTO outbox_files (outbox, seq, data) VALUES (?, ?, ?)`, id, i, f); err != nil {
			return 0, fmt.Errorf("archive: enqueue: %w", err)
		}
	}
	return id, nil
}

// Due returns up to limit rows whose next attempt is at or before now,
// oldest first, with their files.
func (a *DB) Due(ctx context.Context, now time.Time, limit int) ([]Queued, error) {
	rows, err := a.outbox(ctx, `WHERE next_attempt IS NOT NULL AND next_attempt <= ? ORDER BY next_attempt, id LIMIT ?`, fmtTime(now), limit)
	if err != nil {
		return nil, fmt.Errorf("archive: due: %w", err)
	}
	out := make([]Queued, len(rows))
	for i, r := range rows {
		out[i] = Queued{ID: r.ID, Mail: r.Mail, Attempts: r.Attempts}
	}
	return out, nil
}

// files returns the files of outbox row id in order; nil when it has none
// (or no longer has them).
func (t *Tx) files(id int64) ([][]byte, error) {
	rows, err := t.query(`SELECT data FROM outbox_files WHERE outbox = ? ORDER BY seq`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out [][]byte
	for rows.Next() {
		var b []byte
		if err := rows.Scan(&b); err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, rows.Err()
}

// Sent records that the SMTP server accepted row id, and drops its files.
func (a *DB) Sent(ctx context.Context, id int64, at time.Time) error {
	return a.Tx(ctx, func(tx *Tx) error {
		if err := tx.updateRow(`UPDATE outbox SET sent_at = ?, next_attempt = NULL WHERE id = ?`, fmtTime(at), id); err != nil {
			return err
		}
		_, err := tx.exec(`DELETE FROM outbox_files WHERE outbox = ?`, id)
		return err
	})
}

// Retry records a failed attempt; a zero retryAt gives the row up (its files
// stay, for whoever looks into why).
func (a *DB) Retry(ctx context.Context, id int64, failure string, retryAt time.Time) error {
	var next any
	if !retryAt.IsZero() {
		next = fmtTime(retryAt)
	}
	return a.Tx(ctx, func(tx *Tx) error {
		return tx.updateRow(`UPDATE outbox SET attempts = attempts + 1, last_error = ?, next_attempt = ? WHERE id = ?`, failure, next, id)
	})
}

// updateRow runs an update of the outbox row whose id is the last argument.
func (t *Tx) updateRow(query string, args ...any) error {
	res, err := t.exec(query, args...)
	if err != nil {
		return fmt.Errorf("archive: outbox: %w", err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return fmt.Errorf("archive: outbox row %v: %w", args[len(args)-1], ErrNotFound)
	}
	return nil
}

// NextDue returns the earliest pending attempt; ok is false when nothing is
// pending.
func (a *DB) NextDue(ctx context.Context) (time.Time, bool, error) {
	var s sql.NullString
	if err := a.ro.QueryRowContext(ctx, `SELECT MIN(next_attempt) FROM outbox WHERE next_attempt IS NOT NULL`).Scan(&s); err != nil {
		return time.Time{}, false, fmt.Errorf("archive: next due: %w", err)
	}
	if !s.Valid {
		return time.Time{}, false, nil
	}
	return parseTime(s.String), true, nil
}

// OutboxRow is an outbox row with its delivery state.
type OutboxRow struct {
	ID        int64
	Mail      Mail // Files is nil once sent
	Created   time.Time
	Attempts  int
	Next      time.Time // zero once sent or given up
	SentAt    time.Time
	LastError string
}

// Outbox returns every outbox row with an id above after, in order.
func (a *DB) Outbox(ctx context.Context, after int64) ([]OutboxRow, error) {
	return a.outbox(ctx, `WHERE id > ? ORDER BY id`, after)
}

// outbox returns the outbox rows the clause where selects, with their files.
// It reads on the readers' connections, not the one writer's: the sender,
// woken right after a move's commit, hands the move's mail to SMTP without
// waiting for whatever writes next (the clocks' pass, the bot, the site's
// state), and the committed rows are all a reader sees in WAL mode.
func (a *DB) outbox(ctx context.Context, where string, args ...any) ([]OutboxRow, error) {
	var out []OutboxRow
	err := a.ReadTx(ctx, func(tx *Tx) error {
		rows, err := tx.tx.QueryContext(ctx, `SELECT id, msg, created, attempts, COALESCE(next_attempt, ''), COALESCE(sent_at, ''), last_error FROM outbox `+where, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var r OutboxRow
			var msg, created, next, sent string
			if err := rows.Scan(&r.ID, &msg, &created, &r.Attempts, &next, &sent, &r.LastError); err != nil {
				return err
			}
			r.Mail.Message = []byte(msg)
			r.Created, r.Next, r.SentAt = parseTime(created), parseTime(next), parseTime(sent)
			out = append(out, r)
		}
		if err := rows.Err(); err != nil {
			return err
		}
		for i := range out {
			if out[i].Mail.Files, err = tx.files(out[i].ID); err != nil {
				return err
			}
		}
		return nil
	})
	return out, err
}
