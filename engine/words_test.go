package engine

import (
	"slices"
	"testing"
)

// Results and options in words, as mails and the games list show them.
func TestWords(t *testing.T) {
	names := []string{"alice (Light)", "bob (Dark)"}
	for _, tc := range []struct {
		r    Result
		want string
	}{
		{Result{Kind: Win, Winner: Second, Reason: "alice resigned"}, "bob (Dark) wins: alice resigned"},
		{Result{Kind: Draw, Reason: "agreed"}, "Draw: agreed"},
		{Result{Kind: Win, Winner: First}, "alice (Light) wins"},
		{Result{}, ""},
	} {
		if got := tc.r.Words(names); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.r, got, tc.want)
		}
	}
	// A game of four (Superial Chess R13d): the winner by seat.
	four := []string{"alice (South)", "bob (West)", "carol (North)", "dave (East)"}
	if got, want := (Result{Kind: Win, Winner: 2, Reason: "East resigned", Places: []int{3, 4, 1, 2}}).Words(four), "carol (North) wins: East resigned"; got != want {
		t.Errorf("four players: %q, want %q", got, want)
	}
	for _, tc := range []struct {
		rulesets []string
		want     string
	}{
		{nil, ""},
		{[]string{"random"}, "ruleset random"},
		{[]string{"classic", "random"}, "rulesets classic, random"},
	} {
		if got := (Option{Rulesets: tc.rulesets}).RulesetWords(); got != tc.want {
			t.Errorf("%v: %q, want %q", tc.rulesets, got, tc.want)
		}
	}
}

// Moves are numbered for people by the players' moves; chance steps carry
// the number of the move they follow.
func TestMoveNumbers(t *testing.T) {
	numbers, next := MoveNumbers([]PlyText{{Chance, "throw"}, {First, "a"}, {Chance, "throw"}, {Second, "b"}, {First, "c"}})
	if want := []int{0, 1, 1, 2, 3}; !slices.Equal(numbers, want) || next != 4 {
		t.Errorf("numbers %v next %d, want %v next 4", numbers, next, want)
	}
}

// A player's leaving a game of more than two (R13d), on their turn or not,
// by resigning or on time, is no move: the next move keeps the number the
// player to move was sent, and the leaving carries that number. The record
// format's example (docs/record-format.md): 1. South: d1-d2 2. West:
// timeout 3. North: c9-c8 4. South: resign 5. East: i4-h4 6. East: resign.
func TestMoveNumbersLeavingIsNoMove(t *testing.T) {
	const south, west, north, east = Player(0), Player(1), Player(2), Player(3)
	numbers, next := MoveNumbers([]PlyText{{south, "d1-d2"}, {west, "timeout"}, {north, "c9-c8"}, {south, "Resign"}, {east, "i4-h4"}, {east, "resign"}})
	if want := []int{1, 2, 2, 3, 3, 4}; !slices.Equal(numbers, want) || next != 4 {
		t.Errorf("numbers %v next %d, want %v next 4", numbers, next, want)
	}
	for _, c := range []struct {
		p    Player
		text string
		want bool
	}{{south, "d1-d2", true}, {west, "resign", false}, {west, " TIMEOUT ", false}, {Chance, "throw", false}} {
		if got := Counts(c.p, c.text); got != c.want {
			t.Errorf("Counts(%d, %q) = %v, want %v", c.p, c.text, got, c.want)
		}
	}
}
