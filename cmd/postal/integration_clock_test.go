//go:build integration

package main

import (
	"strings"
	"testing"
)

// Clocks by mail against Dovecot: the daemon runs in process on a clock
// 20,000 times faster than the wall (two days in under nine seconds); a
// game nobody moves in brings its player a reminder by mail, then the
// game-over mail of a loss on time.
func TestIntegrationClockByMail(t *testing.T) {
	t.Parallel()
	r := newMailServers(t)
	r.runScaled(20000, func(cfg *Config) { cfg.Clock.Reminders = "before 24h, before 2h" })

	alice, bob := r.register("alice"), r.register("bob")
	reply := r.replyTo(alice, r.send(alice, "a game", "challenge bob conflagration as first days 2"))
	if !strings.Contains(reply.Text, "2 days per move") {
		t.Fatalf("the challenge does not say its time control:\n%s", reply.Text)
	}
	r.await(bob, "the challenge", func(m *gotMail) bool { return strings.Contains(m.Text, "challenges you") })
	r.replyTo(bob, r.send(bob, "ok", "accept 1"))
	reminder := r.await(alice, "a reminder", func(m *gotMail) bool {
		return strings.Contains(m.Text, "Reminder: your move in game #1 is due by")
	})
	// A reminder carries no board (issue 28: light mail), but says how to
	// get it.
	if !strings.Contains(reminder.Subject, "[postal #1]") || reminder.PNG || reminder.SVG || !strings.Contains(reminder.Text, `"board 1" sends the board`) {
		t.Fatalf("the reminder (png %v, svg %v):\n%s", reminder.PNG, reminder.SVG, reminder.Text)
	}
	over := r.await(alice, "the loss on time", func(m *gotMail) bool { return strings.HasPrefix(m.Text, "Game #1 is over: bob (Dark) wins:") })
	if !strings.Contains(strings.Join(strings.Fields(over.Text), " "), "alice ran out of time before the first move (0-1)") {
		t.Fatalf("the game-over mail does not say why:\n%s", over.Text)
	}
	r.await(bob, "the win on time", func(m *gotMail) bool { return strings.Contains(m.Text, "alice ran out of time") })
}
