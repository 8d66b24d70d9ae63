package games

import (
	"fmt"
	"strings"

	"postal/archive"
	"postal/club/game"
	"postal/club/work"
	"postal/engine"
)

// One Subject: Gmail keeps a conversation together only while its Subject
// stays the same, so a challenge and the game it becomes share one when
// they can. A game keeps its challenge's number; its Subject names its
// players in their seats' order, as its record and every body do (the
// lineup, the board's title). A challenge's Subject names them the same
// way when the challenge chose the seats (as first, as second), else the
// challenger first, then those challenged in the order named: the seats
// are drawn only when the game starts. So a challenge's Subject changes at
// most once, at the start of its game, when the seats drawn put its players
// in another order (or, before that, when an open seat or an invitation to
// an address finds its player); the mails of the game keep one.

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

// Subject is the Subject of every mail about game gs, to its players and
// its observers alike, from its first mail to its last: its players in
// their seats' order (and its event). Whose turn it is goes in the first
// line of the body.
func Subject(gs *game.Game) string {
	return fmt.Sprintf("[postal #%d] %s", gs.Row.ID, gs.Title())
}

// ChallengeSubject is the Subject of every mail about challenge c: the
// challenger, then the holders of its seats (the players who took the open
// ones, once they did); the seats' order when c chose them. Its game's
// mails have Subject.
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
