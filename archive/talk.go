package archive

import (
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Said is a message a player said in a game (kind "say"), or a line of
// conditional moves they gave (kind "if"), at the game's ply.
type Said struct {
	GameID   int64
	PlayerID int64
	Ply      int
	Kind     string
	Text     string
	At       time.Time
}

// AddTalk records what a player said in a game or its challenge.
func (t *Tx) AddTalk(s Said) error {
	_, err := t.exec(`INSERT INTO talk (game_id, player_id, ply, kind, text, at) VALUES (?, ?, ?, ?, ?, ?)`, s.GameID, s.PlayerID, s.Ply, s.Kind, s.Text, fmtTime(s.At))
	if err != nil {
		return fmt.Errorf("archive: add talk: %w", err)
	}
	return nil
}

// TalkOf returns what was said in each of the games ids, in the order said.
func (t *Tx) TalkOf(ids []int64) (map[int64][]Said, error) {
	out := map[int64][]Said{}
	err := inParts(ids, func(part []int64) error {
		rows, err := t.query(`SELECT game_id, player_id, ply, kind, text, at FROM talk WHERE game_id IN (`+placeholders(len(part))+`) ORDER BY game_id, id`, int64Args(part)...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var s Said
			var at string
			if err := rows.Scan(&s.GameID, &s.PlayerID, &s.Ply, &s.Kind, &s.Text, &at); err != nil {
				return err
			}
			s.At = parseTime(at)
			out[s.GameID] = append(out[s.GameID], s)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// SaidSince returns the texts of what player said (kind "say") in game, or
// its challenge, since a time: a player's messages to a game are capped a
// day.
func (t *Tx) SaidSince(gameID, playerID int64, since time.Time) ([]string, error) {
	rows, err := t.query(`SELECT text FROM talk WHERE game_id = ? AND player_id = ? AND kind = 'say' AND at >= ? ORDER BY id`, gameID, playerID, fmtTime(since))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var text string
		if err := rows.Scan(&text); err != nil {
			return nil, err
		}
		out = append(out, text)
	}
	return out, rows.Err()
}

// SetNote sets player's private note on game; an empty text removes it.
func (t *Tx) SetNote(gameID, playerID int64, text string, now time.Time) error {
	var err error
	if text == "" {
		_, err = t.exec(`DELETE FROM notes WHERE game_id = ? AND player_id = ?`, gameID, playerID)
	} else {
		_, err = t.exec(`INSERT INTO notes (game_id, player_id, text, at) VALUES (?, ?, ?, ?)
			ON CONFLICT (game_id, player_id) DO UPDATE SET text = excluded.text, at = excluded.at`, gameID, playerID, text, fmtTime(now))
	}
	if err != nil {
		return fmt.Errorf("archive: note: %w", err)
	}
	return nil
}

// Note returns player's private note on game, "" when none.
func (t *Tx) Note(gameID, playerID int64) (string, error) {
	var text string
	err := t.queryRow(`SELECT text FROM notes WHERE game_id = ? AND player_id = ?`, gameID, playerID).Scan(&text)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return text, err
}

// SetSetting sets one of player's settings (player_settings).
func (t *Tx) SetSetting(playerID int64, name, value string) error {
	_, err := t.exec(`INSERT INTO player_settings (player_id, name, value) VALUES (?, ?, ?)
		ON CONFLICT (player_id, name) DO UPDATE SET value = excluded.value`, playerID, name, value)
	if err != nil {
		return fmt.Errorf("archive: set %s: %w", name, err)
	}
	return nil
}

// Setting returns one of player's settings, or def when they never set it.
func (t *Tx) Setting(playerID int64, name, def string) (string, error) {
	var v string
	err := t.queryRow(`SELECT value FROM player_settings WHERE player_id = ? AND name = ?`, playerID, name).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return def, nil
	}
	return v, err
}
