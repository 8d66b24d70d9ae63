package club

import (
	"strings"
	"testing"

	"postal/archive"
	"postal/mailer"
)

// A reply to one game's mail whose subject names another game (its tag
// edited, or pasted from the other game) acts in neither: "resign" is
// refused with both numbers and the way to name one, a bare move is not
// played, and both games go on. Naming the game still acts in it.
func TestReplyWhoseSubjectNamesAnotherGameActsInNeither(t *testing.T) {
	c := newClub(t, Options{})
	aliceMail, _ := c.start("pile=7")
	out := c.mail("alice@example.org", "again", "key "+c.keys["alice"]+"\nchallenge bob takeaway pile=9 as first")
	c.replyTo(to(t, out, "bob@example.org"), "accept")
	if g := c.game(2); g == nil || g.Status != archive.GameActive {
		t.Fatalf("game 2: %+v", g)
	}
	edited := func(text string) []mailer.Outbound {
		return c.handle(&mailer.Inbound{From: aliceMail.To, Subject: "Re: [postal #2] Takeaway: alice vs bob", Text: text,
			Recipients: []string{aliceMail.ReplyTo}, InReplyTo: aliceMail.MessageID})
	}
	says(t, to(t, edited("resign"), "alice@example.org"), "This mail answers a mail about game #1, but its subject names game #2: a command or move that names no game was done in neither.",
		"The mail this answers and its subject name games #1 and #2: write the game number (resign [ID]). Nothing was done.")
	says(t, to(t, edited("t2"), "alice@example.org"), "a command or move that names no game was done in neither")
	for _, id := range []int64{1, 2} {
		if g := c.game(id); g.Status != archive.GameActive || g.Ply != 0 {
			t.Errorf("game %d after the mail of the other game's subject: %s at ply %d", id, g.Status, g.Ply)
		}
	}
	m := to(t, edited("move 1 t2"), "alice@example.org")
	says(t, m, "t2 played in game #1")
	if strings.Contains(m.Text, "was done in neither") {
		t.Errorf("a mail whose every command names its game is told that one named none:\n%s", m.Text)
	}
	// The tag as a person or a mail program may rewrite it is the tag.
	for _, subject := range []string{"Re: [POSTAL #2] x", "Re: [Postal#2]", "Re: [postal #02]", "Re: [ postal  #2 ]"} {
		out := c.handle(&mailer.Inbound{From: aliceMail.To, Subject: subject, Text: "resign", Recipients: []string{aliceMail.ReplyTo}, InReplyTo: aliceMail.MessageID})
		says(t, to(t, out, "alice@example.org"), "The mail this answers and its subject name games #1 and #2")
	}
	for _, id := range []int64{1, 2} {
		if g := c.game(id); g.Status != archive.GameActive {
			t.Errorf("game %d after resign under a rewritten tag: %s", id, g.Status)
		}
	}
	if c.game(1).Ply != 1 {
		t.Errorf("game 1 after \"move 1 t2\": ply %d", c.game(1).Ply)
	}
}
