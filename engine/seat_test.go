package engine

import "testing"

// SeatNamed reads first and second, or a seat's own name in any case, of
// the seats given: a game of two's sides as a game of more's seats.
func TestSeatNamedReadsFirstSecondAndSideNames(t *testing.T) {
	two := []string{"White", "Black"}
	three := []string{"South", "West", "North"}
	for _, c := range []struct {
		seats []string
		name  string
		want  Player
		ok    bool
	}{
		{two, "first", First, true},
		{two, "Second", Second, true},
		{two, "black", Second, true},
		{two, " WHITE ", First, true},
		{two, "north", 0, false},
		{two, "random", 0, false},
		{two, "", 0, false},
		{three, "north", 2, true},
		{three, "second", Second, true},
		{three, "east", 0, false},
		{[]string{"First", "Second"}, "second", Second, true},
	} {
		if got, ok := SeatNamed(c.seats, c.name); got != c.want || ok != c.ok {
			t.Errorf("SeatNamed(%v, %q): %d, %v; want %d, %v", c.seats, c.name, got, ok, c.want, c.ok)
		}
	}
}
