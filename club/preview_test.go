package club

import (
	"fmt"
	"strings"
	"testing"

	"postal/club/reply"
)

// TestPreviewIfNumbersByPlies_Issue33: "preview if" shows the board after
// the whole line, and says whose move comes then by the moves the line
// adds (three here: move 4), not one more than now, whatever the line
// holds.
func TestPreviewIfNumbersByPlies_Issue33(t *testing.T) {
	c := newClub(t, Options{})
	aliceMail, _ := c.start("pile=20")
	m := to(t, c.replyTo(aliceMail, "preview if t1 t2 t1"), "alice@example.org")
	says(t, m, "preview of game #1 after t1 t2 t1 (nothing played)", "bob (South) to move (move 4).")
	lacks(t, m, "(move 2).")
	m = to(t, c.replyTo(aliceMail, "preview t2"), "alice@example.org")
	says(t, m, "bob (South) to move (move 2).")
}

// TestMovesKeepColumns_Issue33: one long move (a hop chain of Superial
// Chess on 10x10) no longer puts every move on a line of its own: the
// columns are as wide as the common move, and the overlong moves follow
// them, a line each.
func TestMovesKeepColumns_Issue33(t *testing.T) {
	var words []string
	for i := range 300 {
		words = append(words, fmt.Sprintf("a%d-b%d", i%10, i/10))
	}
	long := "a6-b7[b6]-a8[a7]-c8-d9[c9]-e10[d10]-f9[e9]-g10[f10]-i10=x"
	words = append(words[:150], append([]string{long}, words[150:]...)...)
	lines := strings.Split(reply.Columns(words), "\n")
	if len(lines) > 40 {
		t.Errorf("301 moves in %d lines: the long one set the columns' width", len(lines))
	}
	if lines[len(lines)-1] != long || strings.Count(strings.Join(lines, "\n"), long) != 1 {
		t.Errorf("the long move is not listed once after the columns:\n%s", strings.Join(lines, "\n"))
	}
	for _, l := range lines[:len(lines)-1] {
		if len(l) > 72 {
			t.Errorf("a line of %d columns: %q", len(l), l)
		}
	}
	// Moves of one width keep their columns as they were.
	if got := reply.Columns([]string{"B4-B3", "B4-B5", "B4-C4"}); got != "B4-B3  B4-B5  B4-C4" {
		t.Errorf("three moves: %q", got)
	}
}
