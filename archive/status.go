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

	// Tournaments are those open for entries and those running, by
	// number (issue 25).
	Tournaments []TournamentStatus
}

// TournamentStatus is a tournament as postal status lists it.
type TournamentStatus struct {
	Name, Status, Game, Format string
	Rounds, Round              int // a Swiss's rounds; the round in play (Swiss, knockout)
	Entrants                   int // still in: not left, removed or out on time
	Games, InPlay              int // its games so far, and of them those in progress
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
	rows, err := tx.QueryContext(ctx, `SELECT t.name, t.status, t.game, t.format, t.rounds, t.round,
		(SELECT COUNT(*) FROM entrants e WHERE e.tournament_id = t.id AND e.status = 'in'),
		(SELECT COUNT(*) FROM tournament_games tg WHERE tg.tournament_id = t.id),
		(SELECT COUNT(*) FROM tournament_games tg JOIN games g ON g.id = tg.game_id WHERE tg.tournament_id = t.id AND g.status = ?)
		FROM tournaments t WHERE t.status IN (?, ?) ORDER BY t.id`, GameActive, TournamentOpen, TournamentRunning)
	if err != nil {
		return s, fmt.Errorf("archive: status: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var ts TournamentStatus
		if err := rows.Scan(&ts.Name, &ts.Status, &ts.Game, &ts.Format, &ts.Rounds, &ts.Round, &ts.Entrants, &ts.Games, &ts.InPlay); err != nil {
			return s, fmt.Errorf("archive: status: %w", err)
		}
		s.Tournaments = append(s.Tournaments, ts)
	}
	if err := rows.Err(); err != nil {
		return s, fmt.Errorf("archive: status: %w", err)
	}
	return s, nil
}

// SetLastPoll records that the watcher searched the mailbox at t.
func (a *DB) SetLastPoll(ctx context.Context, t time.Time) error {
	_, err := a.db.ExecContext(ctx, `INSERT INTO daemon_state (key, value) VALUES ('last_poll', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`, fmtTime(t))
	return err
}
