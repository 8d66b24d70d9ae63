//go:build integration

package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"

	"postal/archive"
	"postal/engine"
)

// Run with make test-integration (go test -tags integration -run
// Integration ./...). Without Dovecot these tests skip, unless CI=true.

// integrationPlies is where a game by mail stops with a resignation: random
// play does not end most games quickly. Conflagration is played to its
// natural end.
func integrationPlies(game string) int {
	if game == "conflagration" {
		return 1000
	}
	return 10
}

// A match of every game by email, against Dovecot: every reply and turn
// notice carries the engine's board as text, PNG and SVG, and each game
// ends with the result the engine reached.
func TestIntegrationMatchByMail(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	alice, bob := r.register("alice"), r.register("bob")
	rng := rand.New(rand.NewPCG(3, 4))
	for _, g := range engine.Games() {
		name := g.Info().Name
		id, rec := r.startGame(alice, bob, name)
		score, sent := r.playGame([2]*player{alice, bob}, id, rec, integrationPlies(name), randomMoves(rng))
		row := r.gameRow(id)
		if row.Status != archive.GameOver {
			t.Fatalf("%s: game %d is not over in the database: %+v", name, id, row)
		}
		if !strings.HasPrefix(score, "resigned") && row.Result != score {
			t.Errorf("%s: the database says %s, the engine %s", name, row.Result, score)
		}
		t.Logf("%s: game #%d, %d moves by mail, %s (%s)", name, id, sent, row.Result, row.Termination)
	}
}

// Superial Chess against chess (issue 10), a whole game by mail to its
// natural end: the cubes' first capture crowns their king (R16) and mates.
// On the way, the capture sent without saying where the king goes is
// refused with the choices, and changes nothing.
func TestIntegrationVsChessByMail(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	alice, bob := r.register("alice"), r.register("bob")
	id, rec := r.startGame(alice, bob, "superial-chess vs-chess")
	if rec.Config.Ruleset != "vs-chess" {
		t.Fatalf("the game's ruleset is %q", rec.Config.Ruleset)
	}
	tag := fmt.Sprintf("[postal #%d]", id)
	script := []string{"e2-e4", "g7-g8=x", "b2-b3", "g8-e2-c8(Kf1>c8)"}
	choose := func(pos engine.Position, side engine.Player) string {
		if pos.Ply() == 3 {
			reply := r.replyTo(bob, r.send(bob, "Re: "+tag, fmt.Sprintf("move %d #4 g8-e2-c8", id)))
			if text := strings.Join(strings.Fields(reply.Text), " "); !strings.Contains(text, "say where the king stands, g8-e2-c8(Kf1>c8) or g8-e2-c8(Kd1>c8) Nothing was played.") {
				t.Fatalf("the crowning was not asked for:\n%s", reply.Text)
			}
		}
		return script[pos.Ply()]
	}
	score, sent := r.playGame([2]*player{alice, bob}, id, rec, len(script), choose)
	row := r.gameRow(id)
	if score != "0-1" || row.Result != "0-1" || sent != len(script) || !strings.Contains(row.Termination, "checkmated") {
		t.Errorf("engine %s after %d moves; database %s (%s)", score, sent, row.Result, row.Termination)
	}
	if final := r.record(alice, id); len(final.Moves) != len(script) || final.Moves[3].Text != script[3] {
		t.Errorf("the record's moves: %+v", final.Moves)
	}
}

// A mail with a forged From and no token or key changes nothing and gets a
// refusal.
func TestIntegrationForgedFrom(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	alice, bob := r.register("alice"), r.register("bob")
	id, rec := r.startGame(alice, bob, "conflagration")
	positions, _ := rec.Replay()
	legal := positions[len(positions)-1].Legal(engine.First)
	forger := &player{name: "alice", addr: "alice@demo.test", read: alice.read, inbox: alice.inbox}
	reply := r.replyTo(forger, r.send(forger, "move", fmt.Sprintf("move %d %s", id, legal[0])))
	if !strings.Contains(reply.Text, "postal cannot tell that this mail comes from alice") {
		t.Fatalf("no refusal:\n%s", reply.Text)
	}
	if again := r.record(alice, id); len(again.Moves) != len(rec.Moves) {
		t.Fatalf("the forged move counted: %d moves, was %d", len(again.Moves), len(rec.Moves))
	}
}

// The match again while a killer SIGKILLs the daemon at random moments and
// starts it again: no move is lost or applied twice, every mail gets its
// one reply (one Message-ID), and nothing lands in the failed mailbox.
func TestIntegrationKilledDaemon(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	alice, bob := r.register("alice"), r.register("bob")
	stop := make(chan struct{})
	var wg sync.WaitGroup
	kills := 0
	wg.Add(1)
	go func() {
		defer wg.Done()
		rng := rand.New(rand.NewPCG(7, 7))
		for {
			select {
			case <-stop:
				return
			case <-time.After(time.Duration(300+rng.IntN(1200)) * time.Millisecond):
			}
			r.kill()
			kills++
			r.start()
		}
	}()
	rng := rand.New(rand.NewPCG(5, 6))
	sentMoves := map[int64]int{}
	for _, name := range []string{"conflagration", "imperial-shuffle", "initiative"} {
		id, rec := r.startGame(alice, bob, name)
		_, sent := r.playGame([2]*player{alice, bob}, id, rec, 12, randomMoves(rng))
		sentMoves[id] = sent
	}
	close(stop)
	wg.Wait()
	if kills < 5 {
		t.Fatalf("only %d kills: the test proves little", kills)
	}
	t.Logf("survived %d SIGKILLs (%d daemon starts)", kills, r.starts)

	// Each game's moves by players are exactly those sent (a resignation is
	// no move), numbered without gap or repeat.
	db := r.db()
	err := db.Tx(context.Background(), func(tx *archive.Tx) error {
		for id, sent := range sentMoves {
			moves, err := tx.Moves(id)
			if err != nil {
				return err
			}
			byPlayers := 0
			for i, m := range moves {
				if m.Ply != i+1 {
					t.Errorf("game %d: move %d has ply %d", id, i+1, m.Ply)
				}
				if m.Player != int(engine.Chance) {
					byPlayers++
				}
			}
			row, err := tx.GameByID(id)
			if err != nil {
				return err
			}
			if want := sent; row.Termination != "" && strings.Contains(row.Termination, "resigned") {
				want--
				if byPlayers != want {
					t.Errorf("game %d: %d moves in the log, %d sent", id, byPlayers, want)
				}
			} else if byPlayers != want {
				t.Errorf("game %d: %d moves in the log, %d sent", id, byPlayers, want)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// Every mail a player sent has exactly one reply; a kill between SMTP's
	// 250 and marking the row sent re-sends the same message (same
	// Message-ID), which a mail client shows once.
	for _, p := range []*player{alice, bob} {
		all := allMail(t, r, p)
		replies := map[string][]string{}
		for _, m := range all {
			if m.InReplyTo != "" && strings.HasPrefix(m.InReplyTo, p.name+".") {
				replies[m.InReplyTo] = append(replies[m.InReplyTo], m.MessageID)
			}
		}
		resent := 0
		for req, ids := range replies {
			distinct := slices.Compact(slices.Sorted(slices.Values(ids)))
			if len(distinct) != 1 {
				t.Errorf("%s's %s got %d different replies", p.name, req, len(distinct))
			}
			resent += len(ids) - 1
		}
		t.Logf("%s: %d mails, %d replies to her/his own, %d re-sent copies", p.name, len(all), len(replies), resent)
	}
	if n := mailboxCount(t, r, "postal.failed"); n > 0 {
		t.Errorf("%d mails in the failed mailbox", n)
	}
}

// allMail reads every mail in p's INBOX again.
func allMail(t *testing.T, r *rig, p *player) []*gotMail {
	fresh := &player{name: p.name, addr: p.addr, read: map[imap.UID]bool{}}
	r.fetch(fresh)
	return fresh.inbox
}

func mailboxCount(t *testing.T, r *rig, mailbox string) int {
	return folderCount(t, r.d.IMAPAddr, "postal@demo.test", mailbox)
}

// BenchmarkIntegrationMoves measures moves by mail end to end against
// Dovecot on loopback: a move delivered into the club's mailbox by LMTP,
// handled, and its reply accepted by the SMTP relay. It reports moves per
// second (one move at a time, each waiting for its reply) and the median
// and 90th percentile of delivery-to-accepted time.
func BenchmarkIntegrationMoves(b *testing.B) {
	r := newRig(b)
	alice, bob := r.register("alice"), r.register("bob")
	var mu sync.Mutex
	accepted := map[string]time.Time{}
	r.relay.OnAccept(func(raw []byte, at time.Time) {
		if m := parseGot(b, raw); m.InReplyTo != "" {
			mu.Lock()
			if _, ok := accepted[m.InReplyTo]; !ok {
				accepted[m.InReplyTo] = at
			}
			mu.Unlock()
		}
	})
	rng := rand.New(rand.NewPCG(9, 9))
	var lat []time.Duration
	moves := 0
	b.ResetTimer()
	for moves < b.N {
		id, rec := r.startGame(alice, bob, "conflagration")
		b.StartTimer()
		positions, _ := rec.Replay()
		pos := positions[len(positions)-1]
		for moves < b.N && !pos.Result().Over() {
			side := pos.ToMove()[0]
			p := [2]*player{alice, bob}[side]
			legal := pos.Legal(side)
			move := legal[rng.IntN(len(legal))].String()
			pos, _, _ = engine.Play(pos, side, move)
			sentAt := time.Now()
			msgID := r.send(p, "move", fmt.Sprintf("move %d %s", id, move))
			r.replyTo(p, msgID)
			mu.Lock()
			lat = append(lat, accepted[msgID].Sub(sentAt))
			mu.Unlock()
			moves++
		}
		b.StopTimer()
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	b.ReportMetric(float64(moves)/b.Elapsed().Seconds(), "moves/s")
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "ms-median")
	b.ReportMetric(float64(lat[len(lat)*9/10].Microseconds())/1000, "ms-p90")
}
