//go:build integration

package main

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
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

// legalMove is a move of whoever is to move in game id, as the daemon's
// database has it.
func (r *rig) legalMove(id int64) string {
	r.t.Helper()
	pos := r.position(id)
	return pos.Legal(pos.ToMove()[0])[0].String()
}

// cutField removes every instance of the header field name (folded lines
// too) from raw.
func cutField(raw []byte, name string) []byte {
	head, body, _ := strings.Cut(string(raw), "\r\n\r\n")
	var out []string
	skip := false
	for _, line := range strings.Split(head, "\r\n") {
		if line != "" && (line[0] == ' ' || line[0] == '\t') {
			if !skip {
				out = append(out, line)
			}
			continue
		}
		k, _, _ := strings.Cut(line, ":")
		skip = strings.EqualFold(strings.TrimSpace(k), name)
		if !skip {
			out = append(out, line)
		}
	}
	return []byte(strings.Join(out, "\r\n") + "\r\n\r\n" + body)
}

// Attack 2: two copies of one real mail merged by the dedup digest (the
// Message-ID and a digest of what its writer set and its body), the first
// one worse. Whoever gets a copy of a player's mail before the club does
// (an opponent in its Cc, a list, a server on the way) can deliver it first
// with a field the digest leaves out that has it not acted on: marked as
// an auto-reply or delivered as a bounce (ignored, RFC 3834), or with its
// DKIM signature cut (it proves nothing). The real mail, which proves its
// sender, was then dropped as a duplicate: alice's move was lost. Now a
// mail is a duplicate of a copy that proved its sender, or of one that
// proved nothing when it proves nothing either; the same mail delivered
// again still counts once, and is answered once.
func TestIntegrationCopyBeforeTheMail(t *testing.T) {
	t.Parallel()
	sig := newSigner(t)
	r := newMailServers(t)
	r.setClub("dns_resolver", strconv.Quote(sig.dns))
	r.start()
	t.Cleanup(r.stop)
	alice, bob := r.register("alice"), r.register("bob")
	id, _ := r.startGame(alice, bob, "conflagration")
	game := r.gameMail(alice, id)
	ply := r.gameRow(id).Ply
	ctx := context.Background()

	// alice answers the game's mail with her move, bob in Cc; bob's copy,
	// marked an auto-reply, reaches the club first, as a bounce.
	move := r.legalMove(id)
	real := []byte(fmt.Sprintf("From: alice <%s>\r\nTo: %s\r\nCc: bob <%s>\r\nSubject: Re: %s\r\nDate: %s\r\nMessage-ID: <cc.1@client.test>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n%s\r\n",
		alice.addr, game.ReplyTo, bob.addr, game.Subject, time.Now().Format(time.RFC1123Z), move))
	done := r.processed()
	if err := r.d.Deliver(ctx, "", []string{"postal@demo.test"}, append([]byte("Auto-Submitted: auto-replied\r\n"), real...)); err != nil {
		t.Fatal(err)
	}
	r.awaitProcessed(done + 1)
	if g := r.gameRow(id); g.Ply != ply {
		t.Fatalf("the auto-reply copy moved game #%d", id)
	}
	r.deliver(alice.addr, real)
	if m := r.replyTo(alice, "cc.1@client.test"); !strings.Contains(m.Text, move+" played") {
		t.Fatalf("alice's move, after bob's copy marked an auto-reply:\n%s", m.Text)
	}
	if g := r.gameRow(id); g.Ply != ply+1 {
		t.Fatalf("game #%d at ply %d after alice's move, want %d", id, g.Ply, ply+1)
	}
	ply++
	r.replyTo(bob, r.send(bob, "move", fmt.Sprintf("move %d %s", id, r.legalMove(id))))
	ply++

	// alice's fresh mail, proven by its DKIM signature alone; a copy
	// without the signature reaches the club first.
	move = r.legalMove(id)
	signed := signedTo(t, sig.key, "s1", alice.addr, "postal@demo.test", "signed.1@client.test", "my move", fmt.Sprintf("move %d %s", id, move))
	cut := cutField(signed, "DKIM-Signature")
	r.deliver(alice.addr, cut)
	if m := r.replyTo(alice, "signed.1@client.test"); !strings.Contains(m.Text, "postal cannot tell") {
		t.Fatalf("the copy without its signature:\n%s", m.Text)
	}
	r.deliver(alice.addr, signed)
	if m := r.replyTo(alice, "signed.1@client.test"); !strings.Contains(m.Text, move+" played") {
		t.Fatalf("alice's signed move, after a copy without its signature:\n%s", m.Text)
	}
	if g := r.gameRow(id); g.Ply != ply+1 {
		t.Fatalf("game #%d at ply %d after alice's signed move, want %d", id, g.Ply, ply+1)
	}
	ply++

	// Delivered again, each copy counts once: no move, no answer. And a
	// mail that proves nothing, delivered twice, is answered once.
	done = r.processed()
	r.deliver(alice.addr, real)
	r.deliver(alice.addr, signed)
	r.deliver(alice.addr, cut)
	r.forge(alice.addr, "twice.1@client.test", "games", "games")
	r.forge(alice.addr, "twice.1@client.test", "games", "games")
	r.awaitProcessed(done + 5)
	if g := r.gameRow(id); g.Ply != ply {
		t.Errorf("game #%d at ply %d after the copies again, want %d", id, g.Ply, ply)
	}
	r.replyTo(alice, r.send(alice, "last", "games")) // any answer to the copies is out by now
	answers := map[string]int{}
	for _, m := range allMail(t, r, alice) {
		answers[m.InReplyTo]++
	}
	for msgID, want := range map[string]int{"cc.1@client.test": 1, "signed.1@client.test": 2, "twice.1@client.test": 1} {
		if answers[msgID] != want {
			t.Errorf("%d answers to %s, want %d", answers[msgID], msgID, want)
		}
	}
}

// toMany is a mail from p to the addresses to (the first one the
// envelope's), with body.
func (r *rig) toMany(p *player, id string, to []string, subject, body string) {
	r.t.Helper()
	raw := fmt.Sprintf("From: %s <%s>\r\nTo: %s\r\nSubject: %s\r\nDate: %s\r\nMessage-ID: <%s>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n%s\r\n",
		p.name, p.addr, strings.Join(to, ",\r\n "), subject, time.Now().Format(time.RFC1123Z), id, body)
	r.deliver(p.addr, []byte(raw))
}

// Attack 3: the cap of 8 reply addresses read from one mail's recipients.
// Any plus-address of the club counted towards it, token or not (the
// bot's, postal+help, a typo): alice's reply with eight of them before her
// game's reply address lost its proof, and her move with it. Now only
// what can be a token counts. And a forger cannot probe more than 8
// tokens a mail: alice's real token, 9th of 40 well-formed ones in a
// stranger's mail, is not even looked up (no refusal, no notice to
// alice); 8th, it is, and the mail is refused. (Eight well-formed tokens
// before a real one still lose it: no mail of a player's carries them.)
func TestIntegrationTokenCap(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	alice, bob := r.register("alice"), r.register("bob")
	id, _ := r.startGame(alice, bob, "conflagration")
	game := r.gameMail(alice, id)
	ply := r.gameRow(id).Ply
	var to []string
	for _, local := range []string{"help", "bot.bot", "games", "x", "alice", "info", "postal", "reply"} {
		to = append(to, "postal+"+local+"@demo.test")
	}
	move := r.legalMove(id)
	r.toMany(alice, "many.1@client.test", append(to, game.ReplyTo), "Re: "+game.Subject, move)
	if m := r.replyTo(alice, "many.1@client.test"); !strings.Contains(m.Text, move+" played") {
		t.Errorf("alice's move to her reply address after 8 other plus-addresses of the club:\n%s", m.Text)
	}
	if g := r.gameRow(id); g.Ply != ply+1 {
		t.Errorf("game #%d at ply %d, want %d", id, g.Ply, ply+1)
	}

	// The forger's probes, from a stranger's address (carol is no player).
	carol := newPlayer("carol", "carol@demo.test")
	forged := func(n int) []string {
		const alphabet = "abcdefghjkmnpqrstuvwxyz23456789" // the tokens'
		var out []string
		for i := range n {
			out = append(out, "postal+"+strings.Repeat("q", 14)+alphabet[i/31:i/31+1]+alphabet[i%31:i%31+1]+"@demo.test")
		}
		return out
	}
	probe := forged(40)
	probe = append(probe[:8:8], append([]string{game.ReplyTo}, probe[8:]...)...) // alice's token 9th
	before := r.clubState()
	r.toMany(carol, "probe.9@forged.test", probe, "hi", "resign")
	if m := r.replyTo(carol, "probe.9@forged.test"); strings.Contains(m.Text, refusedForeign) {
		t.Errorf("a 9th token was looked up:\n%s", m.Text)
	}
	probe = append(forged(7), game.ReplyTo)
	r.toMany(carol, "probe.8@forged.test", probe, "hi", "resign")
	if m := r.replyTo(carol, "probe.8@forged.test"); !strings.Contains(m.Text, refusedForeign) {
		t.Errorf("alice's token, 8th, was not looked up:\n%s", m.Text)
	}
	r.unchanged(before, "the probes")
	notices := 0
	for _, m := range allMail(t, r, alice) {
		if strings.Contains(m.Subject, "was used from carol@demo.test") {
			notices++
		}
	}
	if notices != 1 {
		t.Errorf("alice got %d notices of her token used from carol's address, want 1 (the 8th)", notices)
	}
}

// Attack 4: the token of a finished game proves its player for three days,
// for that game's record, moves and board only. Games that ended otherwise
// than by a move (adjudicated by an admin, forfeited when their player was
// removed from the event) end the same way; and of the commands that only
// look, "preview" and "conditions" passed too (a look at the player's own
// conditional lines, after the game). Now only record, moves and board of
// that game are answered; everything else is refused, and changes nothing.
// (The edges of the three days: TestFinishedGameTokenEdges.)
func TestIntegrationFinishedGameToken(t *testing.T) {
	t.Parallel()
	r := newMailServers(t)
	r.setClub("admins", `["carol"]`)
	r.start()
	t.Cleanup(r.stop)
	alice, bob, carol, dave := r.register("alice"), r.register("bob"), r.register("carol"), r.register("dave")
	ask := func(p *player, text string, want ...string) {
		t.Helper()
		reply := r.replyTo(p, r.send(p, "cup", text))
		for _, w := range want {
			if !strings.Contains(flat(reply.Text), w) {
				t.Fatalf("%s's %q: the answer lacks %q:\n%s", p.name, text, w, reply.Text)
			}
		}
	}
	ask(dave, "tournament cup conflagration round-robin players 3 untimed", "tournament cup")
	ask(alice, "join cup")
	ask(bob, "join cup")
	var adjudicated, forfeited int64
	for _, g := range r.tournamentGames("cup") {
		switch seats := strings.Join(r.names(g), "-"); {
		case strings.Contains(seats, "alice") && strings.Contains(seats, "bob"):
			adjudicated = g.ID
		case strings.Contains(seats, "alice") && strings.Contains(seats, "dave"):
			forfeited = g.ID
		}
	}
	if adjudicated == 0 || forfeited == 0 {
		t.Fatalf("the games of cup: %d, %d", adjudicated, forfeited)
	}
	mails := map[int64]*gotMail{adjudicated: r.gameMail(alice, adjudicated), forfeited: r.gameMail(alice, forfeited)}
	ask(carol, fmt.Sprintf("adjudicate %d 1-0", adjudicated), "adjudicated")
	ask(carol, "remove dave from cup he left the club", "dave")
	for id := range mails {
		if g := r.gameRow(id); g.Status != "over" {
			t.Fatalf("game #%d is %s", id, g.Status)
		}
	}
	before := r.clubState()
	for id, m := range mails {
		reply := r.replyTo(alice, r.sendTo(alice, m.ReplyTo, "Re: "+m.Subject, "record\nmoves\nboard\nconditions\npreview C4xB4\nstatus\nsay well played\ngames"))
		text := flat(reply.Text)
		if _, ok := reply.Files[fmt.Sprintf("postal-%d.txt", id)]; !ok {
			t.Errorf("game #%d: no record attached to the answer:\n%s", id, reply.Text)
		}
		lookOnly := fmt.Sprintf("#%d is over: a reply to its mails serves only to look at it", id)
		changes := fmt.Sprintf("#%d is over: a reply to its mails changes nothing", id)
		if n := strings.Count(text, lookOnly) + strings.Count(text, changes); n != 5 {
			t.Errorf("game #%d: %d refusals of conditions, preview, status, say and games, want 5:\n%s", id, n, reply.Text)
		}
	}
	r.unchanged(before, "the finished games' tokens")
}

// Attack 5: "address add" aimed at other players' addresses. Alice asks for
// bob's registered address, in capitals, bob's confirmed second address
// (dave@demo.test, a mailbox of bob's), and
// bob's own address with a +detail (which Dovecot, like most servers,
// delivers to bob's mailbox); and for carol's address before carol joins,
// which carol then confirms by a reply to alice's confirmation mail once she
// is a player. None may become alice's, and no confirmation mail may go to
// bob's mailbox: one there asks him to vouch for alice, and a mail client
// that answers from the address a mail came to would give it.
func TestIntegrationAddressAddOthers(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	alice, bob := r.register("alice"), r.register("bob")
	bobDave := newPlayer("bob", "dave@demo.test")
	reply := r.replyTo(bob, r.sendTo(bob, bob.account, "addresses", "address add dave@demo.test"))
	confirm := r.await(bobDave, "bob's confirmation", func(m *gotMail) bool { return strings.Contains(m.Subject, "an address of bob?") })
	reply = r.replyTo(bobDave, r.sendTo(bobDave, confirm.ReplyTo, "Re: "+confirm.Subject, "yes"))
	if !strings.Contains(reply.Text, "dave@demo.test is now an address of bob") {
		t.Fatalf("bob's confirmation:\n%s", reply.Text)
	}
	r.await(bob, "the news of bob's address", func(m *gotMail) bool { return strings.Contains(m.Subject, "now plays as bob") })

	reply = r.replyTo(alice, r.sendTo(alice, alice.account, "addresses",
		"address add bob@demo.test\naddress add BOB@Demo.Test\naddress add dave@demo.test\naddress add bob+postal@demo.test\naddress add carol@demo.test"))
	text := flat(reply.Text)
	for _, a := range []string{"bob@demo.test", "dave@demo.test", "bob+postal@demo.test"} {
		if !strings.Contains(text, a+" belongs to another player") {
			t.Errorf("alice's address add %s not refused:\n%s", a, reply.Text)
		}
	}
	if !strings.Contains(text, "confirmation mail sent to carol@demo.test") {
		t.Fatalf("alice's address add carol@demo.test:\n%s", reply.Text)
	}
	r.noMail(bob, "alice's address add")
	r.noMail(bobDave, "alice's address add")

	// Carol joins, then answers alice's old confirmation mail.
	carolMail := newPlayer("carol", "carol@demo.test")
	aliceConfirm := r.await(carolMail, "alice's confirmation", func(m *gotMail) bool { return strings.Contains(m.Subject, "an address of alice?") })
	carol := r.register("carol")
	reply = r.replyTo(carol, r.sendTo(carol, aliceConfirm.ReplyTo, "Re: "+aliceConfirm.Subject, "yes"))
	if !strings.Contains(flat(reply.Text), "carol@demo.test belongs to another player now") {
		t.Errorf("carol's reply to alice's confirmation:\n%s", reply.Text)
	}
	reply = r.replyTo(alice, r.send(alice, "addresses", "address"))
	if strings.Contains(reply.Text, "bob") || strings.Contains(reply.Text, "carol") {
		t.Errorf("alice's addresses:\n%s", reply.Text)
	}
	reply = r.replyTo(carol, r.send(carol, "who", "status"))
	if !strings.Contains(reply.Text, "status of carol") {
		t.Errorf("carol's status:\n%s", reply.Text)
	}
}

// Attack 6: one player keeps their messages private. Messages are published
// only when every player of the game said "set publish-messages on"
// (docs/commands.md): in game A alice allows it and bob does not, and
// nothing either said may reach the site (pages, records, feeds). Then
// both allow it (bob's "on" is for all his games), the game ends and the site shows the messages; then bob
// says "set publish-messages off", which his answer says means never: the
// site showed them still, since a setting changed no game and the site
// rebuilds only the games that changed.
func TestIntegrationPublishMessagesOff(t *testing.T) {
	t.Parallel()
	siteDir := filepath.Join(t.TempDir(), "site")
	r := newMailServers(t, fmt.Sprintf("[site]\nout = %q\n", siteDir))
	r.start()
	t.Cleanup(r.stop)
	alice, bob := r.register("alice"), r.register("bob")
	set := func(p *player, value string) {
		t.Helper()
		if reply := r.replyTo(p, r.send(p, "settings", "set publish-messages "+value)); !strings.Contains(flat(reply.Text), "publish-messages is "+value) {
			t.Fatalf("%s's set publish-messages %s:\n%s", p.name, value, reply.Text)
		}
	}
	play := func(words string) int64 {
		t.Helper()
		id, _ := r.startGame(alice, bob, "conflagration")
		tag := fmt.Sprintf("[postal #%d]", id)
		r.replyTo(alice, r.send(alice, tag, "say alice "+words))
		r.replyTo(bob, r.send(bob, tag, "say bob "+words))
		r.replyTo(alice, r.send(alice, tag, fmt.Sprintf("resign %d", id)))
		if g := r.gameRow(id); g.Status != "over" {
			t.Fatalf("game #%d is %s", id, g.Status)
		}
		return id
	}
	site := func(what string) []string {
		t.Helper()
		var in []string
		err := filepath.WalkDir(siteDir+"/", func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			if b, err := os.ReadFile(path); err == nil && bytes.Contains(b, []byte(what)) {
				in = append(in, path)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return in
	}

	set(alice, "on")
	a := play("hushed words")
	waitFor(t, "game A's record on the site, over", func() bool {
		c, _ := os.ReadFile(filepath.Join(siteDir, "games", fmt.Sprintf("%d.txt", a)))
		return bytes.Contains(c, []byte(`[Result "0-1"]`))
	})
	for _, w := range []string{"alice hushed words", "bob hushed words"} {
		if in := site(w); len(in) > 0 {
			t.Errorf("game A, bob's messages private: %q on the site in %s", w, in)
		}
	}
	// "on" is for every game of bob's, game A's too (docs/commands.md).
	set(bob, "on")
	b := play("loud words")
	pageB := filepath.Join(siteDir, "games", fmt.Sprintf("%d.html", b))
	waitFor(t, "the messages of game B on its page", func() bool {
		c, _ := os.ReadFile(pageB)
		return bytes.Contains(c, []byte("bob: bob loud words"))
	})

	set(bob, "off")
	waitFor(t, "game B's page without bob's messages", func() bool {
		c, _ := os.ReadFile(pageB)
		return len(c) > 0 && !bytes.Contains(c, []byte("loud words"))
	})
	for _, w := range []string{"alice loud words", "bob loud words", "hushed words"} {
		if in := site(w); len(in) > 0 {
			t.Errorf("bob's messages now private: %q on the site in %s", w, in)
		}
	}
	if text := r.recordText(alice, a); strings.Contains(text, "words") {
		t.Errorf("the record of game A by mail shows messages:\n%s", text)
	}
	if text := r.recordText(alice, b); strings.Contains(text, "words") {
		t.Errorf("the record of game B by mail shows messages:\n%s", text)
	}
}

// Attack 7: names that look like others'. Alice and bob play; newcomers
// register as "аlice" (Cyrillic а), "bоb" (Cyrillic о) and "al\u200dice" (a
// zero-width joiner), and as "\u212aate" (the Kelvin sign, which
// lower-cases to k); then carol, a player, names a tournament with a
// Cyrillic с. Every name in a mail is of the letters a-z, digits, '-', '_'
// and '.': the look-alikes are refused (to a stranger, by the short note,
// which does not repeat the name), the Kelvin sign's name is plain "kate",
// and no answer shows a look-alike.
func TestIntegrationLookAlikeNames(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	r.register("alice")
	r.register("bob")
	carol := r.register("carol")
	erin := newPlayer("erin", "erin@demo.test")
	answer := r.replyTo(erin, r.send(erin, "hello", "register \u212aate"))
	if !strings.Contains(answer.Text, "kate") || strings.Contains(answer.Text, "\u212a") {
		t.Errorf("register with a Kelvin sign:\n%s", answer.Text)
	}
	for i, name := range []string{"аlice", "bоb", "al\u200dice"} {
		p := newPlayer("x", []string{"dave@demo.test", "alice.home@demo.test", "alice.work@demo.test"}[i])
		reply := r.replyTo(p, r.send(p, "hello", "register "+name))
		if strings.Contains(reply.Text, name) || strings.Contains(reply.Text, "\u200d") || !strings.Contains(reply.Text, "register NAME") {
			t.Errorf("register %q:\n%s", name, reply.Text)
		}
	}
	reply := r.replyTo(carol, r.send(carol, "cup", "tournament сup conflagration round-robin players 3 untimed"))
	if !strings.Contains(reply.Text, "is not a valid name") {
		t.Errorf("a tournament named with a Cyrillic с:\n%s", reply.Text)
	}
	if n := r.count("players WHERE name GLOB '*[^a-z0-9._-]*'"); n != 0 {
		t.Errorf("%d players named outside a-z, digits, '-', '_' and '.'", n)
	}
}

// Attack 8: a full disk. The archive lives on a tmpfs of 16 MiB, filled to
// the last byte while alice and bob play; alice sends a move and a mail of
// 9 MiB. Nothing may be lost and nothing answered twice: the daemon logs
// why it cannot store them, leaves them in the inbox, and handles each
// once when there is room again, without a flood of answers meanwhile.
func TestIntegrationFullDisk(t *testing.T) {
	t.Parallel()
	if os.Geteuid() != 0 {
		t.Skip("mounting a tmpfs needs root")
	}
	mnt := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=16m", "tmpfs", mnt).CombinedOutput(); err != nil {
		t.Fatalf("mount: %v %s", err, out)
	}
	t.Cleanup(func() { exec.Command("umount", "-l", mnt).Run() })
	r := newMailServers(t)
	cfg, err := os.ReadFile(r.config)
	if err != nil {
		t.Fatal(err)
	}
	cfg = regexp.MustCompile(`(?m)^database = .*$`).ReplaceAll(cfg, []byte(fmt.Sprintf("database = %q", filepath.Join(mnt, "postal.db"))))
	if err := os.WriteFile(r.config, cfg, 0o644); err != nil {
		t.Fatal(err)
	}
	// The test's own reads of the archive open it by its usual path.
	if err := os.Symlink(filepath.Join(mnt, "postal.db"), filepath.Join(r.dir, "postal.db")); err != nil {
		t.Fatal(err)
	}
	r.start()
	t.Cleanup(r.stop)
	alice, bob := r.register("alice"), r.register("bob")
	id, _ := r.startGame(alice, bob, "conflagration")
	move := r.legalMove(id)

	filler := filepath.Join(mnt, "filler")
	f, err := os.Create(filler)
	if err != nil {
		t.Fatal(err)
	}
	chunk := make([]byte, 4096)
	for {
		if _, err := f.Write(chunk); err != nil {
			break
		}
	}
	f.Close()
	before := len(allMail(t, r, alice))
	moveID := r.send(alice, fmt.Sprintf("[postal #%d]", id), fmt.Sprintf("move %d %s", id, move))
	big := r.send(alice, "big", "status\n"+strings.Repeat("0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef012345678\n", 9<<20/74))
	r.awaitLog("disk is full")
	time.Sleep(10 * time.Second) // the daemon tries again meanwhile
	if n := len(allMail(t, r, alice)) - before; n != 0 {
		t.Errorf("%d mails to alice while the disk was full, want 0", n)
	}
	os.Remove(filler)
	reply := r.replyTo(alice, moveID)
	if !strings.Contains(reply.Text, move+" played") {
		t.Errorf("the move, once there was room:\n%s", reply.Text)
	}
	r.replyTo(alice, big)
	time.Sleep(5 * time.Second)
	replies := 0
	for _, m := range allMail(t, r, alice) {
		if m.InReplyTo == moveID || m.InReplyTo == big {
			replies++
		}
	}
	if replies != 2 {
		t.Errorf("%d answers to the move and the big mail, want 2", replies)
	}
	log, _ := os.ReadFile(filepath.Join(r.dir, "daemon.log"))
	full := 0
	for _, line := range strings.Split(string(log), "\n") {
		if strings.Contains(line, "disk is full") {
			if full++; full <= 3 {
				t.Log(line)
			}
		}
	}
	t.Logf("%d lines of the log on the full disk", full)
}
