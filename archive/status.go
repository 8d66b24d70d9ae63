package archive

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// Status is what postal status shows an operator of a club's database.
type Status struct {
	Version int

	Waiting  int       // outbox mails not yet sent, to be tried again
	Oldest   time.Time // the oldest of them was written then; zero when none
	Retrying int       // of them, those that failed at least once
	GaveUp   int       // mails given up on (a permanent refusal or too many tries)
	LastErr  string    // the last failure of a mail still waiting

	LastPoll time.Time // the watcher last searched the mailbox; zero: never
	LastMail time.Time // the newest mail handled; zero: none
	MailsDay int       // mails handled in the 24 hours before now

	Active       int       // games in progress
	NextDeadline time.Time // the earliest deadline of a game in progress; zero: none
	NextGame     int64     // its game
}

// Status reads the status as of now, in one read transaction.
func (a *DB) Status(ctx context.Context, now time.Time) (Status, error) {
	var s Status
	tx, err := a.ro.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return s, fmt.Errorf("archive: status: %w", err)
	}
	defer tx.Rollback()
	var oldest, lastPoll, lastMail, deadline sql.NullString
	var next sql.NullInt64
	err = tx.QueryRowContext(ctx, `SELECT
		(SELECT COALESCE(MAX(version), 0) FROM schema_version),
		(SELECT COUNT(*) FROM outbox WHERE next_attempt IS NOT NULL),
		(SELECT MIN(created) FROM outbox WHERE next_attempt IS NOT NULL),
		(SELECT COUNT(*) FROM outbox WHERE next_attempt IS NOT NULL AND attempts > 0),
		(SELECT COUNT(*) FROM outbox WHERE next_attempt IS NULL AND sent_at IS NULL),
		(SELECT COALESCE((SELECT last_error FROM outbox WHERE next_attempt IS NOT NULL AND attempts > 0 ORDER BY id DESC LIMIT 1), '')),
		(SELECT value FROM daemon_state WHERE key = 'last_poll'),
		(SELECT MAX(received) FROM messages),
		(SELECT COUNT(*) FROM messages WHERE received >= ?),
		(SELECT COUNT(*) FROM games WHERE status = ?),
		(SELECT MIN(deadline) FROM games WHERE status = ? AND deadline != ''),
		(SELECT id FROM games WHERE status = ? AND deadline != '' ORDER BY deadline, id LIMIT 1)`,
		fmtTime(now.Add(-24*time.Hour)), GameActive, GameActive, GameActive).Scan(
		&s.Version, &s.Waiting, &oldest, &s.Retrying, &s.GaveUp, &s.LastErr, &lastPoll, &lastMail, &s.MailsDay, &s.Active, &deadline, &next)
	if err != nil {
		return s, fmt.Errorf("archive: status: %w", err)
	}
	s.Oldest, s.LastPoll, s.LastMail, s.NextDeadline, s.NextGame = parseTime(oldest.String), parseTime(lastPoll.String), parseTime(lastMail.String), parseTime(deadline.String), next.Int64
	return s, nil
}

// SetLastPoll records that the watcher searched the mailbox at t.
func (a *DB) SetLastPoll(ctx context.Context, t time.Time) error {
	_, err := a.db.ExecContext(ctx, `INSERT INTO daemon_state (key, value) VALUES ('last_poll', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`, fmtTime(t))
	return err
}
