//go:build integration

package main

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"strconv"
	"strings"
	"testing"
)

// The third attack round against the real daemon and Dovecot: each attack
// as it was tried, and what the club must do.

// Attack 1: a name server silent for one key of a domain. A forged mail in
// alice's name, signed under a selector of demo.test whose name server
// never answers, made every key of demo.test unknown for five minutes:
// bob's mail, signed with the domain's own key (looked up for the first
// time), proved nothing. The silence is the name's: bob's mail proves him.
func TestIntegrationSilentKeyOfADomain(t *testing.T) {
	t.Parallel()
	pub, key, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	dns := startDNS(t)
	dns.TXT("s1._domainkey.demo.test", "v=DKIM1; k=ed25519; p="+base64.StdEncoding.EncodeToString(pub))
	dns.Silence("flaky.")
	r := newMailServers(t)
	r.setClub("dns_resolver", strconv.Quote(dns.Addr))
	r.start()
	t.Cleanup(r.stop)
	alice, bob := r.register("alice"), r.register("bob")
	r.deliver(alice.addr, signedBy(t, key, "flaky", alice.addr, "flaky.1@evil.example", "games", "games"))
	if m := r.replyTo(alice, "flaky.1@evil.example"); !strings.Contains(m.Text, "postal cannot tell") {
		t.Fatalf("the mail under the silent selector:\n%s", m.Text)
	}
	if n := dns.Unanswered(); n == 0 {
		t.Fatal("the silent selector was never asked: the test shows nothing")
	}
	r.deliver(bob.addr, signedBy(t, key, "s1", bob.addr, "bob.signed.1@client.test", "games", "vacation 2"))
	if m := r.replyTo(bob, "bob.signed.1@client.test"); strings.Contains(m.Text, "cannot tell") || !strings.Contains(flat(m.Text), "vacation") {
		t.Errorf("bob's signed mail after one silent name of his domain:\n%s", m.Text)
	}
	// And the silent selector is not asked again for every mail under it.
	before := dns.Unanswered()
	r.deliver(alice.addr, signedBy(t, key, "flaky", alice.addr, "flaky.2@evil.example", "games", "games"))
	r.replyTo(alice, "flaky.2@evil.example")
	if n := dns.Unanswered(); n != before {
		t.Errorf("the silent name was asked again within its stall: %d questions unanswered, were %d", n, before)
	}
	t.Logf("%d questions left unanswered", dns.Unanswered())
}
