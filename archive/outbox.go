package archive

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"postal/mailer"
)

// The archive is the sender's queue.
var _ mailer.Queue = (*DB)(nil)

// Enqueue writes msg to the outbox, due at once. It is in the transaction of
// the change that caused it, so the reply exists exactly when the change does.
func (t *Tx) Enqueue(msg mailer.Outbound, now time.Time) (int64, error) {
	data, err := json.Marshal(msg)
	if err != nil {
		return 0, fmt.Errorf("archive: enqueue: %w", err)
	}
	res, err := t.exec(`INSERT INTO outbox (msg, created, next_attempt) VALUES (?, ?, ?)`, string(data), fmtTime(now), fmtTime(now))
	if err != nil {
		return 0, fmt.Errorf("archive: enqueue: %w", err)
	}
	return res.LastInsertId()
}

// Due returns up to limit rows whose next attempt is at or before now,
// oldest first.
func (a *DB) Due(ctx context.Context, now time.Time, limit int) ([]mailer.Queued, error) {
	rows, err := a.db.QueryContext(ctx, `SELECT id, msg, attempts FROM outbox WHERE next_attempt IS NOT NULL AND next_attempt <= ? ORDER BY next_attempt, id LIMIT ?`, fmtTime(now), limit)
	if err != nil {
		return nil, fmt.Errorf("archive: due: %w", err)
	}
	defer rows.Close()
	var out []mailer.Queued
	for rows.Next() {
		var q mailer.Queued
		var data string
		if err := rows.Scan(&q.ID, &data, &q.Attempts); err != nil {
			return nil, err
		}
		if err := json.Unmarshal([]byte(data), &q.Msg); err != nil {
			return nil, fmt.Errorf("archive: outbox row %d: %w", q.ID, err)
		}
		out = append(out, q)
	}
	return out, rows.Err()
}

// Sent records that the SMTP server accepted row id.
func (a *DB) Sent(ctx context.Context, id int64, at time.Time) error {
	return a.update(ctx, `UPDATE outbox SET sent_at = ?, next_attempt = NULL WHERE id = ?`, fmtTime(at), id)
}

// Retry records a failed attempt; a zero retryAt gives the row up.
func (a *DB) Retry(ctx context.Context, id int64, failure string, retryAt time.Time) error {
	var next any
	if !retryAt.IsZero() {
		next = fmtTime(retryAt)
	}
	return a.update(ctx, `UPDATE outbox SET attempts = attempts + 1, last_error = ?, next_attempt = ? WHERE id = ?`, failure, next, id)
}

func (a *DB) update(ctx context.Context, query string, args ...any) error {
	res, err := a.db.ExecContext(ctx, query, args...)
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
	if err := a.db.QueryRowContext(ctx, `SELECT MIN(next_attempt) FROM outbox WHERE next_attempt IS NOT NULL`).Scan(&s); err != nil {
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
	Msg       mailer.Outbound
	Created   time.Time
	Attempts  int
	Next      time.Time // zero once sent or given up
	SentAt    time.Time
	LastError string
}

// Outbox returns every outbox row with an id above after, in order.
func (a *DB) Outbox(ctx context.Context, after int64) ([]OutboxRow, error) {
	rows, err := a.db.QueryContext(ctx, `SELECT id, msg, created, attempts, COALESCE(next_attempt, ''), COALESCE(sent_at, ''), last_error FROM outbox WHERE id > ? ORDER BY id`, after)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []OutboxRow
	for rows.Next() {
		var r OutboxRow
		var data, created, next, sent string
		if err := rows.Scan(&r.ID, &data, &created, &r.Attempts, &next, &sent, &r.LastError); err != nil {
			return nil, err
		}
		if err := json.Unmarshal([]byte(data), &r.Msg); err != nil {
			return nil, err
		}
		r.Created, r.Next, r.SentAt = parseTime(created), parseTime(next), parseTime(sent)
		out = append(out, r)
	}
	return out, rows.Err()
}
