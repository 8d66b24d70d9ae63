package challenges

import (
	"errors"
	"fmt"
	"postal/archive"
	"postal/club/game"
	"postal/club/games"
	"postal/club/reply"
	"postal/club/work"
	"postal/engine"
	"postal/notation"
	"slices"
)

// stillOpen is challenge id, still open: a refusal when there is none, or
// it is no longer open.
func stillOpen(u *work.Unit, id int64) (*archive.Challenge, error) {
	ch, err := u.Tx.Challenge(id)
	if errors.Is(err, archive.ErrNotFound) {
		return nil, reply.Refuse(fmt.Sprintf("there is no challenge #%d", id), "Write \"status\" for your challenges.")
	}
	if err != nil {
		return nil, err
	}
	if ch.Status != archive.ChallengeOpen {
		return nil, reply.Refuse(fmt.Sprintf("challenge #%d is %s", id, ch.Status))
	}
	return ch, nil
}

// Accept is "accept ID": the actor takes their seat, or an open one; the
// last to accept starts the game, and the answer shows it.
func Accept(u *work.Unit, c notation.Command) (reply.Section, error) {
	ch, err := stillOpen(u, c.ID)
	if err != nil {
		return reply.Section{}, err
	}
	gs, err := takeSeat(u, ch, u.Actor)
	if err != nil {
		return reply.Section{}, err
	}
	if gs == nil {
		return reply.Section{Title: fmt.Sprintf("you accepted challenge #%d", ch.ID), Game: ch.ID,
			Lines: []string{fmt.Sprintf("The game starts when every seat is taken and accepted; still waiting for %s.", waitingFor(u, ch))}}, nil
	}
	return games.StartedSection(u, gs, u.Actor)
}

// takeSeat has p accept their seat of ch, or take an open one: a player
// by mail, or the bot taking an open challenge. The last to accept starts
// the game, which it returns; until then it returns nil, and the others
// hear who accepted.
func takeSeat(u *work.Unit, ch *archive.Challenge, p *archive.Player) (*game.Game, error) {
	if ch.ChallengerID == p.ID {
		return nil, reply.Refuse("you cannot accept your own challenge", fmt.Sprintf("\"cancel %d\" withdraws it.", ch.ID))
	}
	n := -1
	for i, st := range ch.Seats {
		switch {
		case st.PlayerID == p.ID && !st.Accepted.IsZero():
			return nil, reply.Refuse(fmt.Sprintf("you have accepted challenge #%d already", ch.ID), "The game starts when every seat is taken and accepted: "+waitingFor(u, ch)+".")
		case st.PlayerID == p.ID, st.Address != "" && st.Address == p.Address:
			n = i
		case st.Open() && n < 0:
			n = i
		}
	}
	switch {
	case n < 0 && len(ch.Seats) == 1:
		return nil, reply.Refuse(fmt.Sprintf("challenge #%d is addressed to someone else", ch.ID))
	case n < 0:
		return nil, reply.Refuse(fmt.Sprintf("challenge #%d has no seat for you", ch.ID), "Its seats are taken by the players it names.")
	}
	if err := u.Tx.TakeSeat(ch.ID, ch.Seats[n].N, p.ID, u.Now); err != nil {
		return nil, err
	}
	if err := u.Tx.AddEvent(u.Now, "accept-seat", ch.ID, p.ID, ""); err != nil {
		return nil, err
	}
	ch.Seats[n].PlayerID, ch.Seats[n].Address, ch.Seats[n].Accepted = p.ID, "", u.Now
	if !slices.ContainsFunc(ch.Seats, unaccepted) {
		return games.Start(u, ch, p, nil, nil)
	}
	line := fmt.Sprintf("%s accepted challenge #%d; still waiting for %s.", p.Name, ch.ID, waitingFor(u, ch))
	for _, id := range players(ch) {
		if id == p.ID {
			continue
		}
		if err := news(u, ch, id, line); err != nil {
			return nil, err
		}
	}
	return nil, nil
}

// Withdraw is "decline ID" (a player the challenge asks) and "cancel ID"
// (its challenger): the challenge will not be played, and every other
// player it asks with an account hears so (R13: anyone who declines cancels
// it for all).
func Withdraw(u *work.Unit, c notation.Command) (reply.Section, error) {
	ch, err := stillOpen(u, c.ID)
	if err != nil {
		return reply.Section{}, err
	}
	status := archive.ChallengeDeclined
	if c.Verb == notation.CmdCancel {
		if ch.ChallengerID != u.Actor.ID {
			return reply.Section{}, reply.Refuse(fmt.Sprintf("challenge #%d is not yours to cancel", ch.ID), fmt.Sprintf("\"decline %d\" refuses a challenge made to you.", ch.ID))
		}
		status = archive.ChallengeCancelled
	} else if !slices.ContainsFunc(ch.Seats, func(s archive.ChallengeSeat) bool { return s.PlayerID == u.Actor.ID || s.Address == u.Actor.Address }) {
		return reply.Section{}, reply.Refuse(fmt.Sprintf("challenge #%d is not addressed to you", ch.ID))
	}
	if err := u.Tx.SetChallengeStatus(ch.ID, status, u.Now); err != nil {
		return reply.Section{}, err
	}
	if err := u.Tx.AddEvent(u.Now, status, ch.ID, u.Actor.ID, ""); err != nil {
		return reply.Section{}, err
	}
	more := engine.OthersPlayOn(len(ch.Seats) + 1)
	line := fmt.Sprintf("%s %s challenge #%d (%s): there will be no game.", u.Actor.Name, status, ch.ID, ch.Game)
	sec := reply.Section{Title: fmt.Sprintf("challenge #%d %s", ch.ID, status), Game: ch.ID}
	if more {
		line = fmt.Sprintf("%s %s challenge #%d (%s): it will not be played.", u.Actor.Name, status, ch.ID, ch.Game)
		sec.Lines = []string{"Its other players have been told."}
	}
	for _, id := range players(ch) {
		if id == u.Actor.ID {
			continue
		}
		if err := news(u, ch, id, line); err != nil {
			return reply.Section{}, err
		}
	}
	return sec, nil
}

// news mails player id a line about challenge ch.
func news(u *work.Unit, ch *archive.Challenge, id int64, line string) error {
	p, err := u.Tx.PlayerByID(id)
	if err != nil {
		return err
	}
	subject, err := games.ChallengeSubject(u, ch)
	if err != nil {
		return err
	}
	return u.Send(reply.Mail{To: p.Address, Player: p, Game: ch.ID, Auto: "auto-generated", Subject: subject, View: reply.View{Intro: []string{line}}})
}
