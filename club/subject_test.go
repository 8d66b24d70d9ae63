package club

import (
	"strings"
	"testing"

	"postal/mailer"
)

// A game's mails share one Subject, its players in their seats' order;
// its challenge's mails have the same one whenever the challenge chose the
// seats (issue 28, docs/commands.md): Gmail splits a conversation whose
// Subject changes. Drawn seats change it once, at the game's start.
func TestOneSubject(t *testing.T) {
	for _, as := range []string{"as first", "as second", "as random", ""} {
		c := newClub(t, Options{})
		c.register("alice")
		c.register("bob")
		var all []mailer.Outbound
		out := c.mail("alice@example.org", "game", "key "+c.keys["alice"]+"\nchallenge bob conflagration "+as)
		all = append(all, out...)
		challenge := len(all)
		out = c.replyTo(to(t, out, "bob@example.org"), "accept")
		all = append(all, out...)
		for i := 0; i < 2; i++ {
			pos := positionOf(c, t, 1)
			mover := "alice@example.org"
			if c.game(1).Players[pos.ToMove()[0]] != 1 {
				mover = "bob@example.org"
			}
			out = c.replyTo(last(all, mover), pos.Legal(pos.ToMove()[0])[0].String())
			all = append(all, out...)
		}
		all = append(all, c.replyTo(last(all, "bob@example.org"), "resign")...)
		want := "[postal #1] Conflagration: " + strings.Join(seatNames(c, 1), " vs ")
		for i, m := range all {
			switch {
			case i >= challenge && m.Subject != want:
				t.Errorf("%s: a mail of the game to %s has Subject %q, not %q:\n%s", as, m.To, m.Subject, want, m.Text)
			case i < challenge && m.Subject != want && (as == "as first" || as == "as second"):
				t.Errorf("%s: a mail of the challenge to %s has Subject %q, not the game's %q:\n%s", as, m.To, m.Subject, want, m.Text)
			case i < challenge && m.Subject != "[postal #1] Conflagration: alice vs bob" && m.Subject != want:
				t.Errorf("%s: a mail of the challenge to %s has Subject %q:\n%s", as, m.To, m.Subject, m.Text)
			}
		}
	}
}

// The Subject of a game of four names its players as its body does, in
// their seats' order, not in the order its challenge named them (a
// stranger's trial of the demo found "alice vs bob vs carol vs dave" above
// "bob vs carol vs alice vs dave").
func TestSubjectOfFourInSeatOrder(t *testing.T) {
	c := newClub(t, Options{})
	pinRandom(t, 1) // seats bob, carol, alice, dave
	for _, p := range []string{"alice", "bob", "carol", "dave"} {
		c.register(p)
	}
	key := func(p string) string { return "key " + c.keys[p] + "\n" }
	c.mail("alice@example.org", "a game", key("alice")+"challenge bob carol dave superial-chess multiplayer")
	c.mail("bob@example.org", "x", key("bob")+"accept 1")
	c.mail("carol@example.org", "x", key("carol")+"accept 1")
	out := c.mail("dave@example.org", "x", key("dave")+"accept 1")
	const players = "Superial Chess: bob vs carol vs alice vs dave"
	if got := strings.Join(seatNames(c, 1), " vs "); "Superial Chess: "+got != players {
		t.Fatalf("the seats drawn: %s; the test wants another draw", got)
	}
	for _, who := range []string{"dave", "alice"} {
		m := to(t, out, who+"@example.org")
		if m.Subject != "[postal #1] "+players {
			t.Errorf("%s's mail has Subject %q, want %q", who, m.Subject, "[postal #1] "+players)
		}
		if !strings.Contains(m.Text, "Game #1, "+players+"\n") {
			t.Errorf("%s's mail does not title its board %q:\n%s", who, "Game #1, "+players, m.Text)
		}
	}
	pos := positionOf(c, t, 1)
	out = c.mail("bob@example.org", "m", key("bob")+"move 1 "+pos.Legal(pos.ToMove()[0])[0].String())
	if m := to(t, out, "carol@example.org"); m.Subject != "[postal #1] "+players {
		t.Errorf("carol's turn has Subject %q", m.Subject)
	}
}

// last is the latest of mails to addr.
func last(mails []mailer.Outbound, addr string) mailer.Outbound {
	for i := len(mails) - 1; i >= 0; i-- {
		if mails[i].To == addr {
			return mails[i]
		}
	}
	panic("no mail to " + addr)
}
