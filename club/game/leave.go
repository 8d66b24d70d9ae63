package game

import (
	"slices"
	"time"

	"postal/archive"
	"postal/engine"
)

// One forfeit, for any number of players: a player resigns, runs out of
// time or is taken out of a tournament. The engine says what it does
// (engine.Forfeit): in a game of two the game ends, the other player
// winning; in a game of more the player leaves, a move of the record, and
// the others play on (R13d), until one is left.

// Left is what a forfeit did to a game.
type Left struct {
	Seat engine.Player  // who forfeited
	How  engine.Leaving // resigned, ran out of time
	// WasToMove says that Seat was to move: the turn passes to the next
	// player, whose clock starts.
	WasToMove bool
	// Ply is the leaving, a move of the record, in a game whose others
	// play on; nil when the forfeit ended a game of two, where nothing is
	// played.
	Ply    *archive.Move
	Result engine.Result // the game's result after it: Over when it ended the game
}

// Forfeit takes seat out of gs for how, at now. reason words the end of a
// game of two ("bob resigned"); a game of more says its own. The leaving
// carries msgID when it is a resignation (a player's message), none when
// the clock or a director made it. A seat out already, or a game over, is
// an *engine.IllegalMoveError.
func (gs *Game) Forfeit(seat engine.Player, how engine.Leaving, reason string, now time.Time, msgID string) (Left, error) {
	l := Left{Seat: seat, How: how, WasToMove: slices.Contains(gs.ToMove(), seat)}
	next, r, err := engine.Forfeit(gs.Pos, seat, how)
	if err != nil {
		return Left{}, err
	}
	l.Result = r
	if next == nil {
		l.Result.Reason = reason
		return l, nil
	}
	if how != engine.Resign {
		msgID = ""
	}
	m := archive.Move{Ply: next.Ply(), Player: int(seat), Text: how.String(), MessageID: msgID, At: now}
	gs.Moves = append(gs.Moves, m)
	l.Ply = &m
	gs.setPosition(next, gs.Pos, now)
	gs.Row.DrawAgreed = nil // a draw is agreed among the players still in: they changed
	return l, nil
}

// Resign is seat giving gs up, at now, by the message msgID: in a game of
// two the other wins; in a game of more seat is out at once, on their turn
// or not, and the others play on (R13d). A player of a game over, or one
// out already, is refused (ErrOver, ErrOut).
func (gs *Game) Resign(seat engine.Player, now time.Time, msgID string) (Left, error) {
	switch {
	case gs.Row.Status != archive.GameActive:
		return Left{}, ErrOver
	case !gs.StillIn(seat):
		return Left{}, ErrOut
	}
	return gs.Forfeit(seat, engine.Resign, gs.Players[seat].Name+" resigned", now, msgID)
}

// TimeUp is what running out of time does to a game: the players whose
// time ran out are those to act (Late); in a game of two where both were
// to act the two draw (Draw is Over); otherwise each of Late forfeits in
// turn (Forfeit with engine.Timeout and TimeoutReason) until the game is
// over. In a game of more each late player leaves whatever the club's
// timeout mode: no one player's claim could be fair to the others (R13d).
type TimeUp struct {
	Late []engine.Player
	Draw engine.Result
}

// OutOfTime says what running out of time does to gs now (TimeUp).
func (gs *Game) OutOfTime() TimeUp {
	t := TimeUp{Late: gs.ToMove()}
	if len(t.Late) > 1 && !gs.More() {
		t.Draw = gs.Pos.Result().Drawn("both players ran out of time")
	}
	return t
}

// TimeoutReason words the loss on time of seat p in a game of two: "bob
// ran out of time". A game whose first move never came is lost like any
// other, not aborted (docs/commands.md, "claim"): its players accepted it
// and its clock; the reason says so.
func (gs *Game) TimeoutReason(p engine.Player) string {
	reason := gs.Players[p].Name + " ran out of time"
	if gs.PlayerMoves() == 0 {
		reason += " before the first move"
	}
	return reason
}
