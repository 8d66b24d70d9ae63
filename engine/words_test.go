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
	numbers, next := MoveNumbers([]Player{Chance, First, Chance, Second, First})
	if want := []int{0, 1, 1, 2, 3}; !slices.Equal(numbers, want) || next != 4 {
		t.Errorf("numbers %v next %d, want %v next 4", numbers, next, want)
	}
}
