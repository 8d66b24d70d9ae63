package club

import (
	"strings"
	"testing"
	"time"

	"postal/mailer"
)

// hasBoard says whether m carries the board: its picture inline.
func hasBoard(m mailer.Outbound) bool { return len(m.Inline) > 0 }

// "set boards" (issue 28): by default a reminder and the confirmation of
// one's own move carry no board; "all" puts it in them, "none" takes it out
// of every mail but the answers to "board"; a bad value is refused and
// changes nothing.
func TestSetBoards(t *testing.T) {
	c := newClub(t, Options{})
	aliceMail, _ := c.start("pile=20")
	bobMail := to(t, c.replyTo(aliceMail, "t1"), "bob@example.org")
	if !hasBoard(bobMail) {
		t.Fatal("bob's turn notice has no board by default")
	}

	out := c.mail("bob@example.org", "x", "key "+c.keys["bob"]+"\nset boards all\nset boards some")
	m := to(t, out, "bob@example.org")
	contains(t, m, "boards: all", `"some" is not all, mine or none`)
	out = c.replyTo(bobMail, "t1")
	if m := to(t, out, "bob@example.org"); !hasBoard(m) || !strings.Contains(m.Text, "t1 played in game #1") {
		t.Errorf("with boards all, the confirmation of bob's own move has no board:\n%s", m.Text)
	}
	aliceMail = to(t, out, "alice@example.org")
	if !hasBoard(aliceMail) {
		t.Error("alice's turn notice (boards mine) has no board")
	}

	// alice wants none: her turn notice and her confirmations go without,
	// "board 1" still sends it.
	c.mail("alice@example.org", "x", "key "+c.keys["alice"]+"\nset boards none")
	out = c.replyTo(aliceMail, "t1")
	if m := to(t, out, "alice@example.org"); hasBoard(m) || !strings.Contains(m.Text, `"board 1" sends the board.`) {
		t.Errorf("with boards none, alice's confirmation carries a board:\n%s", m.Text)
	}
	bobMail = to(t, out, "bob@example.org")
	out = c.replyTo(bobMail, "t1")
	if m := to(t, out, "alice@example.org"); hasBoard(m) || !strings.Contains(m.Text, `"board 1" sends the board.`) {
		t.Errorf("with boards none, alice's turn notice carries a board:\n%s", m.Text)
	}
	if m := to(t, c.mail("alice@example.org", "x", "key "+c.keys["alice"]+"\nboard 1"), "alice@example.org"); !hasBoard(m) {
		t.Error("\"board 1\" sent no board to alice")
	}

	// A reminder: bob (all) gets the board in it.
	c.replyTo(to(t, out, "alice@example.org"), "t1")
	c.now = c.now.Add(25 * time.Hour)
	reminders, _ := c.tick()
	if m := to(t, reminders, "bob@example.org"); !strings.Contains(m.Text, "Reminder") || !hasBoard(m) {
		t.Errorf("bob's reminder (boards all) has no board:\n%s", m.Text)
	}
}
