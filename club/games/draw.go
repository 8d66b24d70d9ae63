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

// One draw: the game keeps the seats that agreed to a draw and is drawn
// when every player still in has (game.Game.AgreeDraw; R13e, and R10 in a
// game of two: when the other accepts the offer). A move by a player who
// has not agreed declines it (game.Moved.Declined), and those who had
// agreed are told, once (tellDeclined).

// Draw is "draw ID": the actor offers a draw, or agrees to (accepts) one.
func Draw(u *work.Unit, c notation.Command) (reply.Section, error) {
	id := c.ID
	gs, side, err := Mine(u, id)
	if err != nil {
		return reply.Section{}, err
	}
	d, err := gs.AgreeDraw(side, u.Now)
	switch {
	case errors.Is(err, game.ErrOut):
		return reply.Section{}, reply.Refuse(fmt.Sprintf("you are out of game #%d", id), "A draw is agreed among the players still in.")
	case errors.Is(err, game.ErrAgreed) && !gs.More():
		return reply.Section{}, reply.Refuse("you have already offered a draw", "Your opponent accepts it by writing \"draw\"; a move declines it.")
	case errors.Is(err, game.ErrAgreed):
		return reply.Section{}, reply.Refuse("you have agreed to a draw already", "It needs "+gs.DrawWaiting()+"; a move by one of them declines it.")
	case err != nil:
		return reply.Section{}, err
	}
	if d.Agreed() {
		if err := u.Tx.AddEvent(u.Now, "draw-accepted", id, u.Actor.ID, ""); err != nil {
			return reply.Section{}, err
		}
		if err := Finish(u, gs, d.Result); err != nil {
			return reply.Section{}, err
		}
		return reply.Section{Title: fmt.Sprintf("draw agreed in game #%d", id), Lines: []string{"Result: " + gs.ResultText() + "."}, Game: id}, nil
	}
	if err := u.Tx.UpdateGame(gs.Row); err != nil {
		return reply.Section{}, err
	}
	if err := u.Tx.AddEvent(u.Now, "draw-offer", id, u.Actor.ID, ""); err != nil {
		return reply.Section{}, err
	}
	waiting := gs.DrawWaiting()
	told := fmt.Sprintf("%s offers a draw in game #%d. Write \"draw\" to accept; a move declines.", u.Actor.Name, id)
	answer := waiting + " accepts it by writing \"draw\"; a move declines it."
	if gs.More() {
		told = fmt.Sprintf("%s agrees to a draw in game #%d; it needs every player still in: %s. Write \"draw\" to agree; a move declines.", u.Actor.Name, id, waiting)
		answer = fmt.Sprintf("It needs every player still in: %s. A move by one of them declines it.", waiting)
	}
	for i, pl := range gs.Players {
		if p := engine.Player(i); p != side && gs.StillIn(p) {
			if err := Notice(u, gs, pl, []string{told}); err != nil {
				return reply.Section{}, err
			}
		}
	}
	return reply.Section{Title: fmt.Sprintf("draw offered in game #%d", id), Lines: []string{answer}, Game: id}, nil
}

// tellDeclined tells each seat of agreed that mover declined their draw by
// moving.
func tellDeclined(u *work.Unit, gs *game.Game, mover engine.Player, agreed []int) error {
	line := fmt.Sprintf("%s declined your draw offer by moving.", gs.Players[mover].Name)
	if gs.More() {
		line = fmt.Sprintf("%s declined the draw by moving.", gs.Players[mover].Name)
	}
	for _, seat := range agreed {
		if gs.Row.Status != archive.GameActive {
			break
		}
		if err := tellPlayer(u, gs, gs.Players[seat], line); err != nil {
			return err
		}
	}
	return nil
}
