package main

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"

	"postal/archive"
	"postal/mailer/demoserver"
)

// docs/operating.md's restore, on the in-process mail servers (s34): a
// backup is taken mid-game, two more moves are played by mail, and the
// database is lost. Restored as the page says (the waiting mail held, then
// postal started), the game is back where the backup left it; the mail
// that arrived since the backup, moved from the processed folder back into
// the watched mailbox, is handled again: what postal had handled before
// the backup it knows by Message-ID and leaves alone, and the two moves
// are played again, in order; the site, ahead of the restored database,
// is built again.
func TestRestoreReplaysProcessedMail(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	r := newCheckRig(t, demoserver.Options{})
	config := r.writeConfig(t)
	cfg, err := LoadConfig(config)
	if err != nil {
		t.Fatal(err)
	}
	log := &syncBuffer{}
	serve := func() (stop func()) {
		t.Helper()
		dctx, dcancel := context.WithCancel(ctx)
		d, err := newDaemon(dctx, cfg, slog.New(slog.NewTextHandler(log, nil)))
		if err != nil {
			t.Fatal(err)
		}
		done := make(chan struct{})
		go func() { d.run(dctx); close(done) }()
		return func() { dcancel(); <-done; d.db.Close() }
	}
	stop := serve()
	players := map[string]*mailClient{}
	for _, name := range []string{"alice", "bob"} {
		c := &mailClient{t: t, addr: name + "@demo.test", password: name, imapAddr: r.srv.IMAPAddr, smtpAddr: r.srv.SMTPAddr}
		sent := c.send(r.srv.Club, "hello", "register "+name, "", nil)
		// The address proves itself by a reply to postal's answer (issue 32).
		sent = c.reply(c.await("postal's answer to register", func(m *gotMail) bool { return m.InReplyTo == sent }), "yes")
		c.await("the welcome", func(m *gotMail) bool { return m.InReplyTo == sent })
		players[name] = c
	}
	alice, bob := players["alice"], players["bob"]
	alice.send(r.srv.Club, "a game", "key "+keyOf(t, alice)+"\nchallenge bob conflagration", "", nil)
	bob.reply(bob.await("the challenge", func(m *gotMail) bool { return strings.Contains(m.Text, "challenges you") }), "accept")
	// Who plays Light is drawn: the game mail says.
	var light, dark *mailClient
	for start := time.Now(); light == nil; time.Sleep(50 * time.Millisecond) {
		for _, c := range players {
			c.fetch()
			if c.latest(asksToMove) != nil {
				light = c
			}
		}
		if time.Since(start) > 30*time.Second {
			t.Fatal("nobody was asked to move")
		}
	}
	dark = map[*mailClient]*mailClient{alice: bob, bob: alice}[light]
	// move has c answer its latest game mail with text, and waits until
	// the other is asked to move.
	move := func(c *mailClient, text string) {
		t.Helper()
		c.reply(c.find("a game mail asking to move", asksToMove), text)
		other := map[*mailClient]*mailClient{alice: bob, bob: alice}[c]
		other.await("the turn after "+c.addr+"'s "+text, asksToMove)
	}
	move(light, "B3-B2")
	backup := filepath.Join(r.dir, "backup.db")
	if out, stderr, code := postal(t, "backup", "--config", config, backup); code != 0 {
		t.Fatalf("postal backup: %s%s", out, stderr)
	}
	move(dark, "B4-B3")
	move(light, "B2xB3")
	played := movesOf(t, ctx, cfg.Database, 1)
	if played != "B3-B2 B4-B3 B2xB3" {
		t.Fatalf("the game's moves before the loss: %q", played)
	}
	siteRecord := func() string {
		b, err := os.ReadFile(filepath.Join(cfg.Site.Out, "games", "1.txt"))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	waitUntil(t, ctx, "the site shows the third move", func() bool { return strings.Contains(siteRecord(), "B2xB3") })
	stop()

	// The restore, as docs/operating.md says.
	for _, suffix := range []string{"", "-wal", "-shm"} {
		os.Remove(cfg.Database + suffix)
	}
	data, err := os.ReadFile(backup)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(cfg.Database, data, 0o600); err != nil {
		t.Fatal(err)
	}
	if out, stderr, code := postal(t, "outbox", "hold", "--config", config); code != 0 {
		t.Fatalf("postal outbox hold: %s%s", out, stderr)
	}
	if got := movesOf(t, ctx, cfg.Database, 1); got != "B3-B2" {
		t.Fatalf("the restored game's moves: %q", got)
	}
	moved := replayProcessed(t, r.srv.IMAPAddr, r.srv.Club, "processed")
	stop = serve()
	defer stop()
	waitUntil(t, ctx, "the moves since the backup played again", func() bool { return movesOf(t, ctx, cfg.Database, 1) == played })
	waitUntil(t, ctx, "the site shows the game as the database holds it", func() bool { return strings.Contains(siteRecord(), "B2xB3") })
	if !strings.Contains(log.String(), `msg="site: building in full" why="the site is as of the database's change`) {
		t.Errorf("the site was not built again after the restore:\n%s", log.String())
	}
	// Every mail moved back was handled again or known already: none went
	// to the failed folder, and no answer was an error.
	waitUntil(t, ctx, "the inbox emptied", func() bool { return folderCount(t, r.srv.IMAPAddr, r.srv.Club, "INBOX") == 0 })
	if n := folderCount(t, r.srv.IMAPAddr, r.srv.Club, "processed"); n != moved {
		t.Errorf("%d mails in processed after the replay, %d moved back", n, moved)
	}
	db, err := archive.Open(ctx, cfg.Database)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	msgs, err := db.Messages(ctx)
	if err != nil {
		t.Fatal(err)
	}
	handled := map[string]int{}
	for _, m := range msgs {
		handled[m.MessageID]++
	}
	for id, n := range handled {
		if n != 1 {
			t.Errorf("message %s recorded %d times", id, n)
		}
	}
}

// keyOf is the personal key of c's welcome mail.
func keyOf(t *testing.T, c *mailClient) string {
	t.Helper()
	m := c.find("the welcome", func(m *gotMail) bool { return keyRE.MatchString(m.Text) })
	return keyRE.FindStringSubmatch(m.Text)[1]
}

// movesOf is game id's moves in the database at path, by a connection of
// its own, space separated.
func movesOf(t *testing.T, ctx context.Context, path string, id int64) string {
	t.Helper()
	db, err := archive.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var texts []string
	err = db.ReadTx(ctx, func(tx *archive.Tx) error {
		moves, err := tx.Moves(id)
		for _, m := range moves {
			texts = append(texts, m.Text)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(texts, " ")
}

// replayProcessed moves every mail of the folder back into the INBOX, as
// an operator does with a mail client, and says how many.
func replayProcessed(t *testing.T, addr, user, folder string) int {
	t.Helper()
	c := clubIMAP(t, addr, user)
	defer c.Close()
	sel, err := c.Select(folder, nil).Wait()
	if err != nil {
		t.Fatal(err)
	}
	if sel.NumMessages == 0 {
		t.Fatalf("%s is empty", folder)
	}
	var all imap.SeqSet
	all.AddRange(1, sel.NumMessages)
	if _, err := c.Move(all, "INBOX").Wait(); err != nil {
		t.Fatal(err)
	}
	return int(sel.NumMessages)
}

// folderCount is how many mails user's mailbox holds (the password is the
// demo's, postal); 0 when it does not exist.
func folderCount(t *testing.T, addr, user, mailbox string) int {
	t.Helper()
	c := clubIMAP(t, addr, user)
	defer c.Close()
	st, err := c.Status(mailbox, &imap.StatusOptions{NumMessages: true}).Wait()
	if err != nil {
		return 0 // never created
	}
	return int(*st.NumMessages)
}

// clubIMAP is an IMAP session of user (the password is the demo's,
// postal), for the caller to close.
func clubIMAP(t *testing.T, addr, user string) *imapclient.Client {
	t.Helper()
	c, err := imapclient.DialInsecure(addr, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Login(user, "postal").Wait(); err != nil {
		c.Close()
		t.Fatal(err)
	}
	return c
}
