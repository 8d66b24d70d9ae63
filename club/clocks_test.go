package club

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"postal/archive"
	"postal/club/clock"
	"postal/mailer"
)

// tick runs the scheduler at c.now and returns what it sent and when it is
// due again.
func (c *club) tick() ([]mailer.Outbound, time.Time) {
	c.t.Helper()
	next, ok, err := c.s.Tick(context.Background())
	if err != nil {
		c.t.Fatalf("Tick: %v", err)
	}
	if !ok {
		next = time.Time{}
	}
	return c.outbox(), next
}

func reminders(out []mailer.Outbound, addr string) int {
	n := 0
	for _, m := range out {
		if m.To == addr && strings.Contains(m.Text, "Reminder: your move") {
			n++
		}
	}
	return n
}

// Reminders go out exactly at the default points: 24 h after the turn
// began, then 24 h and 2 h before the deadline of 3 days; never twice.
func TestTickRemindersAtPoints(t *testing.T) {
	c := newClub(t, Options{})
	c.start("")
	g := c.game(1)
	start := g.TurnStarted
	if want := start.Add(3 * clock.Day); !g.Deadline.Equal(want) {
		t.Fatalf("deadline %v, want 3 days after %v", g.Deadline, start)
	}
	want := []time.Time{start.Add(24 * time.Hour), start.Add(48 * time.Hour), start.Add(70 * time.Hour), start.Add(72 * time.Hour)}
	out, next := c.tick()
	if len(out) != 0 || !next.Equal(want[0]) {
		t.Fatalf("at the start: %d mails, next %v; want 0 and %v", len(out), next, want[0])
	}
	for i, at := range want[:3] {
		c.now = at.Add(-time.Second)
		if out, _ := c.tick(); len(out) != 0 {
			t.Fatalf("point %d: %d mails a second early", i, len(out))
		}
		c.now = at
		out, next := c.tick()
		if reminders(out, "alice@example.org") != 1 || len(out) != 1 {
			t.Fatalf("point %d: %d mails, want one reminder to alice", i, len(out))
		}
		contains(t, out[0], "Reminder: your move in game #1 is due by")
		if !next.Equal(want[i+1]) {
			t.Fatalf("after point %d next is %v, want %v", i, next, want[i+1])
		}
		if out, _ := c.tick(); len(out) != 0 {
			t.Fatalf("point %d sent again", i)
		}
	}
}

// On the deadline, in the automatic mode, the player to move loses on time
// and both players hear of it.
func TestTickTimeoutAuto(t *testing.T) {
	c := newClub(t, Options{ReminderPoints: []clock.Point{}})
	c.start("days 1")
	c.now = c.game(1).Deadline
	out, next := c.tick()
	g := c.game(1)
	// Nobody moved: the result says so (TestTimeoutBeforeFirstMove).
	if g.Status != archive.GameOver || g.Result != "0-1" || g.Termination != "alice ran out of time before the first move" {
		t.Fatalf("after the deadline: %s %s %q", g.Status, g.Result, g.Termination)
	}
	contains(t, to(t, out, "alice@example.org"), "Game #1 is over: bob (South) wins: alice ran out of time before the first move (0-1).")
	contains(t, to(t, out, "bob@example.org"), "alice ran out of time")
	if !next.IsZero() {
		t.Fatalf("something is still due at %v", next)
	}
}

// In claim mode the opponent is told once, and wins when they claim; a claim
// before the deadline is refused.
func TestTickTimeoutClaim(t *testing.T) {
	c := newClub(t, Options{Timeout: "claim", ReminderPoints: []clock.Point{}})
	aliceMail, _ := c.start("days 2")
	bobKey := "key " + c.keys["bob"] + "\n"
	contains(t, to(t, c.mail("bob@example.org", "x", bobKey+"claim 1"), "bob@example.org"), "alice still has time in game #1")
	c.now = c.game(1).Deadline.Add(time.Hour)
	out, _ := c.tick()
	contains(t, to(t, out, "bob@example.org"), `Write "claim 1" to win on time`)
	contains(t, to(t, out, "alice@example.org"), "Your time in game #1 ran out")
	if g := c.game(1); g.Status != archive.GameActive {
		t.Fatalf("claim mode ended the game by itself: %s", g.Status)
	}
	if out, _ := c.tick(); len(out) != 0 {
		t.Fatalf("the claim notice went out twice")
	}
	contains(t, to(t, c.mail("alice@example.org", "x", "key "+c.keys["alice"]+"\nclaim 1"), "alice@example.org"), "it is your move in game #1")
	out = c.mail("bob@example.org", "x", bobKey+"claim 1")
	contains(t, to(t, out, "bob@example.org"), "you won game #1 on time")
	contains(t, to(t, out, "alice@example.org"), "alice ran out of time")
	if g := c.game(1); g.Result != "0-1" {
		t.Fatalf("result %s", g.Result)
	}
	_ = aliceMail
}

// A player who chose the digest gets one mail listing every game waiting
// for them, at most once a day, instead of a reminder per game.
func TestTickDigest(t *testing.T) {
	c := newClub(t, Options{})
	c.start("")
	aliceKey := "key " + c.keys["alice"] + "\n"
	out := c.mail("alice@example.org", "x", aliceKey+"set reminders digest\nchallenge bob takeaway as first")
	contains(t, to(t, out, "alice@example.org"), "reminders: digest", "one mail a day")
	c.replyTo(to(t, out, "bob@example.org"), "accept")
	c.now = c.game(2).TurnStarted.Add(24 * time.Hour)
	out, _ = c.tick()
	if len(out) != 1 || out[0].To != "alice@example.org" {
		t.Fatalf("%d mails, want one digest to alice", len(out))
	}
	contains(t, out[0], "game #1: ", "game #2: ", "Your daily digest", `"board 2" sends the board`)
	// A reminder of two games, without their boards (issue 28).
	if !strings.Contains(out[0].Subject, "2 games wait for your move") || len(out[0].Attachments)+len(out[0].Inline) != 0 {
		t.Fatalf("digest %q with %d attachments", out[0].Subject, len(out[0].Attachments))
	}
	// 24 h before the deadline (48 h in) the next digest is due, not before.
	c.now = c.game(1).Deadline.Add(-24*time.Hour - 2*time.Minute)
	if out, _ := c.tick(); len(out) != 0 {
		t.Fatalf("a second digest within a day: %d mails", len(out))
	}
	c.now = c.game(2).TurnStarted.Add(48 * time.Hour)
	out, _ = c.tick()
	if len(out) != 1 || !strings.Contains(out[0].Subject, "games wait for your move") {
		t.Fatalf("%d mails at the second point, want the second digest", len(out))
	}
}

// A vacation stops the clock of the player to move within the yearly
// allowance, the opponent is told at its start and end, and the deadline
// moves on by the vacation.
func TestTickVacation(t *testing.T) {
	c := newClub(t, Options{ReminderPoints: []clock.Point{}})
	c.start("")
	deadline := c.game(1).Deadline
	aliceKey := "key " + c.keys["alice"] + "\n"
	out := c.mail("alice@example.org", "x", aliceKey+"vacation 10")
	contains(t, to(t, out, "alice@example.org"), "vacation started", "#1")
	contains(t, to(t, out, "bob@example.org"), "alice is on vacation until")
	began := c.now
	c.now = deadline.Add(time.Hour)
	if out, _ := c.tick(); len(out) != 0 || c.game(1).Status != archive.GameActive {
		t.Fatalf("the clock ran during the vacation: %d mails, %s", len(out), c.game(1).Status)
	}
	c.now = began.Add(10 * clock.Day)
	out, next := c.tick()
	contains(t, to(t, out, "bob@example.org"), "alice is back from vacation")
	if g := c.game(1); !g.Deadline.Equal(deadline.Add(10*clock.Day)) || !g.Paused.IsZero() {
		t.Fatalf("deadline %v paused %v; want %v", g.Deadline, g.Paused, deadline.Add(10*clock.Day))
	}
	if !next.Equal(deadline.Add(10 * clock.Day)) {
		t.Fatalf("next %v", next)
	}
	// 20 days of the 30 are left: a longer vacation is cut to them.
	out = c.mail("alice@example.org", "x", aliceKey+"vacation 25")
	contains(t, to(t, out, "alice@example.org"), "You asked for 25 days, but only 20 days")
	c.now = c.now.Add(20 * clock.Day)
	c.tick()
	out = c.mail("alice@example.org", "x", aliceKey+"vacation 1")
	contains(t, to(t, out, "alice@example.org"), "no vacation left this year")
}

// A time bank loses the time a move took and gains the increment, up to the
// cap.
func TestTickBank(t *testing.T) {
	c := newClub(t, Options{ReminderPoints: []clock.Point{}})
	aliceMail, _ := c.start("bank 2+1/3")
	if g := c.game(1); !slices.Equal(g.Banks, []time.Duration{2 * clock.Day, 2 * clock.Day}) || !g.Deadline.Equal(g.TurnStarted.Add(2*clock.Day)) {
		t.Fatalf("start: banks %v deadline %v", g.Banks, g.Deadline)
	}
	c.now = c.now.Add(12 * time.Hour)
	c.replyTo(aliceMail, "t1") // 12 h and a minute used: 2d - 12h01m + 1d
	g := c.game(1)
	if want := 3*clock.Day - 12*time.Hour - time.Minute; g.Banks[0] != want {
		t.Fatalf("alice's bank %v, want %v", g.Banks[0], want)
	}
	if !g.Deadline.Equal(c.now.Add(2 * clock.Day)) {
		t.Fatalf("bob's deadline %v, want his 2 days from %v", g.Deadline, c.now)
	}
}

// A restart in the middle (a new service on the same database file) sends
// nothing twice and skips nothing.
func TestTickRestart(t *testing.T) {
	c := newClub(t, Options{})
	c.start("")
	start := c.game(1).TurnStarted
	c.now = start.Add(24 * time.Hour)
	if out, _ := c.tick(); reminders(out, "alice@example.org") != 1 {
		t.Fatal("no first reminder")
	}
	c.restart()
	if out, _ := c.tick(); len(out) != 0 {
		t.Fatalf("the restart sent %d mails again", len(out))
	}
	c.now = start.Add(48 * time.Hour)
	if out, _ := c.tick(); reminders(out, "alice@example.org") != 1 {
		t.Fatal("the restart skipped the second reminder")
	}
}

// A game whose first move never came is lost on time, not aborted, and
// the result says why (issue 28; docs/commands.md, "claim").
func TestTimeoutBeforeFirstMove(t *testing.T) {
	c := newClub(t, Options{})
	c.register("alice")
	c.register("bob")
	out := c.mail("alice@example.org", "g", "key "+c.keys["alice"]+"\nchallenge bob conflagration as second days 2")
	c.replyTo(to(t, out, "bob@example.org"), "accept")
	c.now = c.game(1).Deadline.Add(time.Minute)
	out, _ = c.tick()
	g := c.game(1)
	if g.Result != "0-1" || g.Termination != "bob ran out of time before the first move" {
		t.Fatalf("result %q, %q", g.Result, g.Termination)
	}
	if m := to(t, out, "alice@example.org"); !strings.HasPrefix(squash(m.Text), "Game #1 is over: alice (Dark) wins: bob ran out of time before the first move (0-1).") {
		t.Errorf("alice's mail:\n%s", m.Text)
	}
}
