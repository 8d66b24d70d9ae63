package club

import (
	"context"
	"database/sql"
	"strings"
	"testing"
	"unicode/utf8"

	"postal/club/reply"
	_ "postal/engine/allgames"
	"postal/mailer"
	"postal/notation"
)

// Issue 15, bounded replies: a reply repeats at most ~200 characters of a
// command line, carries one picture of a game's board however many commands
// show it, and stays under 1 MiB whatever the mail asked.
func TestBoundedReplies(t *testing.T) {
	c := newClub(t, Options{})
	aliceMail, id := c.start("pile=9")

	// A long line, and a long unknown word: echoed cut short.
	long := "move 1 t" + strings.Repeat("x", 10000)
	out := c.replyTo(aliceMail, long+"\nfrob"+strings.Repeat("y", 5000)+" z")
	answer := to(t, out, "alice@example.org")
	for _, line := range strings.Split(answer.Text, "\n") {
		if n := utf8.RuneCountInString(line); n > reply.TextWidth {
			t.Errorf("a line of %d characters:\n%.300s", n, line)
		}
	}
	contains(t, answer, "> move 1 txxx", "x…\n", "frobyyy", "y…\n", "is not a move of Takeaway")
	if len(answer.Text) > 8<<10 {
		t.Errorf("the reply to two long lines is %d bytes", len(answer.Text))
	}
	if c.game(id).Ply != 0 {
		t.Fatal("a refused move was played")
	}

	// The caret still points at the word it names, inside the window.
	sec := parseErrorSection(mustParse(t, "open conflagration "+strings.Repeat("x=1 ", 150)+"as 3rd"+strings.Repeat(" x=1", 100)))
	lines := strings.Split(sec.Pre, "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "…") || !strings.HasSuffix(lines[0], "…") || utf8.RuneCountInString(lines[0]) > reply.TextWidth {
		t.Fatalf("caret window:\n%s", sec.Pre)
	}
	if at := strings.Index(lines[1], "^"); !strings.HasPrefix(string([]rune(lines[0])[at:]), "3rd") {
		t.Fatalf("the caret does not point at the word:\n%s", sec.Pre)
	}

	// Forty boards of one game: forty text boards, one picture.
	out = c.replyTo(aliceMail, strings.Repeat("board\n", 39)+"preview t1")
	answer = to(t, out, "alice@example.org")
	svgs := 0
	for _, a := range answer.Attachments {
		if a.ContentType == "image/svg+xml" {
			svgs++
		}
	}
	if len(answer.Inline) != 1 || svgs != 1 {
		t.Errorf("%d inline PNGs and %d SVG files for one game, want one each", len(answer.Inline), svgs)
	}
	if n := strings.Count(answer.Text, "Pile: "); n != 40 {
		t.Errorf("%d text boards, want 40", n)
	}
	if n := strings.Count(answer.HTML, "cid:"); n != 1 {
		t.Errorf("the HTML shows %d pictures", n)
	}

	// Fifty copies of a long rules page: under 1 MiB, the first answers
	// whole, the last ones left out.
	out = c.mail("alice@example.org", "rules", "key "+c.keys["alice"]+"\n"+strings.Repeat("rules superial-chess\n", 49)) // with the key, the 50 commands a mail may hold
	answer = to(t, out, "alice@example.org")
	raw, err := mailer.BuildMessage(answer)
	if err != nil {
		t.Fatal(err)
	}
	if len(raw) >= maxMailBytes {
		t.Fatalf("the reply is %d bytes", len(raw))
	}
	left := strings.Count(answer.Text, "(left out: ")
	whole := strings.Count(answer.Text, "Superial Chess (superial-chess)")
	if left == 0 || whole != 49 || left == 49 {
		t.Errorf("%d answers of 50 left out: the cap cut nothing or everything", left)
	}
	t.Logf("49 rules pages: %d bytes, %d answers whole, %d left out", len(raw), 49-left, left)
}

// mustParse reads a line that is no command.
func mustParse(t *testing.T, line string) notation.Parsed {
	t.Helper()
	got, _ := notation.ParseCommands(line, notation.ParseOptions{Language: language})
	if len(got) != 1 || got[0].Err == nil {
		t.Fatalf("%q: %+v", line, got)
	}
	return got[0]
}

// A mail without a Message-ID is answered, once, with no In-Reply-To and no
// References pointing at the hash the mailer gave it.
func TestNoMessageIDNoInReplyTo(t *testing.T) {
	c := newClub(t, Options{})
	c.register("alice")
	for _, id := range []string{"sha256:0123456789abcdef", "not-a-message-id", "two@at@signs"} {
		in := &mailer.Inbound{MessageID: id, From: "alice@example.org", Text: "key " + c.keys["alice"] + "\nstatus", References: []string{id, "ok@client.test"}}
		out := c.handle(in)
		if len(out) != 1 {
			t.Fatalf("%s: %d replies", id, len(out))
		}
		if out[0].InReplyTo != "" || strings.Join(out[0].References, " ") != "ok@client.test" {
			t.Errorf("%s: In-Reply-To %q, References %q", id, out[0].InReplyTo, out[0].References)
		}
		raw, err := mailer.BuildMessage(out[0])
		if err != nil || strings.Contains(string(raw), id) {
			t.Errorf("%s: the built reply names it (%v)", id, err)
		}
		if again := c.handle(in); len(again) != 0 {
			t.Errorf("%s: handled twice", id)
		}
	}
	out := c.handle(&mailer.Inbound{MessageID: "real@client.test", From: "alice@example.org", Text: "key " + c.keys["alice"] + "\nstatus"})
	if out[0].InReplyTo != "real@client.test" {
		t.Errorf("a real Message-ID is not answered: %q", out[0].InReplyTo)
	}
}

// The message's outcome is saved with it, or nothing of the message is:
// a failure to save it fails the whole transaction.
func TestOutcomeSavedOrNothing(t *testing.T) {
	c := newClub(t, Options{})
	c.register("alice")
	db, err := sql.Open("sqlite", "file:"+c.path+"?_pragma=busy_timeout(5000)")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`CREATE TRIGGER no_outcome BEFORE UPDATE OF outcome ON messages BEGIN SELECT RAISE(ABORT, 'outcome refused'); END`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	before, _ := c.db.Messages(context.Background())
	err = c.s.Handle(context.Background(), &mailer.Inbound{MessageID: "x@client.test", From: "alice@example.org", Text: "status"})
	if err == nil || !strings.Contains(err.Error(), "outcome refused") {
		t.Fatalf("Handle: %v, want the outcome's failure", err)
	}
	after, _ := c.db.Messages(context.Background())
	if len(after) != len(before) || len(c.outbox()) != 0 {
		t.Fatalf("a message whose outcome was not saved left %d messages (was %d) and %d mails", len(after), len(before), len(c.outbox()))
	}
}
