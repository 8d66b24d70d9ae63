package game

import "errors"

// What the state of a game forbids: the club's handlers word each for the
// command that met it.
var (
	// ErrOver is an act on a game that is over.
	ErrOver = errors.New("game: the game is over")
	// ErrOut is an act of a player who is out of the game (R13d).
	ErrOut = errors.New("game: the player is out of the game")
	// ErrAgreed is a player agreeing again to the draw they agreed to.
	ErrAgreed = errors.New("game: the player has agreed to the draw already")
)

// BrokenError is a game the rules cannot go on with: the engine refuses
// what it drew itself for chance. It is a bug, not a player's mistake, and
// the club fails the whole change rather than answer it.
type BrokenError struct {
	Game int64
	Err  error
}

func (e *BrokenError) Error() string { return e.Err.Error() }

func (e *BrokenError) Unwrap() error { return e.Err }
