package archive

import (
	"database/sql"
	"errors"
)

// SetBotLevel records the level the club's bot plays at in game.
func (t *Tx) SetBotLevel(gameID int64, level int) error {
	_, err := t.exec(`INSERT INTO bot_games (game_id, level) VALUES (?, ?) ON CONFLICT (game_id) DO UPDATE SET level = excluded.level`, gameID, level)
	return err
}

// BotLevel returns the level the bot plays at in game; 0 when none was
// recorded.
func (t *Tx) BotLevel(gameID int64) (int, error) {
	var level int
	err := t.queryRow(`SELECT level FROM bot_games WHERE game_id = ?`, gameID).Scan(&level)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return level, err
}
