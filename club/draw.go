package club

import (
	"fmt"
	"slices"

	"postal/archive"
	"postal/engine"
)

// One draw (issue 33): a game keeps the set of seats that agreed to a draw
// (archive.Game.DrawAgreed); the game is drawn when every player still in
// has (R13e: in a game of two, when the other accepts the offer). A move by
// a player who has not agreed declines it: the set empties, and those who
// had agreed are told, once.

// draw is "draw ID": the actor offers a draw, or agrees to (accepts) one.
func (h *handling) draw(id int64) (section, error) {
	gs, side, err := h.myGame(id)
	if err != nil {
		return section{}, err
	}
	if !gs.stillIn(side) {
		return section{}, refuse(fmt.Sprintf("you are out of game #%d", id), "A draw is agreed among the players still in.")
	}
	if slices.Contains(gs.row.DrawAgreed, int(side)) {
		if !gs.more() {
			return section{}, refuse("you have already offered a draw", "Your opponent accepts it by writing \"draw\"; a move declines it.")
		}
		return section{}, refuse("you have agreed to a draw already", "It needs "+gs.drawWaiting()+"; a move by one of them declines it.")
	}
	gs.row.DrawAgreed = append(gs.row.DrawAgreed, int(side))
	gs.row.Updated = h.now
	waiting := gs.drawWaiting()
	if waiting == "" {
		if err := h.tx.AddEvent(h.now, "draw-accepted", id, h.actor.ID, ""); err != nil {
			return section{}, err
		}
		if err := h.finish(gs, gs.pos.Result().Drawn("agreed by the players")); err != nil {
			return section{}, err
		}
		return section{Title: fmt.Sprintf("draw agreed in game #%d", id), Lines: []string{"Result: " + gs.resultText() + "."}, game: id}, nil
	}
	if err := h.tx.UpdateGame(gs.row); err != nil {
		return section{}, err
	}
	if err := h.tx.AddEvent(h.now, "draw-offer", id, h.actor.ID, ""); err != nil {
		return section{}, err
	}
	told := fmt.Sprintf("%s offers a draw in game #%d. Write \"draw\" to accept; a move declines.", h.actor.Name, id)
	reply := waiting + " accepts it by writing \"draw\"; a move declines it."
	if gs.more() {
		told = fmt.Sprintf("%s agrees to a draw in game #%d; it needs every player still in: %s. Write \"draw\" to agree; a move declines.", h.actor.Name, id, waiting)
		reply = fmt.Sprintf("It needs every player still in: %s. A move by one of them declines it.", waiting)
	}
	for i, pl := range gs.players {
		if p := engine.Player(i); p != side && gs.stillIn(p) {
			if err := h.gameNotice(gs, pl, []string{told}); err != nil {
				return section{}, err
			}
		}
	}
	return section{Title: fmt.Sprintf("draw offered in game #%d", id), Lines: []string{reply}, game: id}, nil
}

// drawWaiting names the players still in who have not agreed to the draw
// of gs: "bob and carol"; "" when none.
func (gs *gameState) drawWaiting() string {
	var names []string
	for i, pl := range gs.players {
		if gs.stillIn(engine.Player(i)) && !slices.Contains(gs.row.DrawAgreed, i) {
			names = append(names, pl.Name)
		}
	}
	if len(names) == 0 {
		return ""
	}
	return seatsText(names, 0)
}

// drawStatus is what "status" says of the draw of gs: ", bob offers a
// draw", ", a draw needs carol"; "" when nobody agreed to one.
func (gs *gameState) drawStatus() string {
	switch {
	case len(gs.row.DrawAgreed) == 0:
		return ""
	case gs.more():
		return ", a draw needs " + gs.drawWaiting()
	}
	return fmt.Sprintf(", %s offers a draw", gs.players[gs.row.DrawAgreed[0]].Name)
}

// declineDraw ends the agreement to a draw in gs when mover, who has not
// agreed, moves instead; it returns the seats that had agreed, whom
// tellDeclined tells.
func (w *work) declineDraw(gs *gameState, mover engine.Player) ([]int, error) {
	agreed := gs.row.DrawAgreed
	if len(agreed) == 0 || slices.Contains(agreed, int(mover)) {
		return nil, nil
	}
	gs.row.DrawAgreed = nil
	return agreed, w.tx.AddEvent(w.now, "draw-declined", gs.row.ID, gs.players[mover].ID, "")
}

// tellDeclined tells each seat of agreed that mover declined their draw by
// moving.
func (w *work) tellDeclined(gs *gameState, mover engine.Player, agreed []int) error {
	line := fmt.Sprintf("%s declined your draw offer by moving.", gs.players[mover].Name)
	if gs.more() {
		line = fmt.Sprintf("%s declined the draw by moving.", gs.players[mover].Name)
	}
	for _, seat := range agreed {
		if gs.row.Status != archive.GameActive {
			break
		}
		if err := w.tellPlayer(gs, gs.players[seat], line); err != nil {
			return err
		}
	}
	return nil
}
