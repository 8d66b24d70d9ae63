package archive

import (
	"fmt"
	"strings"
	"time"
)

// Registrations waiting for a reply from their address.

// Registration is a "register NAME" from an address of no player, not yet
// completed.
type Registration struct {
	Address string
	Name    string
	Token   string // the secret of the reply address of the mail sent to Address
	At      time.Time
}

// AddRegistration records r, replacing any registration of its address.
func (t *Tx) AddRegistration(r Registration) error {
	_, err := t.exec(`INSERT INTO registrations (address, name, token, at) VALUES (?, ?, ?, ?)
		ON CONFLICT (address) DO UPDATE SET name = excluded.name, token = excluded.token, at = excluded.at`,
		strings.ToLower(r.Address), strings.ToLower(r.Name), r.Token, fmtTime(r.At))
	if err != nil {
		return fmt.Errorf("archive: add registration: %w", err)
	}
	return nil
}

func scanRegistration(row interface{ Scan(...any) error }) (*Registration, error) {
	var r Registration
	var at string
	if err := row.Scan(&r.Address, &r.Name, &r.Token, &at); err != nil {
		return nil, notFound(err)
	}
	r.At = parseTime(at)
	return &r, nil
}

// RegistrationByToken returns the registration whose mail carried token, or
// ErrNotFound.
func (t *Tx) RegistrationByToken(token string) (*Registration, error) {
	return scanRegistration(t.queryRow(`SELECT address, name, token, at FROM registrations WHERE token = ?`, strings.ToLower(token)))
}

// RegistrationOf returns the registration made since a time that holds
// name, or ErrNotFound.
func (t *Tx) RegistrationOf(name string, since time.Time) (*Registration, error) {
	return scanRegistration(t.queryRow(`SELECT address, name, token, at FROM registrations WHERE name = ? AND at >= ? ORDER BY at LIMIT 1`,
		strings.ToLower(name), fmtTime(since)))
}

// DeleteRegistration forgets the registration of address.
func (t *Tx) DeleteRegistration(address string) error {
	_, err := t.exec(`DELETE FROM registrations WHERE address = ?`, strings.ToLower(address))
	return err
}

// AdoptToken makes token player's account token: the reply address of the
// mail that completed a registration goes on proving its player.
func (t *Tx) AdoptToken(playerID int64, token string, now time.Time) error {
	_, err := t.exec(`INSERT INTO tokens (token, player_id, game_id, created) VALUES (?, ?, NULL, ?)`, strings.ToLower(token), playerID, fmtTime(now))
	if err != nil {
		return fmt.Errorf("archive: adopt token: %w", err)
	}
	return nil
}
