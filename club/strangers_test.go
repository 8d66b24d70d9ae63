package club

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"testing"
	"time"

	"postal/archive"
	"postal/mailer"
)

// Issue 24, reflection: the attacks as they were found, each reproduced.

// mailBytes is the size of m as it goes out.
func mailBytes(t *testing.T, m mailer.Outbound) int {
	t.Helper()
	raw, err := mailer.BuildMessage(m)
	if err != nil {
		t.Fatal(err)
	}
	return len(raw)
}

// A stranger's 50 lines of help made a 1 MiB reply. Now: one reply under 4
// KB, then nothing for a day, whatever the mail says; the mails past the
// budget are kept as headers only.
func TestStrangerGetsOneShortReplyADay(t *testing.T) {
	c := newClub(t, Options{})
	in := strings.Repeat("help\n", 50)
	out := c.mail("victim@example.net", "help", in)
	if len(out) != 1 {
		t.Fatalf("%d replies to a stranger's help", len(out))
	}
	if n := mailBytes(t, out[0]); n >= 4<<10 {
		t.Errorf("the short reply is %d bytes", n)
	}
	contains(t, out[0], "register NAME", "postal did not read your mail")
	if out[0].HTML != "" || len(out[0].Inline) > 0 || strings.Contains(out[0].ReplyTo, "+") {
		t.Errorf("the short reply has HTML, pictures or a token: %q", out[0].ReplyTo)
	}
	for _, body := range []string{"help", "games\nstatus", "rules imperial-chess", "challenge bob takeaway"} {
		if out := c.mail("victim@example.net", "again", body); len(out) != 0 {
			t.Errorf("a second reply the same day, to %q", body)
		}
	}
	c.now = c.now.Add(24 * time.Hour)
	if out := c.mail("victim@example.net", "a day later", "help"); len(out) != 1 {
		t.Errorf("%d replies a day later", len(out))
	}
	msgs, err := c.db.Messages(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if m := msgs[1]; m.Outcome != "ignored: past the budget for strangers" || m.BodySHA256 == "" {
		t.Errorf("a mail past the budget: outcome %q, body hash %q", m.Outcome, m.BodySHA256)
	}
	if m := msgs[0]; m.Outcome != "stranger: short reply" {
		t.Errorf("the first: %q", m.Outcome)
	}
}

// 30 forged addresses got 60 replies an hour each. Now all replies to
// strangers together stay under the club-wide cap, and the rate-limit
// notice goes to players only.
func TestStrangersShareACap(t *testing.T) {
	c := newClub(t, Options{StrangerRepliesPerHour: 5, RateLimit: 2})
	replies := 0
	for i := range 20 { // 40 minutes: the test club's clock moves a minute a mail
		for range 2 {
			replies += len(c.mail(fmt.Sprintf("forged%d@example.net", i), "hi", "help"))
		}
	}
	if replies != 4 { // one of the five is kept for registrations
		t.Errorf("%d replies to 20 forged addresses, cap 5 an hour less 1 kept for registrations", replies)
	}
	c.now = c.now.Add(time.Hour)
	if out := c.mail("fresh@example.net", "hi", "help"); len(out) != 1 {
		t.Errorf("an hour later, a new stranger got %d replies", len(out))
	}
}

// "register NAME" is a stranger's one answer besides the short note: a
// stranger told how to join may join the same day. The answer asks for a
// reply, short whatever the mail held; the reply brings the welcome, and
// nothing else of it is read (issue 32).
func TestStrangerRegistersAfterTheNote(t *testing.T) {
	c := newClub(t, Options{})
	c.mail("dora@example.net", "hi", "what is this?")
	out := c.mail("dora@example.net", "join", "register dora\n"+strings.Repeat("help\n", 50))
	if len(out) != 1 {
		t.Fatalf("%d replies to register", len(out))
	}
	contains(t, out[0], "To become dora, reply to this mail")
	if n := mailBytes(t, out[0]); n >= 4<<10 {
		t.Errorf("the answer to register and 50 helps is %d bytes", n)
	}
	out = c.replyTo(out[0], strings.Repeat("help\n", 50))
	if len(out) != 1 {
		t.Fatalf("%d replies to the reply", len(out))
	}
	contains(t, out[0], "registered as dora", "Nothing else in the mail you replied with was read")
	if strings.Contains(out[0].Text, "postal's mail commands") {
		t.Errorf("the welcome carries the whole help")
	}
}

// One mail with 60 challenge lines sent 49 invitations. Now: three a mail,
// InvitesPerDay a day, and never twice to an address that did not answer.
func TestInvitationLimits(t *testing.T) {
	c := newClub(t, Options{InvitesPerDay: 5})
	c.register("alice")
	key := "key " + c.keys["alice"] + "\n"
	var lines []string
	for i := range 60 {
		lines = append(lines, fmt.Sprintf("challenge x%d@example.net takeaway", i))
	}
	out := c.mail("alice@example.org", "many", key+strings.Join(lines, "\n"))
	if n := len(out) - 1; n != 3 {
		t.Errorf("%d invitations from one mail, want 3", n)
	}
	contains(t, to(t, out, "alice@example.org"), "one mail invites at most 3 new addresses")
	out = c.mail("alice@example.org", "again", key+"challenge x0@example.net takeaway")
	contains(t, out[0], "x0@example.net was invited before and never answered")
	out = c.mail("alice@example.org", "more", key+"challenge y1@example.net takeaway\nchallenge y2@example.net takeaway\nchallenge y3@example.net takeaway")
	if n := len(out) - 1; n != 2 {
		t.Errorf("%d invitations past the daily limit of 5 (3 sent)", n)
	}
	contains(t, to(t, out, "alice@example.org"), "you have invited 5 addresses today")
	// x1 answers (a stranger's note); a day later alice may invite x1 again.
	c.mail("x1@example.net", "who?", "who is alice?")
	c.now = c.now.Add(25 * time.Hour)
	out = c.mail("alice@example.org", "again", key+"challenge x1@example.net takeaway\nchallenge x0@example.net takeaway")
	if len(out) != 2 {
		t.Fatalf("%d mails", len(out))
	}
	to(t, out, "x1@example.net")
	contains(t, to(t, out, "alice@example.org"), "x0@example.net was invited before and never answered")
}

// A 1 MB subject made a mail unanswerable: the reply echoes at most 200
// characters of it, and the archive keeps no more.
func TestLongSubjectClipped(t *testing.T) {
	c := newClub(t, Options{})
	c.register("alice")
	out := c.mail("alice@example.org", strings.Repeat("s", 1<<20), "games")
	if len(out) != 1 || len([]rune(out[0].Subject)) > maxSubject+4 {
		t.Fatalf("%d replies, subject of %d characters", len(out), len(out[0].Subject))
	}
	out = c.mail("stranger@example.net", strings.Repeat("s", 1<<20), "help")
	if len(out) != 1 || len([]rune(out[0].Subject)) > maxSubject+4 {
		t.Fatalf("stranger: %d replies, subject of %d characters", len(out), len(out[0].Subject))
	}
	msgs, _ := c.db.Messages(context.Background())
	for _, m := range msgs {
		if len([]rune(m.Subject)) > maxSubject {
			t.Errorf("the archive keeps a subject of %d characters", len(m.Subject))
		}
	}
}

// A mail over the size limit reaches the club as headers and a hash: it is
// answered once a day, briefly, and kept as it came.
func TestTooLargeAnsweredOnce(t *testing.T) {
	c := newClub(t, Options{})
	c.register("alice")
	head := []byte("From: alice@example.org\r\nSubject: big\r\n\r\n")
	sum := sha256.Sum256([]byte("x"))
	big := func(id string) []mailer.Outbound {
		return c.handle(&mailer.Inbound{MessageID: id, From: "alice@example.org", Subject: "big", Raw: head, TooLarge: true,
			BodySHA256: hex.EncodeToString(sum[:]), Size: 9 << 20, Recipients: []string{"postal@demo.test"}})
	}
	out := big("big1@x.test")
	if len(out) != 1 {
		t.Fatalf("%d replies to a mail too large", len(out))
	}
	contains(t, out[0], "Your mail of 9.0 MiB is over postal's limit of 1.0 MiB")
	if n := mailBytes(t, out[0]); n >= 4<<10 {
		t.Errorf("the answer is %d bytes", n)
	}
	if out := big("big2@x.test"); len(out) != 0 {
		t.Errorf("a second mail too large got %d replies", len(out))
	}
	msgs, _ := c.db.Messages(context.Background())
	m := msgs[len(msgs)-1]
	if string(m.Raw) != string(head) || m.BodySHA256 != hex.EncodeToString(sum[:]) || m.Size != 9<<20 || !strings.HasPrefix(m.Outcome, "too large") {
		t.Errorf("kept %q %s %d %q", m.Raw, m.BodySHA256, m.Size, m.Outcome)
	}
}

// Rate-limited and ignored mail keeps its headers only.
func TestIgnoredMailKeepsHeaders(t *testing.T) {
	c := newClub(t, Options{RateLimit: 1})
	c.register("alice")
	c.now = c.now.Add(time.Hour)
	raw := []byte("From: alice@example.org\r\nSubject: x\r\n\r\ngames\r\n" + strings.Repeat("padding\r\n", 1000))
	for i, in := range []*mailer.Inbound{
		{From: "alice@example.org", Text: c.withKey("alice@example.org", "games"), Raw: raw}, // handled: kept whole
		{From: "alice@example.org", Text: c.withKey("alice@example.org", "games"), Raw: raw}, // rate-limited
		{From: "bounce@example.net", Text: "games", Raw: raw, NoReply: "auto-reply"},         // ignored
		{From: "postal+x@demo.test", Text: "games", Raw: raw, Recipients: []string{"p"}},     // postal itself
	} {
		c.handle(in)
		msgs, _ := c.db.Messages(context.Background())
		m := msgs[len(msgs)-1]
		if whole := i == 0; whole != (len(m.Raw) == len(raw)) || whole == (m.BodySHA256 != "") {
			t.Errorf("mail %d (%s): kept %d of %d bytes, body hash %q", i, m.Outcome, len(m.Raw), len(raw), m.BodySHA256)
		}
	}
}

// Hostile mail fills the database to its page limit (a full disk); a move
// that arrives later is still handled: it is kept as headers only, and old
// raw mail is cut to its headers to make room.
func TestFullDiskStillTakesAMove(t *testing.T) {
	c := newClub(t, Options{RateLimit: -1})
	aliceMail, id := c.start("")
	ctx := context.Background()
	size, err := c.db.Size(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.db.LimitPages(ctx, size/4096+200); err != nil { // about 800 KB more
		t.Fatal(err)
	}
	full := false
	for i := 0; i < 50 && !full; i++ {
		c.n++
		raw := []byte(fmt.Sprintf("From: bob@example.org\r\nSubject: x\r\n\r\ngames\r\n%s", strings.Repeat("hostile ", 100<<10/8)))
		c.now = c.now.Add(time.Minute)
		err := c.s.Handle(ctx, &mailer.Inbound{MessageID: fmt.Sprintf("h%d@evil.test", i), From: "bob@example.org", Text: "games", Raw: raw})
		if err != nil {
			t.Fatalf("hostile mail %d: %v", i, err)
		}
		msgs, _ := c.db.Messages(ctx)
		full = msgs[len(msgs)-1].BodySHA256 != ""
	}
	if !full {
		t.Fatal("the database never filled up: the test shows nothing")
	}
	// Fill what is left with mail kept as headers, until even that fails.
	for i := 0; ; i++ {
		if i == 2000 {
			t.Fatal("headers never filled the database")
		}
		err := c.db.Tx(ctx, func(tx *archive.Tx) error {
			_, err := tx.AddMessage(archive.Message{MessageID: fmt.Sprintf("f%d@evil.test", i), From: "bob@example.org", Subject: strings.Repeat("s", 4000), Received: c.now, Outcome: "filler"})
			return err
		})
		if archive.IsFull(err) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	out := c.replyTo(aliceMail, "t1")
	contains(t, to(t, out, "alice@example.org"), "t1 played in game #1")
	if g := c.game(id); g.Ply != 1 {
		t.Fatalf("the move after a full disk: ply %d", g.Ply)
	}
}

// A From forged in a player's name made 50 rules pages, a 1 MiB reply.
// Since issue 32 a mail that proves nothing is not read at all: 50 rules
// get the short note to alice's address, under 4 KB.
func TestUnprovenRulesNotRead(t *testing.T) {
	c := newClub(t, Options{})
	c.register("alice")
	out := c.mail("alice@example.org", "rules", strings.Repeat("rules superial-chess\n", 50))
	if len(out) != 1 {
		t.Fatalf("%d replies", len(out))
	}
	contains(t, out[0], "postal cannot tell that this mail comes from alice", "Not one line of the mail was read")
	if n := mailBytes(t, out[0]); n >= 4<<10 {
		t.Errorf("50 rules without proof: %d bytes", n)
	}
}

// An attacker with a token of their own (any player's account token) wrote
// to it from forged addresses: each got a refusal. Refusals to strangers
// are within the budget too; the owner hears once per address.
func TestForeignTokenFromStrangersBudgeted(t *testing.T) {
	c := newClub(t, Options{StrangerRepliesPerHour: 5})
	welcome := c.register("mallory")
	replies := 0
	for i := range 20 {
		for range 2 {
			out := c.handle(&mailer.Inbound{From: fmt.Sprintf("v%d@example.net", i), Subject: "x", Text: "status", Recipients: []string{welcome.ReplyTo}})
			for _, m := range out {
				if m.To != "mallory@example.org" {
					replies++
					if n := mailBytes(t, m); n >= 4<<10 {
						t.Errorf("a refusal of %d bytes", n)
					}
				}
			}
		}
	}
	if replies != 3 { // the cap of 5 less the registrations' reserve of 1, and mallory's welcome
		t.Errorf("%d refusals to 20 forged addresses, cap 5 (one kept for registrations, one spent on the welcome)", replies)
	}
}
