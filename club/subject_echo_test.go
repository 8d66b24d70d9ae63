package club

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"postal/mailer"
)

// Issue 32, F15: postal signs its mail, so a Subject it echoes is text of
// the sender's choosing under postal's signature. A mail that proves
// nothing (a stranger's, or one in a player's name without proof) gets a
// fixed subject; a proven player's gets "Re: " and their subject, without
// control or bidi characters, and at most maxEchoSubject characters of it.
func TestSubjectEcho(t *testing.T) {
	c := newClub(t, Options{})
	c.register("alice")
	lure := "Your bank account is closed: call +1 555 0100"
	for _, tc := range []struct{ what, from, text string }{
		{"a stranger", "mallory@evil.example", "hello"},
		{"a forged player", "alice@example.org", "games"},
		{"a stranger registering", "carol@example.net", "register carol"},
	} {
		out := c.handle(&mailer.Inbound{From: tc.from, Subject: lure, Text: tc.text, Recipients: []string{"postal@demo.test"}})
		m := to(t, out, tc.from)
		if m.Subject != "Re: your mail to postal" {
			t.Errorf("%s: the answer's subject is %q", tc.what, m.Subject)
		}
	}
	long := "a\x07b\r\nc\u202ed\u200b" + strings.Repeat("é", 300)
	m := to(t, c.mail("alice@example.org", long, c.withKey("alice@example.org", "games")), "alice@example.org")
	if !strings.HasPrefix(m.Subject, "Re: a b cdé") || utf8.RuneCountInString(m.Subject) > len("Re: ")+maxEchoSubject {
		t.Errorf("a proven player's subject echoed as %q", m.Subject)
	}
	for _, r := range m.Subject {
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) {
			t.Errorf("the echoed subject holds %U: %q", r, m.Subject)
		}
	}
}
