package club

import (
	"context"
	"database/sql"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"postal/archive"
	"postal/club/accounts"
	"postal/club/published"
	"postal/mailer"
)

// Issue 15: a token or a key proves its owner only in mail from the owner's
// own addresses, a game's token proves that game only and only while it
// goes on, and the commands that change an account need the account's token
// or the key.

// state is the club's state of record as text: every table a command can
// change and every game's record, byte for byte. The log of messages, the
// outbox, events and tokens handed out with mail are left out: a refused
// message still leaves its trace there.
func (c *club) state() string {
	c.t.Helper()
	db, err := sql.Open("sqlite", "file:"+c.path+"?mode=ro&_pragma=busy_timeout(5000)")
	if err != nil {
		c.t.Fatal(err)
	}
	defer db.Close()
	var b strings.Builder
	for _, table := range []string{"players", "player_addresses", "challenges", "games", "moves", "observers", "vacations", "reminders_sent", "threads"} {
		sel := "*"
		if table == "threads" {
			sel = "game_id, address, root_id" // the latest mails are the outbox's trace
		}
		rows, err := db.Query(`SELECT ` + sel + ` FROM ` + table + ` ORDER BY 1, 2`)
		if err != nil {
			c.t.Fatal(err)
		}
		cols, _ := rows.Columns()
		fmt.Fprintf(&b, "%s %v\n", table, cols)
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				c.t.Fatal(err)
			}
			fmt.Fprintf(&b, "  %v\n", vals)
		}
		rows.Close()
	}
	err = published.EachRecord(context.Background(), c.db, "postal@demo.test", nil, true, func(r published.Archived) error {
		b.WriteString(r.Record.String())
		return nil
	})
	if err != nil {
		c.t.Fatal(err)
	}
	return b.String()
}

// unchanged fails unless the club's state is still before.
func (c *club) unchanged(before, what string) {
	c.t.Helper()
	if after := c.state(); after != before {
		c.t.Fatalf("%s changed the club:\nbefore:\n%s\nafter:\n%s", what, before, after)
	}
}

// send hands the club a fresh mail from from to the address rcpt (a
// plus-address with a token, say), as a mail client would deliver it.
func (c *club) send(from, rcpt, subject, text string) []mailer.Outbound {
	c.t.Helper()
	return c.handle(&mailer.Inbound{From: from, Subject: subject, Text: text, Recipients: []string{rcpt}})
}

// accountMail returns a mail to name about no game: its Reply-To carries
// the account's token.
func (c *club) accountMail(name string) mailer.Outbound {
	c.t.Helper()
	m := to(c.t, c.mail(name+"@example.org", "status", c.withKey(name+"@example.org", "status")), name+"@example.org")
	if !strings.HasPrefix(m.ReplyTo, "postal+") || strings.Contains(m.Subject, "[postal #") {
		c.t.Fatalf("status reply: Reply-To %s, subject %q", m.ReplyTo, m.Subject)
	}
	return m
}

var refusedForeign = "postal did nothing with this mail"

// The cases of the issue: carol writes from her own address with alice's
// game token, with her account token, with the token of a finished game and
// with game 1's token for game 3. Every one is refused plainly, nothing
// changes, and alice is told once. Then alice herself uses the finished
// game's token and game 1's token on game 3: refused too.
func TestStolenTokensChangeNothing(t *testing.T) {
	c := newClub(t, Options{})
	aliceGame, _ := c.start("pile=9") // game 1, alice to move
	c.register("carol")
	account := c.accountMail("alice")
	// Game 2, which alice resigns: its token is a finished game's.
	out := c.mail("alice@example.org", "x", "key "+c.keys["alice"]+"\nchallenge bob takeaway as first")
	out = c.replyTo(to(t, out, "bob@example.org"), "accept")
	finished := to(t, out, "alice@example.org")
	c.replyTo(finished, "resign")
	// Game 3, going on.
	out = c.mail("alice@example.org", "x", "key "+c.keys["alice"]+"\nchallenge bob takeaway as second")
	c.replyTo(to(t, out, "bob@example.org"), "accept")
	if c.game(2).Status != archive.GameOver || c.game(3).Status != archive.GameActive {
		t.Fatalf("games 2 and 3: %s, %s", c.game(2).Status, c.game(3).Status)
	}

	before := c.state()
	told, answered := 0, 0
	for _, tc := range []struct {
		what string
		mail mailer.Outbound
		text string
	}{
		{"carol with alice's game token: a bare move", aliceGame, "t1"},
		{"carol with alice's game token: resign", aliceGame, "resign"},
		{"carol with alice's game token: draw", aliceGame, "draw"},
		{"carol with alice's account token: open", account, "open takeaway"},
		{"carol with alice's account token: draw 1", account, "draw 1"},
		{"carol with alice's account token: vacation 3", account, "vacation 3"},
		{"carol with the token of alice's finished game", finished, "resign"},
		{"carol with game 1's token on game 3", aliceGame, "move 3 t1"},
		{"carol registering with alice's token", account, "register mallory"},
	} {
		out := c.send("carol@example.org", tc.mail.ReplyTo, "Re: "+tc.mail.Subject, tc.text)
		if answered++; answered > accounts.RepliesPerDay("refusal") {
			// A day's refusals to carol's address are spent: the mails
			// prove nothing, whoever sent them (issue 32).
			for _, m := range out {
				if m.To != "alice@example.org" {
					t.Errorf("%s: a mail to %s past the day's refusals", tc.what, m.To)
				}
			}
			c.unchanged(before, tc.what)
			continue
		}
		reply := to(t, out, "carol@example.org")
		contains(t, reply, refusedForeign)
		// The refusal says nothing of whose proof it was or what it was for.
		for _, secret := range []string{"alice", strings.TrimPrefix(strings.Split(tc.mail.ReplyTo, "@")[0], "postal+"), "game #", "#1", "token"} {
			if strings.Contains(reply.Text, secret) || strings.Contains(reply.HTML, secret) {
				t.Errorf("%s: the refusal mentions %q:\n%s", tc.what, secret, reply.Text)
			}
		}
		if reply.ReplyTo != "postal@demo.test" {
			t.Errorf("%s: the refusal carries a token: %s", tc.what, reply.ReplyTo)
		}
		for _, m := range out {
			if m.To == "alice@example.org" {
				told++
				contains(t, m, "A mail from carol@example.org reached postal", "at most once a day for each address", `"key new"`)
				if strings.Contains(m.Text, "no harm") {
					t.Errorf("%s: a live token in other hands, and alice is told no harm was done:\n%s", tc.what, m.Text)
				}
			} else if m.To != "carol@example.org" {
				t.Errorf("%s: a mail to %s", tc.what, m.To)
			}
		}
		c.unchanged(before, tc.what)
	}
	if told != 1 {
		t.Errorf("alice was told %d times, want once", told)
	}

	// alice's own proofs, used where they do not reach.
	for _, tc := range []struct {
		what string
		mail mailer.Outbound
		text string
		want string
	}{
		{"the token of a finished game", finished, "draw", "#2 is over: a reply to its mails changes nothing"},
		{"game 1's token on game 3", aliceGame, "move 3 t1", "a reply about #1 cannot act on #3"},
		{"game 1's token on game 3, tagged", aliceGame, "resign 3", "a reply about #1 cannot act on #3"},
		{"a game token for an account command", aliceGame, "open takeaway\nvacation 3\nset reminders none\naddress add alice@home.example.org\nkey new",
			`a reply about #1 cannot do "open"`},
	} {
		out := c.send("alice@example.org", tc.mail.ReplyTo, "Re: "+tc.mail.Subject, tc.text)
		if len(out) != 1 {
			t.Fatalf("%s: %d mails", tc.what, len(out))
		}
		contains(t, to(t, out, "alice@example.org"), tc.want, "Nothing was changed")
		if strings.Contains(out[0].Text, refusedForeign) {
			t.Errorf("%s: alice's own mail refused as someone else's", tc.what)
		}
		c.unchanged(before, "alice with "+tc.what)
	}
	for _, verb := range []string{"vacation", "set", "address", "key"} {
		// The last case refused every account command, not just the first.
		if n := strings.Count(c.lastText(), fmt.Sprintf("cannot do %q", verb)); n != 1 {
			t.Errorf("%q refused %d times", verb, n)
		}
	}

	// carol with alice's key, a day later: refused, and alice hears of
	// the key once that day.
	c.now = c.now.Add(24 * time.Hour)
	for i := 0; i < 2; i++ {
		out := c.mail("carol@example.org", "x", "key "+c.keys["alice"]+"\nresign 1")
		contains(t, to(t, out, "carol@example.org"), refusedForeign)
		if n := len(out) - 1; n != 1-i {
			t.Fatalf("key misuse %d: alice got %d mails", i+1, n)
		}
		if i == 0 {
			contains(t, to(t, out, "alice@example.org"), "carried your personal key", `"key new"`)
		}
		c.unchanged(before, "carol with alice's key")
	}

	// The token still works for alice herself, from her address.
	out = c.replyTo(aliceGame, "t1")
	contains(t, to(t, out, "alice@example.org"), "t1 played in game #1")
	msgs, _ := c.db.Messages(context.Background())
	refused := 0
	for _, m := range msgs {
		if strings.HasPrefix(m.Outcome, "refused: another player's proof") {
			refused++
		}
	}
	if refused != 11 {
		t.Errorf("%d messages logged as refused, want 11", refused)
	}
}

// lastText is the text of the last mail in the outbox.
func (c *club) lastText() string {
	c.t.Helper()
	rows, err := c.db.Outbox(context.Background(), 0)
	if err != nil || len(rows) == 0 {
		c.t.Fatalf("outbox: %v", err)
	}
	return c.load(rows[len(rows)-1]).Text
}

var confirmSubjectRE = regexp.MustCompile(`^postal: is (\S+) an address of (\S+)\?$`)

// alice adds a second address, confirms it by replying from it, and plays
// from it; an address she added but did not confirm proves nothing, nor does
// a confirmation answered from another address.
func TestSecondAddress(t *testing.T) {
	c := newClub(t, Options{})
	aliceGame, id := c.start("pile=9")
	account := c.accountMail("alice")
	const home, work = "alice@home.example.net", "alice@work.example.net"

	// Adding an address is an account command: the account token does it.
	out := c.replyTo(account, "address add "+home+"\naddress add "+work)
	contains(t, to(t, out, "alice@example.org"), "confirmation mail sent to "+home, "confirmation mail sent to "+work)
	confirm := to(t, out, home)
	to(t, out, work)
	if m := confirmSubjectRE.FindStringSubmatch(confirm.Subject); m == nil || m[1] != home || m[2] != "alice" {
		t.Fatalf("confirmation subject %q", confirm.Subject)
	}
	if !strings.HasPrefix(confirm.ReplyTo, "postal+") {
		t.Fatalf("the confirmation has no token: %s", confirm.ReplyTo)
	}
	contains(t, confirm, "reply to this mail", "ignore this mail")

	// Before it is confirmed, the home address proves nothing, not even
	// with alice's own token: it is not yet hers.
	before := c.state()
	out = c.send(home, aliceGame.ReplyTo, "Re: "+aliceGame.Subject, "t1")
	contains(t, to(t, out, home), refusedForeign)
	contains(t, to(t, out, "alice@example.org"), "A mail from "+home)
	c.unchanged(before, "an unconfirmed address")

	// The confirmation answered from someone else's address confirms
	// nothing.
	out = c.send("mallory@example.com", confirm.ReplyTo, "Re: "+confirm.Subject, "yes")
	contains(t, to(t, out, "mallory@example.com"), refusedForeign)
	c.unchanged(before, "a confirmation from another address")

	// From the address itself, it does; alice's registered address hears
	// of it. What the reply says is not read.
	out = c.replyTo(confirm, "resign 1\nyes that's me")
	contains(t, to(t, out, home), home+" is now an address of alice", "Nothing else in this mail was read")
	contains(t, to(t, out, "alice@example.org"), home+" confirmed that it is an address of yours", `"key new" at once`)
	if g := c.game(id); g.Status != archive.GameActive {
		t.Fatal("a confirmation's text was read as commands")
	}
	// The confirmation's token is spent: a second reply proves nothing.
	out = c.replyTo(confirm, "vacation 3")
	contains(t, to(t, out, home), "postal cannot tell that this mail comes from alice")

	// alice plays from home, replying to her game mail.
	out = c.send(home, aliceGame.ReplyTo, "Re: "+aliceGame.Subject, "t2")
	reply := to(t, out, home)
	contains(t, reply, "t2 played in game #1")
	if c.game(id).Ply != 1 {
		t.Fatalf("the move from home did not count: ply %d", c.game(id).Ply)
	}
	// Looking needs no proof; the answers go to home.
	out = c.mail(home, "status", c.withKey(home, "status\naddress"))
	contains(t, to(t, out, home), "status of alice", "alice@example.org (registered)", home+" (confirmed", work+" (waiting")

	// The work address, never confirmed, still proves nothing.
	out = c.mail(work, "x", "key "+c.keys["alice"]+"\nresign 1")
	contains(t, to(t, out, work), refusedForeign)
	if c.game(id).Status != archive.GameActive {
		t.Fatal("the unconfirmed address resigned")
	}

	// Removed, home proves nothing again, and the reply addresses of the
	// mails it received are retired (issue 24).
	out = c.replyTo(account, "address remove "+home+"\naddress remove alice@example.org\naddress remove nobody@example.org")
	contains(t, out[0], home+" is no longer yours", "reply addresses of the mails postal sent you before are retired", "is the address you registered with", "nobody@example.org is not one of your addresses")
	account = to(t, out, "alice@example.org")
	c.now = c.now.Add(24 * time.Hour) // alice heard of home a day ago
	before = c.state()
	out = c.send(home, aliceGame.ReplyTo, "Re: "+aliceGame.Subject, "resign")
	contains(t, to(t, out, home), "this address is no longer valid")
	contains(t, to(t, out, "alice@example.org"), "A mail from "+home+" was sent to the reply address of an old mail", "no harm was done")
	c.unchanged(before, "a removed address")

	// An address of another player cannot be added.
	out = c.replyTo(account, "address add bob@example.org\naddress add postal@demo.test")
	contains(t, out[0], "bob@example.org belongs to another player", "postal's own address cannot be yours")
}

// key new retires the key: the old one proves nothing, the new one does.
func TestKeyNew(t *testing.T) {
	c := newClub(t, Options{})
	_, id := c.start("pile=9")
	old := c.keys["alice"]
	out := c.mail("alice@example.org", "x", "key "+old+"\nkey new")
	reply := to(t, out, "alice@example.org")
	contains(t, reply, "your new personal key", "Your old key no longer proves anything")
	m := regexp.MustCompile(`key ([a-z2-9]{20})`).FindStringSubmatch(reply.Text)
	if m == nil || m[1] == old {
		t.Fatalf("no new key in:\n%s", reply.Text)
	}
	out = c.mail("alice@example.org", "x", "key "+old+"\nmove 1 t1")
	contains(t, out[0], "is not your personal key", "postal cannot tell that this mail comes from alice", "Copy the key from your welcome mail, or from the answer to your last \"key new\"")
	if c.game(id).Ply != 0 {
		t.Fatal("the old key played")
	}
	out = c.mail("alice@example.org", "x", "key "+m[1]+"\nmove 1 t1")
	contains(t, to(t, out, "alice@example.org"), "key accepted", "t1 played")
	// The key line written as a header, "Key: …", proves the mail too.
	contains(t, to(t, c.mail("alice@example.org", "x", "Key: "+m[1]+"\nstatus"), "alice@example.org"), "key accepted", "status of alice")
	// Without proof, key new is refused like any account command.
	out = c.mail("alice@example.org", "x", "key new")
	contains(t, out[0], "postal cannot tell that this mail comes from alice")
}

// DKIM vouched for by the club's own server, where the operator states that
// it removes forged headers, still proves the sender, for every command, but
// only for the player whose address the From is.
func TestDKIMStillProves(t *testing.T) {
	c := newClub(t, Options{AuthServID: "mx.demo.test", TrustAuthResults: true})
	aliceGame, _ := c.start("pile=9")
	pass := []string{"mx.demo.test; dkim=pass header.d=example.org"}
	out := c.handle(&mailer.Inbound{From: "alice@example.org", Text: "open takeaway\nmove 1 t1", AuthResults: pass})
	contains(t, to(t, out, "alice@example.org"), "Anyone may accept it", "t1 played")
	// DKIM passes for carol's domain too; alice's token still is not hers.
	c.register("carol")
	out = c.handle(&mailer.Inbound{From: "carol@example.org", Text: "draw", AuthResults: pass, Recipients: []string{aliceGame.ReplyTo}})
	contains(t, to(t, out, "carol@example.org"), refusedForeign)
}

// Issue 32, second round, found 5: the reply address of a finished game's
// mail went on proving its player for every command that changes nothing
// (status, rules, help, the boards and records of other games), each
// answered at length to the player's address and counted in their rate
// limit. A game's token proves its player while the game goes on, then
// for accounts.TokenGrace for that game's record, moves and board only; after that
// it proves nothing.
func TestFinishedGameTokenProvesLittle(t *testing.T) {
	c := newClub(t, Options{})
	c.start("pile=9") // game 1, alice to move
	out := c.mail("alice@example.org", "x", c.withKey("alice@example.org", "challenge bob takeaway as first"))
	out = c.replyTo(to(t, out, "bob@example.org"), "accept")
	finished := to(t, out, "alice@example.org") // game 2's
	c.replyTo(finished, "resign")
	if c.game(2).Status != archive.GameOver || c.game(1).Status != archive.GameActive {
		t.Fatalf("games 1 and 2: %s, %s", c.game(1).Status, c.game(2).Status)
	}
	before := c.state()
	// Within the grace: the record of game 2, and nothing else.
	out = c.replyTo(finished, "record\nstatus\nboard 1\nhelp\nresign 1")
	reply := to(t, out, "alice@example.org")
	contains(t, reply, "[Result")
	if n := strings.Count(reply.Text, "#2 is over: a reply to its mails"); n != 4 {
		t.Errorf("%d refusals of status, board 1, help and resign 1, want 4:\n%s", n, reply.Text)
	}
	if strings.Contains(reply.Text, "status of alice") {
		t.Error("the finished game's token had alice's status answered")
	}
	c.unchanged(before, "the finished game's token")
	// After it, the token proves nothing: the mail is not read.
	c.now = c.now.Add(accounts.TokenGrace + time.Hour)
	out = c.replyTo(finished, "record")
	contains(t, to(t, out, "alice@example.org"), "postal cannot tell that this mail comes from alice", "Not one line of the mail was read")
	c.unchanged(before, "the finished game's token after the grace")
	msgs, _ := c.db.Messages(context.Background())
	if m := msgs[len(msgs)-1]; m.Outcome != "unproven: short reply" {
		t.Errorf("the last mail's outcome: %q", m.Outcome)
	}
}

// Issue 32, second round, found 9: the notice to the owner of a misused
// proof was capped per offending address, once a day each: many forged
// senders made a flood to the owner. The owner gets accounts.MisuseNoticesPerDay a
// day at most, the last saying so.
func TestMisuseNoticesCappedPerOwner(t *testing.T) {
	c := newClub(t, Options{StrangerRepliesPerHour: 1000})
	aliceGame, _ := c.start("pile=9")
	before := c.state()
	var notices []mailer.Outbound
	for i := range 20 {
		out := c.send(fmt.Sprintf("forger%d@example.net", i), aliceGame.ReplyTo, "Re: "+aliceGame.Subject, "resign")
		for _, m := range out {
			if m.To == "alice@example.org" {
				notices = append(notices, m)
			}
		}
	}
	c.unchanged(before, "20 forgers with alice's token")
	if len(notices) != accounts.MisuseNoticesPerDay {
		t.Fatalf("alice got %d notices from 20 forgers, want %d", len(notices), accounts.MisuseNoticesPerDay)
	}
	contains(t, notices[len(notices)-1], "postal tells you no more of them today")
	// A day later she hears again.
	c.now = c.now.Add(25 * time.Hour)
	out := c.send("forger99@example.net", aliceGame.ReplyTo, "Re: "+aliceGame.Subject, "resign")
	to(t, out, "alice@example.org")
}

// The edges of a finished game's grace: a minute before accounts.TokenGrace
// has run from the game's end, a reply to its mail still brings its record
// (and still not "say", which talks in the game); from the moment it has
// run, the token proves nothing and the mail is not read.
func TestFinishedGameTokenEdges(t *testing.T) {
	c := newClub(t, Options{})
	finished, _ := c.start("pile=9")
	c.replyTo(finished, "resign")
	g := c.game(1)
	if g.Status != archive.GameOver {
		t.Fatalf("game 1: %s", g.Status)
	}
	before := c.state()
	// c.handle moves the clock a minute on before each mail: handled a
	// minute before the grace has run.
	c.now = g.Finished.Add(accounts.TokenGrace - 2*time.Minute)
	reply := to(t, c.replyTo(finished, "record\nsay well played"), "alice@example.org")
	contains(t, reply, "[Result", "#1 is over: a reply to its mails")
	c.unchanged(before, "the token a minute before the end of its grace")
	c.now = g.Finished.Add(accounts.TokenGrace - time.Minute) // handled as it has run
	reply = to(t, c.replyTo(finished, "record"), "alice@example.org")
	contains(t, reply, "postal cannot tell that this mail comes from alice", "Not one line of the mail was read")
	if strings.Contains(reply.Text, "[Result") {
		t.Errorf("the record sent at the end of the grace:\n%s", reply.Text)
	}
	c.unchanged(before, "the token at the end of its grace")
}
