package club

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"postal/mailer"
)

// Issue 26: "say" in a reply about a game reaches the other player in the
// game's conversation, from the club, with the addressee's own reply
// token, headed with who said it; nobody's address shows. The answer, a
// bare "say" and its lines, goes back the same way.
func TestSayRelaysInTheThread(t *testing.T) {
	c := newClub(t, Options{})
	aliceMail, _ := c.start("pile=20")
	out := c.replyTo(aliceMail, "t1")
	bobMail := to(t, out, "bob@example.org")

	out = c.replyTo(bobMail, "say Good luck, and thanks for the game!")
	if len(out) != 2 {
		t.Fatalf("%d mails", len(out))
	}
	contains(t, to(t, out, "bob@example.org"), "message sent to alice in game #1")
	relayed := to(t, out, "alice@example.org")
	contains(t, relayed, "bob (South) says, in game #1:\n\nGood luck, and thanks for the game!", "To answer, reply with a line that starts with \"say\"")
	if relayed.Subject != aliceMail.Subject || relayed.InReplyTo == "" || !strings.HasPrefix(relayed.ReplyTo, "postal+") || !strings.HasPrefix(relayed.From, "postal <postal@demo.test>") {
		t.Errorf("relayed mail: subject %q, In-Reply-To %q, Reply-To %q, From %q", relayed.Subject, relayed.InReplyTo, relayed.ReplyTo, relayed.From)
	}
	for _, part := range []string{relayed.Text, relayed.HTML, relayed.ReplyTo, relayed.From, strings.Join(relayed.References, " ")} {
		if strings.Contains(part, "bob@") || strings.Contains(part, "example.org") {
			t.Errorf("the relayed mail shows an address: %q", part)
		}
	}
	if !strings.Contains(relayed.Text, "Reply to this mail with a command on a line of its own.") {
		t.Errorf("the relayed mail lacks the game's how-to:\n%s", relayed.Text)
	}

	// A reply to the relayed mail: a bare say takes the lines below it.
	out = c.replyTo(relayed, "say\nThanks, you too!\nSee you at the club.\n\nboard")
	contains(t, to(t, out, "bob@example.org"), "alice (North) says, in game #1:", "Thanks, you too!\nSee you at the club.")
	contains(t, to(t, out, "alice@example.org"), "message sent to bob in game #1", "board of game #1")
	// A message and a move in one mail: the message is a mail of its
	// own, the move's notice follows it.
	out = c.replyTo(bobMail, "say Here goes.\nt2")
	contains(t, mailWith(t, out, "alice@example.org", "says"), "bob (South) says, in game #1:", "Here goes.")
	contains(t, mailWith(t, out, "alice@example.org", "Your move"), "bob played t2 in game #1. Your move (move 3).")
	contains(t, to(t, out, "bob@example.org"), "message sent to alice in game #1", "t2 played in game #1")
}

// Bad input gets a clear answer and sends nothing: an empty say, a say
// about no game, a message too long, a say in a game one does not play.
func TestSayRefusals(t *testing.T) {
	c := newClub(t, Options{})
	aliceMail, _ := c.start("pile=20")
	c.register("carol")
	for _, tc := range []struct{ body, want string }{
		{"say", "Error: say needs a text: the rest of the line, or the lines below it up to an empty line"},
		{"say\n\nt1", "Error: say needs a text"},
		{"say " + strings.Repeat("a", 2001), "the message is 2001 characters long; the most is 2000. Nothing was sent"},
	} {
		out := c.replyTo(aliceMail, tc.body)
		contains(t, to(t, out, "alice@example.org"), tc.want)
		if len(out) != 1 && !strings.Contains(tc.body, "t1") {
			t.Errorf("%q: %d mails", tc.body, len(out))
		}
	}
	out := c.mail("alice@example.org", "hello", "key "+c.keys["alice"]+"\nsay hi")
	contains(t, to(t, out, "alice@example.org"), "Error: say: to whom?", "Nothing was sent.")
	if len(out) != 1 {
		t.Errorf("say about no game: %d mails", len(out))
	}
	out = c.mail("carol@example.org", "[postal #1]", "key "+c.keys["carol"]+"\nsay hi")
	contains(t, to(t, out, "carol@example.org"), "Error: you do not play in game #1")
	if len(out) != 1 {
		t.Errorf("say by an outsider: %d mails", len(out))
	}
	out = c.mail("alice@example.org", "hello", "key "+c.keys["alice"]+"\nnote hi")
	contains(t, to(t, out, "alice@example.org"), "Error: note: which game?")
}

// "say" with no game, in a reply about a challenge, goes to the
// challenger; the challenger's goes to whom they challenged.
func TestSayInAChallenge(t *testing.T) {
	c := newClub(t, Options{})
	c.register("alice")
	c.register("bob")
	out := c.mail("alice@example.org", "new game", "key "+c.keys["alice"]+"\nchallenge bob takeaway as first")
	ch := to(t, out, "bob@example.org")
	out = c.replyTo(ch, "say Could we play with a bigger pile?")
	relayed := to(t, out, "alice@example.org")
	contains(t, relayed, "bob says, in challenge #1:", "Could we play with a bigger pile?")
	// The challenge's Subject, which its game keeps (one Subject).
	if relayed.Subject != ch.Subject || !strings.HasPrefix(relayed.Subject, "[postal #1] Takeaway: alice vs bob") {
		t.Errorf("subject %q", relayed.Subject)
	}
	out = c.replyTo(relayed, "say Sure: I will cancel this one.")
	contains(t, to(t, out, "bob@example.org"), "alice says, in challenge #1:", "Sure: I will cancel this one.")
}

// Prose in a reply stays unread, and the reply says how to write to the
// opponent.
func TestProsePointsAtSay(t *testing.T) {
	c := newClub(t, Options{})
	aliceMail, _ := c.start("pile=20")
	out := c.replyTo(aliceMail, "t1\nThanks for the game!")
	reply := to(t, out, "alice@example.org")
	contains(t, reply, "not read as commands:", "Thanks for the game!", "To send a message to your opponent, start the line with say.")
	if len(out) != 2 || strings.Contains(to(t, out, "bob@example.org").Text, "Thanks") {
		t.Errorf("prose went to the opponent")
	}
}

// Messages are comments of the record once the game is over, never
// before; the site shows them then, when every player allows it (issue
// 35: private by default) and the club does not keep them out.
// Conditional lines show only for a player who allows it.
func TestMessagesInTheRecordAfterTheEnd(t *testing.T) {
	c := newClub(t, Options{})
	aliceMail, _ := c.start("pile=6")
	out := c.replyTo(aliceMail, "say Have fun!\nt1")
	bobMail := mailWith(t, out, "bob@example.org", "Your move")
	out = c.replyTo(bobMail, "t1\nsay You too {really}\nif t1 t3")
	aliceMail = mailWith(t, out, "alice@example.org", "Your move")
	rec := recordText(c, t, "carol@example.org")
	if strings.Contains(rec, "Have fun") || strings.Contains(rec, "conditional") {
		t.Fatalf("the record of a game in progress shows talk:\n%s", rec)
	}
	dir := buildSite(t, c)
	if f := grepDir(t, dir, "Have fun"); f != "" {
		t.Errorf("the site shows a message of a game in progress in %s", f)
	}
	out = c.mail("bob@example.org", "x", "key "+c.keys["bob"]+"\nset publish-conditions on")
	contains(t, to(t, out, "bob@example.org"), "publish-conditions is on")
	c.replyTo(aliceMail, "t1") // bob's t3 wins at once
	if g := c.game(1); g.Status != "over" {
		t.Fatalf("game %s", g.Status)
	}
	if rec := recordText(c, t, "carol@example.org"); strings.Contains(rec, "Have fun") || strings.Contains(rec, "You too") {
		t.Errorf("messages published while no player allowed it:\n%s", rec)
	}
	c.mail("alice@example.org", "x", "key "+c.keys["alice"]+"\nset publish-messages on")
	if rec := recordText(c, t, "carol@example.org"); strings.Contains(rec, "Have fun") {
		t.Errorf("messages published while bob did not allow it:\n%s", rec)
	}
	c.mail("bob@example.org", "x", "key "+c.keys["bob"]+"\nset publish-messages on")
	rec = squash(recordText(c, t, "carol@example.org"))
	for _, want := range []string{"{alice: Have fun!} 1. t1", "2. t1 {bob: You too (really)} {bob's conditional moves: if t1 t3} 3. t1 4. t3"} {
		if !strings.Contains(rec, want) {
			t.Errorf("the record lacks %q:\n%s", want, rec)
		}
	}
	r := mustRead(t, recordText(c, t, "carol@example.org"))
	if r.Comment != "alice: Have fun!" || r.Moves[1].Comment != "bob: You too (really)\nbob's conditional moves: if t1 t3" {
		t.Errorf("comments read back: %q, %q", r.Comment, r.Moves[1].Comment)
	}
	dir = buildSite(t, c)
	if grepDir(t, dir, "Have fun") == "" {
		t.Error("the site does not show the messages of a game over")
	}

	out = c.mail("alice@example.org", "x", "key "+c.keys["alice"]+"\nset publish-messages off")
	contains(t, to(t, out, "alice@example.org"), "publish-messages is off", "Your messages are never shown")
	rec = recordText(c, t, "carol@example.org")
	if strings.Contains(rec, "Have fun") || strings.Contains(rec, "You too") {
		t.Errorf("publish-messages off:\n%s", rec)
	}
	c2 := newClub(t, Options{HideMessages: true})
	aliceMail, _ = c2.start("pile=2")
	c2.mail("alice@example.org", "x", "key "+c2.keys["alice"]+"\nset publish-messages on")
	c2.mail("bob@example.org", "x", "key "+c2.keys["bob"]+"\nset publish-messages on")
	c2.replyTo(aliceMail, "say gg\nt2")
	if rec := recordText(c2, t, "carol@example.org"); strings.Contains(rec, "gg") {
		t.Errorf("the club hides messages, yet:\n%s", rec)
	}
}

// A note is the player's alone: in their status and the footer of their
// mails about the game, never in the opponent's mails, the record or the
// site.
func TestNoteStaysWithThePlayer(t *testing.T) {
	c := newClub(t, Options{})
	aliceMail, _ := c.start("pile=6")
	out := c.replyTo(aliceMail, "note the pile is small: count twice\nt1")
	reply := to(t, out, "alice@example.org")
	contains(t, reply, "note kept on game #1", "Your note (only you see it): the pile is small: count twice")
	bobMail := to(t, out, "bob@example.org")
	out = c.replyTo(bobMail, "t1")
	contains(t, to(t, out, "alice@example.org"), "Your note (only you see it): the pile is small")
	out = c.mail("alice@example.org", "x", c.withKey("alice@example.org", "status"))
	contains(t, to(t, out, "alice@example.org"), "your note: the pile is small: count twice")
	c.replyTo(reply, "t3")
	if rec := recordText(c, t, "carol@example.org"); strings.Contains(rec, "count twice") {
		t.Errorf("the record shows the note:\n%s", rec)
	}
	if f := grepDir(t, buildSite(t, c), "count twice"); f != "" {
		t.Errorf("the site shows the note in %s", f)
	}
	rows, err := c.db.Outbox(context.Background(), 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if m := c.load(r); m.To != "alice@example.org" && strings.Contains(m.Text+m.HTML, "count twice") {
			t.Errorf("a mail to %s shows alice's note:\n%s", m.To, m.Text)
		}
	}
	out = c.replyTo(reply, "note clear")
	contains(t, to(t, out, "alice@example.org"), "your note on game #1 is removed")
}

// mailWith returns the only mail to addr among out whose text holds s.
func mailWith(t testing.TB, out []mailer.Outbound, addr, s string) mailer.Outbound {
	t.Helper()
	var found []mailer.Outbound
	for _, m := range out {
		if m.To == addr && strings.Contains(m.Text, s) {
			found = append(found, m)
		}
	}
	if len(found) != 1 {
		t.Fatalf("%d mails to %s with %q among %d", len(found), addr, s, len(out))
	}
	return found[0]
}

// "help if", "help say" and "help note" answer with their part of the
// commands' page.
func TestHelpOnTalk(t *testing.T) {
	c := newClub(t, Options{})
	c.register("dan")
	for topic, want := range map[string]string{
		"if":   "leaves a conditional move: if the next move of the others is M1",
		"say":  "sends TEXT to the other players of the game",
		"note": "keeps a private note on",
	} {
		// With proof: help without it is the short note (the budget).
		out := c.mail("dan@example.org", "help", "key "+c.keys["dan"]+"\nhelp "+topic)
		m := to(t, out, "dan@example.org")
		contains(t, m, "help on "+topic, want)
		if strings.Contains(m.Text, "### resign") || strings.Contains(m.Text, "gives up game ID") {
			t.Errorf("help %s runs into the next section:\n%s", topic, m.Text)
		}
	}
}

// Issue 32, found 5: 49 say lines made 49 mails to the opponent. Now the
// say lines of one mail reach each addressee as one mail, up to the day's
// 20 lines in a game; the rest are refused, each saying so, and nothing
// more goes out that day.
func TestSayInOnePiece(t *testing.T) {
	c := newClub(t, Options{})
	aliceMail, _ := c.start("pile=20")
	var lines []string
	for i := range 49 {
		lines = append(lines, fmt.Sprintf("say line %02d", i+1))
	}
	out := c.replyTo(aliceMail, strings.Join(lines, "\n"))
	relayed := to(t, out, "bob@example.org")
	contains(t, relayed, "alice (North) says, in game #1:", "line 01", "line 20")
	if strings.Contains(relayed.Text, "line 21") {
		t.Errorf("a line past the day's 20 was relayed:\n%s", relayed.Text)
	}
	reply := to(t, out, "alice@example.org")
	if n := strings.Count(reply.Text, "past your 20 lines a day in game #1"); n != 29 {
		t.Errorf("%d lines refused, want 29:\n%s", n, reply.Text)
	}
	contains(t, reply, "postal passes on 20 lines a day from each player in a game")
	// A block of two lines later that day: refused whole.
	out = c.replyTo(aliceMail, "say\ntwo\nlines")
	if len(out) != 1 {
		t.Errorf("%d mails for a say past the day's lines", len(out))
	}
	// A day later there is room again.
	c.now = c.now.Add(25 * time.Hour)
	contains(t, to(t, c.replyTo(aliceMail, "say\ntwo\nlines"), "bob@example.org"), "two", "lines")
}

// A player's text loses its format characters, as a subject the club
// echoes does: a bidi override (U+202E) in a message would reorder what
// follows it, the club's own words too, in the mail relayed and on the
// site; zero widths make texts look alike. The joiners of emoji stay.
func TestSayDropsBidiControls(t *testing.T) {
	c := newClub(t, Options{})
	aliceMail, _ := c.start("pile=2")
	c.mail("alice@example.org", "x", "key "+c.keys["alice"]+"\nset publish-messages on")
	c.mail("bob@example.org", "x", "key "+c.keys["bob"]+"\nset publish-messages on")
	out := c.replyTo(aliceMail, "say see \u202egnp.exe\u202c and \u2066this\u2069 z\u200bero \U0001F469\u200d\U0001F4BB")
	relayed := mailWith(t, out, "bob@example.org", "says")
	contains(t, relayed, "see gnp.exe and this zero \U0001F469\u200d\U0001F4BB")
	out = c.replyTo(aliceMail, "note \u202eprivate\u202c")
	contains(t, to(t, out, "alice@example.org"), "Your note (only you see it): private")
	out = c.replyTo(aliceMail, "say \u202e\u200f")
	says(t, to(t, out, "alice@example.org"), "say needs a text")
	c.replyTo(aliceMail, "t2") // takes the last stones: the game is over
	if g := c.game(1); g.Status != "over" {
		t.Fatalf("game %s", g.Status)
	}
	rec := recordText(c, t, "carol@example.org")
	dir := buildSite(t, c)
	for _, bidi := range []string{"\u202e", "\u2066", "\u200b"} {
		if strings.Contains(rec, bidi) || strings.Contains(relayed.Text+relayed.HTML, bidi) {
			t.Errorf("%U kept in the relayed mail or the record:\n%s", []rune(bidi)[0], rec)
		}
		if f := grepDir(t, dir, bidi); f != "" {
			t.Errorf("%U published in %s", []rune(bidi)[0], f)
		}
	}
	if !strings.Contains(rec, "alice: see gnp.exe and this zero") {
		t.Errorf("the record lacks the message:\n%s", rec)
	}
}
