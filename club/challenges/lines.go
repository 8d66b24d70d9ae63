package challenges

import (
	"fmt"
	"postal/archive"
	"postal/club/games"
	"postal/club/work"
	"postal/engine"
	"slices"
)

// Status is ch, made by challenger, in the actor's "status": what it
// proposes and whom it waits for, from the actor's side.
func Status(u *work.Unit, ch *archive.Challenge, challenger *archive.Player) string {
	what := fmt.Sprintf("%s %s", ch.Game, ch.Config)
	waiting := waitingFor(u, ch)
	mine := slices.IndexFunc(ch.Seats, func(s archive.ChallengeSeat) bool { return s.PlayerID == u.Actor.ID })
	switch {
	case ch.ChallengerID == u.Actor.ID:
		return fmt.Sprintf("challenge #%d: you propose %s; waiting for %s", ch.ID, what, waiting)
	case mine >= 0 && !ch.Seats[mine].Accepted.IsZero():
		return fmt.Sprintf("challenge #%d: %s proposes %s; you accepted; waiting for %s", ch.ID, challenger.Name, what, waiting)
	case mine >= 0:
		return fmt.Sprintf("challenge #%d: %s challenges you to %s (accept %d / decline %d); waiting for %s", ch.ID, challenger.Name, what, ch.ID, ch.ID, waiting)
	}
	return fmt.Sprintf("open challenge #%d: %s proposes %s; waiting for %s (accept %d takes a seat)", ch.ID, challenger.Name, what, waiting, ch.ID)
}

// Line says in one line where challenge c stands: the first line of a
// reply about it.
func Line(u *work.Unit, c *archive.Challenge) string {
	switch st := c.Seats[0]; {
	case c.Status == archive.ChallengeAccepted:
		return fmt.Sprintf("Challenge #%d was accepted.", c.ID)
	case c.Status != archive.ChallengeOpen:
		return fmt.Sprintf("Challenge #%d was %s: there will be no game.", c.ID, c.Status)
	case engine.OthersPlayOn(len(c.Seats) + 1):
		return fmt.Sprintf("Challenge #%d is open: it waits for %s.", c.ID, waitingFor(u, c))
	case st.Open():
		return fmt.Sprintf("Challenge #%d is open: anyone may accept it.", c.ID)
	default:
		return fmt.Sprintf("Challenge #%d is open: %s may accept it.", c.ID, games.SeatHolder(u, st))
	}
}
