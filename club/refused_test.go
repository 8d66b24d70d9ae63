package club

import (
	"strings"
	"testing"
)

// A mail refused for carrying another player's proof is answered with a
// note that begins with a sentence and has no "How to answer": nothing a
// reply to it says can be read, and its last line says what to do instead
// (a stranger's trial of the demo found "postal did nothing with this mail"
// above "How to answer: Write one command a line").
func TestRefusedForeignIsFinal(t *testing.T) {
	c := newClub(t, Options{})
	c.register("alice")
	c.register("bob")
	out := c.mail("alice@example.org", "game", "key "+c.keys["alice"]+"\nchallenge bob conflagration as first")
	out = c.replyTo(to(t, out, "bob@example.org"), "accept")
	aliceMail := to(t, out, "alice@example.org")
	out = c.send("mallory@evil.example", aliceMail.ReplyTo, "Re: "+aliceMail.Subject, "resign")
	m := to(t, out, "mallory@evil.example")
	if m.Subject != "postal: your mail was not accepted" {
		t.Errorf("Subject %q", m.Subject)
	}
	if first, _, _ := strings.Cut(m.Text, "\n"); first != "postal did nothing with this mail." {
		t.Errorf("first line %q, want a sentence:\n%s", first, m.Text)
	}
	for _, part := range []string{m.Text, m.HTML} {
		if strings.Contains(part, "How to answer") {
			t.Errorf("the refusal says how to answer it:\n%s", part)
		}
	}
	if !strings.Contains(m.Text, "To play, write to postal@demo.test from your own address") {
		t.Errorf("the refusal does not say what to do instead:\n%s", m.Text)
	}
}
