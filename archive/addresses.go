package archive

import (
	"fmt"
	"strings"
	"time"
)

// Address is one address a player added besides the one they registered
// with. It counts as the player's once Confirmed is set.
type Address struct {
	PlayerID  int64
	Address   string
	Token     string // the confirmation token while pending; "" once confirmed
	Added     time.Time
	Confirmed time.Time
}

// Pending reports whether the address still waits for its confirmation.
func (a *Address) Pending() bool { return a.Confirmed.IsZero() }

const addressCols = `player_id, address, COALESCE(token, ''), added, confirmed`

func scanAddress(row interface{ Scan(...any) error }) (*Address, error) {
	var a Address
	var added, confirmed string
	if err := row.Scan(&a.PlayerID, &a.Address, &a.Token, &added, &confirmed); err != nil {
		return nil, notFound(err)
	}
	a.Added, a.Confirmed = parseTime(added), parseTime(confirmed)
	return &a, nil
}

// AddAddress records address (lower case) as pending for player with the
// confirmation token, or gives a pending row a new token. An address the
// player already confirmed is left as it is.
func (t *Tx) AddAddress(playerID int64, address, token string, now time.Time) error {
	_, err := t.exec(`INSERT INTO player_addresses (player_id, address, token, added) VALUES (?, ?, ?, ?)
		ON CONFLICT (player_id, address) DO UPDATE SET token = excluded.token, added = excluded.added WHERE confirmed = ''`,
		playerID, address, token, fmtTime(now))
	if err != nil {
		return fmt.Errorf("archive: add address %s: %w", address, err)
	}
	return nil
}

// AddressByToken returns the pending address whose confirmation token is
// token, or ErrNotFound.
func (t *Tx) AddressByToken(token string) (*Address, error) {
	return scanAddress(t.queryRow(`SELECT `+addressCols+` FROM player_addresses WHERE token = ?`, strings.ToLower(token)))
}

// ConfirmAddress makes a pending address the player's. It fails when the
// address was confirmed by someone else in the meantime.
func (t *Tx) ConfirmAddress(playerID int64, address string, now time.Time) error {
	res, err := t.exec(`UPDATE player_addresses SET token = NULL, confirmed = ? WHERE player_id = ? AND address = ? AND confirmed = ''`, fmtTime(now), playerID, address)
	if err != nil {
		return fmt.Errorf("archive: confirm address %s: %w", address, err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return ErrNotFound
	}
	return nil
}

// RemoveAddress deletes one of player's added addresses, pending or
// confirmed; it reports whether there was one.
func (t *Tx) RemoveAddress(playerID int64, address string) (bool, error) {
	res, err := t.exec(`DELETE FROM player_addresses WHERE player_id = ? AND address = ?`, playerID, address)
	if err != nil {
		return false, fmt.Errorf("archive: remove address %s: %w", address, err)
	}
	n, _ := res.RowsAffected()
	return n > 0, nil
}

// Addresses returns the addresses player added, confirmed or pending, in
// the order they were added.
func (t *Tx) Addresses(playerID int64) ([]*Address, error) {
	rows, err := t.query(`SELECT `+addressCols+` FROM player_addresses WHERE player_id = ? ORDER BY added, address`, playerID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*Address
	for rows.Next() {
		a, err := scanAddress(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// misuseQuiet is how long the owner of a misused proof hears nothing more
// of the same offending address.
const misuseQuiet = 24 * time.Hour

// NoteMisuse records that player's proof of kind ("token", "key" or "old
// token") came from address, which is not theirs or the proof no longer
// counts. tell reports that the player has not been told of address in the
// last day, whatever the kind: the time to tell them. It marks
// them told.
func (t *Tx) NoteMisuse(playerID int64, address, kind string, now time.Time) (tell bool, err error) {
	var last string
	err = t.queryRow(`SELECT COALESCE(MAX(told), '') FROM proof_misuse WHERE player_id = ? AND address = ?`, playerID, address).Scan(&last)
	if err != nil {
		return false, fmt.Errorf("archive: note misuse: %w", err)
	}
	tell = last == "" || !parseTime(last).After(now.Add(-misuseQuiet))
	told := ""
	if tell {
		told = fmtTime(now)
	}
	_, err = t.exec(`INSERT INTO proof_misuse (player_id, address, kind, first, last, told) VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT (player_id, address, kind) DO UPDATE SET last = excluded.last, uses = uses + 1,
			told = CASE WHEN excluded.told != '' THEN excluded.told ELSE told END`,
		playerID, address, kind, fmtTime(now), fmtTime(now), told)
	if err != nil {
		return false, fmt.Errorf("archive: note misuse: %w", err)
	}
	return tell, nil
}
