package archive

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/mail"
	"strings"
)

// StateClub is the club's address as the daemon runs with it, recorded in
// daemon_state at its start: "postal site build" without the
// config reads it, so that the pages' "Send this move" has a recipient.
const StateClub = "club_address"

// ClubAddress returns the club's address as the archive knows it: what the
// daemon recorded (StateClub), else the sender of the last mail the club
// wrote (its outbox keeps every mail's From, even pruned); "" when neither
// says.
func (a *DB) ClubAddress(ctx context.Context) (string, error) {
	state, err := a.State(ctx)
	if err != nil {
		return "", err
	}
	if addr := state[StateClub]; addr != "" {
		return addr, nil
	}
	var from string
	err = a.ro.QueryRowContext(ctx, `SELECT COALESCE(json_extract(msg, '$.From'), '') FROM outbox ORDER BY id DESC LIMIT 1`).Scan(&from)
	switch {
	case errors.Is(err, sql.ErrNoRows) || err == nil && from == "":
		return "", nil
	case err != nil:
		return "", fmt.Errorf("archive: the club's address: %w", err)
	}
	addr, err := mail.ParseAddress(from)
	if err != nil {
		return "", nil // a From postal did not write: it says nothing
	}
	return strings.ToLower(addr.Address), nil
}
