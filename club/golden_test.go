package club

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"postal/club/games"
	"postal/engine"
	"postal/mailer"
)

// Issue 16: every kind of mail postal sends, pinned as players read it, in
// every game where it differs. Each golden mail is checked for what a
// player must never see (lines past 78 columns, "Error" outside an error,
// rulings numbers, Markdown) here and opened in Chromium by
// TestMailsInChromium.

// goldenMail is one mail of the golden set.
type goldenMail struct {
	name string // its files: testdata/mail/NAME.txt and .html
	msg  mailer.Outbound
	// errors is set when the mail answers something that went wrong: only
	// such mails may say "Error".
	errors bool
}

var (
	goldenOnce sync.Once
	goldenSet  []goldenMail
)

// goldenMails builds the golden set once per test binary.
func goldenMails(t *testing.T) []goldenMail {
	t.Helper()
	goldenOnce.Do(func() { goldenSet = buildGoldenMails(t) })
	if len(goldenSet) == 0 {
		t.Fatal("the golden set could not be built")
	}
	return goldenSet
}

// pinRandom makes the seeds and sides of the games the next challenges
// start the same on every run.
func pinRandom(t testing.TB, seed uint64) {
	rng := rand.New(rand.NewPCG(seed, 16))
	old := games.RandomRead
	games.RandomRead = func(b []byte) (int, error) {
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		return len(b), nil
	}
	t.Cleanup(func() { games.RandomRead = old })
}

// gameVariants are the games and rulesets whose mails differ.
var gameVariants = []struct{ name, game, opts string }{
	{"conflagration", "conflagration", ""},
	{"imperial-chess", "imperial-chess", ""},
	{"imperial-shuffle", "imperial-shuffle", ""},
	{"initiative", "initiative", ""},
	{"initiative-draft", "initiative", "draft=yes"},
	{"superial-chess", "superial-chess", ""},
	{"superial-random", "superial-chess", "random"},
	{"superial-vs-chess", "superial-chess", "vs-chess"},
}

func buildGoldenMails(t *testing.T) []goldenMail {
	var set []goldenMail
	add := func(name string, m mailer.Outbound, errs bool) {
		set = append(set, goldenMail{name: name, msg: m, errors: errs})
	}
	for _, v := range gameVariants {
		gameMails(t, v.name, v.game, v.opts, add)
	}
	clubMails(t, add)
	clockMails(t, add)
	botMails(t, add)
	talkMails(t, add)
	tournamentMails(t, add)
	leagueMails(t, add) // league_golden_test.go
	cupMails(t, add)    // cup_test.go
	ratingMails(t, add)
	seatsMails(t, add)
	exploreMails(t, add) // explore_test.go
	return set
}

// botMails are the mails of a game against the club's bot: the reply to the
// challenge, which starts the game, and the notice of the bot's move.
func botMails(t *testing.T, add func(string, mailer.Outbound, bool)) {
	c := newClub(t, Options{Bot: &BotOptions{}})
	pinRandom(t, 19)
	c.register("alice")
	out := c.mail("alice@example.org", "a game", "key "+c.keys["alice"]+"\nchallenge bot conflagration level 3 as second")
	add("bot-challenge", to(t, out, "alice@example.org"), false)
	turns := c.botTurns()
	if len(turns) != 1 {
		t.Fatalf("the bot's turns: %+v", turns)
	}
	c.now = c.now.Add(time.Minute)
	if err := c.s.botMove(context.Background(), turns[0], turns[0].pos.Legal(engine.First)[0].String()); err != nil {
		t.Fatal(err)
	}
	add("bot-turn", to(t, c.outbox(), "alice@example.org"), false)
}

// gameMails plays the opening of a game by mail and keeps the mails of each
// kind: the challenge, the start, a move and the turn notice it sends, the
// legal moves, a preview, an illegal move, the rules and the end.
func gameMails(t *testing.T, name, game, opts string, add func(string, mailer.Outbound, bool)) {
	c := newClub(t, Options{})
	pinRandom(t, 16)
	aliceAccount := c.register("alice").ReplyTo
	c.register("bob")
	out := c.mail("alice@example.org", "new game", "key "+c.keys["alice"]+"\nchallenge bob "+game+" "+opts+" as first")
	ch := to(t, out, "bob@example.org")
	add(name+"-challenge", ch, false)
	out = c.replyTo(ch, "accept")
	last := map[string]mailer.Outbound{"bob": to(t, out, "bob@example.org"), "alice": to(t, out, "alice@example.org")}
	add(name+"-start", last["bob"], false)
	add(name+"-start-notice", last["alice"], false)

	// The first player's move: a listed move, written alone.
	who := mover(t, c)
	pos := c.position(t)
	side := sideOf(who)
	move := pos.Legal(side)[0].String()
	out = c.replyTo(last[who], move)
	for _, m := range out {
		last[strings.TrimSuffix(m.To, "@example.org")] = m
	}
	add(name+"-reply-move", to(t, out, who+"@example.org"), false)
	next := mover(t, c)
	if n, ok := mailTo(out, next+"@example.org"); ok && next != who {
		add(name+"-turn", n, false)
	}

	// The next player asks for the moves and a preview, then tries a move
	// that is well formed and illegal here.
	pos, side = c.position(t), sideOf(next)
	out = c.replyTo(last[next], "moves")
	add(name+"-moves", out[0], false)
	out = c.replyTo(last[next], "preview "+pos.Legal(side)[0].String())
	add(name+"-preview", out[0], false)
	if bad, ok := illegalMove(c, pos, side); ok {
		out = c.replyTo(last[next], bad)
		add(name+"-illegal", out[0], true)
	}
	if name == game { // the rules are the game's, whatever the ruleset
		out = c.send("alice@example.org", aliceAccount, "rules?", "rules "+game)
		add(name+"-rules", out[0], false)
	}

	// The end: the player to move resigns; the other hears of it.
	out = c.replyTo(last[next], "resign")
	add(name+"-resigned", to(t, out, next+"@example.org"), false)
	other := map[string]string{"alice": "bob", "bob": "alice"}[next]
	add(name+"-over", to(t, out, other+"@example.org"), false)
}

func sideOf(name string) engine.Player {
	if name == "bob" {
		return engine.Second
	}
	return engine.First
}

// mailTo returns the mail to addr among out, if there is one.
func mailTo(out []mailer.Outbound, addr string) (mailer.Outbound, bool) {
	for _, m := range out {
		if m.To == addr {
			return m, true
		}
	}
	return mailer.Outbound{}, false
}

// illegalMove finds a move text that pos reads but refuses for side: a
// legal move of an earlier position, or of a position after one more move.
func illegalMove(c *club, pos engine.Position, side engine.Player) (string, bool) {
	var candidates []engine.Move
	for _, m := range pos.Legal(side) {
		if next, err := pos.Apply(side, m); err == nil {
			for _, p := range next.ToMove() {
				if p != engine.Chance {
					candidates = append(candidates, next.Legal(p)...)
				}
			}
		}
		if len(candidates) > 200 {
			break
		}
	}
	for _, m := range candidates {
		if pm, err := pos.ParseMove(side, m.String()); err == nil {
			if _, err := pos.Apply(side, pm); err != nil {
				var ie *engine.IllegalMoveError
				if errors.As(err, &ie) {
					return m.String(), true
				}
			}
		}
	}
	return "", false
}

// clubMails are the mails about no game in particular, and the trust mails.
func clubMails(t *testing.T, add func(string, mailer.Outbound, bool)) {
	c := newClub(t, Options{})
	pinRandom(t, 17)
	// Registration (issue 32): "register NAME" asks for a reply from the
	// address, which makes the player and brings the welcome; a name taken
	// is refused as briefly.
	add("register-confirm", c.mail("frank@example.org", "hello", "register frank")[0], false)
	welcome := c.register("alice")
	add("welcome", welcome, false)
	account := welcome.ReplyTo
	bobAccount := c.register("bob").ReplyTo
	add("register-taken", c.mail("mallory@evil.example", "hello", "register alice")[0], false)
	out := c.mail("alice@example.org", "hello", "key "+c.keys["alice"]+"\nhelp")
	add("help", out[0], false)
	out = c.mail("alice@example.org", "hello", "key "+c.keys["alice"]+"\nhelp move")
	add("help-move", out[0], false)
	// A mail that proves nothing is not read (issue 32): a player's address
	// gets a short note whose reply address proves them; a stranger one
	// short note a day, whatever was asked.
	out = c.mail("alice@example.org", "hello", "help")
	add("unproven", out[0], false)
	out = c.mail("stranger@example.net", "hello", strings.Repeat("help\n", 50))
	add("stranger", out[0], false)
	// A mail past the bounds of its structure: bob's notice (his own, one
	// a day).
	deep := "From: bob@example.org\r\nTo: postal@demo.test\r\nSubject: deep\r\nMessage-ID: <deep@client.test>\r\n" +
		strings.Repeat("Content-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\n", 30) + "\r\nstatus\r\n"
	add("unreadable", to(t, c.handleRaw([]byte(deep)), "bob@example.org"), false)
	out = c.send("alice@example.org", account, "what", "games\nstatus")
	add("games-status", out[0], false)
	out = c.send("alice@example.org", account, "hello", "Hello postal,\nhow do I play?\nThanks, Alice")
	add("no-command", out[0], false)
	out = c.send("bob@example.org", bobAccount, "oops", "mvoe 1 C3-D4\nregister 9lives\naccept 7\nchallenge carol conflagration")
	add("reply-errors", out[0], true)
	out = c.mail("alice@example.org", "invite", "key "+c.keys["alice"]+"\nchallenge dave@example.net conflagration days 5")
	add("invitation", to(t, out, "dave@example.net"), false)
	add("challenge-sent", to(t, out, "alice@example.org"), false)
	out = c.mail("alice@example.org", "again", "key "+c.keys["alice"]+"\nchallenge bob superial-chess random random-moves=2 bank 7+1/14")
	out = c.replyTo(to(t, out, "bob@example.org"), "decline")
	add("challenge-declined", to(t, out, "alice@example.org"), false)
	add("decline-reply", to(t, out, "bob@example.org"), false)

	// A game: a move in a reply with chat lines, a stale guard, someone
	// else's token, an observer, the record.
	out = c.mail("alice@example.org", "game", "key "+c.keys["alice"]+"\nchallenge bob conflagration as first")
	out = c.replyTo(to(t, out, "bob@example.org"), "accept")
	aliceMail := to(t, out, "alice@example.org")
	move := positionOf(c, t, 3).Legal(engine.First)[0].String()
	out = c.replyTo(aliceMail, "Hi Bob,\n\n"+move+"\n\nThanks — nice move!\nSee you next week\nSent from my iPhone")
	add("reply-chat", to(t, out, "alice@example.org"), false)
	bobMail := to(t, out, "bob@example.org")
	out = c.replyTo(bobMail, "move #1 "+positionOf(c, t, 3).Legal(engine.Second)[0].String())
	add("reply-stale", out[0], true)
	out = c.send("mallory@evil.example", aliceMail.ReplyTo, "Re: "+aliceMail.Subject, "resign")
	add("refused-foreign", to(t, out, "mallory@evil.example"), false)
	add("proof-misuse", to(t, out, "alice@example.org"), false)
	c.register("carol")
	out = c.mail("carol@example.org", "watch", "key "+c.keys["carol"]+"\nobserve 3\nrecord 3")
	add("observe-record", out[0], false)
	out = c.mail("alice@example.org", "address", "key "+c.keys["alice"]+"\naddress add alice@home.example.net")
	add("address-confirm", to(t, out, "alice@home.example.net"), false)
	out = c.replyTo(bobMail, "draw")
	add("draw-offer", to(t, out, "alice@example.org"), false)
	out = c.replyTo(to(t, out, "alice@example.org"), "draw")
	add("draw-agreed", to(t, out, "bob@example.org"), false)
	add("observer-over", to(t, out, "carol@example.org"), false)
	// key new retires every reply address (issue 24): its answer, the
	// answer to a mail sent to an old one, and the owner's notice of it.
	out = c.mail("alice@example.org", "new key", "key "+c.keys["alice"]+"\nkey new")
	add("key-new", to(t, out, "alice@example.org"), false)
	c.now = c.now.Add(24 * time.Hour) // alice heard of mallory a day ago
	out = c.send("mallory@evil.example", aliceMail.ReplyTo, "Re: "+aliceMail.Subject, "resign")
	add("refused-retired", to(t, out, "mallory@evil.example"), false)
	add("retired-misuse", to(t, out, "alice@example.org"), false)
}

// clockMails are the mails of the clocks: a reminder, a digest, a vacation
// notice and a loss on time.
func clockMails(t *testing.T, add func(string, mailer.Outbound, bool)) {
	c := newClub(t, Options{})
	pinRandom(t, 18)
	c.register("alice")
	c.register("bob")
	out := c.mail("alice@example.org", "g", "key "+c.keys["alice"]+"\nchallenge bob conflagration as first bank 2+1/4")
	c.replyTo(to(t, out, "bob@example.org"), "accept")
	started := c.game(1).TurnStarted
	c.now = started.Add(24 * time.Hour)
	out, _ = c.tick()
	add("reminder", to(t, out, "alice@example.org"), false)
	out = c.mail("bob@example.org", "g", "key "+c.keys["bob"]+"\nset reminders digest\nchallenge alice initiative as second days 3")
	c.replyTo(to(t, out, "alice@example.org"), "accept")
	c.mail("alice@example.org", "m", "key "+c.keys["alice"]+"\nmove 1 "+positionOf(c, t, 1).Legal(engine.First)[0].String())
	c.now = c.now.Add(24*time.Hour + time.Minute)
	out, _ = c.tick()
	add("digest", to(t, out, "bob@example.org"), false)
	out = c.mail("alice@example.org", "away", "key "+c.keys["alice"]+"\nvacation 3")
	add("vacation", to(t, out, "alice@example.org"), false)
	add("vacation-notice", about(t, out, "bob@example.org", 1), false)
	c.now = c.game(1).Deadline.Add(time.Minute)
	out, _ = c.tick()
	add("timeout", to(t, out, "bob@example.org"), false)
	// A day a move is one day: the challenge and the game's mails say so.
	out = c.mail("alice@example.org", "g", "key "+c.keys["alice"]+"\nchallenge bob imperial-chess as first days 1")
	add("challenge-one-day", to(t, out, "bob@example.org"), false)
}

// about returns the only mail to addr about game id among out.
func about(t *testing.T, out []mailer.Outbound, addr string, id int64) mailer.Outbound {
	t.Helper()
	var found []mailer.Outbound
	for _, m := range out {
		if m.To == addr && strings.HasPrefix(m.Subject, fmt.Sprintf("[postal #%d] ", id)) {
			found = append(found, m)
		}
	}
	if len(found) != 1 {
		t.Fatalf("%d mails to %s about game %d", len(found), addr, id)
	}
	return found[0]
}

// positionOf is the position of game id.
func positionOf(c *club, t *testing.T, id int64) engine.Position {
	t.Helper()
	row := c.game(id)
	g, err := engine.Lookup(row.Game)
	if err != nil {
		t.Fatal(err)
	}
	pos, err := g.ParsePosition(row.Position)
	if err != nil {
		t.Fatal(err)
	}
	return pos
}

var (
	keyRE = regexp.MustCompile(`key [a-z2-9]{20}`)
	cidRE = regexp.MustCompile(`cid:[^"]+`)
	// The code of a registration is its token.
	codeRE = regexp.MustCompile(`(register [a-z][a-z0-9._-]* )[a-z2-9]{16}`)
)

// goldenText is what a golden file pins of m: the subject and the text
// part, or the HTML part; the personal key, tokens and content IDs, which
// differ on every run, replaced.
func goldenText(m mailer.Outbound, ext string) string {
	got := "Subject: " + m.Subject + "\n\n" + m.Text
	if ext == "html" {
		got = m.HTML
	}
	got = codeRE.ReplaceAllString(got, "${1}CODE")
	return cidRE.ReplaceAllString(keyRE.ReplaceAllString(got, "key KEY"), "cid:CID")
}

// TestGoldenMails pins every kind of mail (go test ./club -run GoldenMails
// -update rewrites testdata/mail after the change was checked by eye).
func TestGoldenMails(t *testing.T) {
	set := goldenMails(t)
	dir := filepath.Join("testdata", "mail")
	seen := map[string]bool{}
	for _, g := range set {
		if seen[g.name] {
			t.Fatalf("two golden mails called %s", g.name)
		}
		seen[g.name] = true
		for _, ext := range []string{"txt", "html"} {
			got := goldenText(g.msg, ext)
			path := filepath.Join(dir, g.name+"."+ext)
			if *update {
				os.MkdirAll(dir, 0o755)
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./club -run GoldenMails -update)", err)
			}
			if got != string(want) {
				t.Errorf("%s differs:\n%s", path, got)
			}
		}
	}
	if !*update {
		files, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
		if len(files) != len(set) {
			t.Errorf("%d golden text files for %d mails: remove the stale ones", len(files), len(set))
		}
	}
}
