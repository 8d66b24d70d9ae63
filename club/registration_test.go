package club

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"
)

// Issue 32, found 2: a forged "register NAME" made a player at once, whom
// the forger's mail then had answered in full. Now the name waits for a
// reply from the address: forged registrations make no player, and the
// name is held for a day for its address only.
func TestRegistrationWaitsForAReply(t *testing.T) {
	c := newClub(t, Options{})
	answer := to(t, c.mail("victim@example.net", "join", "register victim"), "victim@example.net")
	contains(t, answer, "To become victim, reply to this mail")
	if !strings.HasPrefix(answer.ReplyTo, "postal+") || answer.HTML != "" || mailBytes(t, answer) >= 4<<10 {
		t.Errorf("the answer: Reply-To %q, HTML %d bytes, %d bytes", answer.ReplyTo, len(answer.HTML), mailBytes(t, answer))
	}
	empty := c.state()
	if strings.Contains(empty, "victim") {
		t.Fatal("a player was made before the reply")
	}
	// Still a stranger: one note a day, nothing read.
	contains(t, to(t, c.mail("victim@example.net", "x", "rules conflagration"), "victim@example.net"), "postal did not read your mail")
	// The name is held for another address.
	contains(t, to(t, c.mail("other@example.net", "join", "register victim"), "other@example.net"), "the name victim is held for another address")
	// The token from another address proves nothing: a stranger's mail.
	contains(t, to(t, c.send("other@example.net", answer.ReplyTo, "Re: join", "yes"), "other@example.net"), "postal did not read your mail")
	c.unchanged(empty, "the token from another address")
	// The reply from the address makes the player; its reply address then
	// proves them.
	welcome := to(t, c.replyTo(answer, "yes"), "victim@example.net")
	contains(t, welcome, "registered as victim", "key ")
	if welcome.ReplyTo != answer.ReplyTo {
		t.Errorf("the welcome's reply address %q is not the one replied to %q", welcome.ReplyTo, answer.ReplyTo)
	}
	contains(t, to(t, c.replyTo(welcome, "status"), "victim@example.net"), "status of victim")
}

// "register NAME" sent twice (the first answer thought lost): a reply to the
// first answer completes it, as one to the second would; both carry one
// code. A stranger's trial replied to the first and was told it was no
// player.
func TestRegistrationAskedTwice(t *testing.T) {
	c := newClub(t, Options{})
	first := to(t, c.mail("nora@example.net", "join", "register nora"), "nora@example.net")
	second := to(t, c.mail("nora@example.net", "join again", "register nora"), "nora@example.net")
	if first.ReplyTo != second.ReplyTo {
		t.Errorf("two answers, two reply addresses: %q, %q", first.ReplyTo, second.ReplyTo)
	}
	contains(t, to(t, c.replyTo(first, "yes"), "nora@example.net"), "registered as nora", "key ")
}

// Where a reply cannot reach the club (no plus-addressing), a new mail with
// "register NAME CODE" from the address completes the registration; the
// code from another address, or for another name, does not.
func TestRegistrationByCode(t *testing.T) {
	c := newClub(t, Options{})
	answer := to(t, c.mail("ann@example.net", "join", "register ann"), "ann@example.net")
	m := regexp.MustCompile(`register ann ([a-z2-9]{16})`).FindStringSubmatch(answer.Text)
	if m == nil {
		t.Fatalf("no code in the answer:\n%s", answer.Text)
	}
	empty := c.state()
	c.mail("eve@example.net", "join", "register ann "+m[1])
	c.mail("ann@example.net", "join", "register anna "+m[1])
	c.unchanged(empty, "the code from another address, or for another name")
	answer = to(t, c.mail("ann@example.net", "join", "register ann"), "ann@example.net")
	m = regexp.MustCompile(`register ann ([a-z2-9]{16})`).FindStringSubmatch(answer.Text)
	contains(t, to(t, c.mail("ann@example.net", "join", "register ann "+m[1]), "ann@example.net"), "registered as ann")
}

// A registration not confirmed within a day lapses: the name is free, and a
// late reply says so.
func TestRegistrationLapses(t *testing.T) {
	c := newClub(t, Options{})
	answer := to(t, c.mail("late@example.net", "join", "register late"), "late@example.net")
	c.now = c.now.Add(25 * time.Hour)
	contains(t, to(t, c.mail("early@example.net", "join", "register late"), "early@example.net"), "To become late")
	contains(t, to(t, c.replyTo(answer, "yes"), "late@example.net"), "this registration has expired")
	if strings.Contains(c.state(), "late@example.net") {
		t.Error("the lapsed registration made a player")
	}
}

// Names of the site's pages and folders cannot be taken (issue 32, found 7).
func TestReservedNames(t *testing.T) {
	c := newClub(t, Options{})
	contains(t, to(t, c.mail("x@example.net", "join", "register index"), "x@example.net"), "a player cannot be called index")
	c.register("alice")
	out := c.mail("alice@example.org", "t", c.withKey("alice@example.org", "tournament index takeaway round-robin\ntournament feed takeaway knockout\ntournament cup takeaway knockout"))
	contains(t, out[0], "a tournament cannot be called index", "a tournament cannot be called feed", "tournament cup")
}

// Issue 32, second round, found 3 and 14: a player called bob.html broke
// every build of the site, and bot-2 passed for the club's bot. A player's
// name is letters, digits, '-' and '_' only, and no name that begins like
// the bot's is taken.
func TestNamesThatLookLikePagesOrBots(t *testing.T) {
	c := newClub(t, Options{Bot: &BotOptions{}})
	for _, name := range []string{"bob.html", "a.b", "bot", "bot-2", "bot2", "bot_x", "botanist", "Bot_x"} {
		out := c.mail("x@example.net", "join", "register "+name)
		if len(out) != 1 || strings.Contains(out[0].Text, "To become") {
			t.Errorf("register %s: %d mails, %q", name, len(out), out)
			continue
		}
		c.now = c.now.Add(25 * time.Hour) // a new day's allowance of answers
	}
	if strings.Contains(c.state(), "registrations") && strings.Contains(c.state(), "x@example.net") {
		t.Error("a registration was held")
	}
	contains(t, to(t, c.mail("y@example.net", "join", "register bob.html"), "y@example.net"), "letters, digits")
	contains(t, to(t, c.mail("z@example.net", "join", "register bot-2"), "z@example.net"), "the club's bot")
	contains(t, to(t, c.mail("w@example.net", "join", "register bob_2-x"), "w@example.net"), "To become bob_2-x")
}

// Issue 32, second round, found 8: once forged strangers had spent the
// club's cap an hour, a real newcomer's "register" got no answer. A part
// of the cap (registrationReserve) is kept for the answers to "register":
// 200 forged strangers leave it, and the total stays under the cap.
func TestRegistrationOutlivesAStrangerFlood(t *testing.T) {
	c := newClub(t, Options{})
	const limit = 30 // the default cap
	replies := 0
	for i := range 200 {
		c.now = c.now.Add(-58 * time.Second) // 400 mails within the hour
		replies += len(c.mail(fmt.Sprintf("forged%d@example.net", i), "hi", "help"))
	}
	if replies >= limit || replies == 0 {
		t.Errorf("%d replies to 200 forged strangers, cap %d", replies, limit)
	}
	out := c.mail("newcomer@example.net", "join", "register newcomer")
	contains(t, to(t, out, "newcomer@example.net"), "To become newcomer, reply to this mail")
	replies++
	// Forged registrations may spend the rest, no more.
	for i := range 200 {
		c.now = c.now.Add(-58 * time.Second)
		replies += len(c.mail(fmt.Sprintf("forged-reg%d@example.net", i), "join", fmt.Sprintf("register reg%d", i)))
	}
	if replies != limit {
		t.Errorf("%d replies in all within the hour, want the cap, %d", replies, limit)
	}
}
