package club

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"postal/archive"
	"postal/archive/archivetest"
	"postal/club/game"
	"postal/mailer"
	"postal/notation"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// club is a test club: a real SQLite file, a fixed clock, and a helper that
// hands it mail and returns what it wrote to the outbox.
type club struct {
	t    testing.TB
	db   *archive.DB
	s    *Service
	now  time.Time
	last int64 // highest outbox row seen
	n    int   // messages sent, for unique Message-IDs
	keys map[string]string
	path string  // the database file
	opt  Options // as the service was made
}

// newClub is a test club on a new archive (archivetest: a copy of one
// migrated once per test process, not migrated again for each club).
func newClub(t testing.TB, opt Options) *club {
	t.Helper()
	return clubAt(t, archivetest.Path(t), opt)
}

// clubAt is a test club on the archive at path, created or brought up to
// date.
func clubAt(t testing.TB, path string, opt Options) *club {
	t.Helper()
	db, err := archive.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	c := &club{t: t, db: db, now: time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC), keys: map[string]string{}, path: path}
	if opt.Address == "" {
		opt.Address = "postal@demo.test"
	}
	opt.Now = func() time.Time { return c.now }
	if opt.Log == nil {
		opt.Log = slog.New(slog.DiscardHandler)
	}
	if opt.SiteURL == "" {
		opt.SiteURL = "https://demo.test/"
	}
	c.opt = opt
	c.s, err = New(db, opt)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// restart closes the database and opens it again under a new service, as a
// daemon killed and started again would.
func (c *club) restart() {
	c.t.Helper()
	c.db.Close()
	db, err := archive.Open(context.Background(), c.path)
	if err != nil {
		c.t.Fatal(err)
	}
	c.t.Cleanup(func() { db.Close() })
	c.db = db
	if c.s, err = New(db, c.opt); err != nil {
		c.t.Fatal(err)
	}
}

// mail sends a fresh mail (not a reply) and returns the new outbox messages.
func (c *club) mail(from, subject, text string) []mailer.Outbound {
	c.t.Helper()
	return c.handle(&mailer.Inbound{From: from, Subject: subject, Text: text, Recipients: []string{"postal@demo.test"}})
}

// replyTo answers msg as a mail client would: to its Reply-To, with its
// subject, in its thread.
func (c *club) replyTo(msg mailer.Outbound, text string) []mailer.Outbound {
	c.t.Helper()
	return c.handle(&mailer.Inbound{From: msg.To, Subject: "Re: " + msg.Subject, Text: text, Recipients: []string{msg.ReplyTo},
		InReplyTo: msg.MessageID, References: append(msg.References, msg.MessageID)})
}

func (c *club) handle(in *mailer.Inbound) []mailer.Outbound {
	c.t.Helper()
	if in.MessageID == "" {
		c.n++
		in.MessageID = fmt.Sprintf("m%d@client.test", c.n)
	}
	c.now = c.now.Add(time.Minute)
	if err := c.s.Handle(context.Background(), in); err != nil {
		c.t.Fatalf("Handle(%q): %v", in.Text, err)
	}
	return c.outbox()
}

func (c *club) outbox() []mailer.Outbound {
	c.t.Helper()
	rows, err := c.db.Outbox(context.Background(), c.last)
	if err != nil {
		c.t.Fatal(err)
	}
	var out []mailer.Outbound
	for _, r := range rows {
		out = append(out, c.load(r))
		c.last = r.ID
	}
	return out
}

// load reads the message of an outbox row back.
func (c *club) load(r archive.OutboxRow) mailer.Outbound {
	c.t.Helper()
	m, err := mailer.LoadOutbound(r.Mail.Message, r.Mail.Files)
	if err != nil {
		c.t.Fatal(err)
	}
	return m
}

// register registers name (a mail "register NAME", then a reply to
// postal's answer from the same address: issue 32) and remembers the key
// from the welcome.
func (c *club) register(name string) mailer.Outbound {
	c.t.Helper()
	return c.registerAs(name, name+"@example.org")
}

// registerAs registers name from the address addr.
func (c *club) registerAs(name, addr string) mailer.Outbound {
	c.t.Helper()
	out := c.mail(addr, "hello", "register "+name)
	if len(out) != 1 {
		c.t.Fatalf("register %s: %d mails", name, len(out))
	}
	out = c.replyTo(out[0], "yes")
	if len(out) != 1 {
		c.t.Fatalf("the reply that registers %s: %d mails", name, len(out))
	}
	m := regexp.MustCompile(`key ([a-z2-9]{20})`).FindStringSubmatch(out[0].Text)
	if m == nil {
		c.t.Fatalf("no key in the registration reply:\n%s", out[0].Text)
	}
	c.keys[name] = m[1]
	return out[0]
}

// withKey is text after a line with the key of the player at from
// (NAME@...): only a mail that proves its sender is read (issue 32).
func (c *club) withKey(from, text string) string {
	name, _, _ := strings.Cut(from, "@")
	return "key " + c.keys[name] + "\n" + text
}

// to returns the only mail to addr among out.
func to(t testing.TB, out []mailer.Outbound, addr string) mailer.Outbound {
	t.Helper()
	var found []mailer.Outbound
	for _, m := range out {
		if m.To == addr {
			found = append(found, m)
		}
	}
	if len(found) != 1 {
		var tos []string
		for _, m := range out {
			tos = append(tos, m.To)
		}
		t.Fatalf("%d mails to %s among %v", len(found), addr, tos)
	}
	return found[0]
}

// contains checks that the text part of m holds each of want, as written
// or with the line breaks and indents of wrapped paragraphs.
func contains(t testing.TB, m mailer.Outbound, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(m.Text, w) && !strings.Contains(squash(m.Text), squash(w)) {
			t.Errorf("mail to %s (%s) lacks %q:\n%s", m.To, m.Subject, w, m.Text)
		}
	}
}

// moveNumber is the number of the next move of game id for people: its
// players' moves so far plus one.
func (c *club) moveNumber(id int64) int {
	c.t.Helper()
	moves := read(c, func(tx *archive.Tx) ([]archive.Move, error) { return tx.Moves(id) })
	_, n := game.MoveNumbers(moves)
	return n
}

// squash collapses every run of white space of s into one space.
func squash(s string) string { return strings.Join(strings.Fields(s), " ") }

// read returns what f reads in a transaction of c's archive.
func read[T any](c *club, f func(tx *archive.Tx) (T, error)) T {
	c.t.Helper()
	var v T
	err := c.db.Tx(context.Background(), func(tx *archive.Tx) error {
		var err error
		v, err = f(tx)
		return err
	})
	if err != nil {
		c.t.Fatal(err)
	}
	return v
}

func (c *club) game(id int64) *archive.Game {
	c.t.Helper()
	return read(c, func(tx *archive.Tx) (*archive.Game, error) { return tx.GameByID(id) })
}

// start registers alice and bob and starts a takeaway game with alice
// first; it returns bob's challenge mail's reply and the game number.
func (c *club) start(opts string) (aliceMail mailer.Outbound, id int64) {
	c.t.Helper()
	c.register("alice")
	c.register("bob")
	out := c.mail("alice@example.org", "new game", "key "+c.keys["alice"]+"\nchallenge bob takeaway "+opts+" as first")
	ch := to(c.t, out, "bob@example.org")
	contains(c.t, to(c.t, out, "alice@example.org"), "challenge #1")
	out = c.replyTo(ch, "accept")
	contains(c.t, to(c.t, out, "bob@example.org"), "game #1 has started")
	aliceMail = to(c.t, out, "alice@example.org")
	if aliceMail.Subject != "[postal #1] Takeaway: alice vs bob" || !strings.HasPrefix(squash(aliceMail.Text), "bob accepted your challenge: game #1 has started. You play North. Your move (move 1).") {
		c.t.Fatalf("alice's start mail: %q\n%s", aliceMail.Subject, aliceMail.Text)
	}
	return aliceMail, 1
}

func TestWholeGame(t *testing.T) {
	c := newClub(t, Options{})
	aliceMail, id := c.start("pile=7")

	// A bare move in a reply to the game mail.
	out := c.replyTo(aliceMail, "t2")
	// The confirmation of her own move carries no board (issue 28); bob's
	// turn notice does.
	contains(t, to(t, out, "alice@example.org"), "t2 played in game #1", `"board 1" sends the board.`)
	if m := to(t, out, "alice@example.org"); strings.Contains(m.Text, "Pile:") || len(m.Inline)+len(m.Attachments) != 0 {
		t.Errorf("alice's confirmation carries a board:\n%s", m.Text)
	}
	bobMail := to(t, out, "bob@example.org")
	contains(t, bobMail, "Pile: ooooo (5 left)")
	if bobMail.Subject != aliceMail.Subject || !strings.HasPrefix(bobMail.Text, "alice played t2 in game #1. Your move (move 2).") || bobMail.InReplyTo == "" {
		t.Fatalf("bob's turn notice: subject %q, In-Reply-To %q", bobMail.Subject, bobMail.InReplyTo)
	}

	// The board: plain text above, inline PNG in the HTML, SVG attached.
	if len(bobMail.Inline) != 1 || bobMail.Inline[0].ContentType != "image/png" || !strings.Contains(bobMail.HTML, `src="cid:`+bobMail.Inline[0].ContentID+`"`) ||
		len(bobMail.Attachments) != 1 || bobMail.Attachments[0].ContentType != "image/svg+xml" || !strings.HasPrefix(string(bobMail.Inline[0].Data), "\x89PNG") {
		t.Errorf("board parts: inline %d, attachments %+v", len(bobMail.Inline), bobMail.Attachments)
	}
	if bobMail.Headers["Auto-Submitted"] != "auto-generated" || !strings.HasPrefix(bobMail.ReplyTo, "postal+") {
		t.Errorf("headers %v, Reply-To %s", bobMail.Headers, bobMail.ReplyTo)
	}

	// An illegal move lists the legal ones and changes nothing.
	out = c.replyTo(bobMail, "move t4")
	reply := to(t, out, "bob@example.org")
	contains(t, reply, "Error: t4 is not a legal move here", "t1  t2  t3")
	if len(out) != 1 || c.game(id).Ply != 1 {
		t.Fatalf("illegal move: %d mails, ply %d", len(out), c.game(id).Ply)
	}

	// A parse error points at the word.
	out = c.replyTo(bobMail, "mvoe t1")
	contains(t, out[0], `Line 1, column 1, at "mvoe"`, "mvoe t1\n^")
	out = c.replyTo(bobMail, "move 1 x1")
	contains(t, out[0], `"x1" is not a move of Takeaway`, "move 1 x1\n       ^")

	// A forged From without a token changes nothing.
	out = c.mail("bob@example.org", "resign", "resign 1")
	contains(t, to(t, out, "bob@example.org"), "postal cannot tell that this mail comes from bob", "Nothing was changed")
	if g := c.game(id); g.Status != archive.GameActive {
		t.Fatalf("forged resign ended the game: %+v", g)
	}

	// A stale move number guard.
	out = c.replyTo(bobMail, "move #1 t1")
	contains(t, out[0], "the game is at move 2, not move 1", "written against a board that has changed since")
	// A guard ahead of the game is no stale board: the reply says the
	// game has not come that far.
	out = c.replyTo(bobMail, "move #7 t1")
	contains(t, out[0], "the game is at move 2, not move 7", "written for move 7, which the game has not reached")
	if g := c.game(id); g.Ply != 1 {
		t.Fatalf("a guard ahead played the move: ply %d", g.Ply)
	}

	// The same message twice is applied once, with one reply.
	in := &mailer.Inbound{MessageID: "dup@client.test", From: "bob@example.org", Subject: "Re: " + bobMail.Subject, Text: "t1", Recipients: []string{bobMail.ReplyTo}}
	out = c.handle(in)
	if len(out) != 2 {
		t.Fatalf("move: %d mails", len(out))
	}
	dup := *in
	if out = c.handle(&dup); len(out) != 0 || c.game(id).Ply != 2 {
		t.Fatalf("duplicate: %d mails, ply %d", len(out), c.game(id).Ply)
	}

	// carol observes, and gets the game-over mail.
	c.register("carol")
	out = c.mail("carol@example.org", "watch", "key "+c.keys["carol"]+"\nobserve 1")
	contains(t, out[0], "you observe game #1")

	// alice plays with her key in a fresh mail, then wins.
	out = c.mail("alice@example.org", "move", "key "+c.keys["alice"]+"\nmove 1 #3 t1")
	contains(t, to(t, out, "alice@example.org"), "t1 played")
	bobMail = to(t, out, "bob@example.org")
	out = c.replyTo(bobMail, "t2") // 3 -> 1
	out = c.replyTo(to(t, out, "alice@example.org"), "t1")
	// The result is said once, at the top (issue 28).
	if text := to(t, out, "alice@example.org").Text; !strings.HasPrefix(text, "Game #1 is over: alice (North) wins: took the last counter (1-0).") || strings.Count(text, "took the last counter (1-0)") != 1 {
		t.Errorf("alice's game-over reply does not say the result once, at the top:\n%s", text)
	}
	contains(t, to(t, out, "bob@example.org"), "Game #1 is over: alice (North) wins: took the last counter (1-0).")
	carol := to(t, out, "carol@example.org")
	if carol.Subject != "[postal #1] Takeaway: alice vs bob" || !strings.HasPrefix(carol.Text, "Game #1 is over: alice (North) wins") {
		t.Errorf("carol's game-over mail: %q\n%s", carol.Subject, carol.Text)
	}
	g := c.game(id)
	if g.Status != archive.GameOver || g.Result != "1-0" || g.Ply != 5 {
		t.Fatalf("game after the end: %+v", g)
	}

	// The record comes as an attachment and replays.
	out = c.mail("carol@example.org", "record", c.withKey("carol@example.org", "record 1"))
	if len(out[0].Attachments) == 0 || !strings.Contains(string(out[0].Attachments[len(out[0].Attachments)-1].Data), "t2") {
		t.Fatalf("record attachments: %+v", out[0].Attachments)
	}

	rec, err := notation.ReadRecord(string(out[0].Attachments[len(out[0].Attachments)-1].Data))
	if err != nil {
		t.Fatal(err)
	}
	if positions, err := rec.Replay(); err != nil || len(positions) != 6 || !slices.Equal(rec.Players, []string{"alice", "bob"}) || rec.Result.Score() != "1-0" {
		t.Fatalf("record replays to %d positions, %v; players %v, result %v", len(positions), err, rec.Players, rec.Result)
	}
	if strings.Contains(to(t, c.mail("alice@example.org", "k", "key "+c.keys["alice"]), "alice@example.org").Text, c.keys["alice"]) {
		t.Error("a reply repeats the personal key")
	}

	// Every mail about game 1 to bob is in one thread.
	rows, _ := c.db.Outbox(context.Background(), 0)
	roots := map[string]bool{}
	for _, r := range rows {
		if m := c.load(r); m.To == "bob@example.org" && strings.Contains(m.Subject, "[postal #1]") && len(m.References) > 0 {
			roots[m.References[0]] = true
		}
	}
	if len(roots) != 1 {
		t.Errorf("bob's game mails have %d thread roots", len(roots))
	}
}

func TestResignAndDraw(t *testing.T) {
	c := newClub(t, Options{})
	aliceMail, _ := c.start("")
	out := c.replyTo(aliceMail, "draw")
	contains(t, to(t, out, "alice@example.org"), "draw offered in game #1")
	bobMail := to(t, out, "bob@example.org")
	contains(t, bobMail, "alice offers a draw")
	out = c.replyTo(bobMail, "draw")
	contains(t, to(t, out, "bob@example.org"), "draw agreed")
	contains(t, to(t, out, "alice@example.org"), "Game #1 is over: Draw: agreed by the players (1/2-1/2).")

	// A move declines an offer; the offerer's own move does not.
	out = c.mail("alice@example.org", "x", "key "+c.keys["alice"]+"\nchallenge bob takeaway as first")
	out = c.replyTo(to(t, out, "bob@example.org"), "accept")
	aliceMail = to(t, out, "alice@example.org")
	out = c.replyTo(aliceMail, "draw\nt1")
	bobMail = to(t, out, "bob@example.org")
	contains(t, bobMail, "alice offers a draw")
	if g := c.game(2); !slices.Equal(g.DrawAgreed, []int{0}) {
		t.Fatalf("the offerer's move withdrew the offer: %+v", g)
	}
	out = c.replyTo(bobMail, "t1")
	contains(t, to(t, out, "alice@example.org"), "bob declined your draw offer by moving")
	if g := c.game(2); g.DrawAgreed != nil {
		t.Fatalf("a move left the offer standing: %+v", g)
	}
	out = c.replyTo(aliceMail, "resign")
	contains(t, to(t, out, "bob@example.org"), "Game #2 is over")

	// A third game, resigned.
	out = c.mail("bob@example.org", "again", "key "+c.keys["bob"]+"\nchallenge alice takeaway as second")
	ch := to(t, out, "alice@example.org")
	out = c.replyTo(ch, "accept 3")
	aliceMail = to(t, out, "alice@example.org")
	out = c.replyTo(aliceMail, "resign")
	contains(t, to(t, out, "bob@example.org"), "Game #3 is over: bob (South) wins: alice resigned (0-1).")
	if g := c.game(3); g.Result != "0-1" {
		t.Fatalf("game 3: %+v", g)
	}
	out = c.replyTo(aliceMail, "move t1")
	contains(t, out[0], "#3 is over: a reply to its mails changes nothing")
}

func TestInvitationAndOpen(t *testing.T) {
	c := newClub(t, Options{})
	c.register("alice")
	out := c.mail("alice@example.org", "x", "key "+c.keys["alice"]+"\nchallenge dave@example.net takeaway")
	inv := to(t, out, "dave@example.net")
	contains(t, inv, "alice invites you", "register NAME")
	if strings.Contains(inv.ReplyTo, "+") {
		t.Errorf("an invitation carries a token: %s", inv.ReplyTo)
	}
	out = c.replyTo(inv, "register dave\naccept 1")
	contains(t, out[0], "To become dave, reply to this mail")
	out = c.replyTo(out[0], "yes")
	contains(t, out[0], "registered as dave", "alice has challenged you")
	c.keys["dave"] = regexp.MustCompile(`key ([a-z2-9]{20})`).FindStringSubmatch(out[0].Text)[1]
	out = c.mail("dave@example.net", "x", "accept 1\nkey "+c.keys["dave"])
	contains(t, to(t, out, "dave@example.net"), "game #1 has started")

	out = c.mail("alice@example.org", "x", "key "+c.keys["alice"]+"\nopen takeaway pile=5 days 7")
	contains(t, out[0], "challenge #2", "Anyone may accept it")
	c.register("erin")
	out = c.mail("erin@example.org", "x", c.withKey("erin@example.org", "status"))
	contains(t, out[0], "open challenge #2: alice proposes takeaway")
	out = c.mail("erin@example.org", "x", "key "+c.keys["erin"]+"\naccept 2")
	contains(t, to(t, out, "erin@example.org"), "game #2 has started")
	if g := c.game(2); g.DaysPerMove != 7 || g.Config != "standard dice=off pile=5" {
		t.Fatalf("game 2: %+v", g)
	}
}

func TestChance(t *testing.T) {
	c := newClub(t, Options{})
	aliceMail, id := c.start("dice=on")
	out := c.replyTo(aliceMail, "t1")
	contains(t, to(t, out, "bob@example.org"), "your move")
	if g := c.game(id); g.Ply != 2 {
		t.Fatalf("ply after a move and a die: %d", g.Ply)
	}
	out = c.mail("bob@example.org", "r", c.withKey("bob@example.org", "record 1"))
	if !regexp.MustCompile(`t1 .*d[1-6]`).MatchString(out[0].Text) {
		t.Fatalf("record lacks the die:\n%s", out[0].Text)
	}
}

func TestNoReply(t *testing.T) {
	c := newClub(t, Options{RateLimit: 3})
	if out := c.handle(&mailer.Inbound{From: "postal+abc@demo.test", Text: "help"}); len(out) != 0 {
		t.Fatal("answered postal itself")
	}
	if out := c.handle(&mailer.Inbound{From: "x@example.org", Text: "help", NoReply: "auto-reply"}); len(out) != 0 {
		t.Fatal("answered an auto-reply")
	}
	c.register("spam")
	c.now = c.now.Add(time.Hour) // the registration counts
	var n int
	for i := 0; i < 6; i++ {
		n += len(c.mail("spam@example.org", "x", c.withKey("spam@example.org", "games")))
	}
	if n != 4 { // three answers and one "too many"; the key line is no command (msgs[4]: "1 done")
		t.Fatalf("%d replies to 6 mails with a limit of 3", n)
	}
	msgs, _ := c.db.Messages(context.Background())
	if len(msgs) != 10 || msgs[0].Outcome != "ignored: from postal itself" || msgs[4].Outcome != "handled: 1 done, 0 refused" || msgs[9].Outcome != "rate-limited" {
		t.Fatalf("messages: %d, outcomes %q %q %q", len(msgs), msgs[0].Outcome, msgs[4].Outcome, msgs[len(msgs)-1].Outcome)
	}
}

// Authentication-Results count only where the operator states that the
// mail server removes forged ones (TrustAuthResults), and then only the
// topmost header (issue 24).
func TestAuthenticationResults(t *testing.T) {
	c := newClub(t, Options{AuthServID: "mx.demo.test", TrustAuthResults: true})
	c.register("alice")
	c.register("bob")
	for _, tc := range []struct {
		header string
		ok     bool
	}{
		{"evil.test; dkim=pass header.d=example.org", false},
		{"mx.demo.test; dkim=fail header.d=example.org", false},
		{"mx.demo.test; dkim=pass header.d=other.org", false},
		{"mx.demo.test (our server); spf=pass; dkim=pass (good) header.d=example.org header.s=x", true},
		{"mx.demo.test; dmarc=pass header.from=example.org", true},
		// Ours on top says fail: a forged pass below it does not count.
		{"mx.demo.test; dkim=fail header.d=example.org\nmx.demo.test; dkim=pass header.d=example.org", false},
		// Another server's on top: ours below it may be forged.
		{"other.test; dkim=pass header.d=example.org\nmx.demo.test; dkim=pass header.d=example.org", false},
	} {
		c.now = c.now.Add(25 * time.Hour) // a day's notes to alice's address for each mail that proves nothing
		out := c.handle(&mailer.Inbound{From: "alice@example.org", Text: "challenge bob takeaway", AuthResults: strings.Split(tc.header, "\n")})
		got := !strings.Contains(to(t, out, "alice@example.org").Text, "postal cannot tell")
		if got != tc.ok {
			t.Errorf("%q: accepted %v, want %v", tc.header, got, tc.ok)
		}
	}
}

func TestCrashLeavesNothing(t *testing.T) {
	c := newClub(t, Options{})
	aliceMail, id := c.start("")
	ctx, cancel := context.WithCancel(context.Background())
	crashHook = cancel
	defer func() { crashHook = nil }()
	in := &mailer.Inbound{MessageID: "crash@client.test", From: "alice@example.org", Subject: "Re: " + aliceMail.Subject, Text: "t3", Recipients: []string{aliceMail.ReplyTo}}
	err := c.s.Handle(ctx, in)
	if err == nil || IsPermanent(err) {
		t.Fatalf("Handle under a cancelled context: %v (want a temporary error)", err)
	}
	var ce *Error
	if !errors.As(err, &ce) {
		t.Fatalf("error of type %T", err)
	}
	if out := c.outbox(); len(out) != 0 || c.game(id).Ply != 0 {
		t.Fatalf("after the crash: %d mails, ply %d", len(out), c.game(id).Ply)
	}
	crashHook = nil
	// The watcher retries: applied once.
	out := c.handle(in)
	if len(out) != 2 || c.game(id).Ply != 1 {
		t.Fatalf("retry: %d mails, ply %d", len(out), c.game(id).Ply)
	}
	if out := c.handle(in); len(out) != 0 {
		t.Fatal("second retry answered again")
	}
	// Closing the database mid-flight is a temporary failure too.
	c.db.Close()
	if err := c.s.Handle(context.Background(), &mailer.Inbound{MessageID: "late@client.test", From: "bob@example.org", Text: "status"}); err == nil || IsPermanent(err) {
		t.Fatalf("closed database: %v", err)
	}
	if err := c.s.Handle(context.Background(), &mailer.Inbound{From: "bob@example.org"}); !IsPermanent(err) {
		t.Fatalf("no Message-ID: %v", err)
	}
}

// Threading (issue 16): a player's mails about a game share one subject;
// each refers to the conversation's first mail and its latest ones, and
// answers the message it replies to or, for a notice, the latest mail.
func TestThreading(t *testing.T) {
	c := newClub(t, Options{})
	aliceMail, _ := c.start("pile=30")
	var bob []mailer.Outbound
	for i := 0; i < 7; i++ {
		out := c.replyTo(aliceMail, "t1")
		reply := to(t, out, "alice@example.org")
		if reply.InReplyTo != fmt.Sprintf("m%d@client.test", c.n) || reply.References[len(reply.References)-1] != reply.InReplyTo {
			t.Fatalf("alice's reply answers %q, refers to %v", reply.InReplyTo, reply.References)
		}
		notice := to(t, out, "bob@example.org")
		bob = append(bob, notice)
		out = c.replyTo(notice, "t1")
		aliceMail = to(t, out, "alice@example.org")
		bob = append(bob, to(t, out, "bob@example.org"))
	}
	root := bob[0].References[0]
	for i, m := range bob {
		if m.Subject != "[postal #1] Takeaway: alice vs bob" {
			t.Errorf("bob's mail %d: subject %q", i, m.Subject)
		}
		if len(m.References) == 0 || m.References[0] != root || len(m.References) > threadKeep+2 {
			t.Errorf("bob's mail %d refers to %v, not first to %s", i, m.References, root)
		}
		if i > 0 && i%2 == 0 {
			// A notice answers bob's latest mail from postal, the reply to his move.
			if prev := bob[i-1].MessageID; m.InReplyTo != prev || !slices.Contains(m.References, prev) {
				t.Errorf("bob's notice %d answers %q, refers to %v; want %s", i, m.InReplyTo, m.References, prev)
			}
		}
	}
}
