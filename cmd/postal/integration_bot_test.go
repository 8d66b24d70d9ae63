//go:build integration

package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"postal/archive"
	"postal/engine"
)

// botConfig is the [bots] section of the bot's integration tests: level 1
// thinks 200 playouts a move, level 2 a billion, which no test waits for.
func botConfig(level2 int) string {
	return fmt.Sprintf("[bots]\nenabled = true\niterations = [200, %d]\n", level2)
}

// The club's bot against Dovecot, by mail from end to end: alice challenges
// it and plays a whole game, the bot answering each of her moves with a
// turn notice that shows its move on the board, until the rules end the
// game. Then a game where the bot thinks without end: a look at the board
// is answered meanwhile; a SIGKILL of the daemon mid-thought loses nothing,
// and after the restart the bot's move comes, once.
func TestIntegrationBotByMail(t *testing.T) {
	t.Parallel()
	r := newMailServers(t, botConfig(1<<30))
	r.start()
	t.Cleanup(r.stop)
	alice := r.register("alice")
	rng := rand.New(rand.NewPCG(11, 12))

	// A whole game against the bot at level 1.
	id := r.challengeBot(alice, "conflagration level 1 as first")
	tag := fmt.Sprintf("[postal #%d]", id)
	pos := r.position(id)
	sent, botEnded := 0, false
	for !pos.Result().Over() {
		legal := pos.Legal(engine.First)
		move := legal[rng.IntN(len(legal))].String()
		next, _, err := engine.Play(pos, engine.First, move)
		if err != nil {
			t.Fatal(err)
		}
		reply := r.replyTo(alice, r.send(alice, "Re: "+tag, fmt.Sprintf("move %d #%d %s", id, pos.Ply()+1, move)))
		r.checkMoveReply(reply, tag, next, move)
		sent++
		if next.Result().Over() {
			pos = next
			break
		}
		// The bot answers: its move is in the archive and on the board of
		// the turn notice alice gets.
		deadline := time.Now().Add(60 * time.Second)
		for pos = r.position(id); pos.Ply() == next.Ply(); pos = r.position(id) {
			if time.Now().After(deadline) {
				t.Fatalf("the bot never answered %s", move)
			}
			time.Sleep(50 * time.Millisecond)
		}
		if pos.Result().Over() {
			botEnded = true
			break
		}
		notice := r.await(alice, "the bot's move", func(m *gotMail) bool {
			return strings.Contains(m.Subject, tag) && strings.Contains(m.Text, "bot played ") && strings.Contains(trimLines(m.Text), trimLines(pos.ASCII()))
		})
		r.checkBoard(notice, tag, pos, "")
	}
	row := r.gameRow(id)
	if row.Status != archive.GameOver || row.Result != pos.Result().Score() || strings.Contains(row.Termination, "resigned") {
		t.Fatalf("game %d: %s %s (%q); the engine: %s", id, row.Status, row.Result, row.Termination, pos.Result().Score())
	}
	if botEnded {
		r.await(alice, "the end of "+tag, func(m *gotMail) bool {
			return strings.Contains(m.Subject, tag) && strings.Contains(m.Text, "is over")
		})
	}
	t.Logf("game #%d against the bot: %d moves of alice's, %s (%s)", id, sent, row.Result, row.Termination)

	// A game where the bot (level 2 here) thinks without end.
	id = r.challengeBot(alice, "conflagration level 2 as second")
	tag = fmt.Sprintf("[postal #%d]", id)
	r.awaitLog(fmt.Sprintf(`msg="club: the bot thinks" game=%d ply=0`, id))
	look := r.replyTo(alice, r.send(alice, "Re: "+tag, fmt.Sprintf("board %d", id)))
	if !strings.Contains(look.Text, fmt.Sprintf("board of game #%d", id)) {
		t.Fatalf("the look was not answered:\n%s", look.Text)
	}
	if ply := r.gameRow(id).Ply; ply != 0 {
		t.Fatalf("the bot moved (ply %d) before the look at the board was answered", ply)
	}
	r.kill()
	if ply := r.gameRow(id).Ply; ply != 0 {
		t.Fatalf("ply %d after the kill", ply)
	}
	// Started again, with a level 2 that ends: the game waiting for the
	// bot is found in the archive, and its move comes.
	r.setConfig(botConfig(600))
	r.start()
	pos = r.position(id)
	notice := r.await(alice, "the bot's move after the restart", func(m *gotMail) bool {
		return strings.Contains(m.Subject, tag) && strings.Contains(m.Text, "bot played ")
	})
	pos = r.position(id)
	r.checkBoard(notice, tag, pos, "")
	err := r.db().Tx(context.Background(), func(tx *archive.Tx) error {
		moves, err := tx.Moves(id)
		if err != nil {
			return err
		}
		if len(moves) != 1 || moves[0].Ply != 1 || moves[0].Player != int(engine.First) {
			t.Errorf("game %d's moves after the restart: %+v, want the bot's one", id, moves)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

var startedRE = regexp.MustCompile(`game #(\d+) has started`)

// challengeBot has p challenge the club's bot ("challenge bot WHAT") and
// returns the game's number, which starts at once.
func (r *rig) challengeBot(p *player, what string) int64 {
	r.t.Helper()
	reply := r.replyTo(p, r.send(p, "a game", "challenge bot "+what))
	m := startedRE.FindStringSubmatch(reply.Text)
	if m == nil || !strings.Contains(reply.Text, "bot accepted at once") {
		r.t.Fatalf("the bot did not take the challenge:\n%s", reply.Text)
	}
	var id int64
	fmt.Sscan(m[1], &id)
	return id
}

// position is game id's position in the daemon's database.
func (r *rig) position(id int64) engine.Position {
	r.t.Helper()
	row := r.gameRow(id)
	g, err := engine.Lookup(row.Game)
	if err != nil {
		r.t.Fatal(err)
	}
	pos, err := g.ParsePosition(row.Position)
	if err != nil {
		r.t.Fatal(err)
	}
	return pos
}

// awaitLog waits until the daemon's log holds line.
func (r *rig) awaitLog(line string) {
	r.t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		b, _ := os.ReadFile(filepath.Join(r.dir, "daemon.log"))
		if strings.Contains(string(b), line) {
			return
		}
		if time.Now().After(deadline) {
			r.t.Fatalf("the daemon never logged %s", line)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// setConfig replaces the [bots] section of the daemon's config, for its
// next start.
func (r *rig) setConfig(bots string) {
	r.t.Helper()
	b, err := os.ReadFile(r.config)
	if err != nil {
		r.t.Fatal(err)
	}
	text, _, _ := strings.Cut(string(b), "[bots]")
	if err := os.WriteFile(r.config, []byte(text+bots), 0o644); err != nil {
		r.t.Fatal(err)
	}
}
