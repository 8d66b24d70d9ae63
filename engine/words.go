package engine

import "strings"

// What postal says to people about a game, in one place for every game, the
// mail and the site: how a game ended, which moves Legal leaves out, and how
// moves are numbered for people.

// Words says the result for people: "Dark wins: Light cannot move",
// "Draw: the same position occurred for the third time", "" while the game
// goes on. names are what the sides are called, by seat: the game's side
// names, or the players' names with their sides ("bob (Dark)").
func (r Result) Words(names []string) string {
	var s string
	switch r.Kind {
	case Win:
		s = names[r.Winner] + " wins"
	case Draw:
		s = "Draw"
	default:
		return ""
	}
	if r.Reason != "" {
		s += ": " + r.Reason
	}
	return s
}

// RulesetWords says for people which rulesets the option belongs to:
// "ruleset random", "rulesets classic, random", or "" when it belongs to
// them all.
func (o Option) RulesetWords() string {
	switch len(o.Rulesets) {
	case 0:
		return ""
	case 1:
		return "ruleset " + o.Rulesets[0]
	}
	return "rulesets " + strings.Join(o.Rulesets, ", ")
}

// Unlister is a position that knows which kinds of move Legal leaves out
// right now: Imperial Shuffle's arrangements only during the setup,
// Imperial Chess's charges only when one is possible.
type Unlister interface {
	// Unlisted names, for people, the kinds of move of p that Apply
	// accepts now and Legal does not list; "" when Legal lists them all.
	Unlisted(p Player) string
}

// Unlisted names the kinds of move of p that pos accepts and Legal leaves
// out: the position's own answer when it has one, else the game's
// [Info.Unlisted].
func Unlisted(pos Position, p Player, info Info) string {
	if u, ok := pos.(Unlister); ok {
		return u.Unlisted(p)
	}
	return info.Unlisted
}

// PlyText is a ply of a game as written, all that move numbers read of it:
// who made it and its text.
type PlyText struct {
	Player Player
	Text   string
}

// Counts reports whether a ply of p written text counts as a move for
// people (MoveNumbers): a player's move does; a step of chance does not,
// nor a player's leaving a game of more than two ([ParseLeaving]:
// "resign", "timeout", a ply of the record whether or not it was the
// player's turn, R13d), which moves no piece (the player's pieces stay on
// the board), so the board a player to move was sent is still the board.
// A game of two has no leaving ply, and no game writes a move so.
func Counts(p Player, text string) bool {
	if p == Chance {
		return false
	}
	_, leaving := ParseLeaving(text)
	return !leaving
}

// MoveNumbers numbers the moves of a game for people, given its plies in
// order: a player's move counts, from 1; a chance step carries the number
// of the player's move it belongs to, the one before it (0 for the draws
// before the first move); a player's leaving counts for nothing (Counts)
// and carries the number of the move the game is at, the move it comes
// before ("Move 2, North: resign": North left while move 2 was awaited).
// It returns each ply's number and the number of the next player's move.
// Records number every ply, chance and leavings included (see
// docs/record-format.md); mails, boards, the site and the move guard "#N"
// use these, so a player to move whose board a leaving left as it was is
// still at the move their mail named.
func MoveNumbers(plies []PlyText) (numbers []int, next int) {
	numbers = make([]int, len(plies))
	n := 0
	for i, p := range plies {
		switch {
		case Counts(p.Player, p.Text):
			n++
			numbers[i] = n
		case p.Player == Chance:
			numbers[i] = n
		default:
			numbers[i] = n + 1
		}
	}
	return numbers, n + 1
}

// Ender is a position that can show a game ended by something outside its
// rules: a resignation, a loss on time, a draw agreed. Its boards then say
// how the game ended, not who is to move.
type Ender interface {
	// End returns the position as the last of a game that ended with r.
	End(r Result) Position
}

// Ended returns pos as the last position of a game that ended with r, for
// its boards; pos itself when the rules ended the game there, or when pos
// cannot show another end.
func Ended(pos Position, r Result) Position {
	if e, ok := pos.(Ender); ok && r.Over() && !pos.Result().Over() {
		return e.End(r)
	}
	return pos
}
