package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"postal/archive"
	"postal/club/published"
	"postal/club/rating"
	"postal/engine"
	"postal/engine/enginetest/long"
	"postal/mailer/demoserver"
)

// The README's main job: postal demo --autoplay on free loopback ports plays
// a game of every game by mail between alice and the club's bot, to its end
// by the rules, then a round robin of alice, bob, carol and the bot (issue 25), and
// says how each game ended, who won the round robin, the ratings, and how
// to view the site.
//
// Under the race detector (make test) the games stop early, by a player's
// resignation at ply 6 once each side has moved (so that the game is still
// rated): the pictures of a few hundred mails and the bot's searches take
// minutes there. make test-long plays them to the end.
func TestDemoAutoplayFinishesEveryGame(t *testing.T) {
	maxPlies, byRules := 0, true
	if long.Raced && !long.Enabled() {
		maxPlies, byRules = 6, false
	}
	// A deadline to fail rather than hang, not a measure: beside make
	// test's other processes on 2 cores the demo has taken close to four
	// minutes.
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
	defer cancel()
	data := filepath.Join(t.TempDir(), "demo")
	type up struct {
		srv *demoserver.Server
		d   *daemon
	}
	started := make(chan up, 1)
	done := make(chan error, 1)
	out := &syncBuffer{}
	go func() {
		done <- demo(ctx, demoOptions{
			imapAddr: "127.0.0.1:0", smtpAddr: "127.0.0.1:0", data: data, timeScale: 1, autoplay: true, maxPlies: maxPlies,
			logTo: newTestWriter(t), onStart: func(srv *demoserver.Server, d *daemon) { started <- up{srv, d} },
		}, out)
	}()
	var u up
	select {
	case u = <-started:
	case err := <-done:
		t.Fatalf("demo stopped: %v", err)
	}
	srv := u.srv
	summary := fmt.Sprintf("autoplay: %d games played by mail", len(engine.Games()))
	// Autoplay is a job that ends: the demo stops by itself after its
	// summary, with no error (status 0).
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("the demo ended with %v:\n%s", err, out.String())
		}
	case <-ctx.Done():
		t.Fatalf("the demo did not stop after autoplay:\n%s", out.String())
	}
	if !strings.Contains(out.String(), summary) || !strings.Contains(out.String(), "The demo has stopped.") {
		t.Fatalf("no summary:\n%s", out.String())
	}
	text := out.String()
	for _, want := range []string{"IMAP " + srv.IMAPAddr, "database " + filepath.Join(data, "postal.db"), "log      " + filepath.Join(data, "postal.log"),
		"postal site serve --dir " + filepath.Join(data, "site"), "go run ./cmd/postal site serve --dir " + filepath.Join(data, "site")} {
		if !strings.Contains(text, want) {
			t.Errorf("the demo's output lacks %q:\n%s", want, text)
		}
	}
	for _, g := range engine.Games() {
		// The result, and in words who won and why (or that it was a draw).
		if !regexp.MustCompile(`#\d+ +` + g.Info().Name + ` +(alice vs bot|bot vs alice) +(1-0|0-1|1/2-1/2) +(alice wins|bot wins|Draw)\b`).MatchString(text) {
			t.Errorf("the summary does not give the result of %s:\n%s", g.Info().Name, text)
		}
	}
	if log, err := os.ReadFile(filepath.Join(data, "postal.log")); err != nil || !bytes.Contains(log, []byte("mailer: sent")) {
		t.Errorf("the log file has no sent mail: %v", err)
	}
	// One game of each kind was played to its end; game ids count from 1.
	db, err := archive.Open(ctx, filepath.Join(data, "postal.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	played := map[string]bool{}
	err = db.Tx(ctx, func(tx *archive.Tx) error {
		for id := int64(1); id <= int64(len(engine.Games())); id++ {
			g, err := tx.GameByID(id)
			if err != nil {
				return err
			}
			if g.Status != archive.GameOver || g.Result == "*" || byRules && strings.Contains(g.Termination, "resigned") {
				t.Errorf("game %d (%s) is %s %s (%s): not ended by the rules", g.ID, g.Game, g.Status, g.Result, g.Termination)
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
	// The daemon published every game on the site, finished, before it
	// stopped.
	for id := 1; id <= len(engine.Games()); id++ {
		page := filepath.Join(data, "site", "games", fmt.Sprint(id)+".html")
		b, err := os.ReadFile(page)
		if err != nil || !bytes.Contains(b, []byte(") won")) && !bytes.Contains(b, []byte("<dd>Draw")) {
			t.Errorf("%s does not show a finished game: %v", page, err)
		}
	}
	demoCup(t, ctx, db, data, text)
	demoExplorer(t, filepath.Join(data, "site"))
}

// demoCup checks the demo's round robin (issue 25): alice, bob, carol and
// the bot played its six games by mail to their end, each rated; the
// winner the summary names and the site's page shows has the most
// points, counted here from the games' results; the ratings the summary
// prints are the club's.
func demoCup(t *testing.T, ctx context.Context, db *archive.DB, data, text string) {
	t.Helper()
	pts := map[string]float64{}
	var winner string
	var initiative []string
	err := db.Tx(ctx, func(tx *archive.Tx) error {
		tr, err := tx.TournamentByName(cupName)
		if err != nil {
			return err
		}
		tgs, err := tx.TournamentGames(tr.ID)
		if err != nil {
			return err
		}
		if len(tgs) != 6 {
			t.Errorf("the round robin of four has %d games", len(tgs))
		}
		names, err := tx.PlayerNames()
		if err != nil {
			return err
		}
		for _, tg := range tgs {
			g, err := tx.GameByID(tg.GameID)
			if err != nil {
				return err
			}
			if g.Status != archive.GameOver || g.Game != cupGame {
				t.Errorf("tournament game #%d: %s %s", g.ID, g.Game, g.Status)
			}
			seats, err := tx.RatedSeatsOf(g.ID)
			if err != nil {
				return err
			}
			if len(seats) != 2 {
				t.Errorf("tournament game #%d (%s, %s) is not rated", g.ID, g.Result, g.Termination)
			}
			score := map[string][2]float64{"1-0": {1, 0}, "0-1": {0, 1}, "1/2-1/2": {0.5, 0.5}}[g.Result]
			for seat, id := range g.Players {
				pts[names[id]] += score[seat]
			}
			// The summary lists the game with its result.
			if !regexp.MustCompile(fmt.Sprintf(`#%d +%s +%s vs %s +%s `, g.ID, cupGame, names[g.Players[0]], names[g.Players[1]], regexp.QuoteMeta(g.Result))).MatchString(text) {
				t.Errorf("the summary does not list game #%d (%s):\n%s", g.ID, g.Result, text)
			}
		}
		if tr.Status != archive.TournamentOver || tr.WinnerID == 0 {
			t.Fatalf("the round robin is %s, winner %d", tr.Status, tr.WinnerID)
		}
		winner = names[tr.WinnerID]
		list, err := tx.Standings(cupGame)
		for _, s := range list {
			initiative = append(initiative, published.RatedName(names[s.PlayerID], s.Level)+" "+rating.Rating{Rating: s.Rating, RD: s.RD}.String())
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(pts) != 4 || pts["alice"]+pts["bob"]+pts["carol"]+pts["bot"] != 6 {
		t.Errorf("the round robin's points: %v", pts)
	}
	for name, p := range pts {
		if p > pts[winner] {
			t.Errorf("the winner, %s, has %v points; %s has %v", winner, pts[winner], name, p)
		}
	}
	if !strings.Contains(text, fmt.Sprintf("%s is over: %s wins.", cupName, winner)) {
		t.Errorf("the summary does not name the winner, %s:\n%s", winner, text)
	}
	// The list of initiative holds alice, bob, carol, and the bot at level
	// 1 (alice's game) and at its default level (the round robin's).
	if len(initiative) != 5 || !strings.Contains(text, "  initiative       "+strings.Join(initiative, ", ")+"\n") {
		t.Errorf("the summary does not give the ratings of initiative, %q:\n%s", initiative, text)
	}
	page := filepath.Join(data, "site", "tournaments", cupName+".html")
	if b, err := os.ReadFile(page); err != nil || !bytes.Contains(b, []byte("Winner: "+winner+"<")) {
		t.Errorf("%s does not show the winner, %s: %v", page, winner, err)
	}
}

// testLogger logs warnings to the test's output (shown on failure or with
// -v).
func testLogger(t *testing.T) *slog.Logger {
	return slog.New(slog.NewTextHandler(newTestWriter(t), &slog.HandlerOptions{Level: slog.LevelWarn}))
}

// newTestWriter writes to the test's output (shown on failure or with -v)
// until the test ends.
func newTestWriter(t *testing.T) *testWriter {
	w := &testWriter{t: t}
	t.Cleanup(func() { w.mu.Lock(); w.done = true; w.mu.Unlock() })
	return w
}

// syncBuffer is a bytes.Buffer that a test reads while the demo writes it.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
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
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	data := t.TempDir()
	started := make(chan *demoserver.Server, 1)
	var d *daemon
	done := make(chan error, 1)
	go func() {
		done <- demo(ctx, demoOptions{
			imapAddr: "127.0.0.1:0", smtpAddr: "127.0.0.1:0", data: data, timeScale: 86400, logTo: newTestWriter(t),
			onStart: func(srv *demoserver.Server, dm *daemon) { d = dm; started <- srv },
		}, io.Discard)
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
			choose: randomMoves(rand.New(rand.NewPCG(uint64(i), 9))), log: slog.New(slog.DiscardHandler), sent: map[string]int{}, playing: map[string]int64{}, plies: 1000, replyTo: map[int64]string{}}
		if err := bots[name].register(ctx); err != nil {
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
		// Raw quoted-printable: soft line breaks undone, wrapped lines joined.
		flat := strings.Join(strings.Fields(strings.ReplaceAll(strings.Join(texts, "\n"), "=\r\n", "")), " ")
		if strings.Contains(flat, "Game #1 is over: bob (Dark) wins: alice ran out of time before the first move (0-1).") {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if ctx.Err() != nil {
		t.Fatal("alice was not told she lost on time")
	}
	all := strings.Join(texts, "\n")
	if n := strings.Count(all, "Reminder: your move in game #1"); n < 2 {
		t.Errorf("%d reminders reached alice, want the 24 h and 2 h before the deadline ones", n)
	}
	cancel()
	<-done
}

// mailboxTexts returns the raw messages of name's demo INBOX.
func mailboxTexts(t *testing.T, imapAddr, name string) []string {
	t.Helper()
	var out []string
	for _, m := range fetchSince(t, imapAddr, name+"@demo.test", name, 0) {
		out = append(out, string(m.raw))
	}
	return out
}

// A demo that cannot start leaves nothing behind and names the flag that
// moves the busy port; on a database whose games are all over, autoplay
// hints at --fresh, and --fresh starts over.
func TestDemoStartProblems(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	data := filepath.Join(t.TempDir(), "demo")
	err = demo(ctx, demoOptions{imapAddr: "127.0.0.1:0", smtpAddr: busy.Addr().String(), data: data, timeScale: 1}, io.Discard)
	if err == nil || !strings.Contains(err.Error(), busy.Addr().String()+" (--smtp) is in use") || !strings.Contains(err.Error(), "--imap 127.0.0.1:2143 --smtp 127.0.0.1:2587") {
		t.Errorf("a busy port: %v", err)
	}
	if _, err := os.Stat(data); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the demo that could not start left %s: %v", data, err)
	}

	// A database with one game, over.
	if err := os.MkdirAll(data, 0o755); err != nil {
		t.Fatal(err)
	}
	db, err := archive.Open(ctx, filepath.Join(data, "postal.db"))
	if err != nil {
		t.Fatal(err)
	}
	err = db.Tx(ctx, func(tx *archive.Tx) error {
		a, err := tx.AddPlayer("alice", "alice@demo.test", "h1", time.Now())
		if err != nil {
			return err
		}
		b, err := tx.AddPlayer("bob", "bob@demo.test", "h2", time.Now())
		if err != nil {
			return err
		}
		if err := tx.AddGame(&archive.Game{ID: 1, Game: "conflagration", Players: []int64{a.ID, b.ID}, Status: archive.GameOver, Result: "1-0", Created: time.Now()}); err != nil {
			return err
		}
		// As a tool that writes games must: new challenges take ids past them.
		return tx.RaiseSequences()
	})
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	// startAndStop runs the demo: with --fresh it is stopped once
	// started; without, it has nothing to play and stops by itself, as
	// autoplay does after its summary (the README's "and stops").
	startAndStop := func(fresh bool) (string, int) {
		var out syncBuffer
		games := -1
		dctx, stop := context.WithTimeout(ctx, 10*time.Second)
		defer stop()
		err := demo(dctx, demoOptions{imapAddr: "127.0.0.1:0", smtpAddr: "127.0.0.1:0", data: data, timeScale: 1, autoplay: true, fresh: fresh, logTo: newTestWriter(t),
			onStart: func(_ *demoserver.Server, d *daemon) {
				d.db.Tx(dctx, func(tx *archive.Tx) error {
					all, err := tx.GamesAfter(0, 100)
					games = len(all)
					return err
				})
				if fresh {
					stop()
				}
			}}, &out)
		if err != nil {
			t.Fatalf("demo (fresh %v): %v", fresh, err)
		}
		if !fresh && (dctx.Err() != nil || !strings.Contains(out.String(), "The demo has stopped.")) {
			t.Errorf("the demo with nothing to play did not stop by itself:\n%s", out.String())
		}
		return out.String(), games
	}
	out, games := startAndStop(false)
	if games != 1 || !strings.Contains(out, "every game in "+filepath.Join(data, "postal.db")+" is over (1 game)") || !strings.Contains(out, "add --fresh") {
		t.Errorf("%d games; no hint at --fresh:\n%s", games, out)
	}
	out, games = startAndStop(true)
	if games != 0 || strings.Contains(out, "--fresh") {
		t.Errorf("--fresh: %d games at the start:\n%s", games, out)
	}
}
