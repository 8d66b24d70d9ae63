package club

import (
	"fmt"
	"slices"

	"postal/archive"
	"postal/club/game"
	"postal/club/reply"
	"postal/engine"
)

// One forfeit (issue 33): a player resigns, runs out of time or is taken
// out of a tournament. The engine says what it does (engine.Forfeit): in a
// game of two the game ends, the other player winning; in a game of more
// the player leaves, a move of the record, and the others play on (R13d).

// forfeit takes seat p out of gs for how. reason words the end of a game
// of two ("bob resigned"); a game of more says its own. Whoever is told:
// p (unless the actor, whose reply says it), the other players and the
// observers; when p was to move, the clock of the next player starts.
func (w *job) forfeit(gs *game.Game, p engine.Player, how engine.Leaving, reason string) error {
	wasToMove := slices.Contains(gs.ToMove(), p)
	next, r, err := engine.Forfeit(gs.Pos, p, how)
	if err != nil {
		return reply.Explain(err)
	}
	if next == nil {
		r.Reason = reason
		return w.finish(gs, r)
	}
	msgID := ""
	if how == engine.Resign {
		msgID = w.MsgID
	}
	if err := w.addMove(gs, archive.Move{Ply: next.Ply(), Player: int(p), Text: how.String(), MessageID: msgID, At: w.Now}); err != nil {
		return err
	}
	gs.Pos = next
	gs.Row.Position, gs.Row.Ply, gs.Row.Updated = next.String(), next.Ply(), w.Now
	gs.Row.DrawAgreed = nil // a draw is agreed among the players in: they changed
	place := gs.PlaceAmong(r, p)
	what := map[engine.Leaving]string{engine.Resign: "resigned", engine.Timeout: "ran out of time"}[how]
	if w.ActorID() != gs.Players[p].ID {
		line := fmt.Sprintf("You %s in game #%d and are out, %s.", what, gs.Row.ID, place)
		if !r.Over() {
			line += " The others play on; you will hear when the game ends."
		}
		if err := w.gameNotice(gs, gs.Players[p], []string{line}); err != nil {
			return err
		}
	}
	if err := w.tellAll(gs, p, []string{fmt.Sprintf("%s %s in game #%d and is out, %s.", gs.SeatName(p), what, gs.Row.ID, place)}); err != nil {
		return err
	}
	if r.Over() {
		return w.finish(gs, r)
	}
	if wasToMove {
		if err := w.startTurn(gs); err != nil {
			return err
		}
		for _, q := range gs.ToMove() {
			if err := w.gameNotice(gs, gs.Players[q], []string{fmt.Sprintf("Your move in game #%d (move %d).", gs.Row.ID, gs.MoveNumber())}); err != nil {
				return err
			}
		}
	}
	return w.Tx.UpdateGame(gs.Row)
}

// resign is "resign ID": the actor gives up the game; in a game of more
// they are out at once, on their turn or not (R13d), and the others play
// on.
func (h *handling) resign(id int64) (reply.Section, error) {
	gs, side, err := h.myGame(id)
	if err != nil {
		return reply.Section{}, err
	}
	if !gs.StillIn(side) {
		return reply.Section{}, reply.Refuse(fmt.Sprintf("you are out of game #%d already", id))
	}
	if err := h.Tx.AddEvent(h.Now, "resign", id, h.Actor.ID, ""); err != nil {
		return reply.Section{}, err
	}
	if err := h.forfeit(gs, side, engine.Resign, gs.Players[side].Name+" resigned"); err != nil {
		return reply.Section{}, err
	}
	lines := []string{"Result: " + gs.ResultText() + "."}
	if gs.Row.Status != archive.GameOver {
		lines = []string{fmt.Sprintf("You are out, %s; the others play on.", gs.PlaceAmong(gs.Pos.Result(), side))}
	}
	return reply.Section{Title: fmt.Sprintf("you resigned game #%d", id), Lines: lines, Game: id}, nil
}

// outOfTime takes the players of gs whose time ran out out of it: in a
// game of two the one late loses (the two draw when both were to act); in
// a game of more each leaves, whatever the club's timeout mode: no one
// player's claim could be fair to the others (R13d).
func (w *job) outOfTime(gs *game.Game) error {
	late := gs.ToMove()
	for _, p := range late {
		if err := w.Tx.AddEvent(w.Now, "timeout", gs.Row.ID, gs.Players[p].ID, ""); err != nil {
			return err
		}
	}
	if len(late) > 1 && !gs.More() {
		return w.finish(gs, gs.Pos.Result().Drawn("both players ran out of time"))
	}
	for _, p := range late {
		// A game whose first move never came is lost like any other, not
		// aborted (docs/commands.md, "claim"): both players accepted it
		// and its clock. The reason says so.
		reason := gs.Players[p].Name + " ran out of time"
		if gs.PlayerMoves() == 0 {
			reason += " before the first move"
		}
		if err := w.forfeit(gs, p, engine.Timeout, reason); err != nil {
			return err
		}
		if gs.Row.Status != archive.GameActive {
			break
		}
	}
	return nil
}
