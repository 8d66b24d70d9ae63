package club

import (
	"errors"
	"fmt"
	"strings"

	"postal/archive"
	"postal/club/game"
	"postal/engine"
)

// One Subject (issue 28): Gmail keeps a conversation together only while
// its Subject stays the same, so a challenge and the game it becomes share
// one. A game keeps its challenge's number; its Subject names the players
// as the challenge did: in their seats' order when the challenge chose the
// seats (as first, as second), else the challenger first, then those
// challenged in the order named. Only an open challenge and an invitation
// to an address change it once, when the opponent becomes known: before
// that no one but the challenger (and the invited address) has a mail of
// it.

// challengeSubject is the Subject of every mail about challenge c and,
// once accepted, about its game.
func (w *job) challengeSubject(c *archive.Challenge) (string, error) {
	return w.subjectOf(c)
}

// gameSubject is the Subject of every mail about game gs, to its players
// and its observers alike, from its challenge's first mail to its last.
// Whose turn it is goes in the first line of the body.
func (w *job) gameSubject(gs *game.Game) (string, error) {
	if gs.Event != "" {
		// A tournament's game: its director's challenge row was never
		// mailed, and its Subject names the event and the round.
		return seatSubject(gs), nil
	}
	c, err := w.Tx.Challenge(gs.Row.ID)
	if errors.Is(err, archive.ErrNotFound) {
		return seatSubject(gs), nil
	}
	if err != nil {
		return "", err
	}
	return w.subjectOf(c)
}

// seatSubject names the players of gs in their seats' order (and its
// event): a game with no challenge of its own (a tournament's, or one made
// by a test or an import).
func seatSubject(gs *game.Game) string {
	return fmt.Sprintf("[postal #%d] %s", gs.Row.ID, gs.Title())
}

// subjectOf writes the Subject of challenge c, its game's too: the
// challenger, then the holders of its seats (the players who took the open
// ones, once they did).
func (w *job) subjectOf(c *archive.Challenge) (string, error) {
	who, err := w.Tx.PlayerByID(c.ChallengerID)
	if err != nil {
		return "", err
	}
	title := c.Game
	if g, err := engine.Lookup(c.Game); err == nil {
		title = g.Info().Title
	}
	names := []string{who.Name}
	for _, st := range c.Seats {
		names = append(names, w.seatHolder(st))
	}
	if c.Side == "second" && len(names) == 2 {
		names[0], names[1] = names[1], names[0]
	}
	return fmt.Sprintf("[postal #%d] %s: %s", c.ID, title, strings.Join(names, " vs ")), nil
}
