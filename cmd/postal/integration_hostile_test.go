//go:build integration

package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"

	"postal/archive"
	"postal/mailer"
)

// Issue 24 by mail against Dovecot: the attacks as they were found, each
// closed. Forged strangers get at most the club-wide cap of short replies;
// one mail invites at most three new addresses; mail too large grows the
// database by its headers only; a move after a full-disk episode is
// handled; a mail without Message-ID delivered twice counts once; a 1 MB
// subject is echoed clipped.

// forge delivers a mail from any address at all into the club's mailbox, as
// an attacker's server would; id "" leaves out the Message-ID.
func (r *rig) forge(from, id, subject, body string) int {
	r.t.Helper()
	head := fmt.Sprintf("From: %s\r\nTo: postal@demo.test\r\nSubject: %s\r\nDate: %s\r\n", from, subject, time.Now().Format(time.RFC1123Z))
	if id != "" {
		head += "Message-ID: <" + id + ">\r\n"
	}
	raw := head + "Content-Type: text/plain; charset=utf-8\r\n\r\n" + strings.ReplaceAll(body, "\n", "\r\n") + "\r\n"
	if err := r.d.Deliver(context.Background(), from, []string{"postal@demo.test"}, []byte(raw)); err != nil {
		r.t.Fatal(err)
	}
	return len(raw)
}

// processed counts the mails the daemon has handled (moved to processed).
func (r *rig) processed() int {
	r.t.Helper()
	c, err := imapclient.DialInsecure(r.d.IMAPAddr, nil)
	if err != nil {
		r.t.Fatal(err)
	}
	defer c.Close()
	if err := c.Login("postal@demo.test", "postal").Wait(); err != nil {
		r.t.Fatal(err)
	}
	st, err := c.Status("postal.processed", &imap.StatusOptions{NumMessages: true}).Wait()
	if err != nil {
		return 0
	}
	return int(*st.NumMessages)
}

// awaitProcessed waits until n mails were handled.
func (r *rig) awaitProcessed(n int) {
	r.t.Helper()
	deadline := time.Now().Add(5 * time.Minute)
	for r.processed() < n {
		if time.Now().After(deadline) {
			r.t.Fatalf("only %d of %d mails handled", r.processed(), n)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// sentTo returns the size of every mail in the outbox to an address
// matching to, as it goes out on the wire.
func sentTo(t testing.TB, db *archive.DB, to func(string) bool) []int {
	t.Helper()
	rows, err := db.Outbox(context.Background(), 0)
	if err != nil {
		t.Fatal(err)
	}
	var sizes []int
	for _, row := range rows {
		m, err := mailer.LoadOutbound(row.Mail.Message, row.Mail.Files)
		if err != nil {
			t.Fatal(err)
		}
		if !to(m.To) {
			continue
		}
		raw, err := mailer.BuildMessage(m)
		if err != nil {
			t.Fatal(err)
		}
		sizes = append(sizes, len(raw))
	}
	return sizes
}

// dbBytes is the database's size on disk: the file and its write-ahead log,
// after a checkpoint that empties the log into the file.
func (r *rig) dbBytes(db *archive.DB) int64 {
	r.t.Helper()
	if err := db.Checkpoint(context.Background()); err != nil {
		r.t.Fatal(err)
	}
	var n int64
	for _, suffix := range []string{"", "-wal"} {
		if fi, err := os.Stat(filepath.Join(r.dir, "postal.db"+suffix)); err == nil {
			n += fi.Size()
		}
	}
	return n
}

// strangerReplies has 1 stranger send 50 lines of help, then n forged
// addresses one help each; it returns the bytes in, and the sizes of the
// replies to all of them.
func (r *rig) strangerReplies(db *archive.DB, n int) (in int, out []int) {
	r.t.Helper()
	before := r.processed()
	in += r.forge("victim@forged.test", "v1@forged.test", "help", strings.Repeat("help\n", 50))
	in += r.forge("victim@forged.test", "v2@forged.test", "help again", strings.Repeat("help\n", 50))
	for i := range n {
		in += r.forge(fmt.Sprintf("f%d@forged.test", i), fmt.Sprintf("f%d@forged.test", i), "hello", "help")
	}
	r.awaitProcessed(before + n + 2)
	out = sentTo(r.t, db, func(to string) bool { return strings.HasSuffix(to, "@forged.test") })
	return in, out
}

// 50 lines of help from a forged address made a 1 MiB reply, and 30 forged
// addresses each got 60 an hour. Now the victim gets one reply under 4 KB,
// and 100 forged addresses together at most the cap.
func TestIntegrationHostileStrangers(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	r.register("alice") // the daemon is up and the database made
	db := r.db()
	_, out := r.strangerReplies(db, 100)
	if len(out) > 30 || len(out) == 0 {
		t.Errorf("%d replies to 101 strangers, cap 30 an hour", len(out))
	}
	for _, n := range out {
		if n >= 4<<10 {
			t.Errorf("a reply to a stranger of %d bytes", n)
		}
	}
	if n := len(sentTo(t, db, func(to string) bool { return to == "victim@forged.test" })); n != 1 {
		t.Errorf("the victim of 2×50 helps got %d replies", n)
	}
}

// One mail with 60 "challenge ADDRESS" lines sent 49 invitations; now 3.
func TestIntegrationHostileInvitations(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	alice := r.register("alice")
	var lines []string
	for i := range 60 {
		lines = append(lines, fmt.Sprintf("challenge x%d@invited.test conflagration", i))
	}
	reply := r.replyTo(alice, r.send(alice, "friends", strings.Join(lines, "\n")))
	if !strings.Contains(reply.Text, "one mail invites at most 3 new addresses") {
		t.Errorf("the reply says nothing of the limit:\n%.2000s", reply.Text)
	}
	if n := len(sentTo(t, r.db(), func(to string) bool { return strings.HasSuffix(to, "@invited.test") })); n != 3 {
		t.Errorf("%d invitations from one mail, want 3", n)
	}
}

// hostileMail is a mail of about size bytes: a command, then junk.
func hostileMail(size int) string {
	line := strings.Repeat("0123456789abcdef", 4) + "\n"
	return "help\n" + strings.Repeat(line, size/len(line))
}

// Five mails of 9 MiB filled the disk: every mail up to 64 MiB was stored
// raw. Now 100 of them grow the database by less than 2 MiB: headers and a
// hash each, and a brief answer within the strangers' budget.
func TestIntegrationHostileBigMail(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	r.register("alice") // the daemon is up and the database made
	db := r.db()
	before := r.dbBytes(db)
	done := r.processed()
	body := hostileMail(9 << 20)
	for i := range 100 {
		r.forge(fmt.Sprintf("big%d@forged.test", i%10), fmt.Sprintf("big%d@forged.test", i), "big", body)
	}
	r.awaitProcessed(done + 100)
	growth := r.dbBytes(db) - before
	t.Logf("100 mails of 9 MiB grew the database by %d bytes", growth)
	if growth >= 2<<20 {
		t.Errorf("100 mails of 9 MiB grew the database by %d bytes", growth)
	}
	msgs, err := db.Messages(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range msgs[len(msgs)-100:] {
		if len(m.Raw) > 64<<10 || m.BodySHA256 == "" || m.Size < 9<<20 {
			t.Fatalf("a mail of 9 MiB kept as %d bytes, hash %q, size %d (%s)", len(m.Raw), m.BodySHA256, m.Size, m.Outcome)
		}
	}
	if n := len(sentTo(t, db, func(to string) bool { return strings.HasSuffix(to, "@forged.test") })); n > 10 {
		t.Errorf("%d answers to 10 senders of mail too large", n)
	}
}

// A small legitimate mail failed after the disk filled, until space was
// freed. Now the database at its page limit, filled by hostile mail, still
// takes a move: the mail is kept as headers, old raw mail is cut.
func TestIntegrationHostileFullDisk(t *testing.T) {
	t.Parallel()
	r := newMailServers(t)
	r.runScaled(1, func(c *Config) { c.maxPages = 700 }) // about 2.8 MB
	alice, bob := r.register("alice"), r.register("bob")
	id, _ := r.startGame(alice, bob, "conflagration")
	mallory := r.register("carol") // a player who floods the club
	junk := hostileMail(900 << 10)
	for range 8 {
		r.replyTo(mallory, r.send(mallory, "junk", "games\n"+junk))
	}
	db := r.db()
	msgs, err := db.Messages(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	cut := 0
	for _, m := range msgs {
		if m.BodySHA256 != "" && m.Size < 1<<20 {
			cut++
		}
	}
	if cut == 0 {
		t.Fatal("no mail was cut to its headers: the database never filled, the test shows nothing")
	}
	t.Logf("%d mails kept as headers while the database was full", cut)
	// The move: alice plays by mail and gets her board.
	game := r.gameMail(alice, id)
	rec := r.record(alice, id)
	positions, _ := rec.Replay()
	pos := positions[len(positions)-1]
	move := pos.Legal(pos.ToMove()[0])[0].String()
	reply := r.replyTo(alice, r.sendTo(alice, game.ReplyTo, "Re: "+game.Subject, move))
	if !strings.Contains(reply.Text, move+" played") {
		t.Errorf("the move after a full disk:\n%s", reply.Text)
	}
}

// Two identical mails without Message-ID were both handled: Dovecot adds
// its own Received and Return-Path to each copy. Now the second is skipped.
func TestIntegrationHostileNoMessageIDTwice(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	alice := r.register("alice")
	before := r.processed()
	for range 2 {
		r.forge("alice@demo.test", "", "no id", "key "+alice.key+"\nopen conflagration")
	}
	r.awaitProcessed(before + 2)
	r.fetch(alice)
	time.Sleep(2 * time.Second) // the sender's round: any second reply is out by now
	n := 0
	for _, m := range allMail(t, r, alice) {
		if strings.Contains(m.Text, "Anyone may accept it") {
			n++
		}
	}
	if n != 1 {
		t.Errorf("a mail without Message-ID delivered twice opened %d challenges", n)
	}
}

// A 1 MB subject made a mail unanswerable; now the answer echoes 200
// characters of it.
func TestIntegrationHostileLongSubject(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	alice := r.register("alice")
	subject := strings.Repeat("s", 1_000_000)
	reply := r.replyTo(alice, r.send(alice, subject, "games"))
	if n := len(reply.Subject); n > 210 || !strings.Contains(reply.Text, "games postal plays") {
		t.Errorf("a reply with a subject of %d characters:\n%.500s", n, reply.Text)
	}
}

// BenchmarkIntegrationStrangers reports what forged mail makes postal send:
// bytes out (every reply to a stranger) per byte in, for b.N forged
// addresses and one victim of two 50-line helps.
func BenchmarkIntegrationStrangers(b *testing.B) {
	r := newRig(b)
	r.register("alice")
	db := r.db()
	in, out := r.strangerReplies(db, b.N)
	total := 0
	for _, n := range out {
		total += n
	}
	b.ReportMetric(float64(total)/float64(in), "out-bytes/in-byte")
	b.ReportMetric(float64(len(out)), "replies")
}

// BenchmarkIntegrationHostileMail reports how much the database grows per
// MiB of hostile mail: b.N mails of 9 MiB from ten forged addresses.
func BenchmarkIntegrationHostileMail(b *testing.B) {
	r := newRig(b)
	r.register("alice")
	db := r.db()
	before := r.dbBytes(db)
	done := r.processed()
	body := hostileMail(9 << 20)
	for i := range b.N {
		r.forge(fmt.Sprintf("big%d@forged.test", i%10), fmt.Sprintf("big%d.%d@forged.test", i, time.Now().UnixNano()), "big", body)
	}
	r.awaitProcessed(done + b.N)
	growth := r.dbBytes(db) - before
	b.ReportMetric(float64(growth)/float64(9*b.N), "db-bytes/hostile-MiB")
}
