package games

import (
	"errors"
	"fmt"
	"strings"

	"postal/archive"
	"postal/club/game"
	"postal/club/work"
	"postal/engine"
)

// One Subject: Gmail keeps a conversation together only while its Subject
// stays the same, so a challenge and the game it becomes share one. A game
// keeps its challenge's number; its Subject names the players as the
// challenge did: in their seats' order when the challenge chose the seats
// (as first, as second), else the challenger first, then those challenged
// in the order named. Only an open challenge and an invitation to an
// address change it once, when the opponent becomes known: before that no
// one but the challenger (and the invited address) has a mail of it.

// SeatHolder names who a seat of a challenge is for: a player, an invited
// address, or anyone.
func SeatHolder(u *work.Unit, st archive.ChallengeSeat) string {
	switch {
	case st.PlayerID != 0:
		if p, err := u.Tx.PlayerByID(st.PlayerID); err == nil {
			return p.Name
		}
	case st.Address != "":
		return st.Address
	}
	return "anyone"
}

// Subject is the Subject of every mail about game gs, to its players
// and its observers alike, from its challenge's first mail to its last.
// Whose turn it is goes in the first line of the body.
func Subject(u *work.Unit, gs *game.Game) (string, error) {
	if gs.Event != "" {
		// A tournament's game: its director's challenge row was never
		// mailed, and its Subject names the event and the round.
		return seatSubject(gs), nil
	}
	c, err := u.Tx.Challenge(gs.Row.ID)
	if errors.Is(err, archive.ErrNotFound) {
		return seatSubject(gs), nil
	}
	if err != nil {
		return "", err
	}
	return ChallengeSubject(u, c)
}

// seatSubject names the players of gs in their seats' order (and its
// event): a game with no challenge of its own (a tournament's, or one made
// by a test or an import).
func seatSubject(gs *game.Game) string {
	return fmt.Sprintf("[postal #%d] %s", gs.Row.ID, gs.Title())
}

// ChallengeSubject is the Subject of every mail about challenge c and,
// once accepted, about its game: the challenger, then the holders of its
// seats (the players who took the open ones, once they did).
func ChallengeSubject(u *work.Unit, c *archive.Challenge) (string, error) {
	who, err := u.Tx.PlayerByID(c.ChallengerID)
	if err != nil {
		return "", err
	}
	title := c.Game
	if g, err := engine.Lookup(c.Game); err == nil {
		title = g.Info().Title
	}
	names := []string{who.Name}
	for _, st := range c.Seats {
		names = append(names, SeatHolder(u, st))
	}
	if c.Side == "second" && len(names) == 2 {
		names[0], names[1] = names[1], names[0]
	}
	return fmt.Sprintf("[postal #%d] %s: %s", c.ID, title, strings.Join(names, " vs ")), nil
}
