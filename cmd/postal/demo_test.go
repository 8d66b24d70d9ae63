package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"html"
	"io"
	"log/slog"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"

	"postal/archive"
	"postal/engine"
	"postal/mailer/demoserver"
)

// The README's main job: postal demo --autoplay on free loopback ports plays
// a game of every game by mail between alice and bob, to its end.
func TestDemoAutoplayFinishesEveryGame(t *testing.T) {
	if testing.Short() {
		t.Skip("plays whole games by mail")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 40*time.Second)
	defer cancel()
	data := t.TempDir()
	type up struct {
		srv *demoserver.Server
		d   *daemon
	}
	started := make(chan up, 1)
	done := make(chan error, 1)
	go func() {
		done <- demo(ctx, demoOptions{
			imapAddr: "127.0.0.1:0", smtpAddr: "127.0.0.1:0", data: data, timeScale: 1,
			onStart: func(srv *demoserver.Server, d *daemon) { started <- up{srv, d} },
		}, io.Discard, testLogger(t))
	}()
	var u up
	select {
	case u = <-started:
	case err := <-done:
		t.Fatalf("demo stopped: %v", err)
	}
	srv, d := u.srv, u.d
	if err := autoplay(ctx, srv.IMAPAddr, srv.SMTPAddr, srv.Club, 6, d.db, slog.New(slog.DiscardHandler)); err != nil {
		t.Fatalf("autoplay: %v", err)
	}
	// One game of each kind was played to its end; game ids count from 1.
	played := map[string]bool{}
	err := d.db.Tx(ctx, func(tx *archive.Tx) error {
		for id := int64(1); id <= int64(len(engine.Games())); id++ {
			g, err := tx.GameByID(id)
			if err != nil {
				return err
			}
			if g.Status != archive.GameOver || g.Result == "*" {
				t.Errorf("game %d (%s) is %s %s", g.ID, g.Game, g.Status, g.Result)
			}
			played[g.Game] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range engine.Games() {
		if !played[g.Info().Name] {
			t.Errorf("no game of %s was played", g.Info().Name)
		}
	}
	// The daemon published every game on the site, finished.
	for id := 1; id <= len(engine.Games()); id++ {
		page := filepath.Join(data, "site", "games", fmt.Sprint(id)+".html")
		for {
			b, err := os.ReadFile(page)
			if err == nil && (bytes.Contains(b, []byte(") won")) || bytes.Contains(b, []byte("<dd>Draw"))) {
				break
			}
			if ctx.Err() != nil {
				t.Fatalf("%s never showed a finished game: %v", page, err)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("demo: %v", err)
	}

	// postal site build makes the same archive from the database alone: a
	// page per game with its record's moves, the rules of each game type.
	out := filepath.Join(t.TempDir(), "site")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"site", "build", "--db", filepath.Join(data, "postal.db"), "--out", out}, &stdout, &stderr); code != 0 {
		t.Fatalf("site build: exit %d: %s", code, stderr.String())
	}
	if !strings.Contains(stdout.String(), fmt.Sprintf("%d games", len(engine.Games()))) {
		t.Errorf("site build said %q", stdout.String())
	}
	db, err := archive.Open(context.Background(), filepath.Join(data, "postal.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	err = db.Tx(context.Background(), func(tx *archive.Tx) error {
		for id := int64(1); id <= int64(len(engine.Games())); id++ {
			moves, err := tx.Moves(id)
			if err != nil {
				return err
			}
			page, err := os.ReadFile(filepath.Join(out, "games", fmt.Sprint(id)+".html"))
			if err != nil {
				return err
			}
			if !bytes.Contains(page, []byte("Time control</dt><dd>3 days per move")) {
				t.Errorf("game %d's page does not show its time control", id)
			}
			for _, m := range moves {
				if !bytes.Contains(page, []byte(html.EscapeString(m.Text))) {
					t.Errorf("game %d's page lacks move %d %q", id, m.Ply, m.Text)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range engine.Games() {
		page, err := os.ReadFile(filepath.Join(out, "types", g.Info().Name+".html"))
		if err != nil || !bytes.Contains(page, []byte("<h2")) {
			t.Errorf("the rules page of %s is missing or has no sections: %v", g.Info().Name, err)
		}
	}
}

// testLogger logs to the test's output (shown on failure or with -v).
func testLogger(t *testing.T) *slog.Logger {
	w := &testWriter{t: t}
	t.Cleanup(func() { w.mu.Lock(); w.done = true; w.mu.Unlock() })
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: slog.LevelWarn}))
}

// testWriter drops the lines that goroutines still write after the test's
// cleanup, when t.Log must not be called.
type testWriter struct {
	t    *testing.T
	mu   sync.Mutex
	done bool
}

func (w *testWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.done {
		w.t.Log(strings.TrimRight(string(p), "\n"))
	}
	return len(p), nil
}

// postal demo --time-scale 86400 runs a day a second: a game nobody moves in
// gets its reminders by mail and is lost on time within seconds.
func TestDemoTimeScaleRemindsAndTimesOut(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the demo for seconds")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	data := t.TempDir()
	started := make(chan *demoserver.Server, 1)
	var d *daemon
	done := make(chan error, 1)
	go func() {
		done <- demo(ctx, demoOptions{
			imapAddr: "127.0.0.1:0", smtpAddr: "127.0.0.1:0", data: data, timeScale: 86400,
			onStart: func(srv *demoserver.Server, dm *daemon) { d = dm; started <- srv },
		}, io.Discard, testLogger(t))
	}()
	var srv *demoserver.Server
	select {
	case srv = <-started:
	case err := <-done:
		t.Fatalf("demo stopped: %v", err)
	}
	bots := map[string]*bot{}
	for i, name := range []string{"alice", "bob"} {
		bots[name] = &bot{name: name, addr: name + "@demo.test", imapAddr: srv.IMAPAddr, smtp: srv.SMTPAddr, db: d.db, club: srv.Club,
			rng: rand.New(rand.NewPCG(uint64(i), 9)), log: slog.New(slog.DiscardHandler), sent: map[string]int{}, playing: map[string]int64{}, plies: 1000, replyTo: map[int64]string{}}
		if err := bots[name].send(srv.Club, "hello", "register "+name); err != nil {
			t.Fatal(err)
		}
		if err := bots[name].waitForMail(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if err := bots["alice"].send(bots["alice"].account, "game", "challenge bob conflagration as first days 2"); err != nil {
		t.Fatal(err)
	}
	// bob accepts as soon as the challenge is there; then nobody moves, and
	// the game ends on time after two scaled days.
	var g *archive.Game
	for {
		if g == nil {
			if _, err := bots["bob"].act(ctx, "conflagration"); err != nil {
				t.Fatal(err)
			}
		}
		err := d.db.Tx(ctx, func(tx *archive.Tx) error {
			var err error
			g, err = tx.GameByID(1)
			if errors.Is(err, archive.ErrNotFound) {
				g, err = nil, nil
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		if g != nil && g.Status == archive.GameOver {
			break
		}
		if ctx.Err() != nil {
			t.Fatalf("the game never timed out: %+v", g)
		}
		time.Sleep(100 * time.Millisecond)
	}
	if g.Result != "0-1" || !strings.Contains(g.Termination, "alice ran out of time") {
		t.Fatalf("result %s %q", g.Result, g.Termination)
	}
	// alice's mailbox holds the reminders and the game-over mail.
	var texts []string
	for ctx.Err() == nil {
		texts = mailboxTexts(t, srv.IMAPAddr, "alice")
		if strings.Contains(strings.Join(texts, "\n"), "is over: 0-1") {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	all := strings.Join(texts, "\n")
	if n := strings.Count(all, "Reminder: your move in game #1"); n < 2 {
		t.Errorf("%d reminders reached alice, want the 24 h and 2 h before the deadline ones", n)
	}
	if !strings.Contains(all, "alice ran out of time") {
		t.Errorf("alice was not told she lost on time")
	}
	cancel()
	<-done
}

// mailboxTexts returns the raw messages of name's demo INBOX.
func mailboxTexts(t *testing.T, imapAddr, name string) []string {
	t.Helper()
	c, err := imapclient.DialInsecure(imapAddr, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.Login(name+"@demo.test", name).Wait(); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Select("INBOX", nil).Wait(); err != nil {
		t.Fatal(err)
	}
	set := imap.UIDSet{}
	set.AddRange(1, 0)
	section := &imap.FetchItemBodySection{Peek: true}
	msgs, err := c.Fetch(set, &imap.FetchOptions{BodySection: []*imap.FetchItemBodySection{section}}).Collect()
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, m := range msgs {
		out = append(out, string(m.FindBodySection(section)))
	}
	return out
}
