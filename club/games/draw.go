package games

import (
	"errors"
	"fmt"
	"slices"

	"postal/archive"
	"postal/club/game"
	"postal/club/reply"
	"postal/club/work"
	"postal/docs/words"
	"postal/engine"
	"postal/notation"
)

// One draw: the game keeps the seats that agreed to a draw and is drawn
// when every player still in has (game.Game.AgreeDraw; R13e, and R10 in a
// game of two: when the other accepts the offer). A move by a player who
// has not agreed declines it (game.Moved.Declined), and everyone it asked
// is told, once (tellDeclined).

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
	if !gs.More() {
		told := fmt.Sprintf("%s offers a draw in game #%d. Write \"draw\" to accept; a move declines.", u.Actor.Name, id)
		if q, ok := gs.OpponentOfTwo(side); ok {
			if err := Notice(u, gs, gs.Players[q], []string{told}); err != nil {
				return reply.Section{}, err
			}
		}
		answer := gs.DrawWaiting() + " accepts it by writing \"draw\"; a move declines it."
		return reply.Section{Title: fmt.Sprintf("draw offered in game #%d", id), Lines: []string{answer}, Game: id}, nil
	}
	// In a game of more, the first to agree offers the draw; each after
	// agrees to it, and hears so, with who must still agree: their
	// "draw" answered an offer, it made none.
	offered := len(gs.Row.DrawAgreed) == 1
	offerer := gs.Players[gs.Row.DrawAgreed[0]].Name
	for i, pl := range gs.Players {
		p := engine.Player(i)
		if p == side || !gs.StillIn(p) {
			continue
		}
		var told string
		switch {
		case offered:
			told = fmt.Sprintf("%s agrees to a draw in game #%d; it needs every player still in: %s. Write \"draw\" to agree; a move declines.", u.Actor.Name, id, gs.DrawWaiting())
		case slices.Contains(gs.Row.DrawAgreed, i):
			told = fmt.Sprintf("%s agrees to the draw in game #%d too; it still needs %s.", u.Actor.Name, id, gs.DrawWaiting())
		default:
			told = fmt.Sprintf("%s agrees to the draw %s offered in game #%d; it still needs %s. Write \"draw\" to agree; a move declines.", u.Actor.Name, offerer, id, gs.DrawWaiting())
		}
		if err := Notice(u, gs, pl, []string{told}); err != nil {
			return reply.Section{}, err
		}
	}
	by := "one of them"
	if len(d.Waiting) == 1 {
		by = gs.Players[d.Waiting[0]].Name
	}
	if offered {
		answer := fmt.Sprintf("It needs every player still in: %s. A move by %s declines it.", gs.DrawWaiting(), by)
		return reply.Section{Title: fmt.Sprintf("draw offered in game #%d", id), Lines: []string{answer}, Game: id}, nil
	}
	var before []string
	for _, seat := range gs.Row.DrawAgreed[1:] {
		if engine.Player(seat) != side {
			before = append(before, gs.Players[seat].Name)
		}
	}
	answer := fmt.Sprintf("%s offered it; %s agreed. It still needs %s; a move by %s declines it.", offerer, words.And(append(before, "you")), gs.DrawWaiting(), by)
	return reply.Section{Title: fmt.Sprintf("you agreed to the draw in game #%d", id), Lines: []string{answer}, Game: id}, nil
}

// tellDeclined tells the players still in of gs, but mover, that mover
// declined the draw by moving: in a game of two the one who offered it; in
// a game of more every player it asked, those who had agreed (agreed) and
// those who had not, since the draw they were asked to agree to is gone.
func tellDeclined(u *work.Unit, gs *game.Game, mover engine.Player, agreed []int) error {
	if len(agreed) == 0 {
		return nil
	}
	line := fmt.Sprintf("%s declined your draw offer by moving.", gs.Players[mover].Name)
	if gs.More() {
		line = fmt.Sprintf("%s declined the draw by moving.", gs.Players[mover].Name)
	}
	for i, pl := range gs.Players {
		p := engine.Player(i)
		if gs.Row.Status != archive.GameActive {
			break
		}
		if p == mover || !gs.StillIn(p) || !gs.More() && !slices.Contains(agreed, i) {
			continue
		}
		if err := tellPlayer(u, gs, pl, line); err != nil {
			return err
		}
	}
	return nil
}
