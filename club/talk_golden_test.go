package club

import (
	"fmt"
	"strings"
	"testing"

	"postal/engine"
	"postal/mailer"
)

// talkMails are the mails of issue 26: conditional moves kept, an answer
// played at once (the mover's reply and the answerer's notice), conditions
// cleared, a message relayed, a note in the footer.
func talkMails(t *testing.T, add func(string, mailer.Outbound, bool)) {
	c := newClub(t, Options{})
	pinRandom(t, 26)
	c.register("alice")
	c.register("bob")
	out := c.mail("alice@example.org", "game", "key "+c.keys["alice"]+"\nchallenge bob conflagration as first")
	out = c.replyTo(to(t, out, "bob@example.org"), "accept")
	aliceMail := to(t, out, "alice@example.org")
	first := func(side engine.Player, pos engine.Position) (string, engine.Position) {
		m := pos.Legal(side)[0]
		next, err := pos.Apply(side, m)
		if err != nil {
			t.Fatal(err)
		}
		return m.String(), next
	}
	a0, _ := first(engine.First, positionOf(c, t, 1))
	out = c.replyTo(aliceMail, a0)
	bobMail := to(t, out, "bob@example.org")
	b0, pos := first(engine.Second, positionOf(c, t, 1))
	a1, p1 := first(engine.First, pos)
	b1, _ := first(engine.Second, p1)
	out = c.replyTo(bobMail, fmt.Sprintf("%s\nif %s %s\nnote keep the centre", b0, a1, b1))
	add("conditions-kept", to(t, out, "bob@example.org"), false)
	aliceMail = to(t, out, "alice@example.org")
	out = c.replyTo(aliceMail, a1)
	add("conditional-played", to(t, out, "alice@example.org"), false)
	add("conditional-answered", to(t, out, "bob@example.org"), false)
	aliceMail = to(t, out, "alice@example.org")
	bobMail = to(t, out, "bob@example.org")

	pos = positionOf(c, t, 1)
	legal := pos.Legal(engine.First)
	a2, a3 := legal[0].String(), legal[1].String()
	p2, _ := pos.Apply(engine.First, legal[0])
	b2, _ := first(engine.Second, p2)
	c.replyTo(bobMail, fmt.Sprintf("if %s %s", a2, b2))
	out = c.replyTo(aliceMail, a3+"\nsay Your answers come fast!")
	add("conditions-cleared", mailWith(t, out, "bob@example.org", "Your move"), false)
	add("say-relayed", mailWith(t, out, "bob@example.org", "says"), false)
	// Issue 32: the say lines of one mail reach bob as one mail; past the
	// day's 20 lines in the game, a message is refused whole.
	out = c.replyTo(aliceMail, "say Good game so far.\nsay I will be away on Sunday.\nsay\n"+strings.Repeat("and a long story\n", 18))
	add("say-in-one-mail", mailWith(t, out, "bob@example.org", "says"), false)
	add("say-past-limit", to(t, out, "alice@example.org"), true)
	// A fresh mail names the game as "move" does: "say 1 TEXT".
	out = c.mail("bob@example.org", "hello", "key "+c.keys["bob"]+"\nsay 1 Thanks, enjoying it.")
	add("say-fresh", to(t, out, "bob@example.org"), false)
	add("say-fresh-relayed", mailWith(t, out, "alice@example.org", "says"), false)
}
