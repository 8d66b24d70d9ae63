package games

import (
	"fmt"
	"slices"

	"postal/archive"
	"postal/club/game"
	"postal/club/reply"
	"postal/club/work"
	"postal/engine"
)

// tellPlayer tells p of gs: in the reply when p sent the message (their
// move was answered at once, or their conditional moves changed), else in
// a mail about the game.
func tellPlayer(u *work.Unit, gs *game.Game, p *archive.Player, lines ...string) error {
	if u.Actor != nil && u.Actor.ID == p.ID {
		u.Lead = append(u.Lead, lines...)
		return nil
	}
	return Notice(u, gs, p, lines)
}

// Notice queues a mail to p about gs. Notices of one unit to the same
// player about the same game become one mail, sent by FlushNotices with
// the board as the whole unit left it.
func Notice(u *work.Unit, gs *game.Game, p *archive.Player, intro []string) error {
	notice(u, gs, p, intro, false)
	return nil
}

// reminderNotice queues a reminder to p about gs: a notice without the
// board, which the player has had since their turn began (light mail).
// Merged with another notice of the same unit, it has the board.
func reminderNotice(u *work.Unit, gs *game.Game, p *archive.Player, intro []string) error {
	notice(u, gs, p, intro, true)
	return nil
}

// notice queues intro for p about gs, or adds it to the notice queued
// already; noBoard marks a reminder.
func notice(u *work.Unit, gs *game.Game, p *archive.Player, intro []string, noBoard bool) {
	for i := range u.Notices {
		if n := &u.Notices[i]; n.Game == gs.Row.ID && n.Player.ID == p.ID {
			n.Intro = append(n.Intro, intro...)
			return
		}
	}
	u.Notices = append(u.Notices, work.Notice{Game: gs.Row.ID, Player: p, Intro: slices.Clip(intro), NoBoard: noBoard})
}

// FlushNotices sends the notices u queued, one mail each, with the board
// of its game as the whole unit left it: what ends every unit of work.
func FlushNotices(u *work.Unit) error {
	for _, n := range u.Notices {
		gs, err := Load(u, n.Game)
		if err != nil {
			return err
		}
		sec := reply.Section{Game: gs.Row.ID}
		// A reminder carries the board only for a player who asked for
		// them all; a player who wants none gets none (set boards).
		if n.Player.Boards == "none" || n.NoBoard && n.Player.Boards != "all" {
			sec.Lines = []string{fmt.Sprintf("\"board %d\" sends the board.", gs.Row.ID)}
		} else if sec.Board, err = boardOf(u, gs, nil, nil); err != nil {
			return err
		}
		subject, err := Subject(u, gs)
		if err != nil {
			return err
		}
		err = u.Send(reply.Mail{
			To: n.Player.Address, Player: n.Player, Game: gs.Row.ID, Subject: subject,
			View: reply.View{Intro: n.Intro, Sections: []reply.Section{sec}, HowTo: HowTo(u, gs, n.Player)},
			Auto: "auto-generated",
		})
		if err != nil {
			return err
		}
	}
	u.Notices = nil
	return nil
}

// TellAll queues intro for every player of gs but seat skip (-1: none) and
// the actor (whose reply says it), and for its observers.
func TellAll(u *work.Unit, gs *game.Game, skip engine.Player, intro []string) error {
	return tellEach(u, gs, skip, func(*archive.Player) ([]string, error) { return intro, nil })
}

// tellEach is TellAll with the intro of each player written by intro.
func tellEach(u *work.Unit, gs *game.Game, skip engine.Player, intro func(*archive.Player) ([]string, error)) error {
	tell := func(p *archive.Player) error {
		lines, err := intro(p)
		if err != nil {
			return err
		}
		return Notice(u, gs, p, lines)
	}
	for i, p := range gs.Players {
		if engine.Player(i) == skip || u.Actor != nil && p.ID == u.Actor.ID {
			continue
		}
		if err := tell(p); err != nil {
			return err
		}
	}
	obs, err := u.Tx.Observers(gs.Row.ID)
	if err != nil {
		return err
	}
	for _, id := range obs {
		p, err := u.Tx.PlayerByID(id)
		if err != nil {
			return err
		}
		if err := tell(p); err != nil {
			return err
		}
	}
	return nil
}
