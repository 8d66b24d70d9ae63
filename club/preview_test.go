package club

import (
	"testing"
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
