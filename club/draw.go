package club

import (
	"fmt"
	"slices"

	"postal/archive"
	"postal/club/game"
	"postal/club/reply"
	"postal/engine"
)

// One draw (issue 33): a game keeps the set of seats that agreed to a draw
// (archive.Game.DrawAgreed); the game is drawn when every player still in
// has (R13e: in a game of two, when the other accepts the offer). A move by
// a player who has not agreed declines it: the set empties, and those who
// had agreed are told, once.

// draw is "draw ID": the actor offers a draw, or agrees to (accepts) one.
func (h *handling) draw(id int64) (reply.Section, error) {
	gs, side, err := h.myGame(id)
	if err != nil {
		return reply.Section{}, err
	}
	if !gs.StillIn(side) {
		return reply.Section{}, reply.Refuse(fmt.Sprintf("you are out of game #%d", id), "A draw is agreed among the players still in.")
	}
	if slices.Contains(gs.Row.DrawAgreed, int(side)) {
		if !gs.More() {
			return reply.Section{}, reply.Refuse("you have already offered a draw", "Your opponent accepts it by writing \"draw\"; a move declines it.")
		}
		return reply.Section{}, reply.Refuse("you have agreed to a draw already", "It needs "+gs.DrawWaiting()+"; a move by one of them declines it.")
	}
	gs.Row.DrawAgreed = append(gs.Row.DrawAgreed, int(side))
	gs.Row.Updated = h.Now
	waiting := gs.DrawWaiting()
	if waiting == "" {
		if err := h.Tx.AddEvent(h.Now, "draw-accepted", id, h.Actor.ID, ""); err != nil {
			return reply.Section{}, err
		}
		if err := h.finish(gs, gs.Pos.Result().Drawn("agreed by the players")); err != nil {
			return reply.Section{}, err
		}
		return reply.Section{Title: fmt.Sprintf("draw agreed in game #%d", id), Lines: []string{"Result: " + gs.ResultText() + "."}, Game: id}, nil
	}
	if err := h.Tx.UpdateGame(gs.Row); err != nil {
		return reply.Section{}, err
	}
	if err := h.Tx.AddEvent(h.Now, "draw-offer", id, h.Actor.ID, ""); err != nil {
		return reply.Section{}, err
	}
	told := fmt.Sprintf("%s offers a draw in game #%d. Write \"draw\" to accept; a move declines.", h.Actor.Name, id)
	answer := waiting + " accepts it by writing \"draw\"; a move declines it."
	if gs.More() {
		told = fmt.Sprintf("%s agrees to a draw in game #%d; it needs every player still in: %s. Write \"draw\" to agree; a move declines.", h.Actor.Name, id, waiting)
		answer = fmt.Sprintf("It needs every player still in: %s. A move by one of them declines it.", waiting)
	}
	for i, pl := range gs.Players {
		if p := engine.Player(i); p != side && gs.StillIn(p) {
			if err := h.gameNotice(gs, pl, []string{told}); err != nil {
				return reply.Section{}, err
			}
		}
	}
	return reply.Section{Title: fmt.Sprintf("draw offered in game #%d", id), Lines: []string{answer}, Game: id}, nil
}

// declineDraw ends the agreement to a draw in gs when mover, who has not
// agreed, moves instead; it returns the seats that had agreed, whom
// tellDeclined tells.
func (w *job) declineDraw(gs *game.Game, mover engine.Player) ([]int, error) {
	agreed := gs.Row.DrawAgreed
	if len(agreed) == 0 || slices.Contains(agreed, int(mover)) {
		return nil, nil
	}
	gs.Row.DrawAgreed = nil
	return agreed, w.Tx.AddEvent(w.Now, "draw-declined", gs.Row.ID, gs.Players[mover].ID, "")
}

// tellDeclined tells each seat of agreed that mover declined their draw by
// moving.
func (w *job) tellDeclined(gs *game.Game, mover engine.Player, agreed []int) error {
	line := fmt.Sprintf("%s declined your draw offer by moving.", gs.Players[mover].Name)
	if gs.More() {
		line = fmt.Sprintf("%s declined the draw by moving.", gs.Players[mover].Name)
	}
	for _, seat := range agreed {
		if gs.Row.Status != archive.GameActive {
			break
		}
		if err := w.tellPlayer(gs, gs.Players[seat], line); err != nil {
			return err
		}
	}
	return nil
}
