package game

import (
	"time"

	"postal/archive"
	"postal/engine"
	"postal/notation"
)

// The life of a game, as the rules see it. A Game decides what a move, a
// draw offer, a resignation, a forfeit or a time-out does to it, changes
// itself (its position, its row, its moves) and answers with an outcome:
// a typed value that says what happened (the plies to log, the draw that
// was declined, the result when it ended), from which club/games writes
// the archive and tells the players. Nothing here reads or writes the
// archive, so the rules of a game's life are tested without a database.
//
// A refusal is an error and changes nothing: the engine's typed errors for
// a move the rules refuse (engine.SyntaxError, engine.IllegalMoveError,
// engine.NotYourTurnError), and ErrOver, ErrOut and ErrAgreed for what the
// state of the game forbids.

// Moved is what a move did to a game.
type Moved struct {
	Seat engine.Player // who moved
	Move string        // the move, as the record writes it
	// Plies are what the archive logs of the move: the move, then what
	// chance drew after it.
	Plies []archive.Move
	// Declined are the seats that had agreed to a draw the move declined:
	// a move by a player who had not agreed declines it (R10; R13e, in a
	// game of more: the agreement of every player still in).
	Declined []int
	Result   engine.Result // the game's result after the move: Over when it ended the game
}

// Move plays text, the move of seat as a player wrote it (notation reads
// it, forgiving the ways people write moves), at now, for the message
// msgID. The rules judge it: the move of a game over, of a player who does
// not act now, or one the engine refuses is an error and changes nothing.
func (gs *Game) Move(seat engine.Player, text string, now time.Time, msgID string) (Moved, error) {
	if err := gs.mayMove(seat); err != nil {
		return Moved{}, err
	}
	next, m, err := notation.PlayMove(gs.Pos, seat, text)
	if err != nil {
		return Moved{}, err
	}
	return gs.take(seat, next, m.String(), now, msgID)
}

// Play is Move for text as the record writes it (engine.Play reads it,
// forgiving nothing): a conditional answer kept in the archive, the
// club's bot's move.
func (gs *Game) Play(seat engine.Player, text string, now time.Time, msgID string) (Moved, error) {
	if err := gs.mayMove(seat); err != nil {
		return Moved{}, err
	}
	next, m, err := engine.Play(gs.Pos, seat, text)
	if err != nil {
		return Moved{}, err
	}
	return gs.take(seat, next, m.String(), now, msgID)
}

// mayMove refuses a move of seat in gs as it stands: the game is over, or
// seat does not act now.
func (gs *Game) mayMove(seat engine.Player) error {
	switch {
	case gs.Row.Status != archive.GameActive:
		return ErrOver
	case !engine.Acts(gs.Pos, seat):
		return &engine.NotYourTurnError{Player: seat}
	}
	return nil
}

// take makes next, the position after seat played move, the game's: it
// logs the move, draws what chance draws after it, and declines the draw
// that seat had not agreed to.
func (gs *Game) take(seat engine.Player, next engine.Position, move string, now time.Time, msgID string) (Moved, error) {
	from := len(gs.Moves)
	gs.Moves = append(gs.Moves, archive.Move{Ply: next.Ply(), Player: int(seat), Text: move, MessageID: msgID, At: now})
	after, before, err := gs.drawChance(next, now)
	if err != nil {
		gs.Moves = gs.Moves[:from]
		return Moved{}, err
	}
	if before == nil {
		before = gs.Pos // no chance drawn: the last ply is the move
	}
	gs.setPosition(after, before, now)
	return Moved{
		Seat: seat, Move: move, Plies: gs.Moves[from:len(gs.Moves):len(gs.Moves)],
		Declined: gs.declineDraw(seat), Result: after.Result(),
	}, nil
}

// drawChance draws the chance outcomes pos waits for, from the game's seed,
// and logs them (Moves); it returns the position after them, and the one
// before the last of them (nil when there was none).
func (gs *Game) drawChance(pos engine.Position, now time.Time) (next, before engine.Position, err error) {
	next, before, steps, err := engine.ResolveChanceBefore(pos, gs.Row.Seed)
	if err != nil {
		return nil, nil, &BrokenError{Game: gs.Row.ID, Err: err}
	}
	ply := pos.Ply()
	for _, st := range steps {
		ply++
		gs.Moves = append(gs.Moves, archive.Move{Ply: ply, Player: int(engine.Chance), Text: st.Move.String(), At: now})
	}
	if len(steps) == 0 {
		before = nil
	}
	return next, before, nil
}

// setPosition makes pos the game's, after its last ply from before (nil
// before its first), at now.
func (gs *Game) setPosition(pos, before engine.Position, now time.Time) {
	gs.Pos = pos
	gs.Row.Position, gs.Row.Ply, gs.Row.Updated = pos.String(), pos.Ply(), now
	gs.Row.Previous = ""
	if before != nil {
		gs.Row.Previous = before.String()
	}
}

// Begin draws what chance draws before the first move of gs, which has
// just been set up (a setup drawn by chance), at now: the position and the
// row become the game's first, and the plies drawn are returned, for the
// archive's log.
func (gs *Game) Begin(now time.Time) ([]archive.Move, error) {
	from := len(gs.Moves)
	next, before, err := gs.drawChance(gs.Pos, now)
	if err != nil {
		return nil, err
	}
	gs.setPosition(next, before, now)
	return gs.Moves[from:len(gs.Moves):len(gs.Moves)], nil
}

// End ends gs with r at now, whatever ended it (its last move, a draw
// agreed, a resignation, the clock, a director): the row says the result,
// and nothing of a game in play stays (a draw offered, the clock).
func (gs *Game) End(r engine.Result, now time.Time) {
	gs.Row.Status = archive.GameOver
	gs.Row.Result = r.Score()
	gs.Row.Termination = r.Reason
	gs.Row.Finished, gs.Row.Updated = now, now
	gs.Row.DrawAgreed = nil
	gs.Row.Deadline, gs.Row.Paused, gs.Row.Flagged = time.Time{}, time.Time{}, time.Time{}
}
