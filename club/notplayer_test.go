package club

import (
	"strings"
	"testing"
)

// A move to a game from someone who does not play in it is refused
// plainly, apart from the game's conversation: no state of the game, no
// board, no invitation to move (a stranger's trial of the demo found the
// refusal in a game mail saying "Reply to this mail with" a move). It says
// why: they are not a player of game #N. So from an observer's reply to
// the game's mail.
func TestMoveByNonPlayerIsRefusedApart(t *testing.T) {
	c := newClub(t, Options{})
	c.register("alice")
	c.register("bob")
	c.register("carol")
	out := c.mail("alice@example.org", "game", "key "+c.keys["alice"]+"\nchallenge bob conflagration as first")
	c.replyTo(to(t, out, "bob@example.org"), "accept")
	move := positionOf(c, t, 1).Legal(0)[0].String()
	fresh := to(t, c.mail("carol@example.org", "hi", "key "+c.keys["carol"]+"\nmove 1 "+move), "carol@example.org")
	observed := to(t, c.mail("carol@example.org", "watch", "key "+c.keys["carol"]+"\nobserve 1"), "carol@example.org")
	replied := to(t, c.replyTo(observed, move), "carol@example.org")
	for name, m := range map[string]struct {
		subject, text, html string
		pictures            int
	}{
		"a fresh mail":               {fresh.Subject, fresh.Text, fresh.HTML, len(fresh.Inline) + len(fresh.Attachments)},
		"a reply to the game's mail": {replied.Subject, replied.Text, replied.HTML, len(replied.Inline) + len(replied.Attachments)},
	} {
		if !strings.Contains(m.text, "Error: you do not play in game #1\nIt is Conflagration: alice vs bob, and only its players may act in it.") {
			t.Errorf("%s: the refusal does not say why:\n%s", name, m.text)
		}
		for _, not := range []string{"Game #1:", "Reply to this mail", "to move", "\"moves\" lists", "\"resign\""} {
			if strings.Contains(m.text, not) {
				t.Errorf("%s: the refusal says %q:\n%s", name, not, m.text)
			}
		}
		if m.pictures != 0 || strings.Contains(m.html, "<img") {
			t.Errorf("%s: the refusal shows a board", name)
		}
	}
	if fresh.Subject != "Re: hi" {
		t.Errorf("the fresh mail's answer has Subject %q, not its own", fresh.Subject)
	}
	if n := positionOf(c, t, 1).Ply(); n != 0 {
		t.Errorf("the game is at ply %d after a non-player's moves", n)
	}
}
