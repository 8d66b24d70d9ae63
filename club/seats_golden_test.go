package club

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"postal/club/clock"
	"postal/mailer"
)

// seatsMails are the mails of a game of three and of four (Superial Chess
// for three or four, R13), by mail (issue 33): the challenge, the start,
// a turn and the news of a move to the others, a draw offered and declined
// by the next move, a player out by resigning and one on time, and the
// end with places.
func seatsMails(t *testing.T, add func(string, mailer.Outbound, bool)) {
	for _, n := range []int{3, 4} {
		c := newClub(t, Options{ReminderPoints: []clock.Point{}})
		pinRandom(t, uint64(30+n))
		all := []string{"alice", "bob", "carol", "dave"}[:n]
		for _, p := range all {
			c.register(p)
		}
		key := func(p string) string { return "key " + c.keys[p] + "\n" }
		to := func(out []mailer.Outbound, p string) mailer.Outbound { return to(t, out, p+"@example.org") }
		name := func(kind string) string { return fmt.Sprintf("players-%d-%s", n, kind) }

		out := c.mail("alice@example.org", "a game", key("alice")+fmt.Sprintf("challenge %s superial-chess multiplayer players=%d as south days 2", strings.Join(all[1:], " "), n))
		add(name("challenge"), to(out, all[1]), false)
		for _, p := range all[1 : n-1] {
			c.mail(p+"@example.org", "x", key(p)+"accept 1")
		}
		out = c.mail(all[n-1]+"@example.org", "x", key(all[n-1])+"accept 1")
		add(name("start"), to(out, all[n-1]), false)
		add(name("start-notice"), to(out, "alice"), false)
		seats := seatNames(c, 1)
		south, west, north := seats[0], seats[1], seats[2]

		// South moves: West's turn, news to the others.
		c.now = c.now.Add(time.Hour)
		move := func(p string) []mailer.Outbound {
			pos := positionOf(c, t, 1)
			return c.mail(p+"@example.org", "m", key(p)+"move 1 "+pos.Legal(pos.ToMove()[0])[0].String())
		}
		out = move(south)
		add(name("turn"), to(out, west), false)
		add(name("news"), to(out, north), false)

		// North offers a draw; in a game of four South agrees to it (the
		// reply says it was agreed, and who must still agree); West's move
		// declines it, which every other player still in hears: those who
		// agreed and those who were asked.
		out = c.mail(north+"@example.org", "x", key(north)+"draw 1")
		add(name("draw-offer"), to(out, south), false)
		if n == 4 {
			out = c.mail(south+"@example.org", "x", key(south)+"draw 1")
			add(name("draw-joined"), to(out, south), false)
			add(name("draw-joined-notice"), to(out, seats[3]), false)
			// Within North's minute, so that the mails after keep their
			// times.
			c.now = c.now.Add(-time.Minute)
		}
		out = move(west)
		add(name("draw-declined"), to(out, north), false)
		asked := south
		if n == 4 {
			asked = seats[3]
		}
		add(name("draw-declined-asked"), to(out, asked), false)

		// The last seat resigns out of turn; the player to move runs out of
		// time; in a game of four the last but one resigns, which ends it.
		last := seats[n-1]
		out = c.mail(last+"@example.org", "x", key(last)+"resign 1")
		add(name("resigned"), to(out, south), false)
		c.now = c.game(1).Deadline.Add(time.Minute)
		pos := positionOf(c, t, 1)
		late := seats[pos.ToMove()[0]]
		out, _ = c.tick()
		add(name("timeout"), to(out, late), false)
		if n == 4 {
			pos := positionOf(c, t, 1)
			out = c.mail(seats[pos.ToMove()[0]]+"@example.org", "x", key(seats[pos.ToMove()[0]])+"resign 1")
		}
		add(name("over"), to(out, last), false)
	}
}
