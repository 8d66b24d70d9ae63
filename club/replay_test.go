package club

import (
	"bytes"
	"fmt"
	"strings"
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

// Issue 32, finding 6: the same signature spelled another way (the unused
// bits of its last base64 character, folding inside b=) is the same
// signature: the mail delivered again so, with a new Message-ID, is a
// duplicate.
func TestRespelledSignatureIsAReplay(t *testing.T) {
	z := &zone{rr: map[string][]string{}}
	c := newClub(t, Options{DKIM: dkimproof.New(z.lookup)})
	c.now = time.Now().UTC()
	c.start("pile=9")
	sign := z.dkimKey(t, "example.org")
	raw := sign(fmt.Sprintf("From: alice@example.org\r\nTo: postal@demo.test\r\nSubject: again\r\nMessage-ID: <s1@client.test>\r\nDate: %s\r\n\r\nchallenge bob takeaway\r\n",
		c.now.Format(time.RFC1123Z)), "from", "to", "subject", "date")
	contains(t, to(t, c.handleRaw(raw), "alice@example.org"), "challenge #2")
	before := c.state()
	for i, bits := range []int{1, 7, 15} {
		other := bytes.Replace(respellB(t, raw, bits, i%2 == 0), []byte("<s1@client.test>"), []byte(fmt.Sprintf("<s1-%d@evil.example>", i)), 1)
		if out := c.handleRaw(other); len(out) != 0 {
			t.Errorf("spelling %d: answered %q", bits, out[0].Text)
		}
		c.unchanged(before, "the signed challenge with its signature spelled otherwise")
	}
}

// respellB spells the b= value of raw's signature otherwise, the same
// bytes: the low bits of its last character before the padding, and
// folding white space inside it.
func respellB(t testing.TB, raw []byte, bits int, fold bool) []byte {
	t.Helper()
	s := string(raw)
	start := strings.Index(s, " b=") + 3
	end := start
	for end < len(s) && s[end] != ';' && !(s[end] == '\r' && end+2 < len(s) && s[end+2] != ' ' && s[end+2] != '\t') {
		end++
	}
	b := strings.Join(strings.Fields(s[start:end]), "")
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	if start < 3 || !strings.HasSuffix(b, "==") {
		t.Fatalf("b= %q: not an Ed25519 signature", b)
	}
	b = b[:len(b)-3] + string(alphabet[strings.IndexByte(alphabet, b[len(b)-3])&^0xf|bits]) + "=="
	if fold {
		b = b[:30] + "\r\n  " + b[30:]
	}
	return []byte(s[:start] + b + s[end:])
}

// Issue 32, finding 10: a mail alice signed and sent to bob, delivered to
// the club by whoever has it, proves nothing: it was not written to the
// club. The same mail written to the club is acted on.
func TestSignedForSomeoneElseProvesNothing(t *testing.T) {
	z := &zone{rr: map[string][]string{}}
	c := newClub(t, Options{DKIM: dkimproof.New(z.lookup)})
	c.now = time.Now().UTC()
	c.start("pile=9")
	sign := z.dkimKey(t, "example.org")
	mail := func(id, to string) []byte {
		return sign(fmt.Sprintf("From: alice@example.org\r\nTo: %s\r\nSubject: x\r\nMessage-ID: <%s@client.test>\r\nDate: %s\r\n\r\nchallenge bob takeaway\r\n",
			to, id, c.now.Format(time.RFC1123Z)), "from", "to", "subject", "date", "message-id")
	}
	before := c.state()
	contains(t, to(t, c.handleRaw(mail("f1", "bob@example.org")), "alice@example.org"), "postal cannot tell that this mail comes from alice")
	c.unchanged(before, "alice's signed mail to bob, delivered to the club")
	contains(t, to(t, c.handleRaw(mail("f2", "Postal <postal@demo.test>")), "alice@example.org"), "challenge #2")
}

// Issue 32, F13: a mail that claims the Message-ID of alice's move before
// it is sent (mallory's, from anywhere) does not drop her move as a
// duplicate; her move delivered again, byte for byte, or with what servers
// add on the way, is a duplicate and is played once.
func TestMessageIDClaimedInAdvance(t *testing.T) {
	c := newClub(t, Options{})
	aliceMail, id := c.start("pile=9")
	claimed := "From: mallory@evil.example\r\nTo: postal@demo.test\r\nSubject: hello\r\nMessage-ID: <move-1@client.test>\r\n\r\nhello\r\n"
	c.handleRaw([]byte(claimed))
	move := []byte("From: alice@example.org\r\nTo: " + aliceMail.ReplyTo + "\r\nSubject: Re: " + aliceMail.Subject +
		"\r\nMessage-ID: <move-1@client.test>\r\nDate: Sun, 22 Nov 2026 09:01:00 +0000\r\n\r\nt1\r\n")
	c.handleRaw(move)
	if ply := c.game(id).Ply; ply != 1 {
		t.Fatalf("alice's move after a mail that claimed its Message-ID: ply %d, want 1", ply)
	}
	before := c.state()
	for _, again := range [][]byte{move, append([]byte("Received: from mx2.example.org by mx.demo.test\r\n"), move...)} {
		if out := c.handleRaw(again); len(out) != 0 {
			t.Errorf("alice's move delivered again was answered: %q", out[0].Text)
		}
		c.unchanged(before, "alice's move delivered again")
	}
	if out := c.handleRaw([]byte(claimed)); len(out) != 0 {
		t.Errorf("mallory's mail delivered again was answered: %q", out[0].Text)
	}
}
