package games

import "testing"

// An error in a line points at its move, with or without commas.
func TestWordCol(t *testing.T) {
	for _, tc := range []struct {
		text, move string
		n, i, want int
	}{
		{"if t1  t2 x7", "t1 t2 x7", 3, 2, 11},
		{"if 12 t1 t2", "t1 t2", 2, 0, 7},
		{"if 3 c2 revive a4, b1-b2,  x9", "c2 revive a4, b1-b2, x9", 3, 2, 28},
		{"if 3 c2 revive a4, b1-b2,  x9", "c2 revive a4, b1-b2, x9", 3, 1, 20},
		{"if 3 c2 revive a4, b1-b2,  x9", "c2 revive a4, b1-b2, x9", 3, 0, 6},
	} {
		if got := wordCol(tc.text, tc.n, tc.i, tc.move); got != tc.want {
			t.Errorf("%q move %d: column %d, want %d", tc.text, tc.i, got, tc.want)
		}
	}
}
