package reply

import "testing"

// The caret stands under the column it names, the line's tabs kept before
// it; a long line is shown around the column.
func TestCaret(t *testing.T) {
	for _, c := range []struct {
		line string
		col  int
		want string
	}{
		{"move 2 Pq3-b4", 9, "move 2 Pq3-b4\n        ^"},
		{"move\t2\tPq3-b4", 9, "move\t2\tPq3-b4\n    \t \t ^"},
		{"\tPq3-b4", 3, "\tPq3-b4\n\t ^"},
		{"move 2 Pé3-b4", 9, "move 2 Pé3-b4\n        ^"},
		{"ab", 5, "ab\n  ^"},
	} {
		if got := Caret(c.line, c.col); got != c.want {
			t.Errorf("Caret(%q, %d) = %q, want %q", c.line, c.col, got, c.want)
		}
	}
}
