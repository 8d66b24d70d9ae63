package archive

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// Held mail: a database restored from a backup holds, as
// waiting, the mails that were waiting when the backup was taken, and some
// of them went out since. Rather than send them again, the operator holds
// them after the restore (postal outbox hold), looks at them (postal
// outbox), and releases what did not go out and drops what did.

// HeldMail is one held outbox row.
type HeldMail struct {
	ID       int64
	Created  time.Time
	Held     time.Time
	Attempts int
	Message  []byte // as Mail.Message: the writer's encoding, without its files
}

// HoldWaiting holds every mail waiting to be sent, and says how many.
func (a *DB) HoldWaiting(ctx context.Context, now time.Time) (int, error) {
	var n int64
	err := a.Tx(ctx, func(tx *Tx) error {
		res, err := tx.exec(`UPDATE outbox SET held = ?, next_attempt = NULL WHERE next_attempt IS NOT NULL AND sent_at IS NULL`, fmtTime(now))
		if err != nil {
			return fmt.Errorf("archive: hold: %w", err)
		}
		n, err = res.RowsAffected()
		return err
	})
	return int(n), err
}

// Held lists the held mails, oldest first.
func (a *DB) Held(ctx context.Context) ([]HeldMail, error) {
	rows, err := a.ro.QueryContext(ctx, `SELECT id, created, held, attempts, msg FROM outbox WHERE held IS NOT NULL ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("archive: held: %w", err)
	}
	defer rows.Close()
	var out []HeldMail
	for rows.Next() {
		var m HeldMail
		var created, held, msg string
		if err := rows.Scan(&m.ID, &created, &held, &m.Attempts, &msg); err != nil {
			return nil, fmt.Errorf("archive: held: %w", err)
		}
		m.Created, m.Held, m.Message = parseTime(created), parseTime(held), []byte(msg)
		out = append(out, m)
	}
	return out, rows.Err()
}

// Release puts held mails back on the queue, due at now: those of ids, or
// every one when ids is empty. It says how many.
func (a *DB) Release(ctx context.Context, ids []int64, now time.Time) (int, error) {
	return a.settleHeld(ctx, ids, `held = NULL, next_attempt = ?`, fmtTime(now))
}

// DropHeld drops held mails of ids at now: they are never sent, and stay in
// the outbox marked dropped (migration 041), with why.
func (a *DB) DropHeld(ctx context.Context, ids []int64, now time.Time) (int, error) {
	if len(ids) == 0 {
		return 0, fmt.Errorf("archive: drop: name the mails")
	}
	return a.settleHeld(ctx, ids, `held = NULL, next_attempt = NULL, dropped = ?, last_error = ?`, fmtTime(now), "dropped after a restore: it had gone out (postal outbox drop)")
}

func (a *DB) settleHeld(ctx context.Context, ids []int64, set string, setArgs ...any) (int, error) {
	query := `UPDATE outbox SET ` + set + ` WHERE held IS NOT NULL`
	args := setArgs
	if len(ids) > 0 {
		query += ` AND id IN (?` + strings.Repeat(", ?", len(ids)-1) + `)`
		for _, id := range ids {
			args = append(args, id)
		}
	}
	var n int64
	err := a.Tx(ctx, func(tx *Tx) error {
		res, err := tx.exec(query, args...)
		if err != nil {
			return fmt.Errorf("archive: outbox: %w", err)
		}
		n, err = res.RowsAffected()
		return err
	})
	return int(n), err
}
