//go:build integration

package main

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"database/sql"
	"encoding/base64"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-msgauth/dkim"

	"postal/archive"
	"postal/engine"
)

// Issue 32 by mail against Dovecot: the holes found trying postal again as
// an attacker would, each reproduced the way it was found. A signed mail
// replayed with new headers on top acts no more; forged registrations and
// the mail that follows them get no more than the strangers' cap; forged
// mail in a player's name spends none of the player's rate limit; a mail of
// 20,000 nested parts is refused at once; 49 say lines make one mail; a
// director does not judge their own game; a tournament cannot be called
// index.

// setClub sets key to value (TOML) in the [club] section of r's config,
// before the daemon starts.
func (r *rig) setClub(key, value string) {
	r.t.Helper()
	cfg, err := os.ReadFile(r.config)
	if err != nil {
		r.t.Fatal(err)
	}
	line := key + " = " + value + "\n"
	re := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(key) + ` = .*\n`)
	if re.Match(cfg) {
		cfg = re.ReplaceAll(cfg, []byte(line))
	} else {
		cfg = bytes.Replace(cfg, []byte("[club]\n"), []byte("[club]\n"+line), 1)
	}
	if err := os.WriteFile(r.config, cfg, 0o600); err != nil {
		r.t.Fatal(err)
	}
}

// deliver puts raw into the club's mailbox as it is, from the address from.
func (r *rig) deliver(from string, raw []byte) {
	r.t.Helper()
	if err := r.d.Deliver(context.Background(), from, []string{"postal@demo.test"}, raw); err != nil {
		r.t.Fatal(err)
	}
}

// signer is demo.test's DKIM key, published by a DNS server of the test.
type signer struct {
	key ed25519.PrivateKey
	dns string // the DNS server's "host:port"
}

func newSigner(t *testing.T) *signer {
	pub, key, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	dns := startDNS(t)
	dns.TXT("s1._domainkey.demo.test", "v=DKIM1; k=ed25519; p="+base64.StdEncoding.EncodeToString(pub))
	return &signer{key: key, dns: dns.Addr}
}

// mail is p's mail to the club, signed by p's domain over the header
// fields headers, as p's provider would sign it; it returns the mail and
// its Message-ID.
func (s *signer) mail(t *testing.T, r *rig, p *player, subject, body string, headers ...string) ([]byte, string) {
	t.Helper()
	r.mu.Lock()
	r.n++
	id := fmt.Sprintf("%s.%d@client.test", p.name, r.n)
	r.mu.Unlock()
	raw := fmt.Sprintf("From: %s <%s>\r\nTo: postal@demo.test\r\nSubject: %s\r\nDate: %s\r\nMessage-ID: <%s>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n%s\r\n",
		p.name, p.addr, subject, time.Now().Format(time.RFC1123Z), id, strings.ReplaceAll(body, "\n", "\r\n"))
	var b bytes.Buffer
	err := dkim.Sign(&b, strings.NewReader(raw), &dkim.SignOptions{Domain: "demo.test", Selector: "s1", Signer: s.key,
		HeaderCanonicalization: dkim.CanonicalizationRelaxed, BodyCanonicalization: dkim.CanonicalizationRelaxed, HeaderKeys: headers})
	if err != nil {
		t.Fatal(err)
	}
	return b.Bytes(), id
}

// count counts the rows of a table of the daemon's database.
func (r *rig) count(table string) int {
	r.t.Helper()
	db, err := sql.Open("sqlite", "file:"+filepath.Join(r.dir, "postal.db")+"?mode=ro&_pragma=busy_timeout(5000)")
	if err != nil {
		r.t.Fatal(err)
	}
	defer db.Close()
	var n int
	if err := db.QueryRow(`SELECT COUNT(*) FROM ` + table).Scan(&n); err != nil {
		r.t.Fatal(err)
	}
	return n
}

// Found 1: alice's genuine, DKIM-signed mails, delivered again with a new
// Message-ID (and a new Subject) on top, acted again: a resign of another
// game, a second "key new" that retired the key she had just received, a
// second relay of her "say", a second challenge. Now none changes
// anything: extra instances of signed fields make the signature prove
// nothing, and a signature already used is a duplicate.
func TestIntegrationReplayedSignature(t *testing.T) {
	t.Parallel()
	sig := newSigner(t)
	r := newMailServers(t)
	r.setClub("dns_resolver", strconv.Quote(sig.dns))
	r.start()
	t.Cleanup(r.stop)
	alice, bob := r.register("alice"), r.register("bob")
	a, _ := r.startGame(alice, bob, "conflagration")
	b, _ := r.startGame(alice, bob, "conflagration")
	alice.key = "" // from now on her mails prove her by their signature alone
	all := []string{"from", "to", "subject", "date", "message-id"}
	noID := []string{"from", "to", "subject", "date"}
	genuine := func(subject, body string, headers []string, want string) ([]byte, *gotMail) {
		t.Helper()
		raw, id := sig.mail(t, r, alice, subject, body, headers...)
		r.deliver(alice.addr, raw)
		reply := r.replyTo(alice, id)
		if !strings.Contains(reply.Text, want) {
			t.Fatalf("alice's signed %q:\n%s", body, reply.Text)
		}
		return raw, reply
	}
	resign, _ := genuine(fmt.Sprintf("Re: [postal #%d] game", a), "resign", all, "you resigned")
	keyNew, answer := genuine("key", "key new", noID, "your new personal key")
	newKey := keyRE.FindStringSubmatch(answer.Text)
	if newKey == nil {
		t.Fatalf("no key in the answer to key new:\n%s", answer.Text)
	}
	say, _ := genuine(fmt.Sprintf("Re: [postal #%d] game", b), "say good luck", noID, "message sent to bob")
	r.await(bob, "the relay of good luck", func(m *gotMail) bool { return strings.Contains(m.Text, "good luck") })
	challenge, _ := genuine("again", "challenge bob conflagration", all, "challenge #")
	r.await(bob, "the end of the resigned game", func(m *gotMail) bool { return strings.Contains(m.Subject, fmt.Sprintf("[postal #%d]", a)) })
	r.await(bob, "the challenge", func(m *gotMail) bool { return strings.Contains(m.Text, "challenges you") })
	r.fetch(bob)
	bob.inbox = nil // what the replays bring comes after

	before, talk, done := r.clubState(), r.count("talk"), r.processed()
	replays := []struct {
		what string
		raw  []byte
		top  string
	}{
		{"the resign of #a as a resign of #b", resign, fmt.Sprintf("Message-ID: <r-1@evil.example>\r\nSubject: [postal #%d] x\r\n", b)},
		{"the resign with a new Message-ID", resign, "Message-ID: <r-2@evil.example>\r\n"},
		{"key new with a new Message-ID", keyNew, "Message-ID: <r-3@evil.example>\r\n"},
		{"say with a new Message-ID", say, "Message-ID: <r-4@evil.example>\r\n"},
		{"say with a new Message-ID and Subject", say, fmt.Sprintf("Message-ID: <r-5@evil.example>\r\nSubject: [postal #%d] x\r\n", a)},
		{"the challenge with a new Message-ID", challenge, "Message-ID: <r-6@evil.example>\r\n"},
	}
	for _, rp := range replays {
		r.deliver(alice.addr, append([]byte(rp.top), rp.raw...))
	}
	r.awaitProcessed(done + len(replays))
	r.unchanged(before, "the replays")
	if n := r.count("talk"); n != talk {
		t.Errorf("the replayed say was kept again: %d messages, were %d", n, talk)
	}
	r.fetch(bob)
	for _, m := range bob.inbox {
		t.Errorf("bob got %q after the replays:\n%s", m.Subject, m.Text)
	}
	// The key from the genuine "key new" still proves alice.
	alice.key = newKey[1]
	if reply := r.replyTo(alice, r.send(alice, "key", "vacation 1")); strings.Contains(reply.Text, "not valid") || strings.Contains(reply.Text, "cannot tell") {
		t.Errorf("the key of alice's genuine key new no longer proves her:\n%s", reply.Text)
	}
	if g := r.gameRow(b); g.Status != archive.GameActive {
		t.Errorf("game #%d, which alice never resigned, is %s", b, g.Status)
	}
}

// Found 2: 100 forged "register" mails made 100 players at once, whose 600
// mails then got full answers (42 times the bytes in). Now a registration
// waits for a reply from its address, and until then the address is a
// stranger: all the replies together stay within the strangers' cap, each
// under 4 KB. And bob, a player, still hears that his mail was too large
// (the notice is his, not the strangers').
func TestIntegrationForgedRegistrations(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	bob := r.register("bob")
	db := r.db()
	in, out := r.forgedRegistrations(db, 100, 6)
	total := 0
	for _, n := range out {
		total += n
		if n >= 4<<10 {
			t.Errorf("a reply to a forged address of %d bytes", n)
		}
	}
	t.Logf("%d bytes in, %d replies of %d bytes out", in, len(out), total)
	if len(out) > 30 {
		t.Errorf("%d replies to 100 forged registrations and their 600 mails, cap 30 an hour", len(out))
	}
	// The club's bot is a player of every club without "[bots] enabled =
	// false" (issue 34); the forged addresses must have made none.
	if players := r.count("players WHERE name <> 'bot'"); players != 1 {
		t.Errorf("%d players besides the bot after 100 forged registrations, want bob alone", players)
	}
	big := r.send(bob, "big", hostileMail(2<<20))
	if m := r.replyTo(bob, big); !strings.Contains(m.Text, "over postal's limit") {
		t.Errorf("bob's answer to a mail too large:\n%s", m.Text)
	}
}

// forgedRegistrations sends n forged "register" mails, then flood mails
// "rules conflagration" from each of their addresses; it returns the bytes
// in and the size of every reply to those addresses.
func (r *rig) forgedRegistrations(db *archive.DB, n, flood int) (in int, out []int) {
	r.t.Helper()
	done := r.processed()
	stamp := time.Now().UnixNano()
	for i := range n {
		in += r.forge(fmt.Sprintf("v%d@forged.test", i), fmt.Sprintf("reg%d.%d@forged.test", i, stamp), "join", fmt.Sprintf("register v%03d", i))
	}
	for j := range flood {
		for i := range n {
			in += r.forge(fmt.Sprintf("v%d@forged.test", i), fmt.Sprintf("flood%d.%d.%d@forged.test", i, j, stamp), "rules", "rules conflagration")
		}
	}
	r.awaitProcessed(done + n*(1+flood))
	out = sentTo(r.t, db, func(to string) bool { return strings.HasSuffix(to, "@forged.test") })
	return in, out
}

// Found 3: 61 mails "games" with alice's From forged spent her hourly
// limit, and her proven move was then dropped as rate-limited. Now the
// limit counts proven mail only: her move is played and answered, and she
// gets at most three of the short notes the forged mails asked for.
func TestIntegrationForgedRateLimit(t *testing.T) {
	t.Parallel()
	r := newMailServers(t)
	r.setClub("rate_limit", "60")
	r.start()
	t.Cleanup(r.stop)
	alice, bob := r.register("alice"), r.register("bob")
	id, rec := r.startGame(alice, bob, "conflagration")
	game := r.gameMail(alice, id)
	positions, _ := rec.Replay()
	move := positions[len(positions)-1].Legal(engine.First)[0].String()
	done := r.processed()
	for i := range 61 {
		r.forge(alice.addr, fmt.Sprintf("forged%d@evil.example", i), "games", "games")
	}
	r.awaitProcessed(done + 61)
	reply := r.replyTo(alice, r.sendTo(alice, game.ReplyTo, "Re: "+game.Subject, move))
	if !strings.Contains(reply.Text, move+" played") {
		t.Fatalf("alice's move after 61 forged mails:\n%s", reply.Text)
	}
	if g := r.gameRow(id); g.Ply != len(rec.Moves)+1 {
		t.Errorf("game #%d at ply %d, want %d", id, g.Ply, len(rec.Moves)+1)
	}
	notes := 0
	for _, m := range allMail(t, r, alice) {
		if strings.HasPrefix(m.InReplyTo, "forged") {
			notes++
			if len(m.Raw) >= 4<<10 {
				t.Errorf("an answer to a forged mail of %d bytes", len(m.Raw))
			}
		}
	}
	if notes > 3 {
		t.Errorf("alice got %d answers to 61 mails she never sent", notes)
	}
}

// nestedMail is a mail from from of about 1 MiB (under it) with levels
// multipart/mixed parts, each inside the one before, and a command at the
// bottom.
func nestedMail(from, id string, levels int) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "From: %s\r\nTo: postal@demo.test\r\nSubject: nested\r\nMessage-ID: <%s>\r\nMIME-Version: 1.0\r\n", from, id)
	for i := range levels {
		bd := strconv.FormatInt(int64(i), 36)
		fmt.Fprintf(&b, "Content-Type:multipart/mixed;boundary=%s\r\n\r\n--%s\r\n", bd, bd)
	}
	b.WriteString("Content-Type: text/plain\r\n\r\nstatus\r\n")
	return []byte(b.String())
}

// Found 4: a mail of 20,000 nested multipart parts cost 30 s of CPU and
// held up every mail behind it. Now it is refused as unreadable at once
// (answered once: the stranger's note, bob's notice) and kept as headers
// only, and alice's move, sent after both, is answered.
func TestIntegrationNestedMIME(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	alice, bob := r.register("alice"), r.register("bob")
	id, rec := r.startGame(alice, bob, "conflagration")
	game := r.gameMail(alice, id)
	positions, _ := rec.Replay()
	move := positions[len(positions)-1].Legal(engine.First)[0].String()
	mallory := newPlayer("mallory", "mallory@forged.test")
	cpu, err := processCPU(r.daemon.Process.Pid)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []*player{mallory, bob} {
		raw := nestedMail(p.addr, "nested."+p.name+"@forged.test", 20000)
		if len(raw) >= 1<<20 {
			t.Fatalf("the nested mail is %d bytes, over the club's limit", len(raw))
		}
		r.deliver(p.addr, raw)
	}
	reply := r.replyTo(alice, r.sendTo(alice, game.ReplyTo, "Re: "+game.Subject, move))
	if !strings.Contains(reply.Text, move+" played") {
		t.Fatalf("alice's move after the nested mails:\n%s", reply.Text)
	}
	used, _ := processCPU(r.daemon.Process.Pid)
	t.Logf("the daemon's CPU for two nested mails and a move: %v", used-cpu)
	if m := r.replyTo(bob, "nested.bob@forged.test"); !strings.Contains(m.Text, "could not read") {
		t.Errorf("bob's notice of his nested mail:\n%s", m.Text)
	}
	msgs, err := r.db().Messages(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	nested := 0
	for _, m := range msgs {
		if !strings.HasPrefix(m.MessageID, "nested.") {
			continue
		}
		nested++
		if !strings.HasPrefix(m.Outcome, "unreadable") || m.BodySHA256 == "" || len(m.Raw) > 64<<10 {
			t.Errorf("the nested mail %s: outcome %q, kept %d bytes, hash %q", m.MessageID, m.Outcome, len(m.Raw), m.BodySHA256)
		}
	}
	if nested != 2 {
		t.Errorf("%d nested mails recorded, want 2", nested)
	}
}

// Found 5: each "say" line was a mail of its own to the opponent. Now the
// say lines of one mail reach bob as one mail, up to the day's 20 lines in
// a game; the rest are refused, and say so.
func TestIntegrationSayInOnePiece(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	alice, bob := r.register("alice"), r.register("bob")
	id, _ := r.startGame(alice, bob, "conflagration")
	game := r.gameMail(alice, id)
	var lines []string
	for i := range 49 {
		lines = append(lines, fmt.Sprintf("say line %02d", i+1))
	}
	reply := r.replyTo(alice, r.sendTo(alice, game.ReplyTo, "Re: "+game.Subject, strings.Join(lines, "\n")))
	if !strings.Contains(reply.Text, "20 lines a day") {
		t.Errorf("alice is not told of the day's limit:\n%.3000s", reply.Text)
	}
	reply = r.replyTo(alice, r.sendTo(alice, game.ReplyTo, "Re: "+game.Subject, "say one more"))
	if !strings.Contains(reply.Text, "20 lines a day") {
		t.Errorf("a say past the day's limit:\n%s", reply.Text)
	}
	r.replyTo(alice, r.sendTo(alice, game.ReplyTo, "Re: "+game.Subject, "board")) // by now any relay is out
	var relays []*gotMail
	for _, m := range allMail(t, r, bob) {
		if strings.Contains(m.Text, "says, in game") {
			relays = append(relays, m)
		}
	}
	if len(relays) != 1 {
		t.Fatalf("%d mails to bob for 49 say lines, want 1", len(relays))
	}
	text := relays[0].Text
	if !strings.Contains(text, "line 01") || !strings.Contains(text, "line 20") || strings.Contains(text, "line 21") || strings.Contains(text, "one more") {
		t.Errorf("the relay:\n%s", text)
	}
}

// Found 6: a director adjudicated their own game, a rated win. Now a
// director who plays cannot adjudicate, extend or remove in their event:
// alice's adjudication of her game, and of a game of two others of it, is
// refused and names who can act instead; her co-director dave and carol,
// an admin of the club, can.
func TestIntegrationDirectorOwnGame(t *testing.T) {
	t.Parallel()
	r := newMailServers(t)
	r.setClub("admins", `["carol"]`)
	r.start()
	t.Cleanup(r.stop)
	alice, bob, carol, dave, erin := r.register("alice"), r.register("bob"), r.register("carol"), r.register("dave"), r.register("erin")
	ask := func(p *player, text string, want ...string) {
		t.Helper()
		reply := r.replyTo(p, r.send(p, "farm", text))
		flat := strings.Join(strings.Fields(reply.Text), " ")
		for _, w := range want {
			if !strings.Contains(flat, w) {
				t.Fatalf("%s's %q: the answer lacks %q:\n%s", p.name, text, w, reply.Text)
			}
		}
	}
	ask(alice, "tournament farm conflagration round-robin players 3 untimed", "tournament farm")
	ask(bob, "join farm", "bob has entered farm")
	ask(erin, "join farm")
	games := map[string]int64{}
	for _, g := range r.tournamentGames("farm") {
		seats := strings.Join(r.names(g), "-")
		if strings.Contains(seats, "alice") && strings.Contains(seats, "bob") {
			games["alice-bob"] = g.ID
		} else if strings.Contains(seats, "alice") {
			games["alice-erin"] = g.ID
		} else {
			games["bob-erin"] = g.ID
		}
	}
	if len(games) != 3 {
		t.Fatalf("the games of farm: %v", games)
	}
	ab := games["alice-bob"]
	ask(alice, fmt.Sprintf("adjudicate %d draw", ab), fmt.Sprintf("you play in game #%d", ab), "carol")
	if g := r.gameRow(ab); g.Status != archive.GameActive {
		t.Fatalf("alice adjudicated her own game: %s", g.Status)
	}
	ask(alice, "remove bob from farm he is slow", "you play in farm")
	ask(alice, "codirector farm dave", "dave directs farm")
	// Nor the others' games of an event she plays in (the second round of
	// issue 32, finding 11): their results decide her own place.
	ask(alice, fmt.Sprintf("adjudicate %d draw", games["bob-erin"]), "you play in farm", "dave (a co-director of farm)")
	if g := r.gameRow(games["bob-erin"]); g.Status != archive.GameActive {
		t.Fatalf("alice, who plays in farm, adjudicated bob and erin's game: %s", g.Status)
	}
	ask(dave, fmt.Sprintf("adjudicate %d draw", games["bob-erin"]), fmt.Sprintf("game #%d adjudicated", games["bob-erin"]))
	ask(dave, fmt.Sprintf("adjudicate %d 0-1", ab), fmt.Sprintf("game #%d adjudicated", ab))
	ask(carol, fmt.Sprintf("adjudicate %d draw", games["alice-erin"]), fmt.Sprintf("game #%d adjudicated", games["alice-erin"]))
}

// Found 7: a tournament called index took the path of the tournaments'
// list. Now names of the site's pages and folders are refused.
func TestIntegrationReservedTournamentName(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	alice := r.register("alice")
	for _, name := range []string{"index", "feed", "players"} {
		reply := r.replyTo(alice, r.send(alice, "t", "tournament "+name+" conflagration round-robin"))
		if !strings.Contains(reply.Text, "cannot be called "+name) {
			t.Errorf("tournament %s:\n%s", name, reply.Text)
		}
	}
	if n := r.count("tournaments"); n != 0 {
		t.Errorf("%d tournaments made", n)
	}
}

// BenchmarkIntegrationForgedRegistrations reports what 100 forged
// registrations and 600 mails from their addresses make postal send: bytes
// out per byte in, the replies and the largest.
func BenchmarkIntegrationForgedRegistrations(b *testing.B) {
	r := newRig(b)
	r.register("alice")
	db := r.db()
	in, out := r.forgedRegistrations(db, 100, 6)
	total, largest := 0, 0
	for _, n := range out {
		total += n
		largest = max(largest, n)
	}
	b.ReportMetric(float64(total)/float64(in), "out-bytes/in-byte")
	b.ReportMetric(float64(len(out)), "replies")
	b.ReportMetric(float64(largest), "largest-reply-bytes")
}

// BenchmarkIntegrationNestedMIME reports the daemon's CPU time by mail of
// 20,000 nested parts (the worst of issue 32's shapes), b.N of them from
// ten forged addresses.
func BenchmarkIntegrationNestedMIME(b *testing.B) {
	r := newRig(b)
	r.register("alice")
	done := r.processed()
	cpu, err := processCPU(r.daemon.Process.Pid)
	if err != nil {
		b.Fatal(err)
	}
	stamp := time.Now().UnixNano()
	for i := range b.N {
		from := fmt.Sprintf("n%d@forged.test", i%10)
		r.deliver(from, nestedMail(from, fmt.Sprintf("nested%d.%d@forged.test", i, stamp), 20000))
	}
	r.awaitProcessed(done + b.N)
	used, err := processCPU(r.daemon.Process.Pid)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(ms(used-cpu)/float64(b.N), "cpu-ms/mail")
}
