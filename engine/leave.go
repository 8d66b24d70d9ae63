package engine

import (
	"fmt"
	"strings"
)

// Leaving is how a player leaves a game of more than two players that the
// others play on without them (Superial Chess, R13d): by resigning, or by
// running out of time. It is a move of that player, the only one a player
// may make out of turn: a record writes it as such ("12. North: resign"), so
// the record replays it, and [Play] reads it back. A two-player game has no
// leaving: a resignation or a timeout ends it, and its record says so in its
// result alone.
type Leaving int

const (
	Resign Leaving = iota + 1
	Timeout
)

// String is the leaving as a record's move: "resign" or "timeout".
func (l Leaving) String() string {
	switch l {
	case Resign:
		return "resign"
	case Timeout:
		return "timeout"
	}
	return fmt.Sprintf("leaving(%d)", int(l))
}

// ParseLeaving reads the text of a leaving: "resign" or "timeout", in any
// case, spaces around ignored. ok is false for any other text.
func ParseLeaving(text string) (l Leaving, ok bool) {
	switch strings.ToLower(strings.TrimSpace(text)) {
	case "resign":
		return Resign, true
	case "timeout":
		return Timeout, true
	}
	return 0, false
}

// OthersPlayOn reports whether a game of seats players is one whose players
// leave while the others play on: a game of more than two, whose positions
// are [Leaver]s, whose draw needs every player still in and whose result
// gives places. It is the one test of "more than two": a game of two ends
// when one player gives it up.
func OthersPlayOn(seats int) bool { return seats > 2 }

// A Leaver is a position of a game in which a player may leave while the
// others play on. Games of two players do not implement it.
type Leaver interface {
	// Leave takes p out of the game, for the reason how, and returns the
	// new position: p is placed behind every player still in, p's turns
	// are skipped from now on, and the game is over when one player is
	// left. p may leave at any time while in the game, not only on their
	// turn (a timeout comes on it). The leaving counts as a ply. A player
	// out already, or a game over, is an *IllegalMoveError.
	Leave(p Player, how Leaving) (Position, error)
}

// Leave takes p out of the game at pos (see [Leaver]). In a game that has no
// leaving (two players: a resignation ends the game) it fails.
func Leave(pos Position, p Player, how Leaving) (Position, error) {
	lv, ok := pos.(Leaver)
	if !ok {
		return nil, Illegal(how.String(), "in this game a player cannot leave while the others play on")
	}
	return lv.Leave(p, how)
}

// Forfeit is p giving the game at pos up, for the reason how: by resigning,
// by running out of time, by leaving a tournament. It is the one place that
// tells a game whose players leave while the others play on (a [Leaver],
// more than two players) from a game of two. In the first, next is the
// position after p left, a move of the record (how.String()), and r the
// game's result then: over when one player is left, else ongoing. In a game
// of two the game ends, the other player winning: next is nil (nothing is
// played) and r the result, whose Reason the caller words. A player who is
// no seat of a game of two, or out already, is an *IllegalMoveError.
func Forfeit(pos Position, p Player, how Leaving) (next Position, r Result, err error) {
	if _, ok := pos.(Leaver); ok {
		if next, err = Leave(pos, p, how); err != nil {
			return nil, Result{}, err
		}
		return next, next.Result(), nil
	}
	switch {
	case pos.Result().Over():
		return nil, Result{}, Illegal(how.String(), "the game is over")
	case p != First && p != Second:
		return nil, Result{}, Illegal(how.String(), "a game of two has no player %d", int(p)+1)
	}
	return nil, Result{Kind: Win, Winner: 1 - p, Reason: how.String()}, nil
}
