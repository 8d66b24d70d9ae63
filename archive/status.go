package archive

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// Status is what postal status shows an operator of a club's database.
type Status struct {
	Version int

	Waiting  int       // outbox mails not yet sent, to be tried again
	Oldest   time.Time // the oldest of them was written then; zero when none
	Retrying int       // of them, those that failed at least once
	GaveUp   int       // mails given up on (a permanent refusal or too many tries)
	Held     int       // mails held for the operator's review after a restore (postal outbox)
	Dropped  int       // held mails the operator dropped (they had gone out)
	LastErr  string    // the last failure of a mail still waiting

	LastPoll time.Time // the watcher last searched the mailbox; zero: never
	Alive    time.Time // the daemon's last sign of life (its heartbeat); zero: never
	Stopped  time.Time // the daemon last stopped cleanly; zero: never
	Process  string    // the identity of the daemon's process, beside its heartbeat (StateProcess)
	// The site's updates that failed in a row (none: 0), since when, the
	// last one's time and error (s34).
	SiteFailures                 int
	SiteFailingSince, SiteFailed time.Time
	SiteError                    string
	// LastSeq is the database's last change, which the site follows.
	LastSeq  int64
	LastMail time.Time // the newest mail handled, of another sender than the club; zero: none
	MailsDay int       // mails handled in the 24 hours before now, of other senders than the club
	OwnDay   int       // from the club's own address in those hours: postal check's test mails, or mail forged as postal's

	Active       int       // games in progress
	NextDeadline time.Time // the earliest deadline of a game in progress; zero: none
	NextGame     int64     // its game

	// Tournaments are those open for entries and those running, by
	// number.
	Tournaments []TournamentStatus
}

// TournamentStatus is a tournament as postal status lists it.
type TournamentStatus struct {
	Name, Status, Game, Format string
	Settings                   map[string]int // its format's own numbers: a Swiss's "rounds"
	Round                      int            // the round in play (Swiss, knockout)
	Entrants                   int            // still in: not left, removed or out on time
	Games, InPlay              int            // its games so far, and of them those in progress
}

// Status reads the status as of now, in one read transaction.
func (a *DB) Status(ctx context.Context, now time.Time) (Status, error) {
	var s Status
	tx, err := a.ro.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return s, fmt.Errorf("archive: status: %w", err)
	}
	defer tx.Rollback()
	var oldest, lastMail, deadline sql.NullString
	var next sql.NullInt64
	err = tx.QueryRowContext(ctx, `SELECT
		(SELECT COALESCE(MAX(version), 0) FROM schema_version),
		(SELECT COUNT(*) FROM outbox WHERE next_attempt IS NOT NULL),
		(SELECT MIN(created) FROM outbox WHERE next_attempt IS NOT NULL),
		(SELECT COUNT(*) FROM outbox WHERE next_attempt IS NOT NULL AND attempts > 0),
		(SELECT COUNT(*) FROM outbox WHERE next_attempt IS NULL AND sent_at IS NULL AND held IS NULL AND dropped IS NULL),
		(SELECT COUNT(*) FROM outbox WHERE held IS NOT NULL),
		(SELECT COUNT(*) FROM outbox WHERE dropped IS NOT NULL),
		(SELECT COALESCE((SELECT last_error FROM outbox WHERE next_attempt IS NOT NULL AND attempts > 0 ORDER BY id DESC LIMIT 1), '')),
		(SELECT MAX(received) FROM messages WHERE outcome != ?),
		(SELECT COUNT(*) FROM messages WHERE received >= ? AND outcome != ?),
		(SELECT COUNT(*) FROM messages WHERE received >= ? AND outcome = ?),
		(SELECT COUNT(*) FROM games WHERE status = ?),
		(SELECT MIN(deadline) FROM games WHERE status = ? AND deadline != ''),
		(SELECT id FROM games WHERE status = ? AND deadline != '' ORDER BY deadline, id LIMIT 1),
		(SELECT COALESCE(MAX(seq), 0) FROM games)`,
		OutcomeOwn, fmtTime(now.Add(-24*time.Hour)), OutcomeOwn, fmtTime(now.Add(-24*time.Hour)), OutcomeOwn,
		GameActive, GameActive, GameActive).Scan(
		&s.Version, &s.Waiting, &oldest, &s.Retrying, &s.GaveUp, &s.Held, &s.Dropped, &s.LastErr,
		&lastMail, &s.MailsDay, &s.OwnDay, &s.Active, &deadline, &next, &s.LastSeq)
	if err != nil {
		return s, fmt.Errorf("archive: status: %w", err)
	}
	state, err := readState(ctx, tx)
	if err != nil {
		return s, err
	}
	s.LastPoll, s.Alive, s.Stopped, s.Process = parseTime(state[stateLastPoll]), parseTime(state[StateAlive]), parseTime(state[StateStopped]), state[StateProcess]
	s.SiteFailures, _ = strconv.Atoi(state[StateSiteFailures])
	s.SiteFailingSince, s.SiteFailed, s.SiteError = parseTime(state[StateSiteFailingSince]), parseTime(state[StateSiteFailed]), state[StateSiteError]
	s.Oldest, s.LastMail, s.NextDeadline, s.NextGame = parseTime(oldest.String), parseTime(lastMail.String), parseTime(deadline.String), next.Int64
	rows, err := tx.QueryContext(ctx, `SELECT t.name, t.status, t.game, t.format, t.settings, t.round,
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
		var settings string
		if err := rows.Scan(&ts.Name, &ts.Status, &ts.Game, &ts.Format, &settings, &ts.Round, &ts.Entrants, &ts.Games, &ts.InPlay); err != nil {
			return s, fmt.Errorf("archive: status: %w", err)
		}
		ts.Settings = parseSettings(settings)
		s.Tournaments = append(s.Tournaments, ts)
	}
	if err := rows.Err(); err != nil {
		return s, fmt.Errorf("archive: status: %w", err)
	}
	return s, nil
}

// Running reports whether the daemon showed a sign of life within
// HeartbeatEvery twice over at now, and has not stopped since.
func (s Status) Running(now time.Time) bool {
	return !s.Alive.IsZero() && now.Sub(s.Alive) < 2*HeartbeatEvery && s.Stopped.Before(s.Alive)
}

// What the daemon says of itself in daemon_state (migration 018) besides
// the last search of the mailbox: its heartbeat, its clean stop, and the
// folders it runs with, which postal check reads so that a check run with
// another config finds its test mail where the running daemon moved it.
const (
	stateLastPoll  = "last_poll"      // the watcher's last search of the mailbox (SetLastPoll)
	StateAlive     = "alive"          // the time of its last heartbeat
	StateStopped   = "stopped"        // the time it last stopped cleanly
	StateWatched   = "imap_mailbox"   // the mailbox it watches
	StateProcessed = "imap_processed" // where it moves handled mail ("": none)
	StateFailed    = "imap_failed"    // where it moves mail it cannot handle
	// StateProcess names the daemon's process (its host, boot, pid and
	// start), so that a heartbeat is not taken for a live daemon once its
	// process is gone (s34: a restored backup carried one seconds old).
	StateProcess = "process"
	// The site the daemon publishes (s34): a full build due (why), and the
	// updates that failed in a row, since when, the last one's time and
	// error; none of these while the updates succeed.
	StateSiteRebuild      = "site_rebuild"
	StateSiteFailures     = "site_failures"
	StateSiteFailingSince = "site_failing_since"
	StateSiteFailed       = "site_failed"
	StateSiteError        = "site_error"
)

// HeartbeatEvery is how often the daemon records that it lives; postal
// status calls it running while the last heartbeat is younger than twice
// this.
const HeartbeatEvery = 30 * time.Second

// SetState records the daemon's values of daemon_state, all in one
// transaction.
func (a *DB) SetState(ctx context.Context, values map[string]string) error {
	return a.Tx(ctx, func(tx *Tx) error {
		for k, v := range values {
			if _, err := tx.exec(`INSERT INTO daemon_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`, k, v); err != nil {
				return fmt.Errorf("archive: daemon state: %w", err)
			}
		}
		return nil
	})
}

// LastSeq returns the database's last change number (see Tx.LastSeq).
func (a *DB) LastSeq(ctx context.Context) (seq int64, err error) {
	err = a.ReadTx(ctx, func(tx *Tx) error {
		seq, err = tx.LastSeq()
		return err
	})
	return seq, err
}

// ClearState removes the daemon's values of keys from daemon_state.
func (a *DB) ClearState(ctx context.Context, keys ...string) error {
	return a.Tx(ctx, func(tx *Tx) error {
		for _, k := range keys {
			if _, err := tx.exec(`DELETE FROM daemon_state WHERE key = ?`, k); err != nil {
				return fmt.Errorf("archive: daemon state: %w", err)
			}
		}
		return nil
	})
}

// State reads daemon_state.
func (a *DB) State(ctx context.Context) (map[string]string, error) {
	return readState(ctx, a.ro)
}

// Beat records the daemon's heartbeat at t.
func (a *DB) Beat(ctx context.Context, t time.Time) error {
	return a.SetState(ctx, map[string]string{StateAlive: fmtTime(t)})
}

// ReadState reads daemon_state from the database file at path without
// opening it for writing or bringing its schema up to date (postal check
// reads it beside a running daemon, maybe of an older version); an empty
// map when the file or the table does not exist.
func ReadState(ctx context.Context, path string) (map[string]string, error) {
	out := map[string]string{}
	if _, err := os.Stat(path); err != nil {
		return out, nil
	}
	db, err := sql.Open("sqlite", dsn(path, "mode=ro&_pragma=busy_timeout(10000)"))
	if err != nil {
		return out, fmt.Errorf("archive: daemon state: %w", err)
	}
	defer db.Close()
	return readState(ctx, db)
}

func readState(ctx context.Context, db interface {
	QueryContext(context.Context, string, ...any) (*sql.Rows, error)
}) (map[string]string, error) {
	out := map[string]string{}
	rows, err := db.QueryContext(ctx, `SELECT key, value FROM daemon_state`)
	if err != nil {
		if strings.Contains(err.Error(), "no such table") {
			return out, nil
		}
		return out, fmt.Errorf("archive: daemon state: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var k, v string
		if err := rows.Scan(&k, &v); err != nil {
			return out, fmt.Errorf("archive: daemon state: %w", err)
		}
		out[k] = v
	}
	return out, rows.Err()
}

// StateTime reads a time daemon_state holds; zero when it holds none.
func StateTime(v string) time.Time { return parseTime(v) }

// FmtStateTime is a time as daemon_state holds it.
func FmtStateTime(t time.Time) string { return fmtTime(t) }

// SetLastPoll records that the watcher searched the mailbox at t.
func (a *DB) SetLastPoll(ctx context.Context, t time.Time) error {
	_, err := a.db.ExecContext(ctx, `INSERT INTO daemon_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`, stateLastPoll, fmtTime(t))
	return err
}
