//go:build integration

package main

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-msgauth/dkim"

	"postal/engine"
)

// Issue 32, the second round by mail against Dovecot: the mail-side holes a
// tester found in the daemon after the first round of fixes.

// signedBy is a mail from p to the club, DKIM-signed by demo.test under
// selector with key, over the usual fields.
func signedBy(t *testing.T, key ed25519.PrivateKey, selector, from, id, subject, body string) []byte {
	t.Helper()
	raw := fmt.Sprintf("From: %s\r\nTo: postal@demo.test\r\nSubject: %s\r\nDate: %s\r\nMessage-ID: <%s>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n%s\r\n",
		from, subject, time.Now().Format(time.RFC1123Z), id, body)
	var b bytes.Buffer
	err := dkim.Sign(&b, strings.NewReader(raw), &dkim.SignOptions{Domain: "demo.test", Selector: selector, Signer: key,
		HeaderCanonicalization: dkim.CanonicalizationRelaxed, BodyCanonicalization: dkim.CanonicalizationRelaxed,
		HeaderKeys: []string{"from", "to", "subject", "date", "message-id"}})
	if err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// Found 7: each forged mail signed under a selector whose name server does
// not answer held the daemon's one loop for the lookup's timeout (5 s), so
// a stranger's flood in a player's name stalled every player. Now a lookup
// waits at most 2 s, and a domain whose name servers did not answer is not
// asked again for 5 minutes: 20 such mails cost one timeout, and alice's
// move sent after them is answered.
func TestIntegrationSilentDNS(t *testing.T) {
	t.Parallel()
	dns := startDNS(t)
	dns.Silence("silent")
	r := newMailServers(t)
	r.setClub("dns_resolver", strconv.Quote(dns.Addr))
	r.start()
	t.Cleanup(r.stop)
	alice, bob := r.register("alice"), r.register("bob")
	id, rec := r.startGame(alice, bob, "conflagration")
	game := r.gameMail(alice, id)
	positions, _ := rec.Replay()
	move := positions[len(positions)-1].Legal(engine.First)[0].String()
	_, key, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	const forged = 20
	start := time.Now()
	for i := range forged {
		r.deliver(alice.addr, signedBy(t, key, fmt.Sprintf("silent%d", i), alice.addr, fmt.Sprintf("silent%d@evil.example", i), "games", "games"))
	}
	reply := r.replyTo(alice, r.sendTo(alice, game.ReplyTo, "Re: "+game.Subject, move))
	took := time.Since(start)
	if !strings.Contains(reply.Text, move+" played") {
		t.Fatalf("alice's move after %d forged mails of a silent domain:\n%s", forged, reply.Text)
	}
	// The Go resolver may ask again within its one timeout, never once a
	// mail.
	if n := dns.Unanswered(); n == 0 || n > 3 {
		t.Errorf("the silent name server was asked %d times for %d mails, want 1 to 3", n, forged)
	}
	t.Logf("%d forged mails of a silent domain, then alice's move: answered after %v; %d questions unanswered", forged, took.Round(time.Millisecond), dns.Unanswered())
}
