package club

import (
	"strings"
	"testing"
)

// TestKeyLineIsNoCommand: the count of a reply's commands leaves out the
// key line, which proves the sender and is no command the player asked
// to be done: with one done and one refused the reply counts two.
func TestKeyLineIsNoCommand(t *testing.T) {
	c := newClub(t, Options{})
	c.register("alice")
	out := c.mail("alice@example.org", "x", "key "+c.keys["alice"]+"\ngames\nresign 99")
	says(t, to(t, out, "alice@example.org"), "One of your 2 commands could not be done")
	out = c.mail("alice@example.org", "x", "key "+c.keys["alice"]+"\nresign 99")
	if m := to(t, out, "alice@example.org"); strings.Contains(m.Text, "commands could") {
		t.Errorf("a mail of a key line and one command refused counts commands:\n%s", m.Text)
	}
}
