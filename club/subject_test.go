package club

import (
	"testing"

	"postal/mailer"
)

// A challenge's mails and its game's share one Subject, whatever the seats
// (issue 28, docs/commands.md): Gmail splits a conversation whose Subject
// changes.
func TestOneSubject(t *testing.T) {
	for _, as := range []string{"as first", "as second", "as random", ""} {
		c := newClub(t, Options{})
		c.register("alice")
		c.register("bob")
		var all []mailer.Outbound
		out := c.mail("alice@example.org", "game", "key "+c.keys["alice"]+"\nchallenge bob conflagration "+as)
		all = append(all, out...)
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
		want := all[0].Subject
		if want != "[postal #1] Conflagration: alice vs bob" && want != "[postal #1] Conflagration: bob vs alice" {
			t.Errorf("%s: the challenge's Subject is %q", as, want)
		}
		for _, m := range all {
			if m.Subject != want {
				t.Errorf("%s: a mail to %s has Subject %q, not the challenge's %q:\n%s", as, m.To, m.Subject, want, m.Text)
			}
		}
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
