package games

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"postal/archive"
	"postal/club/game"
	"postal/club/reply"
	"postal/club/work"
	"postal/engine"
	"postal/notation"
)

// Move is "move ID MOVE", or a move alone in a reply about the game: the
// actor plays a move of theirs. The game judges it (game.Game.Move) and
// Commit writes it and tells the players.
func Move(u *work.Unit, c notation.Command, p notation.Parsed) (reply.Section, error) {
	gs, side, err := Mine(u, c.ID)
	if err != nil {
		return reply.Section{}, err
	}
	if how, ok := engine.ParseLeaving(c.Move); ok && gs.More() {
		// Leaving is a move of the record in a game of more than two, but
		// no one plays "timeout": the clock does.
		if how != engine.Resign {
			return reply.Section{}, reply.Refuse(fmt.Sprintf("%q is not a move", c.Move), "The clock takes a player out when their time runs out.")
		}
		return Resign(u, c)
	}
	switch {
	case gs.More() && !gs.StillIn(side):
		// Out of a game of more (R13d): no turn of theirs will come.
		return reply.Section{}, reply.Refuse(fmt.Sprintf("you are out of game #%d", gs.Row.ID), fmt.Sprintf("You left it, %s; the others play on, and you will hear when it ends. Nothing was played.", gs.PlaceAmong(gs.Pos.Result(), side)))
	case !engine.Acts(gs.Pos, side):
		return reply.Section{}, reply.Refuse(fmt.Sprintf("it is not your turn in game #%d", gs.Row.ID), fmt.Sprintf("It is move %d and %s to move. Nothing was played.", gs.MoveNumber(), gs.WhoMoves()))
	}
	if c.Guard != 0 && c.Guard != gs.MoveNumber() {
		why := "Your move was written against a board that has changed since"
		if c.Guard > gs.MoveNumber() {
			why = fmt.Sprintf("Your move was written for move %d, which the game has not reached", c.Guard)
		}
		return reply.Section{}, reply.Refuse(fmt.Sprintf("the game is at move %d, not move %d", gs.MoveNumber(), c.Guard),
			fmt.Sprintf("%s; nothing was played. \"board %d\" shows the board now.", why, gs.Row.ID))
	}
	mv, err := gs.Move(side, c.Move, u.Now, u.MsgID)
	if err != nil {
		return reply.Section{}, moveRefusal(gs, side, c, p, err)
	}
	if err := Commit(u, gs, mv); err != nil {
		return reply.Section{}, err
	}
	sec := reply.Section{Title: fmt.Sprintf("%s played in game #%d", mv.Move, gs.Row.ID), Game: gs.Row.ID}
	// The confirmation of one's own move carries no board (light mail):
	// the player has just seen it. A move that ends the game shows the
	// end, and the mail's first line says how; when it is the mover's turn
	// again (an opponent's conditional answer was played at once), the
	// board is the one to answer. "set boards all" or "none" says
	// otherwise.
	show := gs.Row.Status == archive.GameOver || slices.Contains(gs.ToMove(), side)
	switch u.Actor.Boards {
	case "all":
		show = true
	case "none":
		show = false
	}
	if !show {
		sec.Lines = []string{fmt.Sprintf("\"board %d\" sends the board.", gs.Row.ID)}
		return sec, nil
	}
	b, err := boardOf(u, gs, nil, nil)
	if err != nil {
		return reply.Section{}, err
	}
	sec.Board = b
	return sec, nil
}

// moveRefusal is the refusal of the move of c, by seat in gs, written on
// the line p: reply.ExplainMove's. A game the engine cannot go on with is
// no refusal but the failure of the whole unit.
func moveRefusal(gs *game.Game, seat engine.Player, c notation.Command, p notation.Parsed, err error) error {
	var broken *game.BrokenError
	if errors.As(err, &broken) {
		return work.Permanent(err)
	}
	// The move text ends the line, so its column is from the end.
	col := len([]rune(p.Text)) - len([]rune(c.Move)) + 1
	return reply.ExplainMove(err, &reply.Move{Text: c.Move, Game: gs.Row.ID, Rules: gs.Info, Pos: gs.Pos, Seat: seat, SeatName: gs.SeatName(seat),
		Line: p.Line, LineText: p.Text, Col: col})
}

// Commit writes mv, the move gs has just taken (game.Game.Move, Play), to
// the archive: the plies it logs, the draw it declined, the clock, the new
// position; then it tells the players: a turn notice to whoever moves
// next, news of the move in a game of more, or the game-over mail. A
// conditional answer that foresaw the move is played at once, through
// this same path.
func Commit(u *work.Unit, gs *game.Game, mv game.Moved) error { return commit(u, gs, mv, false) }

// commit is Commit; answer marks a conditional answer (answerConditions),
// which the player to move next is told of.
func commit(u *work.Unit, gs *game.Game, mv game.Moved, answer bool) error {
	side, move := mv.Seat, mv.Move
	for _, m := range mv.Plies {
		if err := u.AddMove(gs.Row.ID, m); err != nil {
			return err
		}
	}
	if mv.Declined != nil {
		if err := u.Tx.AddEvent(u.Now, "draw-declined", gs.Row.ID, gs.Players[side].ID, ""); err != nil {
			return err
		}
	}
	spendClock(u, gs, side)
	if err := startTurn(u, gs); err != nil {
		return err
	}
	if err := u.Tx.AddEvent(u.Now, "move", gs.Row.ID, gs.Players[side].ID, move); err != nil {
		return err
	}
	if mv.Result.Over() {
		return Finish(u, gs, mv.Result)
	}
	if err := u.Tx.UpdateGame(gs.Row); err != nil {
		return err
	}
	if gs.More() {
		if err := moveNews(u, gs, side, move); err != nil {
			return err
		}
	}
	var after []string
	if answer {
		after = append(after, answeredLine(gs, side, move))
	}
	// Conditional moves: a line that foresaw this move has its answer
	// played at once, through this same path; its player is told instead
	// of getting their turn.
	answered, err := answerConditions(u, gs, mv, &after)
	if err != nil {
		return err
	}
	if !answered {
		if err := turnNotices(u, gs, side, move, after, answer); err != nil {
			return err
		}
	}
	return tellDeclined(u, gs, side, mv.Declined)
}

// turnNotices tells the players who must act now, other than the one who
// just played move (who has the reply), that it is their move: what was
// played first, then after. answer marks a conditional answer to the
// sender's move, which their reply tells them of.
func turnNotices(u *work.Unit, gs *game.Game, mover engine.Player, move string, after []string, answer bool) error {
	for _, p := range gs.ToMove() {
		if p == mover && u.Actor != nil && u.Actor.ID == gs.Players[p].ID {
			continue
		}
		if answer && u.Actor != nil && u.Actor.ID == gs.Players[p].ID {
			// The move of the sender was answered at once: the reply says so.
			u.Lead = append(u.Lead, after...)
			continue
		}
		first := fmt.Sprintf("%s played %s in game #%d. Your move (move %d).", gs.Players[mover].Name, move, gs.Row.ID, gs.MoveNumber())
		if p == mover {
			first = fmt.Sprintf("Your move in game #%d (move %d).", gs.Row.ID, gs.MoveNumber())
		}
		if err := Notice(u, gs, gs.Players[p], append([]string{first}, after...)); err != nil {
			return err
		}
	}
	return nil
}

// Preview is "preview ID MOVE": the board after a move, not played; and
// "preview ID if LINE", the board after a conditional line (previewLine).
func Preview(u *work.Unit, c notation.Command, p notation.Parsed) (reply.Section, error) {
	if c.Setting == "if" {
		return previewLine(u, c, p)
	}
	gs, err := Named(u, c.ID)
	if err != nil {
		return reply.Section{}, err
	}
	if gs.Row.Status != archive.GameActive {
		// A game adjudicated or forfeited ends in a position where the
		// rules would still let the sides move: its row says it is over.
		return reply.Section{}, reply.Refuse(fmt.Sprintf("game #%d is over", gs.Row.ID), "Result: "+gs.ResultText()+".")
	}
	side := gs.Side(u.Actor)
	if side < 0 || !engine.Acts(gs.Pos, side) {
		// Anyone may look at what the side to move could do.
		tm := gs.ToMove()
		if len(tm) == 0 {
			return reply.Section{}, reply.Refuse(fmt.Sprintf("game #%d is over", gs.Row.ID))
		}
		side = tm[0]
	}
	next, m, err := notation.PlayMove(gs.Pos, side, c.Move)
	if err != nil {
		return reply.Section{}, moveRefusal(gs, side, c, p, err)
	}
	b, err := boardOf(u, gs, next, &preview{after: m.String(), moves: 1})
	if err != nil {
		return reply.Section{}, err
	}
	return reply.Section{Title: fmt.Sprintf("preview of %s in game #%d (nothing played)", m, gs.Row.ID), Board: b, Game: gs.Row.ID,
		Lines: []string{fmt.Sprintf("To play it, write \"move %d #%d %s\".", gs.Row.ID, gs.MoveNumber(), m)}}, nil
}

// Moves is "moves ID": the legal moves of the players to move.
func Moves(u *work.Unit, c notation.Command) (reply.Section, error) {
	id := c.ID
	gs, err := Named(u, id)
	if err != nil {
		return reply.Section{}, err
	}
	if gs.Row.Status != archive.GameActive {
		return reply.Section{}, reply.Refuse(fmt.Sprintf("game #%d is over", id), "Result: "+gs.ResultText()+".")
	}
	var pre []string
	for _, p := range gs.ToMove() {
		pre = append(pre, fmt.Sprintf("%s:\n%s", gs.SeatName(p), reply.LegalMoves(id, gs.Info, gs.Pos, p, 0)))
	}
	return reply.Section{Title: fmt.Sprintf("legal moves in game #%d (move %d)", id, gs.MoveNumber()), Pre: strings.Join(pre, "\n\n"), Game: id}, nil
}

// Board is "board ID": the board of a game, to anyone.
func Board(u *work.Unit, c notation.Command) (reply.Section, error) {
	id := c.ID
	gs, err := Named(u, id)
	if err != nil {
		return reply.Section{}, err
	}
	b, err := boardOf(u, gs, nil, nil)
	if err != nil {
		return reply.Section{}, err
	}
	return reply.Section{Title: fmt.Sprintf("board of game #%d", id), Board: b, Game: id}, nil
}

// Observe is "observe ID" and "unobserve ID": the mails of a game's end to
// one who does not play it.
func Observe(u *work.Unit, c notation.Command) (reply.Section, error) {
	gs, err := Named(u, c.ID)
	if err != nil {
		return reply.Section{}, err
	}
	if c.Verb == notation.CmdObserve {
		if gs.Side(u.Actor) >= 0 {
			return reply.Section{}, reply.Refuse(fmt.Sprintf("you play in game #%d", c.ID), "Players get every mail of their games already.")
		}
		if _, err := u.Tx.AddObserver(c.ID, u.Actor.ID); err != nil {
			return reply.Section{}, err
		}
		if err := u.Tx.AddEvent(u.Now, "observe", c.ID, u.Actor.ID, ""); err != nil {
			return reply.Section{}, err
		}
		b, err := boardOf(u, gs, nil, nil)
		if err != nil {
			return reply.Section{}, err
		}
		return reply.Section{Title: fmt.Sprintf("you observe game #%d", c.ID), Lines: []string{"You will get a mail when it ends. \"unobserve " + fmt.Sprint(c.ID) + "\" stops this."}, Board: b, Game: c.ID}, nil
	}
	removed, err := u.Tx.RemoveObserver(c.ID, u.Actor.ID)
	if err != nil {
		return reply.Section{}, err
	}
	if !removed {
		return reply.Section{}, reply.Refuse(fmt.Sprintf("you do not observe game #%d", c.ID))
	}
	if err := u.Tx.AddEvent(u.Now, "unobserve", c.ID, u.Actor.ID, ""); err != nil {
		return reply.Section{}, err
	}
	return reply.Section{Title: fmt.Sprintf("you no longer observe game #%d", c.ID), Game: c.ID}, nil
}

// moveNews tells the players of gs still in, other than mover (who has the
// reply) and those to move now (who get their turn), what mover played:
// news of each move.
func moveNews(u *work.Unit, gs *game.Game, mover engine.Player, move string) error {
	line := fmt.Sprintf("%s played %s in game #%d; %s to move.", gs.SeatName(mover), move, gs.Row.ID, gs.WhoMoves())
	for i, pl := range gs.Players {
		p := engine.Player(i)
		if p == mover || !gs.StillIn(p) || slices.Contains(gs.ToMove(), p) {
			continue
		}
		// The sender hears of a conditional answer to their move (the
		// only move news they get) in their reply.
		if err := tellPlayer(u, gs, pl, line); err != nil {
			return err
		}
	}
	return nil
}
