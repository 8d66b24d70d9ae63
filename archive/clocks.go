package archive

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// The clocks' storage: timed games, reminders sent, vacations and the
// players' reminder settings. The club decides what is due; these only read
// and write rows.

// fmtBanks writes the banks, seconds by seat: "s1 s2"; "" for a game
// without a time bank.
func fmtBanks(b []time.Duration) string {
	parts := make([]string, len(b))
	for i, d := range b {
		parts[i] = strconv.FormatInt(int64(d/time.Second), 10)
	}
	return strings.Join(parts, " ")
}

func parseBanks(s string) []time.Duration {
	var out []time.Duration
	for f := range strings.FieldsSeq(s) {
		n, _ := strconv.ParseInt(f, 10, 64)
		out = append(out, time.Duration(n)*time.Second)
	}
	return out
}

// RemindersSent returns the reminder points already sent for ply of game.
func (t *Tx) RemindersSent(gameID int64, ply int) (map[int]bool, error) {
	rows, err := t.query(`SELECT point FROM reminders_sent WHERE game_id = ? AND ply = ?`, gameID, ply)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int]bool{}
	for rows.Next() {
		var p int
		if err := rows.Scan(&p); err != nil {
			return nil, err
		}
		out[p] = true
	}
	return out, rows.Err()
}

// MarkReminderSent records that point was sent (or deliberately skipped)
// for ply of game.
func (t *Tx) MarkReminderSent(gameID int64, ply, point int, at time.Time) error {
	_, err := t.exec(`INSERT OR IGNORE INTO reminders_sent (game_id, ply, point, at) VALUES (?, ?, ?, ?)`, gameID, ply, point, fmtTime(at))
	if err != nil {
		return fmt.Errorf("archive: reminder of game %d: %w", gameID, err)
	}
	return nil
}

// SetReminders sets how player wants reminders: each, digest or none.
func (t *Tx) SetReminders(playerID int64, mode string) error {
	_, err := t.exec(`UPDATE players SET reminders = ? WHERE id = ?`, mode, playerID)
	return err
}

// SetBoards records which of player's mails carry the board.
func (t *Tx) SetBoards(playerID int64, mode string) error {
	_, err := t.exec(`UPDATE players SET boards = ? WHERE id = ?`, mode, playerID)
	return err
}

// SetDigestSent records when player's last digest went out.
func (t *Tx) SetDigestSent(playerID int64, at time.Time) error {
	_, err := t.exec(`UPDATE players SET digest_sent = ? WHERE id = ?`, fmtTime(at), playerID)
	return err
}

// Vacation is one stretch of a player's vacation.
type Vacation struct {
	ID       int64
	PlayerID int64
	Start    time.Time
	Until    time.Time // when it ends unless ended earlier
	Ended    time.Time // zero while it lasts
}

func (t *Tx) vacations(where string, args ...any) ([]Vacation, error) {
	rows, err := t.query(`SELECT id, player_id, start, until, ended FROM vacations `+where, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Vacation
	for rows.Next() {
		var v Vacation
		var start, until, ended string
		if err := rows.Scan(&v.ID, &v.PlayerID, &start, &until, &ended); err != nil {
			return nil, err
		}
		v.Start, v.Until, v.Ended = parseTime(start), parseTime(until), parseTime(ended)
		out = append(out, v)
	}
	return out, rows.Err()
}

// Vacations returns player's vacations that began after since, oldest first.
func (t *Tx) Vacations(playerID int64, since time.Time) ([]Vacation, error) {
	return t.vacations(`WHERE player_id = ? AND (start >= ? OR ended = '' OR ended >= ?) ORDER BY start`, playerID, fmtTime(since), fmtTime(since))
}

// OngoingVacation returns player's vacation in progress, or ok false.
func (t *Tx) OngoingVacation(playerID int64) (Vacation, bool, error) {
	vs, err := t.vacations(`WHERE player_id = ? AND ended = '' ORDER BY start DESC LIMIT 1`, playerID)
	if err != nil || len(vs) == 0 {
		return Vacation{}, false, err
	}
	return vs[0], true, nil
}

// AddVacation starts a vacation.
func (t *Tx) AddVacation(v Vacation) (int64, error) {
	res, err := t.exec(`INSERT INTO vacations (player_id, start, until) VALUES (?, ?, ?)`, v.PlayerID, fmtTime(v.Start), fmtTime(v.Until))
	if err != nil {
		return 0, fmt.Errorf("archive: add vacation: %w", err)
	}
	return res.LastInsertId()
}

// EndVacation ends vacation id at at.
func (t *Tx) EndVacation(id int64, at time.Time) error {
	_, err := t.exec(`UPDATE vacations SET ended = ? WHERE id = ?`, fmtTime(at), id)
	return err
}
