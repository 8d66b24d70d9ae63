package club

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-msgauth/dkim"

	"postal/archive"
	"postal/mailer"
	"postal/mailer/dkimproof"
)

// Issue 24, the holes found trying postal as an attacker would: a forged
// Authentication-Results header was trusted, and tokens could not be
// revoked. Each case changes nothing of the club's state.

// A forged Authentication-Results header with the club's authserv-id, where
// the operator has not stated that the mail server removes such headers,
// proves nothing: found 1 went from "vacation 3" to "address add".
func TestForgedAuthResultsProveNothing(t *testing.T) {
	c := newClub(t, Options{AuthServID: "mx.demo.test"})
	_, id := c.start("pile=9")
	forged := []string{"mx.demo.test; dkim=pass header.d=example.org", "mx.demo.test; dmarc=pass header.from=example.org"}
	before := c.state()
	for i, text := range []string{"vacation 3", "address add mallory@evil.test", "move 1 t1", "key new", "open takeaway"} {
		out := c.handle(&mailer.Inbound{From: "alice@example.org", Text: text, AuthResults: forged, Recipients: []string{"postal@demo.test"}})
		switch {
		case i < 3: // the notes of a day to a player's address (issue 32)
			contains(t, to(t, out, "alice@example.org"), "postal cannot tell that this mail comes from alice")
		case len(out) != 0:
			t.Errorf("%q: %d mails past the day's notes", text, len(out))
		}
		c.unchanged(before, "a forged Authentication-Results: "+text)
	}
	if c.game(id).Ply != 0 {
		t.Fatal("the forged header played")
	}
}

// With TrustAuthResults, only the topmost header counts, in the order the
// mail carries them (read by the mailer from the raw mail).
func TestTopmostAuthResultsOnly(t *testing.T) {
	c := newClub(t, Options{AuthServID: "mx.demo.test", TrustAuthResults: true})
	c.register("alice")
	c.register("bob")
	for _, tc := range []struct {
		what    string
		headers string
		ok      bool
	}{
		{"ours on top, pass", "Authentication-Results: mx.demo.test; dkim=pass header.d=example.org\r\n", true},
		{"ours on top, fail; a forged pass below", "Authentication-Results: mx.demo.test; dkim=fail header.d=example.org\r\nAuthentication-Results: mx.demo.test; dkim=pass header.d=example.org\r\n", false},
		{"another server's on top; ours below", "Authentication-Results: relay.test; dkim=pass header.d=example.org\r\nAuthentication-Results: mx.demo.test; dkim=pass header.d=example.org\r\n", false},
		{"ours on top, pass for another domain", "Authentication-Results: mx.demo.test; dkim=pass header.d=evil.test\r\n", false},
	} {
		raw := tc.headers + "From: alice@example.org\r\nTo: postal@demo.test\r\nSubject: x\r\nMessage-ID: <" + strings.ReplaceAll(tc.what, " ", "") + "@client.test>\r\n\r\nchallenge bob takeaway\r\n"
		in, err := mailer.ParseMessage([]byte(raw), mailer.ParseOptions{})
		if err != nil {
			t.Fatal(err)
		}
		out := c.handle(in)
		if got := !strings.Contains(out[0].Text, "postal cannot tell"); got != tc.ok {
			t.Errorf("%s: accepted %v, want %v", tc.what, got, tc.ok)
		}
	}
}

// zone is a fake DNS of TXT records, counting lookups.
type zone struct {
	rr    map[string][]string
	asked int
}

func (z *zone) lookup(_ context.Context, name string) ([]string, error) {
	z.asked++
	if rr, ok := z.rr[strings.ToLower(name)]; ok {
		return rr, nil
	}
	return nil, errors.New("no such name")
}

// dkimKey generates a key for domain and publishes it in z; the function
// returned signs a raw mail with it, over the header fields keys (all when
// none).
func (z *zone) dkimKey(t testing.TB, domain string) func(raw string, keys ...string) []byte {
	pub, key, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	z.rr["s1._domainkey."+domain] = []string{"v=DKIM1; k=ed25519; p=" + base64.StdEncoding.EncodeToString(pub)}
	return func(raw string, keys ...string) []byte {
		var b bytes.Buffer
		if err := dkim.Sign(&b, strings.NewReader(raw), &dkim.SignOptions{Domain: domain, Selector: "s1", Signer: key, HeaderKeys: keys}); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
}

// handleRaw hands the club a mail as it arrives, read by the mailer.
func (c *club) handleRaw(raw []byte) []mailer.Outbound {
	c.t.Helper()
	in, err := mailer.ParseMessage(raw, mailer.ParseOptions{})
	if err != nil {
		c.t.Fatal(err)
	}
	return c.handle(in)
}

// A DKIM signature postal verifies itself proves the sender when its domain
// is aligned with the From domain; one of another domain, or one that does
// not verify, proves nothing. A stranger's signature is not even looked up.
func TestDKIMProves(t *testing.T) {
	z := &zone{rr: map[string][]string{}}
	c := newClub(t, Options{DKIM: dkimproof.New(z.lookup)})
	c.now = time.Now().UTC() // the signatures are made now, and prove their mail for a week
	aliceGame, id := c.start("pile=9")
	c.register("carol")
	ours, aligned, other := z.dkimKey(t, "example.org"), z.dkimKey(t, "mail.example.org"), z.dkimKey(t, "evil.test")
	n := 0
	mail := func(from, rcpt, text string) string {
		n++
		return "From: " + from + "\r\nTo: " + rcpt + "\r\nSubject: x\r\nMessage-ID: <d" + strings.Repeat("x", n) + "@client.test>\r\nDate: Sun, 22 Nov 2026 09:00:00 +0000\r\n\r\n" + text + "\r\n"
	}
	handle := c.handleRaw
	before := c.state()
	// Misaligned: signed by evil.test for a From of example.org.
	out := handle(other(mail("alice@example.org", "postal@demo.test", "vacation 3")))
	contains(t, to(t, out, "alice@example.org"), "postal cannot tell that this mail comes from alice")
	// A bad signature: the body changed after signing.
	bad := bytes.Replace(ours(mail("alice@example.org", "postal@demo.test", "status")), []byte("status"), []byte("vacation 3"), 1)
	out = handle(bad)
	contains(t, to(t, out, "alice@example.org"), "postal cannot tell that this mail comes from alice")
	c.unchanged(before, "a misaligned or bad signature")
	// carol's own, valid signature does not make alice's token hers.
	out = handle(ours(mail("carol@example.org", aliceGame.ReplyTo, "t1")))
	contains(t, to(t, out, "carol@example.org"), refusedForeign)
	c.unchanged(before, "carol, signed, with alice's token")
	// Aligned (a subdomain of alice's organizational domain): every
	// command, with no token and no key.
	out = handle(aligned(mail("alice@example.org", "postal@demo.test", "vacation 3\nmove 1 t1")))
	contains(t, to(t, out, "alice@example.org"), "vacation", "t1 played")
	if c.game(id).Ply != 1 {
		t.Fatal("the signed move did not count")
	}
	// Strangers' signed mail asks no DNS.
	asked := z.asked
	handle(ours(mail("dave@example.org", "postal@demo.test", "help")))
	if z.asked != asked {
		t.Errorf("a stranger's signature was looked up (%d lookups)", z.asked-asked)
	}
}

var newKeyRE = regexp.MustCompile(`key ([a-z2-9]{20})`)

// "key new" retires every reply token of the player, the account's and
// the games': a mail to one of them, even from alice's own address (a
// forged From), gets "this address is no longer valid" and changes
// nothing; alice hears of uses from other addresses at most once a day.
// The new mails' reply addresses work.
func TestKeyNewRetiresTokens(t *testing.T) {
	c := newClub(t, Options{})
	aliceGame, id := c.start("pile=9")
	account := c.accountMail("alice")
	c.register("carol")
	// A pending address, as a thief would have added.
	out := c.replyTo(account, "address add thief@evil.test")
	account = to(t, out, "alice@example.org")
	out = c.mail("alice@example.org", "x", "key "+c.keys["alice"]+"\nkey new")
	reply := to(t, out, "alice@example.org")
	contains(t, reply, "your new personal key", "nor do the reply addresses of the mails postal sent you before", "not yet confirmed are withdrawn: thief@evil.test")
	m := newKeyRE.FindStringSubmatch(reply.Text)
	if m == nil || m[1] == c.keys["alice"] {
		t.Fatalf("no new key:\n%s", reply.Text)
	}
	if reply.ReplyTo == account.ReplyTo {
		t.Fatalf("the answer to key new carries the old account token %s", reply.ReplyTo)
	}
	before := c.state()
	for _, tc := range []struct {
		what, rcpt, text string
	}{
		{"the old account token", account.ReplyTo, "vacation 3\naddress add mallory@evil.test\nkey new"},
		{"the old game token", aliceGame.ReplyTo, "t1"},
		{"the old game token: resign", aliceGame.ReplyTo, "resign"},
	} {
		out := c.send("alice@example.org", tc.rcpt, "Re: x", tc.text)
		if len(out) != 1 {
			t.Errorf("%s: %d mails", tc.what, len(out))
		}
		r := to(t, out, "alice@example.org")
		contains(t, r, "this address is no longer valid", "Not one line of this mail was read", "key YOUR-KEY")
		if r.ReplyTo != "postal@demo.test" {
			t.Errorf("%s: the answer carries a token: %s", tc.what, r.ReplyTo)
		}
		c.unchanged(before, "alice's address with "+tc.what)
	}
	// From carol: the same answer; alice is told once a day.
	for day := 0; day < 2; day++ {
		for i := 0; i < 3; i++ {
			out := c.send("carol@example.org", aliceGame.ReplyTo, "Re: x", "resign")
			contains(t, to(t, out, "carol@example.org"), "this address is no longer valid")
			if told := len(out) - 1; told != 0 && (i > 0 || told != 1) {
				t.Fatalf("day %d, use %d: alice got %d mails", day, i+1, told)
			} else if i == 0 && told != 1 {
				t.Fatalf("day %d: alice was not told", day)
			} else if i == 0 {
				contains(t, to(t, out, "alice@example.org"), "A mail from carol@example.org was sent to the reply address of an old mail", "no harm was done", "at most once a day")
			}
		}
		c.unchanged(before, "carol with the old game token")
		c.now = c.now.Add(24 * time.Hour)
	}
	// The thief's confirmation was withdrawn.
	if addrs := read(c, func(tx *archive.Tx) ([]*archive.Address, error) { return tx.Addresses(1) }); len(addrs) != 0 {
		t.Errorf("addresses after key new: %+v", addrs)
	}
	// The new mails' reply addresses work: the answer to key new (the
	// account) and a fresh mail about the game.
	out = c.replyTo(reply, "board 1")
	game := to(t, out, "alice@example.org")
	if game.ReplyTo == aliceGame.ReplyTo || !strings.HasPrefix(game.ReplyTo, "postal+") {
		t.Fatalf("the fresh game mail's Reply-To %s", game.ReplyTo)
	}
	out = c.replyTo(game, "t1")
	contains(t, to(t, out, "alice@example.org"), "t1 played in game #1")
	if c.game(id).Ply != 1 {
		t.Fatal("the new game token did not play")
	}
}

// "address remove" ends what the address could do: its mail no longer
// counts, the reply tokens it received are retired, and the key, when it
// was last mailed there, is replaced. An address cannot remove itself.
func TestAddressRemoveEndsIt(t *testing.T) {
	c := newClub(t, Options{})
	aliceGame, id := c.start("pile=9")
	const home = "alice@home.example.net"
	account := c.accountMail("alice")
	out := c.replyTo(account, "address add "+home)
	c.replyTo(to(t, out, home), "yes")
	// From home, alice asks for a new key: it is mailed to home.
	out = c.mail(home, "x", "key "+c.keys["alice"]+"\nkey new")
	homeKey := newKeyRE.FindStringSubmatch(to(t, out, home).Text)[1]
	homeGame := to(t, c.mail(home, "x", c.withKey(home, "board 1")), home) // a game token mailed to home
	out = c.mail(home, "x", "key "+homeKey+"\naddress remove "+home)
	contains(t, to(t, out, home), home+" is the address this mail comes from")

	out = c.mail("alice@example.org", "x", "key "+homeKey+"\naddress remove "+home)
	r := to(t, out, "alice@example.org")
	contains(t, r, home+" is no longer yours", "are retired too", "Your personal key was last mailed to "+home)
	newKey := newKeyRE.FindStringSubmatch(r.Text)
	if newKey == nil || newKey[1] == homeKey {
		t.Fatalf("no new key in:\n%s", r.Text)
	}
	before := c.state()
	for _, tc := range []struct {
		what, from, rcpt, text, want string
	}{
		// home is now no player's address: it gets the strangers' note, once.
		{"home with the key it received", home, "postal@demo.test", "key " + homeKey + "\nresign 1", "postal did not read your mail"},
		{"home's key with alice's From", "alice@example.org", "postal@demo.test", "key " + homeKey + "\nresign 1", "is not your personal key"},
		{"home's game token with alice's From", "alice@example.org", homeGame.ReplyTo, "resign", "this address is no longer valid"},
		{"an older game token with alice's From", "alice@example.org", aliceGame.ReplyTo, "resign", "this address is no longer valid"},
	} {
		out := c.send(tc.from, tc.rcpt, "Re: x", tc.text)
		contains(t, to(t, out, tc.from), tc.want)
		c.unchanged(before, tc.what)
	}
	out = c.mail("alice@example.org", "x", "key "+newKey[1]+"\nmove 1 t1")
	contains(t, to(t, out, "alice@example.org"), "t1 played")
	if c.game(id).Ply != 1 {
		t.Fatal("the new key did not play")
	}
}

// A finished game's token with a forged From acts on nothing, even with a
// forged Authentication-Results header: the game's tokens died with it.
func TestFinishedGameTokenForgedFrom(t *testing.T) {
	c := newClub(t, Options{AuthServID: "mx.demo.test"})
	c.start("pile=9")
	out := c.mail("alice@example.org", "x", "key "+c.keys["alice"]+"\nchallenge bob takeaway as first")
	out = c.replyTo(to(t, out, "bob@example.org"), "accept")
	finished := to(t, out, "alice@example.org")
	c.replyTo(finished, "resign")
	if c.game(2).Status != archive.GameOver {
		t.Fatal("game 2 goes on")
	}
	before := c.state()
	forged := []string{"mx.demo.test; dkim=pass header.d=example.org"}
	for _, text := range []string{"draw", "resign 1", "move 1 t1", "vacation 3", "open takeaway", "address add mallory@evil.test", "key new"} {
		for _, ar := range [][]string{nil, forged} {
			out := c.handle(&mailer.Inbound{From: "alice@example.org", Subject: "Re: " + finished.Subject, Text: text, AuthResults: ar, Recipients: []string{finished.ReplyTo}})
			r := to(t, out, "alice@example.org")
			if !strings.Contains(r.Text, "Nothing was changed") {
				t.Errorf("%q (Authentication-Results %v):\n%s", text, ar, r.Text)
			}
			c.unchanged(before, "a finished game's token: "+text)
		}
	}
	// Looking still needs no proof: the record of the finished game.
	out = c.handle(&mailer.Inbound{From: "alice@example.org", Subject: "Re: " + finished.Subject, Text: "record", Recipients: []string{finished.ReplyTo}})
	if r := to(t, out, "alice@example.org"); len(r.Attachments) == 0 {
		t.Errorf("no record of the finished game:\n%s", r.Text)
	}
}
