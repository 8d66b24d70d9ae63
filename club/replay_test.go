package club

import (
	"fmt"
	"testing"
	"time"

	"postal/mailer/dkimproof"
)

// Issue 32, found 1: alice's signed mail, delivered again with a new
// Message-ID on top, is a duplicate (its signature was seen); a Subject the
// signature does not cover names no game; a covered field added again on
// top, or a signature older than a week, proves nothing.
func TestReplayedSignatureActsOnce(t *testing.T) {
	z := &zone{rr: map[string][]string{}}
	c := newClub(t, Options{DKIM: dkimproof.New(z.lookup)})
	c.now = time.Now().UTC() // the signatures are made now
	c.start("pile=9")
	sign := z.dkimKey(t, "example.org")
	mail := func(id, subject, text string) string {
		return fmt.Sprintf("From: alice@example.org\r\nTo: postal@demo.test\r\nSubject: %s\r\nMessage-ID: <%s@client.test>\r\nDate: %s\r\n\r\n%s\r\n",
			subject, id, c.now.Format(time.RFC1123Z), text)
	}
	handle := c.handleRaw
	challenge := sign(mail("c1", "again", "challenge bob takeaway"), "from", "to", "subject", "date")
	contains(t, to(t, handle(challenge), "alice@example.org"), "challenge #2")
	before := c.state()
	if out := handle(append([]byte("Message-ID: <r-1@evil.example>\r\n"), challenge...)); len(out) != 0 {
		t.Errorf("the replayed challenge was answered: %q", out[0].Text)
	}
	c.unchanged(before, "the challenge replayed with a new Message-ID")

	unsigned := sign(mail("c2", "Re: [postal #1] x", "resign"), "from", "to", "date", "message-id")
	contains(t, to(t, handle(unsigned), "alice@example.org"), "which game?")
	c.unchanged(before, "a resign whose Subject the signature does not cover")

	resign := sign(mail("c3", "Re: [postal #1] x", "resign"), "from", "to", "subject", "date", "message-id")
	contains(t, to(t, handle(append([]byte("Subject: Re: [postal #1] x\r\n"), resign...)), "alice@example.org"), "postal cannot tell that this mail comes from alice")
	c.unchanged(before, "a resign with a second Subject on top")

	c.now = c.now.Add(8 * 24 * time.Hour)
	old := sign(mail("c4", "x", "vacation 1"))
	contains(t, to(t, handle(old), "alice@example.org"), "postal cannot tell that this mail comes from alice")
	c.unchanged(before, "a signature eight days old")
}
