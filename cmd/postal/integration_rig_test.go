//go:build integration

package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"

	"postal/archive"
	"postal/club/clock"
	"postal/engine"
	"postal/mailer/dovecot"
	"postal/notation"
)

// The whole chain against real servers: a Dovecot holding the club's and
// the players' mailboxes, an SMTP relay delivering into it, and the postal
// binary run as a child process with "postal serve", so it can be killed
// with SIGKILL like a crashed daemon. Players write by LMTP into the club's
// mailbox and read their replies by IMAP.

// rig is one such set-up.
type rig struct {
	t      testing.TB
	d      *dovecot.Server
	relay  *dovecot.Relay
	dir    string
	bin    string
	config string

	mu     sync.Mutex
	daemon *exec.Cmd
	exited chan struct{}
	starts int
	n      int // mails sent, for Message-IDs
}

// newRig starts Dovecot, the relay and the postal binary. Every test has
// its own (fresh directories, free ports), so the tests run in parallel
// (t.Parallel): they mostly wait for mail, and make test-integration runs
// three at a time. Only TestIntegrationDeployGuide, which sets up the
// machine's own Postfix, runs alone, before them.
func newRig(t testing.TB) *rig {
	t.Helper()
	r := newMailServers(t)
	r.start()
	t.Cleanup(r.stop)
	return r
}

// newMailServers starts Dovecot and the relay and writes the daemon's
// config, without starting a daemon; extra is TOML added to the config.
// Every player of the tests has a mailbox: alice (and her second and third
// address), bob, carol, dave and erin.
func newMailServers(t testing.TB, extra ...string) *rig {
	t.Helper()
	d := dovecot.StartTest(t, dovecot.Options{Users: map[string]string{
		"postal@demo.test": "postal", "alice@demo.test": "alice", "bob@demo.test": "bob", "carol@demo.test": "carol", "dave@demo.test": "dave", "erin@demo.test": "erin",
		"alice.home@demo.test": "alice.home", "alice.work@demo.test": "alice.work",
	}})
	relay, err := dovecot.StartRelay(d)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { relay.Close() })
	r := &rig{t: t, d: d, relay: relay, dir: t.TempDir(), bin: postalBinary(t)}
	host, imapPort, _ := strings.Cut(d.IMAPAddr, ":")
	_, smtpPort, _ := strings.Cut(relay.Addr, ":")
	r.config = filepath.Join(r.dir, "postal.toml")
	cfg := fmt.Sprintf(`database = %q
[club]
address = "postal@demo.test"
name = "integration club"
rate_limit = -1
[imap]
host = %q
port = %s
tls = "none"
user = "postal@demo.test"
password_env = "POSTAL_TEST_PASSWORD"
processed = "postal/processed"
failed = "postal/failed"
poll_interval = "2s"
[smtp]
host = %q
port = %s
tls = "none"
password_env = "POSTAL_TEST_PASSWORD"
[clock]
reminders = "none"
`, filepath.Join(r.dir, "postal.db"), host, imapPort, host, smtpPort) + strings.Join(extra, "\n")
	if err := os.WriteFile(r.config, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	return r
}

// runScaled runs the daemon in process, until the test ends, on a clock
// scale times faster than the wall; adjust, when set, changes its config
// first.
func (r *rig) runScaled(scale float64, adjust func(*Config)) {
	r.t.Helper()
	cfg, err := LoadConfig(r.config)
	if err != nil {
		r.t.Fatal(err)
	}
	cfg.IMAP.password, cfg.SMTP.password = "postal", "postal"
	cfg.now, cfg.timeScale = clock.NewScaled(scale).Now, scale
	if adjust != nil {
		adjust(cfg)
	}
	ctx, cancel := context.WithCancel(context.Background())
	d, err := newDaemon(ctx, cfg, slog.New(slog.DiscardHandler))
	if err != nil {
		r.t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- d.run(ctx) }()
	r.t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			r.t.Errorf("daemon: %v", err)
		}
		d.db.Close()
	})
}

// start runs the daemon.
func (r *rig) start() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.starts++
	logf, err := os.OpenFile(filepath.Join(r.dir, "daemon.log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		r.t.Fatal(err)
	}
	cmd := exec.Command(r.bin, "serve", "--config", r.config)
	cmd.Env = append(os.Environ(), "POSTAL_TEST_PASSWORD=postal")
	cmd.Stdout, cmd.Stderr = logf, logf
	if err := cmd.Start(); err != nil {
		r.t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { cmd.Wait(); logf.Close(); close(exited) }()
	r.daemon, r.exited = cmd, exited
}

// kill SIGKILLs the daemon, as a crash would, and waits for it to be gone.
func (r *rig) kill() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.daemon == nil {
		return
	}
	r.daemon.Process.Signal(syscall.SIGKILL)
	<-r.exited
	r.daemon = nil
}

// stop ends the daemon with SIGTERM (finish what is in hand).
func (r *rig) stop() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.daemon == nil {
		return
	}
	r.daemon.Process.Signal(syscall.SIGTERM)
	select {
	case <-r.exited:
	case <-time.After(20 * time.Second):
		r.daemon.Process.Signal(syscall.SIGKILL)
		<-r.exited
	}
	r.daemon = nil
	if r.t.Failed() {
		b, _ := os.ReadFile(filepath.Join(r.dir, "daemon.log"))
		if len(b) > 8000 {
			b = b[len(b)-8000:]
		}
		r.t.Logf("daemon log (tail):\n%s", b)
	}
}

// player is a club member writing from their own mailbox. The password of
// a mailbox is its local part.
type player struct {
	name, addr, key string
	account         string // the Reply-To of postal's answer to the registration: the account's token
	read            map[imap.UID]bool
	last            imap.UID
	inbox           []*gotMail
}

// send delivers a mail from p to the club, with p's key, and returns its
// Message-ID.
func (r *rig) send(p *player, subject, body string) string {
	r.t.Helper()
	if p.key != "" {
		body = "key " + p.key + "\n" + body
	}
	return r.sendTo(p, "postal@demo.test", subject, body)
}

// sendTo delivers a mail from p to the address to (a plus-address of the
// club, carrying a token), as a mail client answering a mail would; no key
// is added. It returns the Message-ID.
func (r *rig) sendTo(p *player, to, subject, body string) string {
	r.t.Helper()
	r.mu.Lock()
	r.n++
	id := fmt.Sprintf("%s.%d@client.test", p.name, r.n)
	r.mu.Unlock()
	raw := fmt.Sprintf("From: %s <%s>\r\nTo: %s\r\nSubject: %s\r\nDate: %s\r\nMessage-ID: <%s>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n%s\r\n",
		p.name, p.addr, to, subject, time.Now().Format(time.RFC1123Z), id, strings.ReplaceAll(body, "\n", "\r\n"))
	if err := r.d.Deliver(context.Background(), p.addr, []string{to}, []byte(raw)); err != nil {
		r.t.Fatal(err)
	}
	return id
}

// fetch reads p's new mail.
func (r *rig) fetch(p *player) {
	r.t.Helper()
	for _, m := range fetchSince(r.t, r.d.IMAPAddr, p.addr, strings.Split(p.addr, "@")[0], p.last) {
		if p.read[m.uid] {
			continue
		}
		p.read[m.uid] = true
		p.last = max(p.last, m.uid)
		p.inbox = append(p.inbox, parseGot(r.t, m.raw))
	}
}

// await waits until p has a mail matching ok, takes it out of p's inbox and
// returns it.
func (r *rig) await(p *player, what string, ok func(*gotMail) bool) *gotMail {
	r.t.Helper()
	deadline := time.Now().Add(90 * time.Second)
	for {
		for i, m := range p.inbox {
			if ok(m) {
				p.inbox = append(p.inbox[:i:i], p.inbox[i+1:]...)
				return m
			}
		}
		if time.Now().After(deadline) {
			var subjects []string
			for _, m := range p.inbox {
				subjects = append(subjects, m.Subject)
			}
			r.t.Fatalf("%s never got %s; unread: %q", p.name, what, subjects)
		}
		time.Sleep(50 * time.Millisecond)
		r.fetch(p)
	}
}

// replyTo waits for the club's answer to the mail msgID.
func (r *rig) replyTo(p *player, msgID string) *gotMail {
	r.t.Helper()
	return r.await(p, "the reply to "+msgID, func(m *gotMail) bool { return m.InReplyTo == msgID })
}

// register makes name a player and learns their key: "register NAME", then
// a reply to postal's answer, which proves the address (issue 32).
func (r *rig) register(name string) *player {
	r.t.Helper()
	p := &player{name: name, addr: name + "@demo.test", read: map[imap.UID]bool{}}
	answer := r.replyTo(p, r.send(p, "hello", "register "+name))
	reply := r.replyTo(p, r.sendTo(p, answer.ReplyTo, "Re: "+answer.Subject, "yes"))
	m := keyRE.FindStringSubmatch(reply.Text)
	if m == nil {
		r.t.Fatalf("no key in %s's registration reply:\n%s", name, reply.Text)
	}
	p.key, p.account = m[1], reply.ReplyTo
	return p
}

var challengeRE = regexp.MustCompile(`challenge #(\d+)`)

// startGame has a challenge b to game with a moving first; it returns the
// game's number and its record as the club keeps it.
func (r *rig) startGame(a, b *player, game string) (int64, *notation.Record) {
	r.t.Helper()
	reply := r.replyTo(a, r.send(a, "a game", "challenge "+b.name+" "+game+" as first"))
	m := challengeRE.FindStringSubmatch(reply.Text)
	if m == nil {
		r.t.Fatalf("no challenge number in:\n%s", reply.Text)
	}
	var id int64
	fmt.Sscan(m[1], &id)
	tag := fmt.Sprintf("[postal #%d]", id)
	r.await(b, "the challenge "+tag, func(m *gotMail) bool {
		return strings.Contains(m.Subject, tag) && strings.Contains(m.Text, "challenges you")
	})
	if reply := r.replyTo(b, r.send(b, "ok", fmt.Sprintf("accept %d", id))); !strings.Contains(reply.Text, "has started") {
		r.t.Fatalf("accept: %s", reply.Text)
	}
	r.await(a, "the start of "+tag, func(m *gotMail) bool { return strings.Contains(m.Subject, tag) })
	return id, r.record(a, id)
}

// record fetches the game's record by mail.
func (r *rig) record(p *player, id int64) *notation.Record {
	r.t.Helper()
	reply := r.replyTo(p, r.send(p, "record", fmt.Sprintf("record %d", id)))
	text, ok := reply.Files[fmt.Sprintf("postal-%d.txt", id)]
	if !ok {
		r.t.Fatalf("no record attached: %v", reply.Files)
	}
	rec, err := notation.ReadRecord(text)
	if err != nil {
		r.t.Fatalf("the record does not read: %v\n%s", err, text)
	}
	return rec
}

// playGame plays game id by mail from the position of rec, with the moves
// choose picks, until the game ends or, past maxPlies, the player to move
// resigns. It checks every reply and turn notice and returns the result the
// engine reached and the number of moves sent.
func (r *rig) playGame(players [2]*player, id int64, rec *notation.Record, maxPlies int, choose moveChooser) (score string, sent int) {
	r.t.Helper()
	positions, err := rec.Replay()
	if err != nil {
		r.t.Fatal(err)
	}
	pos := positions[len(positions)-1]
	tag := fmt.Sprintf("[postal #%d]", id)
	// The record keeps the seed secret while the game goes on; the test
	// reads it from the database to foresee the throws.
	seed := r.gameRow(id).Seed
	// The move guard counts the players' moves, as the mails do.
	plies := make([]engine.PlyText, len(rec.Moves))
	for i, m := range rec.Moves {
		plies[i] = engine.PlyText{Player: m.Player, Text: m.Text}
	}
	_, number := engine.MoveNumbers(plies)
	for !pos.Result().Over() {
		var side engine.Player = -1
		for _, s := range pos.ToMove() {
			if s == engine.First || s == engine.Second {
				side = s
				break
			}
		}
		if side < 0 {
			r.t.Fatalf("nobody to move in %s", pos)
		}
		me, opp := players[side], players[1-side] // a game of two
		if sent >= maxPlies {
			reply := r.replyTo(me, r.send(me, tag, fmt.Sprintf("resign %d", id)))
			if !strings.Contains(reply.Text, "you resigned") {
				r.t.Fatalf("resign: %s", reply.Text)
			}
			return fmt.Sprintf("resigned %d", side), sent + 1
		}
		move := choose(pos, side)
		next, _, err := engine.Play(pos, side, move)
		if err != nil {
			r.t.Fatalf("%s: %v", move, err)
		}
		if next, _, err = engine.ResolveChance(next, seed); err != nil {
			r.t.Fatal(err)
		}
		msgID := r.send(me, "Re: "+tag, fmt.Sprintf("move %d #%d %s", id, number, move))
		sent++
		number++
		reply := r.replyTo(me, msgID)
		r.checkMoveReply(reply, tag, next, move)
		// The opponent hears of it: a turn notice, or the end of the game.
		if engine.Acts(next, 1-side) || next.Result().Over() {
			notice := r.await(opp, "the notice of "+move, func(m *gotMail) bool {
				return strings.Contains(m.Subject, tag) && strings.Contains(trimLines(m.Text), trimLines(next.ASCII()))
			})
			r.checkBoard(notice, tag, next, "")
		}
		pos = next
	}
	return pos.Result().Score(), sent
}

// checkBoard checks a game mail: tag, the board as ASCII in the text part,
// the move echoed, an inline PNG in the HTML part and an SVG attachment.
func (r *rig) checkBoard(m *gotMail, tag string, pos engine.Position, move string) {
	r.t.Helper()
	switch {
	case !strings.Contains(m.Subject, tag):
		r.t.Fatalf("subject %q lacks %s", m.Subject, tag)
	case !strings.Contains(trimLines(m.Text), trimLines(pos.ASCII())):
		r.t.Fatalf("the board in the mail is not the engine's:\n%s\nwant\n%s", m.Text, pos.ASCII())
	case move != "" && !strings.Contains(m.Text, move):
		r.t.Fatalf("the move %s is not echoed:\n%s", move, m.Text)
	case !strings.Contains(m.HTML, "cid:") || !m.PNG:
		r.t.Fatalf("no inline PNG board (png %v)", m.PNG)
	case !m.SVG:
		r.t.Fatalf("no SVG board attached: %v", m.Files)
	}
}

// checkMoveReply checks the answer to a player's move: the move echoed
// and, since the player has just seen the board, no board but how to get
// it (issue 28: light mail); the board when the move ended the game, or
// when it is the mover's turn again (chance drew, and Initiative's attacker
// moves on), which the mail's first line says.
func (r *rig) checkMoveReply(m *gotMail, tag string, next engine.Position, move string) {
	r.t.Helper()
	if next.Result().Over() {
		r.checkBoard(m, tag, next, move)
		return
	}
	if strings.HasPrefix(m.Text, "Your move in game") {
		if !strings.Contains(m.Subject, tag) || !strings.Contains(m.Text, move+" played") || !m.PNG || !m.SVG {
			r.t.Fatalf("the answer to %s, the mover's turn again, has no board (png %v, svg %v):\n%s", move, m.PNG, m.SVG, m.Text)
		}
		return
	}
	if !strings.Contains(m.Subject, tag) || !strings.Contains(m.Text, move+" played") || !strings.Contains(m.Text, "sends the board") || m.PNG || m.SVG {
		r.t.Fatalf("the answer to %s (png %v, svg %v):\n%s", move, m.PNG, m.SVG, m.Text)
	}
}

// db opens the daemon's database (WAL: readable while it runs).
func (r *rig) db() *archive.DB {
	r.t.Helper()
	db, err := archive.Open(context.Background(), filepath.Join(r.dir, "postal.db"))
	if err != nil {
		r.t.Fatal(err)
	}
	r.t.Cleanup(func() { db.Close() })
	return db
}

// gameRow reads game id from the daemon's database.
func (r *rig) gameRow(id int64) *archive.Game {
	r.t.Helper()
	var row *archive.Game
	err := r.db().Tx(context.Background(), func(tx *archive.Tx) error {
		var err error
		row, err = tx.GameByID(id)
		return err
	})
	if err != nil || row == nil {
		r.t.Fatalf("game %d: %v", id, err)
	}
	return row
}

// trimLines drops trailing blanks of every line (mail transport may, and
// the text is compared as a person reads it) and the final newlines.
func trimLines(s string) string {
	lines := strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t")
	}
	return strings.TrimRight(strings.Join(lines, "\n"), "\n")
}
