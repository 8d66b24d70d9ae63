package archive

import (
	"database/sql"
	"fmt"
	"strings"
	"time"
)

// Token generations: a player's reply tokens live in tokens
// until "key new" or "address remove" retires them all at once; the next
// mail about the account or a game then carries a new one (Token). A
// retired token is kept in retired_tokens, to be recognised and refused.

// RetiredToken is a reply token that no longer proves anything.
type RetiredToken struct {
	PlayerID int64
	GameID   int64 // 0: the account's
	Retired  time.Time
	Why      string
}

// RetireTokens retires every reply token of player, the account's and
// every game's, giving why; it returns how many there were.
func (t *Tx) RetireTokens(playerID int64, why string, now time.Time) (int, error) {
	_, err := t.exec(`INSERT OR IGNORE INTO retired_tokens (token, player_id, game_id, created, retired, why)
		SELECT token, player_id, game_id, created, ?, ? FROM tokens WHERE player_id = ?`, fmtTime(now), why, playerID)
	if err != nil {
		return 0, fmt.Errorf("archive: retire tokens: %w", err)
	}
	res, err := t.exec(`DELETE FROM tokens WHERE player_id = ?`, playerID)
	if err != nil {
		return 0, fmt.Errorf("archive: retire tokens: %w", err)
	}
	n, _ := res.RowsAffected()
	return int(n), nil
}

// TokenRetired returns the retired token token, or ErrNotFound.
func (t *Tx) TokenRetired(token string) (*RetiredToken, error) {
	var r RetiredToken
	var game sql.NullInt64
	var at string
	err := t.queryRow(`SELECT player_id, game_id, retired, why FROM retired_tokens WHERE token = ?`, strings.ToLower(token)).Scan(&r.PlayerID, &game, &at, &r.Why)
	if err != nil {
		return nil, notFound(err)
	}
	r.GameID, r.Retired = game.Int64, parseTime(at)
	return &r, nil
}

// SetKeySent records that player's personal key was mailed to address.
func (t *Tx) SetKeySent(playerID int64, address string, now time.Time) error {
	_, err := t.exec(`INSERT INTO key_sent (player_id, address, at) VALUES (?, ?, ?)
		ON CONFLICT (player_id) DO UPDATE SET address = excluded.address, at = excluded.at`, playerID, strings.ToLower(address), fmtTime(now))
	if err != nil {
		return fmt.Errorf("archive: key sent: %w", err)
	}
	return nil
}

// KeySent returns the address player's personal key was last mailed to,
// or "" when it went only to the address they registered with.
func (t *Tx) KeySent(playerID int64) (string, error) {
	var addr string
	err := t.queryRow(`SELECT address FROM key_sent WHERE player_id = ?`, playerID).Scan(&addr)
	if err == sql.ErrNoRows {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("archive: key sent: %w", err)
	}
	return addr, nil
}

// DropPendingAddresses withdraws the addresses player added and that wait
// for their confirmation, returning them: their confirmation tokens stop
// confirming anything.
func (t *Tx) DropPendingAddresses(playerID int64) ([]string, error) {
	rows, err := t.query(`DELETE FROM player_addresses WHERE player_id = ? AND confirmed = '' RETURNING address`, playerID)
	if err != nil {
		return nil, fmt.Errorf("archive: drop pending addresses: %w", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var a string
		if err := rows.Scan(&a); err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rows.Err()
}
