package games

import (
	"errors"
	"fmt"

	"postal/archive"
	"postal/club/game"
	"postal/club/reply"
	"postal/club/work"
	"postal/engine"
	"postal/notation"
)

// One forfeit: a player resigns, runs out of time or is taken out of a
// tournament. The game decides what it does (game.Game.Forfeit: in a game
// of two the game ends, the other player winning; in a game of more the
// player leaves, a move of the record, and the others play on, R13d);
// here it is written and told.

// Resign is "resign ID": the actor gives up the game; in a game of more
// they are out at once, on their turn or not (R13d), and the others play
// on.
func Resign(u *work.Unit, c notation.Command) (reply.Section, error) {
	id := c.ID
	gs, side, err := Mine(u, id)
	if err != nil {
		return reply.Section{}, err
	}
	l, err := gs.Resign(side, u.Now, u.MsgID)
	switch {
	case errors.Is(err, game.ErrOut):
		return reply.Section{}, reply.Refuse(fmt.Sprintf("you are out of game #%d already", id))
	case err != nil:
		return reply.Section{}, reply.Explain(err)
	}
	if err := u.Tx.AddEvent(u.Now, "resign", id, u.Actor.ID, ""); err != nil {
		return reply.Section{}, err
	}
	if err := leave(u, gs, l); err != nil {
		return reply.Section{}, err
	}
	lines := []string{"Result: " + gs.ResultText() + "."}
	if gs.Row.Status != archive.GameOver {
		lines = []string{fmt.Sprintf("You are out, %s; the others play on.", gs.PlaceAmong(gs.Pos.Result(), side))}
	}
	return reply.Section{Title: fmt.Sprintf("you resigned game #%d", id), Lines: lines, Game: id}, nil
}

// Forfeit takes seat p out of gs for how. reason words the end of a game
// of two ("bob resigned"); a game of more says its own.
func Forfeit(u *work.Unit, gs *game.Game, p engine.Player, how engine.Leaving, reason string) error {
	l, err := gs.Forfeit(p, how, reason, u.Now, u.MsgID)
	if err != nil {
		return reply.Explain(err)
	}
	return leave(u, gs, l)
}

// leave writes l, a forfeit gs has just taken, and tells whoever is told:
// the player who left (unless the actor, whose reply says it), the other
// players and the observers; when the player was to move, the clock of
// the next player starts.
func leave(u *work.Unit, gs *game.Game, l game.Left) error {
	p, r := l.Seat, l.Result
	if l.Ply == nil {
		return Finish(u, gs, r)
	}
	if err := u.AddMove(gs.Row.ID, *l.Ply); err != nil {
		return err
	}
	place := gs.PlaceAmong(r, p)
	what := map[engine.Leaving]string{engine.Resign: "resigned", engine.Timeout: "ran out of time"}[l.How]
	if u.ActorID() != gs.Players[p].ID {
		line := fmt.Sprintf("You %s in game #%d and are out, %s.", what, gs.Row.ID, place)
		if !r.Over() {
			line += " The others play on; you will hear when the game ends."
		}
		if err := Notice(u, gs, gs.Players[p], []string{line}); err != nil {
			return err
		}
	}
	if err := TellAll(u, gs, p, []string{fmt.Sprintf("%s %s in game #%d and is out, %s.", gs.SeatName(p), what, gs.Row.ID, place)}); err != nil {
		return err
	}
	if r.Over() {
		return Finish(u, gs, r)
	}
	if l.WasToMove {
		if err := startTurn(u, gs); err != nil {
			return err
		}
		for _, q := range gs.ToMove() {
			if err := Notice(u, gs, gs.Players[q], []string{fmt.Sprintf("Your move in game #%d (move %d).", gs.Row.ID, gs.MoveNumber())}); err != nil {
				return err
			}
		}
	}
	return u.Tx.UpdateGame(gs.Row)
}

// OutOfTime takes the players of gs whose time ran out out of it, as the
// game says (game.Game.OutOfTime): in a game of two the one late loses
// (the two draw when both were to act); in a game of more each leaves.
func OutOfTime(u *work.Unit, gs *game.Game) error {
	up := gs.OutOfTime()
	for _, p := range up.Late {
		if err := u.Tx.AddEvent(u.Now, "timeout", gs.Row.ID, gs.Players[p].ID, ""); err != nil {
			return err
		}
	}
	if up.Draw.Over() {
		return Finish(u, gs, up.Draw)
	}
	for _, p := range up.Late {
		if err := Forfeit(u, gs, p, engine.Timeout, gs.TimeoutReason(p)); err != nil {
			return err
		}
		if gs.Row.Status != archive.GameActive {
			break
		}
	}
	return nil
}
