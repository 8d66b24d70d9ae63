//go:build integration

package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"postal/engine"
)

// Issue 26 by mail against Dovecot. Bob leaves "if X Y" and "if X2 Y2 X3
// Y3"; alice plays X2 and bob's Y2 is played at once, her reply says so and
// bob is told; alice then plays something other than X3, and bob is told
// his remaining line is cleared. A line with an illegal move is refused
// with the legal moves. "say" reaches the opponent in the game's thread
// from the club, with no address of the other; the answer to it, a reply
// with no key, goes back the same way. The record holds the messages as
// comments once the game is over, and the site shows them only then; a
// note never leaves its player.
func TestIntegrationTalk(t *testing.T) {
	t.Parallel()
	siteDir := filepath.Join(t.TempDir(), "site")
	r := newMailServers(t, fmt.Sprintf("[site]\nout = %q\n", siteDir))
	r.start()
	t.Cleanup(r.stop)
	alice, bob := r.register("alice"), r.register("bob")
	// Messages stay private unless every player of the game publishes
	// them (issue 35); these two do, so the record shows them once over.
	for _, p := range []*player{alice, bob} {
		if reply := r.replyTo(p, r.send(p, "settings", "set publish-messages on")); !strings.Contains(flat(reply.Text), "publish-messages is on") {
			t.Fatalf("%s's set publish-messages on:\n%s", p.name, reply.Text)
		}
	}
	id, rec := r.startGame(alice, bob, "conflagration")
	tag := fmt.Sprintf("[postal #%d]", id)
	positions, err := rec.Replay()
	if err != nil {
		t.Fatal(err)
	}
	pos := positions[len(positions)-1]
	apply := func(pos engine.Position, side engine.Player, move string) engine.Position {
		t.Helper()
		next, _, err := engine.Play(pos, side, move)
		if err != nil {
			t.Fatalf("%s: %v", move, err)
		}
		return next
	}
	nth := func(pos engine.Position, side engine.Player, i int) string { return pos.Legal(side)[i].String() }
	turnOf := func(p *player, what string) *gotMail {
		t.Helper()
		return r.await(p, what, func(m *gotMail) bool {
			return strings.Contains(m.Subject, tag) && strings.Contains(flat(m.Text), what)
		})
	}

	a0 := nth(pos, engine.First, 0)
	r.replyTo(alice, r.send(alice, tag, fmt.Sprintf("move %d #1 %s\nnote watch the left flank", id, a0)))
	pos = apply(pos, engine.First, a0)
	turnOf(bob, "alice played "+a0)
	b0 := nth(pos, engine.Second, 0)
	pos = apply(pos, engine.Second, b0)

	// Bob's lines, given with his move: X Y, and X2 Y2 X3 Y3.
	x, x2 := nth(pos, engine.First, 0), nth(pos, engine.First, 1)
	y := nth(apply(pos, engine.First, x), engine.Second, 0)
	afterX2 := apply(pos, engine.First, x2)
	y2 := nth(afterX2, engine.Second, 0)
	afterY2 := apply(afterX2, engine.Second, y2)
	x3, other := nth(afterY2, engine.First, 0), nth(afterY2, engine.First, 1)
	y3 := nth(apply(afterY2, engine.First, x3), engine.Second, 0)
	reply := r.replyTo(bob, r.send(bob, tag, fmt.Sprintf("move %d #2 %s\nif %s %s\nif %s %s %s %s", id, b0, x, y, x2, y2, x3, y3)))
	if text := flat(reply.Text); !strings.Contains(text, "conditional moves kept in game") || !strings.Contains(trimLines(reply.Text), fmt.Sprintf("if %s %s\nif %s %s %s %s", x, y, x2, y2, x3, y3)) {
		t.Fatalf("bob's lines:\n%s", reply.Text)
	}
	aliceTurn := turnOf(alice, "bob played "+b0)
	if strings.Contains(aliceTurn.Text, "if ") || strings.Contains(aliceTurn.Text, "conditional") {
		t.Errorf("alice's turn notice tells of bob's lines:\n%s", aliceTurn.Text)
	}

	// A line with an illegal move: alice's own move as bob's answer.
	illegal := x
	reply = r.replyTo(bob, r.send(bob, tag, fmt.Sprintf("if %s %s", x2, illegal)))
	if text := flat(reply.Text); !strings.Contains(text, "Error: "+illegal+" is not a legal move after "+x2) || !strings.Contains(text, "The legal moves of bob (Dark) there:") || !strings.Contains(reply.Text, y2) {
		t.Fatalf("the illegal line:\n%s", reply.Text)
	}

	// Alice plays X2: bob's Y2 at once.
	reply = r.replyTo(alice, r.send(alice, tag, fmt.Sprintf("move %d #3 %s", id, x2)))
	if text := flat(reply.Text); !strings.Contains(text, "bob had left "+y2+" as a conditional answer: it was played at once.") || !strings.Contains(text, "Your move in game #") {
		t.Fatalf("alice's reply:\n%s", reply.Text)
	}
	r.checkBoard(reply, tag, afterY2, x2)
	if strings.Contains(reply.Text, x3) && strings.Contains(reply.Text, y3) && strings.Contains(reply.Text, "if ") {
		t.Errorf("alice's reply shows bob's other branch:\n%s", reply.Text)
	}
	turnOf(bob, fmt.Sprintf("alice played %s in game #%d; your conditional answer %s was played at once.", x2, id, y2))

	// Alice plays another move than X3: bob's line is cleared.
	r.replyTo(alice, r.send(alice, tag, fmt.Sprintf("move %d #5 %s", id, other)))
	bobTurn := turnOf(bob, fmt.Sprintf("None of your conditional moves foresaw %s: they are cleared.", other))

	// Say, in a reply to the game's mail (the token proves bob).
	r.replyTo(bob, r.sendTo(bob, bobTurn.ReplyTo, "Re: "+bobTurn.Subject, "say Nice game so far!"))
	said := turnOf(alice, "bob (Dark) says, in game #")
	if !strings.Contains(said.Text, "Nice game so far!") || !strings.Contains(said.From, "postal@demo.test") || said.InReplyTo == "" || len(said.References) == 0 {
		t.Fatalf("the relayed message: From %q, In-Reply-To %q, References %q\n%s", said.From, said.InReplyTo, said.References, said.Text)
	}
	if bytes.Contains(said.Raw, []byte("bob@demo.test")) {
		t.Errorf("the relayed message shows bob's address:\n%s", said.Raw)
	}
	r.replyTo(alice, r.sendTo(alice, said.ReplyTo, "Re: "+said.Subject, "say\nThank you!\nYours too.\n"))
	back := turnOf(bob, "alice (Light) says, in game #")
	if !strings.Contains(trimLines(back.Text), "Thank you!\nYours too.") || bytes.Contains(back.Raw, []byte("alice@demo.test")) {
		t.Fatalf("alice's answer:\n%s", back.Raw)
	}

	// While the game goes on, neither the record nor the site shows it.
	if text := r.recordText(alice, id); strings.Contains(text, "Nice game") {
		t.Errorf("the record of a game in progress shows a message:\n%s", text)
	}
	page := filepath.Join(siteDir, "games", fmt.Sprintf("%d.html", id))
	waitFor(t, "the game's page", func() bool { _, err := os.Stat(page); return err == nil })
	if b, _ := os.ReadFile(page); bytes.Contains(b, []byte("Nice game")) {
		t.Errorf("the page of a game in progress shows a message")
	}

	// Over: the record has the messages as comments; the site shows them.
	r.replyTo(alice, r.send(alice, tag, fmt.Sprintf("resign %d", id)))
	text := flat(r.recordText(alice, id))
	if !strings.Contains(text, "{bob: Nice game so far!} {alice: Thank you! Yours too.}") || strings.Contains(text, "left flank") {
		t.Fatalf("the record of the game over:\n%s", text)
	}
	waitFor(t, "the messages on the game's page", func() bool {
		b, _ := os.ReadFile(page)
		return bytes.Contains(b, []byte("bob: Nice game so far!"))
	})

	// The note never left alice: no mail of bob's, no file of the site.
	for _, m := range fetchSince(t, r.d.IMAPAddr, bob.addr, "bob", 0) {
		if bytes.Contains(m.raw, []byte("left flank")) {
			t.Errorf("a mail to bob shows alice's note")
		}
	}
	filepath.WalkDir(siteDir, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if b, _ := os.ReadFile(path); bytes.Contains(b, []byte("left flank")) {
				t.Errorf("%s shows alice's note", path)
			}
		}
		return nil
	})
	found := false
	for _, m := range fetchSince(t, r.d.IMAPAddr, alice.addr, "alice", 0) {
		found = found || bytes.Contains(m.raw, []byte("left flank"))
	}
	if !found {
		t.Error("alice's mails never show her note")
	}
}
