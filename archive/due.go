package archive

import (
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// The clock loop's reads and writes (migration 019): which games' clocks
// are due, and when the next one is.

// DueGames returns up to limit games in progress whose clock work is due by
// now, the most overdue first, through the index: no other game is read.
func (t *Tx) DueGames(now time.Time, limit int) ([]*Game, error) {
	return t.games(`WHERE id IN (SELECT game_id FROM clock_due WHERE due <= ? ORDER BY due, game_id LIMIT ?) ORDER BY id`, fmtTime(now), limit)
}

// SetDue records when the clock loop must next look at game id; a zero at
// means not until a write changes the game (the triggers then put it back).
func (t *Tx) SetDue(id int64, at time.Time) error {
	var err error
	if at.IsZero() {
		_, err = t.exec(`DELETE FROM clock_due WHERE game_id = ?`, id)
	} else {
		_, err = t.exec(`INSERT OR REPLACE INTO clock_due (game_id, due) VALUES (?, ?)`, id, fmtTime(at))
	}
	if err != nil {
		return fmt.Errorf("archive: game %d: due: %w", id, err)
	}
	return nil
}

// DueVacations returns the vacations that have not ended and end by now.
func (t *Tx) DueVacations(now time.Time) ([]Vacation, error) {
	return t.vacations(`WHERE ended = '' AND until <= ? ORDER BY until, id`, fmtTime(now))
}

// NextDue is the earliest time the clock loop has work: a game's due time
// or a vacation's end; ok false when there is none.
func (t *Tx) NextDue() (next time.Time, ok bool, err error) {
	var s sql.NullString
	err = t.queryRow(`SELECT MIN(at) FROM (SELECT MIN(due) AS at FROM clock_due UNION ALL SELECT MIN(until) FROM vacations WHERE ended = '')`).Scan(&s)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return time.Time{}, false, fmt.Errorf("archive: next due: %w", err)
	}
	if !s.Valid || s.String == "" {
		return time.Time{}, false, nil
	}
	return parseTime(s.String), true, nil
}
