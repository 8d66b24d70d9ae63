package club

import (
	"context"
	"strings"
	"testing"
	"time"

	"postal/archive/archivegen"
	"postal/engine/enginetest/long"
)

// Handling a move by mail, and the clock pass the daemon runs after it,
// read the mover's game and no other (issue 27: Tick loaded every game in
// progress after every message, 0.4 s at 1,000). The game rows read are
// the same with 100 and with 1,000 other games in progress, and few.
func TestAMoveReadsOnlyItsOwnGame(t *testing.T) {
	reads := map[int]int64{}
	// 1,000 games in progress take half a minute to generate under the race
	// detector (make test): 300 there.
	many := long.Sized(1000, 1000, 300)
	for _, others := range []int{100, many} {
		c := newClub(t, Options{CatchUp: 100000})
		_, err := archivegen.Generate(context.Background(), c.db, archivegen.Options{Active: others, Games: []string{"conflagration"}, MaxPlies: 20, Seed: 1,
			Start: c.now.Add(-30 * 24 * time.Hour), Deadline: c.now.Add(72 * time.Hour)})
		if err != nil {
			t.Fatal(err)
		}
		// The first pass looks at every game once (and sends the reminders
		// that are due: their turns began long ago), and learns when each is
		// next due: a reminder point or its deadline, hours or days away.
		c.tick()
		c.register("alice")
		c.register("bob")
		out := c.mail("alice@example.org", "new game", "key "+c.keys["alice"]+"\nchallenge bob takeaway as first")
		out = c.replyTo(to(t, out, "bob@example.org"), "accept")
		aliceMail := to(t, out, "alice@example.org")
		c.tick()

		before := c.db.GamesRead()
		out = c.replyTo(aliceMail, "t1")
		if !strings.Contains(to(t, out, "bob@example.org").Text, "Your move") {
			t.Fatalf("bob was not told of alice's move:\n%s", to(t, out, "bob@example.org").Text)
		}
		c.tick()
		reads[others] = c.db.GamesRead() - before
		// Nothing else was due: the other games' clocks were not read.
		if _, next := c.tick(); !next.After(c.now) {
			t.Errorf("with %d games: the next clock work is due at %v, not after now (%v)", others, next, c.now)
		}
	}
	if reads[100] != reads[many] || reads[many] > 8 {
		t.Errorf("a move and the clock pass after it read %d game rows with 100 other games in progress, %d with %d: want the same few", reads[100], reads[many], many)
	}
}
