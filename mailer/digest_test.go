package mailer

import (
	"strings"
	"testing"
)

// The third attack round, attack 2: two real mails of one Message-ID must
// not share the dedup digest (a player's second mail dropped as a copy of
// the first), and two deliveries of one mail must (what servers add on
// the way does not count). Each pair below is one Message-ID.
func TestWriterDigestTellsMailsApart(t *testing.T) {
	const head = "From: alice <alice@example.org>\r\nTo: postal+abcdefghjkmnpqrs@demo.test\r\nSubject: Re: [postal #3] game\r\nDate: Mon, 7 Dec 2026 10:00:00 +0000\r\nMessage-ID: <m1@client.example>\r\n"
	plain := head + "Content-Type: text/plain; charset=utf-8\r\n\r\nC4xB4\r\n"
	digest := func(raw string) string {
		t.Helper()
		in, err := ParseMessage([]byte(raw), ParseOptions{})
		if err != nil {
			t.Fatal(err)
		}
		return in.Digest
	}
	differ := []struct{ what, a, b string }{
		{"the same text, plain or in a multipart/alternative", plain,
			head + "MIME-Version: 1.0\r\nContent-Type: multipart/alternative; boundary=b\r\n\r\n--b\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nC4xB4\r\n--b\r\nContent-Type: text/html\r\n\r\n<p>C4xB4</p>\r\n--b--\r\n"},
		{"the same text, quoted-printable", plain,
			head + "Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\nC4xB4\r\n"},
		{"bodies that read alike (a trailing space)", plain, head + "Content-Type: text/plain; charset=utf-8\r\n\r\nC4xB4 \r\n"},
		{"bodies that read alike (one more empty line)", plain, head + "Content-Type: text/plain; charset=utf-8\r\n\r\nC4xB4\r\n\r\n"},
		{"bodies that read alike (LF, not CRLF)", plain, head + "Content-Type: text/plain; charset=utf-8\r\n\r\nC4xB4\n"},
		{"another move", plain, strings.Replace(plain, "C4xB4", "C4xB5", 1)},
		{"another reply address", plain, strings.Replace(plain, "postal+abcdefghjkmnpqrs", "postal+abcdefghjkmnpqrt", 1)},
		{"a Cc more", plain, strings.Replace(plain, "Subject:", "Cc: bob@example.org\r\nSubject:", 1)},
		{"another Date", plain, strings.Replace(plain, "10:00:00", "10:00:01", 1)},
		{"a Subject spaced otherwise", plain, strings.Replace(plain, "Re: [postal", "Re:  [postal", 1)},
	}
	for _, c := range differ {
		if digest(c.a) == digest(c.b) {
			t.Errorf("%s: one digest for two mails", c.what)
		}
	}
	same := []struct{ what, a, b string }{
		{"trace fields added on the way", plain, "Return-Path: <alice@example.org>\r\nDelivered-To: postal@demo.test\r\nReceived: from mx.example.org by mx.demo.test; Mon, 7 Dec 2026 10:00:01 +0000\r\nAuthentication-Results: mx.demo.test; dkim=pass\r\n" + plain},
		{"a relay's DKIM signature", plain, "DKIM-Signature: v=1; a=ed25519-sha256; d=relay.example; s=s; h=from; bh=x; b=y\r\n" + plain},
		{"the Subject folded", plain, strings.Replace(plain, "Re: [postal #3] game", "Re: [postal #3]\r\n game", 1)},
	}
	for _, c := range same {
		if digest(c.a) != digest(c.b) {
			t.Errorf("%s: two digests for one mail", c.what)
		}
	}
}
