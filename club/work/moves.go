package work

import (
	"slices"
	"time"

	"postal/archive"
)

// A mail's move loads its game several times in one unit: its options
// name it, the command loads it, the reply and the turn notice show it.
// Its row is read each time (cheap, and what says where it stands), but its
// moves, the bulk of a load and every one of them parsed, are read once:
// the log only grows, and only by AddMove, which adds to what was kept
// the move as the archive will give it back.

// keptMoves are a game's moves as read while its row said ply.
type keptMoves struct {
	ply   int
	moves []archive.Move
}

// Moves returns the moves of game gameID, whose row says it is at ply:
// read from the archive the first time in this unit, or again when the
// row has moved on since.
func (u *Unit) Moves(gameID int64, ply int) ([]archive.Move, error) {
	if k, ok := u.moves[gameID]; ok && k.ply == ply {
		// A copy: a game appends the plies it takes to its own log.
		return slices.Clone(k.moves), nil
	}
	moves, err := u.Tx.Moves(gameID)
	if err != nil {
		return nil, err
	}
	if u.moves == nil {
		u.moves = map[int64]keptMoves{}
	}
	u.moves[gameID] = keptMoves{ply: ply, moves: slices.Clone(moves)}
	return moves, nil
}

// AddMove appends m to the log of game gameID, as archive.Tx.AddMove
// does, and to the game's moves kept (Moves), now those of ply m.Ply.
func (u *Unit) AddMove(gameID int64, m archive.Move) error {
	k, ok := u.moves[gameID]
	delete(u.moves, gameID)
	if err := u.Tx.AddMove(gameID, m); err != nil {
		return err
	}
	if ok && m.Ply == k.ply+1 {
		// The archive keeps a move's time in UTC to the millisecond.
		m.At = m.At.UTC().Truncate(time.Millisecond)
		u.moves[gameID] = keptMoves{ply: m.Ply, moves: append(k.moves, m)}
	}
	return nil
}
