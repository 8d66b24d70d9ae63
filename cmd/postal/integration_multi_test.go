//go:build integration

package main

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"postal/archive"
	"postal/engine"
)

// A game of four by mail against Dovecot (Superial Chess R13-R13f): the
// challenge of three players who each accept; turn notices to the player
// to move and news of each move to the others, each with the engine's
// board; a resignation out of turn and a timeout that take two players out
// while the others play on, every player and the observer told; the last
// resignation ends the game with places by seat; the record replays to the
// stored position. The daemon runs in process on a clock 20,000 times
// faster than the wall: ten days a move last 43 seconds.
func TestIntegrationFourPlayersByMail(t *testing.T) {
	t.Parallel()
	r := newMailServers(t)
	r.runScaled(20000, nil)

	alice, bob, carol, dave := r.register("alice"), r.register("bob"), r.register("carol"), r.register("dave")
	reply := r.replyTo(alice, r.send(alice, "four", "challenge bob carol dave superial-chess multiplayer as south days 10"))
	if m := challengeRE.FindStringSubmatch(reply.Text); m == nil || m[1] != "1" {
		t.Fatalf("no challenge #1 in:\n%s", reply.Text)
	}
	const tag = "[postal #1]"
	for _, p := range []*player{bob, carol, dave} {
		r.await(p, "the challenge", func(m *gotMail) bool {
			return strings.Contains(m.Subject, tag) && strings.Contains(flat(m.Text), "alice challenges you")
		})
	}
	for _, p := range []*player{bob, carol} {
		if reply := r.replyTo(p, r.send(p, "ok", "accept 1")); !strings.Contains(reply.Text, "you accepted challenge #1") {
			t.Fatalf("%s's accept: %s", p.name, reply.Text)
		}
	}
	if reply := r.replyTo(dave, r.send(dave, "ok", "accept 1")); !strings.Contains(reply.Text, "game #1 has started") {
		t.Fatalf("dave's accept: %s", reply.Text)
	}
	row := r.gameRow(1)
	byID := map[int64]*player{}
	err := r.db().Tx(context.Background(), func(tx *archive.Tx) error {
		for _, p := range []*player{alice, bob, carol, dave} {
			row, err := tx.PlayerByName(p.name)
			if err != nil {
				return err
			}
			byID[row.ID] = p
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	seats := make([]*player, 4)
	for i, id := range row.Players {
		seats[i] = byID[id]
	}
	if seats[0] != alice {
		t.Fatalf("alice asked for South; the seats are %v", row.Players)
	}
	// The others hear of the start; dave, the last to accept, had the reply.
	for i, p := range seats {
		if p == dave {
			continue
		}
		r.await(p, "the start", func(m *gotMail) bool {
			return strings.Contains(m.Subject, tag) && strings.Contains(flat(m.Text), "You play "+[]string{"South", "West", "North", "East"}[i])
		})
	}
	rec := r.record(alice, 1)
	positions, err := rec.Replay()
	if err != nil {
		t.Fatal(err)
	}
	pos := positions[len(positions)-1]
	erin := r.register("erin")
	if reply := r.replyTo(erin, r.send(erin, "watch", "observe 1")); !strings.Contains(reply.Text, "you observe game #1") {
		t.Fatalf("observe: %s", reply.Text)
	}

	// play has seat p send its first listed move; the next player gets
	// their turn, the others the news, each with the board.
	play := func(p engine.Player) {
		t.Helper()
		me := seats[p]
		move := pos.Legal(p)[0].String()
		next, _, err := engine.Play(pos, p, move)
		if err != nil {
			t.Fatal(err)
		}
		msgID := r.send(me, "Re: "+tag, fmt.Sprintf("move 1 #%d %s", pos.Ply()+1, move))
		r.checkMoveReply(r.replyTo(me, msgID), tag, next, move)
		for i, other := range seats {
			q := engine.Player(i)
			if q == p || next.Result().Place(q) != 0 {
				continue
			}
			want := "played " + move + " in game #1"
			if engine.Acts(next, q) {
				want = "Your move (move "
			}
			m := r.await(other, want, func(m *gotMail) bool {
				return strings.Contains(m.Subject, tag) && strings.Contains(flat(m.Text), want)
			})
			r.checkBoard(m, tag, next, "")
		}
		pos = next
	}
	play(0)
	play(1)

	// East resigns out of turn: out, 4th; North still to move.
	east := seats[3]
	if reply := r.replyTo(east, r.send(east, "Re: "+tag, "resign 1")); !strings.Contains(reply.Text, "You are out, 4th of 4") {
		t.Fatalf("East's resignation: %s", reply.Text)
	}
	if pos, _, err = engine.Play(pos, 3, "resign"); err != nil {
		t.Fatal(err)
	}
	for _, p := range append(seats[:3:3], erin) {
		r.await(p, "East's resignation", func(m *gotMail) bool {
			return strings.Contains(flat(m.Text), east.name+" (East) resigned in game #1 and is out, 4th of 4.")
		})
	}

	// North does not move: out on time, 3rd; South to move.
	north := seats[2]
	r.await(north, "North's timeout", func(m *gotMail) bool {
		return strings.Contains(flat(m.Text), "You ran out of time in game #1 and are out, 3rd of 4.")
	})
	if pos, _, err = engine.Play(pos, 2, "timeout"); err != nil {
		t.Fatal(err)
	}
	turn := r.await(alice, "her turn after North's timeout", func(m *gotMail) bool {
		text := flat(m.Text)
		return strings.Contains(text, north.name+" (North) ran out of time in game #1 and is out, 3rd of 4.") && strings.Contains(text, "Your move in game #1 (move 3).") // two moves; a leaving is none
	})
	r.checkBoard(turn, tag, pos, "")
	for _, p := range []*player{seats[1], east, erin} {
		r.await(p, "North's timeout", func(m *gotMail) bool {
			return strings.Contains(flat(m.Text), north.name+" (North) ran out of time in game #1 and is out, 3rd of 4.")
		})
	}

	// South resigns: West wins, places by seat 2-1-3-4.
	if reply := r.replyTo(alice, r.send(alice, "Re: "+tag, "resign 1")); !strings.Contains(flat(reply.Text), "Result: "+seats[1].name+" (West) wins: South resigned (2-1-3-4)") {
		t.Fatalf("South's resignation: %s", reply.Text)
	}
	if pos, _, err = engine.Play(pos, 0, "resign"); err != nil {
		t.Fatal(err)
	}
	places := fmt.Sprintf("places: 1st %s (West), 2nd alice (South), 3rd %s (North), 4th %s (East)", seats[1].name, north.name, east.name)
	for _, p := range append(seats[1:4:4], erin) {
		over := r.await(p, "the end", func(m *gotMail) bool {
			return strings.Contains(flat(m.Text), "Game #1 is over: "+seats[1].name+" (West) wins: South resigned (2-1-3-4); "+places+".")
		})
		r.checkBoard(over, tag, pos, "")
	}
	row = r.gameRow(1)
	if row.Status != "over" || row.Result != "2-1-3-4" || row.Position != pos.String() {
		t.Fatalf("the database says %s %s at %s, the engine %s", row.Status, row.Result, row.Position, pos)
	}
	rec = r.record(bob, 1)
	positions, err = rec.Replay()
	if err != nil {
		t.Fatalf("the record does not replay: %v\n%s", err, rec)
	}
	if last := positions[len(positions)-1]; last.String() != row.Position || !slices.Equal(rec.Result.Places, []int{2, 1, 3, 4}) {
		t.Fatalf("the record replays to %s, result %v", last, rec.Result.Places)
	}
	for i, p := range seats {
		if rec.Players[i] != p.name {
			t.Errorf("the record's seat %d is %s, want %s", i, rec.Players[i], p.name)
		}
	}
}

// flat is a mail's text as one line: its paragraphs are wrapped.
func flat(text string) string { return strings.Join(strings.Fields(text), " ") }
