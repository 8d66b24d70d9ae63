package main

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"postal/archive"
	"postal/mailer/demoserver"
)

// clubBotDemo is a demo club (the in-process IMAP and SMTP servers, the
// daemon) with the club's bot as bots sets it, and alice registered by
// mail; stop ends the daemon and waits for it.
type clubBotDemo struct {
	srv   *demoserver.Server
	d     *daemon
	alice *bot
	log   *syncBuffer
	stop  func()
}

func startClubBotDemo(t *testing.T, ctx context.Context, data string, bots BotsConfig) *clubBotDemo {
	t.Helper()
	ctx, cancel := context.WithCancel(ctx)
	c := &clubBotDemo{log: &syncBuffer{}}
	started := make(chan struct{})
	done := make(chan error, 1)
	go func() {
		done <- demo(ctx, demoOptions{
			imapAddr: "127.0.0.1:0", smtpAddr: "127.0.0.1:0", data: data, timeScale: 1, bots: &bots,
			logTo: io.MultiWriter(c.log, newTestWriter(t)),
			onStart: func(srv *demoserver.Server, d *daemon) {
				c.srv, c.d = srv, d
				close(started)
			},
		}, io.Discard)
	}()
	select {
	case <-started:
	case err := <-done:
		cancel()
		t.Fatalf("demo stopped: %v", err)
	}
	// stop ends the demo and waits for it, once: the cleanup waits too,
	// even when the test's own context ended it, since a stopping daemon
	// still writes (the site's last update) into the test's directory.
	var once sync.Once
	c.stop = func() {
		once.Do(func() {
			cancel()
			if err := <-done; err != nil {
				t.Errorf("the demo stopped with %v", err)
			}
		})
	}
	t.Cleanup(c.stop)
	c.alice = &bot{name: "alice", addr: "alice@demo.test", imapAddr: c.srv.IMAPAddr, smtp: c.srv.SMTPAddr, db: c.d.db, club: c.srv.Club,
		choose: randomMoves(rand.New(rand.NewPCG(19, 1))), log: slog.New(slog.DiscardHandler), sent: map[string]int{}, playing: map[string]int64{},
		plies: 100000, replyTo: map[int64]string{}}
	return c
}

// register has alice register by mail (once per database) and learn her
// account's reply address.
func (c *clubBotDemo) register(t *testing.T, ctx context.Context) {
	t.Helper()
	if err := c.alice.register(ctx); err != nil {
		t.Fatal(err)
	}
}

// game reads game id from the club's database; nil before it exists.
func (c *clubBotDemo) game(t *testing.T, ctx context.Context, id int64) (*archive.Game, []archive.Move) {
	t.Helper()
	var g *archive.Game
	var moves []archive.Move
	err := c.d.db.Tx(ctx, func(tx *archive.Tx) error {
		var err error
		if g, err = tx.GameByID(id); errors.Is(err, archive.ErrNotFound) {
			g = nil
			return nil
		} else if err != nil {
			return err
		}
		moves, err = tx.Moves(id)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return g, moves
}

// waitUntil polls until ok, failing the test when ctx ends first.
func waitUntil(t *testing.T, ctx context.Context, what string, ok func() bool) {
	t.Helper()
	for !ok() {
		if ctx.Err() != nil {
			t.Fatalf("never: %s", what)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// A player challenges the club's bot by mail and plays a whole game
// against it: the bot accepts at once at the level asked, answers every
// move through the club (the move log, a turn notice by mail with the
// board), and the game ends by the rules.
func TestClubBotPlaysAWholeGameByMail(t *testing.T) {
	// A bound on a whole game by mail, a move a round trip through IMAP and
	// SMTP under the race detector: a failure, not a measure. It passes in
	// well under a minute on a quiet machine; 90 s were once too few beside
	// other tests.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	c := startClubBotDemo(t, ctx, t.TempDir(), BotsConfig{Enabled: botsOn(true)})
	c.register(t, ctx)
	if err := c.alice.send(c.alice.account, "a game", "challenge bot conflagration level 1"); err != nil {
		t.Fatal(err)
	}
	var g *archive.Game
	var moves []archive.Move
	waitUntil(t, ctx, "the game against the bot ends", func() bool {
		if _, err := c.alice.readMail(ctx); err != nil {
			t.Fatal(err)
		}
		if _, err := c.alice.act(ctx, "conflagration"); err != nil {
			t.Fatal(err)
		}
		g, moves = c.game(t, ctx, 1)
		return g != nil && g.Status == archive.GameOver
	})
	if strings.Contains(g.Termination, "resigned") || g.Result == "*" {
		t.Fatalf("the game did not end by the rules: %s %s", g.Result, g.Termination)
	}
	botSide := -1
	err := c.d.db.Tx(ctx, func(tx *archive.Tx) error {
		bot, err := tx.PlayerByName("bot")
		if err != nil {
			return err
		}
		for i, id := range g.Players {
			if id == bot.ID {
				botSide = i
			}
		}
		if level, err := tx.BotLevel(1); err != nil || level != 1 {
			t.Errorf("the bot's level is %d (%v), want 1", level, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if botSide < 0 {
		t.Fatalf("the bot does not play game 1: %v", g.Players)
	}
	// The sides alternate: the bot answered every move of alice's
	// (conflagration has no chance and no simultaneous moves).
	for i, m := range moves {
		if m.Ply != i+1 || m.Player != i%2 {
			t.Errorf("move %d: ply %d by player %d: the sides do not alternate", i+1, m.Ply, m.Player)
		}
	}
	// alice was told of each of the bot's moves by mail, with the board:
	// a turn notice, or the game-over mail after its last.
	var texts string
	waitUntil(t, ctx, "alice told the game is over", func() bool {
		texts = strings.Join(mailboxTexts(t, c.srv.IMAPAddr, "alice"), "\n")
		return strings.Contains(texts, "is over")
	})
	botMoves := 0
	for _, m := range moves {
		if m.Player == botSide {
			botMoves++
			if !strings.Contains(texts, m.Text) {
				t.Errorf("the bot's move %d (%s) is in no mail to alice", m.Ply, m.Text)
			}
		}
	}
	if botMoves == 0 {
		t.Fatal("the bot made no move")
	}
	if n := strings.Count(texts, " in game #1. Your move (move "); n < botMoves-1 {
		t.Errorf("%d turn notices for %d moves of the bot", n, botMoves)
	}
	if !strings.Contains(texts, "bot accepted at once and plays at level 1 of 4") {
		t.Errorf("the reply to the challenge does not say the bot accepted")
	}
}

// While the bot thinks, the club answers other mail at once: a look at the
// board is answered while the bot's move has not come yet. A daemon stopped
// mid-thought loses nothing: started again, it finds the game waiting for
// the bot in the archive, and the bot's move comes, once.
func TestClubBotAnswersWhileThinkingAndAfterARestart(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	data := t.TempDir()
	// A thought of a billion playouts does not end within the test.
	c := startClubBotDemo(t, ctx, data, BotsConfig{Enabled: botsOn(true), Iterations: []int{1 << 30}})
	c.register(t, ctx)
	if err := c.alice.send(c.alice.account, "a game", "challenge bot conflagration level 1 as second"); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, ctx, "the bot thinks about game 1", func() bool {
		return strings.Contains(c.log.String(), `msg="club: the bot thinks" game=1 ply=0`)
	})
	if err := c.alice.send(c.alice.account, "look", "board 1"); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, ctx, "the answer to board 1", func() bool {
		return strings.Contains(strings.Join(mailboxTexts(t, c.srv.IMAPAddr, "alice"), "\n"), "board of game #1")
	})
	if g, moves := c.game(t, ctx, 1); g == nil || g.Ply != 0 || len(moves) != 0 {
		t.Fatalf("the bot moved before the look was answered: %+v %v", g, moves)
	}
	c.stop()
	db, err := archive.Open(ctx, filepath.Join(data, "postal.db"))
	if err != nil {
		t.Fatal(err)
	}
	err = db.Tx(ctx, func(tx *archive.Tx) error {
		g, err := tx.GameByID(1)
		if err == nil && g.Ply != 0 {
			t.Errorf("a stopped bot moved: ply %d", g.Ply)
		}
		return err
	})
	db.Close()
	if err != nil {
		t.Fatal(err)
	}

	// Started again, with the default levels: the bot's move comes.
	c = startClubBotDemo(t, ctx, data, BotsConfig{Enabled: botsOn(true)})
	var moves []archive.Move
	waitUntil(t, ctx, "the bot's first move after the restart", func() bool {
		_, moves = c.game(t, ctx, 1)
		return len(moves) > 0
	})
	time.Sleep(300 * time.Millisecond) // a second move, were there one, would have come
	if _, moves = c.game(t, ctx, 1); len(moves) != 1 || moves[0].Player != 0 || moves[0].Ply != 1 {
		t.Fatalf("after the restart the moves are %+v, want the bot's one", moves)
	}
	waitUntil(t, ctx, "alice told of the bot's move", func() bool {
		return strings.Contains(strings.Join(mailboxTexts(t, c.srv.IMAPAddr, "alice"), "\n"), "bot played "+moves[0].Text+" in game #1. Your move (move 2).")
	})
	if n := strings.Count(c.log.String(), `msg="club: the bot moved"`); n != 1 {
		t.Errorf("the bot moved %d times after the restart", n)
	}
}
