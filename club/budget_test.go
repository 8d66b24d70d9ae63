package club

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"testing"

	"postal/mailer"
)

// Issue 32, found 2 and 3, and the notices: the budget follows what a mail
// proves, not the address it names.

// 61 mails "games" with alice's From forged spent her rate limit, and her
// proven move was dropped. Now they spend none of it: her move is played
// and answered, and the forged mails get three short notes in all.
func TestForgedMailSpendsNoRateLimit(t *testing.T) {
	c := newClub(t, Options{RateLimit: 60})
	aliceMail, id := c.start("pile=9")
	notes := 0
	for range 61 {
		for _, m := range c.mail("alice@example.org", "games", "games") {
			notes++
			contains(t, m, "postal cannot tell that this mail comes from alice")
			if n := mailBytes(t, m); n >= 4<<10 {
				t.Errorf("a note of %d bytes", n)
			}
		}
	}
	if notes != 3 {
		t.Errorf("%d notes to 61 forged mails, want 3", notes)
	}
	out := c.replyTo(aliceMail, "t1")
	contains(t, to(t, out, "alice@example.org"), "t1 played in game #1")
	if c.game(id).Ply != 1 {
		t.Fatal("alice's proven move was not played")
	}
	// Her own mail still meets her limit: 60 proven mails an hour.
	limited := 0
	for range 60 {
		if out := c.mail("alice@example.org", "games", c.withKey("alice@example.org", "games")); len(out) == 1 && strings.Contains(out[0].Text, "too many messages") {
			limited++
		}
	}
	if limited != 1 {
		t.Errorf("alice's 61st and 62nd proven mails: %d told of the limit, want 1", limited)
	}
}

// A note to a player's address carries the player's account token: a reply
// to it proves them, and is read.
func TestUnprovenNoteRepliedTo(t *testing.T) {
	c := newClub(t, Options{})
	c.start("pile=9")
	note := to(t, c.mail("alice@example.org", "x", "vacation 3"), "alice@example.org")
	if !strings.HasPrefix(note.ReplyTo, "postal+") || note.HTML != "" {
		t.Fatalf("the note: Reply-To %q, HTML %d bytes", note.ReplyTo, len(note.HTML))
	}
	before := c.state()
	if out := to(t, c.replyTo(note, "vacation 3"), "alice@example.org"); strings.Contains(out.Text, "cannot tell") {
		t.Fatalf("the reply to the note:\n%s", out.Text)
	}
	if c.state() == before {
		t.Error("the reply to the note changed nothing")
	}
}

// A flood of strangers spent the club's cap, and bob, a player, heard
// nothing of his mail too large. A notice to a player's address is the
// player's own: once a day, whatever the strangers did.
func TestNoticeNotFromStrangersBudget(t *testing.T) {
	c := newClub(t, Options{StrangerRepliesPerHour: 3})
	c.register("bob")
	for i := range 10 {
		c.mail(fmt.Sprintf("flood%d@example.net", i), "hi", "help")
	}
	if out := c.mail("fresh@example.net", "hi", "help"); len(out) != 0 {
		t.Fatal("the strangers' cap is not spent: the test shows nothing")
	}
	sum := sha256.Sum256([]byte("x"))
	big := func(id string) []mailer.Outbound {
		return c.handle(&mailer.Inbound{MessageID: id, From: "bob@example.org", Subject: "big", Raw: []byte("From: bob@example.org\r\n\r\n"),
			TooLarge: true, BodySHA256: hex.EncodeToString(sum[:]), Size: 9 << 20})
	}
	out := big("big1@x.test")
	contains(t, to(t, out, "bob@example.org"), "over postal's limit")
	if out := big("big2@x.test"); len(out) != 0 {
		t.Errorf("a second notice the same day: %d mails", len(out))
	}
}

// A mail past the bounds of its MIME structure (mailer/bounds.go) is
// answered once, kept as its headers, and changes nothing.
func TestUnreadableMail(t *testing.T) {
	c := newClub(t, Options{})
	c.start("pile=9")
	before := c.state()
	var b strings.Builder
	b.WriteString("From: bob@example.org\r\nTo: postal@demo.test\r\nSubject: deep\r\nMessage-ID: <deep@x.test>\r\n")
	for i := range 50 {
		fmt.Fprintf(&b, "Content-Type: multipart/mixed; boundary=b%d\r\n\r\n--b%d\r\n", i, i)
	}
	b.WriteString("Content-Type: text/plain\r\n\r\nkey " + c.keys["bob"] + "\r\nresign 1\r\n")
	in, err := mailer.ParseMessage([]byte(b.String()), mailer.ParseOptions{})
	if err != nil || in.Unreadable == "" {
		t.Fatalf("a mail 50 levels deep: %v, unreadable %q", err, in.Unreadable)
	}
	contains(t, to(t, c.handle(in), "bob@example.org"), "postal could not read your mail: its MIME parts are nested more than 20 levels deep")
	c.unchanged(before, "an unreadable mail")
	msgs, _ := c.db.Messages(context.Background())
	m := msgs[len(msgs)-1]
	if !strings.HasPrefix(m.Outcome, "unreadable") || m.BodySHA256 == "" || strings.Contains(string(m.Raw), "resign") {
		t.Errorf("kept: outcome %q, hash %q, %d bytes", m.Outcome, m.BodySHA256, len(m.Raw))
	}
}
