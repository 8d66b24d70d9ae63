package archive

import (
	"crypto/rand"
	"database/sql"
	"fmt"
	"strings"
	"time"
)

// Player is a registered player.
type Player struct {
	ID      int64
	Name    string
	Address string
	KeyHash string
	Created time.Time
	// Reminders is how the player wants reminders: "each" (a mail per game
	// and reminder point), "digest" (one daily mail of every game waiting
	// for them) or "none".
	Reminders  string
	DigestSent time.Time // when the last digest went out
	// Boards is which mails carry the board: "mine", "all" or "none"
	// (migration 020).
	Boards string
}

const playerCols = `id, name, address, key_hash, created, reminders, digest_sent, boards`

func scanPlayer(row *sql.Row) (*Player, error) {
	var p Player
	var created, digest string
	if err := row.Scan(&p.ID, &p.Name, &p.Address, &p.KeyHash, &created, &p.Reminders, &digest, &p.Boards); err != nil {
		return nil, notFound(err)
	}
	p.Created, p.DigestSent = parseTime(created), parseTime(digest)
	return &p, nil
}

// AddPlayer registers a player; name and address must be lower case.
func (t *Tx) AddPlayer(name, address, keyHash string, now time.Time) (*Player, error) {
	res, err := t.exec(`INSERT INTO players (name, address, key_hash, created) VALUES (?, ?, ?, ?)`, name, address, keyHash, fmtTime(now))
	if err != nil {
		return nil, fmt.Errorf("archive: add player %s: %w", name, err)
	}
	id, _ := res.LastInsertId()
	return &Player{ID: id, Name: name, Address: address, KeyHash: keyHash, Created: now, Reminders: "each", Boards: "mine"}, nil
}

// PlayerByID returns player id, or ErrNotFound.
func (t *Tx) PlayerByID(id int64) (*Player, error) {
	return scanPlayer(t.queryRow(`SELECT `+playerCols+` FROM players WHERE id = ?`, id))
}

// PlayerByName returns the player called name (any case), or ErrNotFound.
func (t *Tx) PlayerByName(name string) (*Player, error) {
	return scanPlayer(t.queryRow(`SELECT `+playerCols+` FROM players WHERE name = ?`, strings.ToLower(name)))
}

// PlayerByAddress returns the player whose address is address: the one they
// registered with or one they added and confirmed; else ErrNotFound.
func (t *Tx) PlayerByAddress(address string) (*Player, error) {
	address = strings.ToLower(address)
	return scanPlayer(t.queryRow(`SELECT `+playerCols+` FROM players
		WHERE address = ? OR id = (SELECT player_id FROM player_addresses WHERE address = ? AND confirmed != '')
		ORDER BY address = ? DESC LIMIT 1`, address, address, address))
}

// SetKeyHash replaces the hash of player's personal key: the old key stops
// proving anything.
func (t *Tx) SetKeyHash(playerID int64, keyHash string) error {
	if _, err := t.exec(`UPDATE players SET key_hash = ? WHERE id = ?`, keyHash, playerID); err != nil {
		return fmt.Errorf("archive: new key: %w", err)
	}
	return nil
}

// PlayerByKeyHash returns the player whose personal key hashes to h.
func (t *Tx) PlayerByKeyHash(h string) (*Player, error) {
	return scanPlayer(t.queryRow(`SELECT `+playerCols+` FROM players WHERE key_hash = ?`, h))
}

// tokenAlphabet is lower-case base32 without the look-alikes 0/o and 1/l/i,
// so a token survives being read aloud or retyped and any case folding.
const tokenAlphabet = "abcdefghjkmnpqrstuvwxyz23456789"

// TokenLen is the length of every token postal gives: reply tokens,
// address confirmations, registrations (NewSecret(TokenLen)).
const TokenLen = 16

// IsToken reports whether s can be a token postal gave: TokenLen
// characters of the token alphabet, in lower case.
func IsToken(s string) bool {
	if len(s) != TokenLen {
		return false
	}
	for i := range len(s) {
		if !strings.ContainsRune(tokenAlphabet, rune(s[i])) {
			return false
		}
	}
	return true
}

// NewSecret returns n random characters of the token alphabet.
func NewSecret(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	for i := range b {
		b[i] = tokenAlphabet[int(b[i])%len(tokenAlphabet)]
	}
	return string(b)
}

// Token returns the secret token of player for game (0: mail about no
// game), creating it on first use.
func (t *Tx) Token(playerID, gameID int64, now time.Time) (string, error) {
	var game any
	if gameID != 0 {
		game = gameID
	}
	var tok string
	err := t.queryRow(`SELECT token FROM tokens WHERE player_id = ? AND game_id IS ?`, playerID, game).Scan(&tok)
	if err == nil {
		return tok, nil
	}
	if err != sql.ErrNoRows {
		return "", fmt.Errorf("archive: token: %w", err)
	}
	tok = NewSecret(TokenLen)
	if _, err := t.exec(`INSERT INTO tokens (token, player_id, game_id, created) VALUES (?, ?, ?, ?)`, tok, playerID, game, fmtTime(now)); err != nil {
		return "", fmt.Errorf("archive: token: %w", err)
	}
	return tok, nil
}

// TokenOwner returns the player and game (0 for none) of a token, or
// ErrNotFound.
func (t *Tx) TokenOwner(token string) (playerID, gameID int64, err error) {
	var game sql.NullInt64
	err = t.queryRow(`SELECT player_id, game_id FROM tokens WHERE token = ?`, strings.ToLower(token)).Scan(&playerID, &game)
	return playerID, game.Int64, notFound(err)
}
