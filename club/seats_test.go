package club

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"postal/archive"
	"postal/club/clock"
	"postal/engine/enginetest/long"
	"postal/mailer"
)

// drawEvents counts the events of game id of kind.
func drawEvents(c *club, id int64, kind string) int {
	c.t.Helper()
	events, err := c.db.Events(context.Background())
	if err != nil {
		c.t.Fatal(err)
	}
	n := 0
	for _, e := range events {
		if e.GameID == id && e.Kind == kind {
			n++
		}
	}
	return n
}

// startSeats registers alice, bob, carol (and dave) and starts game 1 of
// Superial Chess for players, alice challenging the others as South; it
// returns the names by seat.
func (c *club) startSeats(players string) []string {
	c.t.Helper()
	names := []string{"alice", "bob", "carol", "dave"}[:int(players[0]-'0')]
	for _, p := range names {
		c.register(p)
	}
	c.mail("alice@example.org", "x", "key "+c.keys["alice"]+"\nchallenge "+strings.Join(names[1:], " ")+" superial-chess multiplayer players="+players+" as south")
	for _, p := range names[1:] {
		c.mail(p+"@example.org", "x", "key "+c.keys[p]+"\naccept 1")
	}
	if g := c.game(1); g.Status != archive.GameActive {
		c.t.Fatalf("game 1: %s", g.Status)
	}
	return seatNames(c, 1)
}

// TestSeatsDrawOffer_Issue33 plays a game of three and one of four by
// mail, 60 plies each (12 under the race detector), every move a random
// legal one: no mail mentions a draw offer nobody made (the move of seat 2 once read "declined your draw
// offer", Other() of seat 2 being -1, and -1+1 the value for none). Then a
// real offer, by North (seat 2), is declined by the next mover's move, and
// every other player it asked hears of it once; the archive holds the one
// offer and the one decline.
func TestSeatsDrawOffer_Issue33(t *testing.T) {
	for _, players := range []string{"3", "4"} {
		t.Run("players="+players, func(t *testing.T) {
			c := newClub(t, Options{ReminderPoints: []clock.Point{}})
			pinRandom(t, 33)
			names := c.startSeats(players)
			rng := rand.New(rand.NewPCG(33, uint64(len(names))))
			var all []mailer.Outbound
			move := func() (string, []mailer.Outbound) {
				t.Helper()
				pos := c.position(t)
				p := pos.ToMove()[0]
				legal := pos.Legal(p)
				m := legal[rng.IntN(len(legal))].String()
				out := c.mail(names[p]+"@example.org", "m", fmt.Sprintf("key %s\nmove 1 %s", c.keys[names[p]], m))
				says(t, to(t, out, names[p]+"@example.org"), m+" played in game #1")
				all = append(all, out...)
				return names[p], out
			}
			for ply := 0; ply < long.Sized(60, 60, 12); ply++ {
				if c.game(1).Status != archive.GameActive {
					t.Fatalf("the game ended at ply %d: pick another seed", ply)
				}
				move()
			}
			for _, m := range all {
				lacks(t, m, "draw offer", "declined", "a draw in game")
			}
			if n := drawEvents(c, 1, "draw-declined"); n != 0 {
				t.Fatalf("%d draw-declined events where no draw was offered", n)
			}

			// North offers a draw on their turn's eve: the next mover
			// after North declines it by moving.
			for c.position(t).ToMove()[0] != 2 {
				move()
			}
			north := names[2]
			move() // North moves; the next player is to move
			out := c.mail(north+"@example.org", "x", fmt.Sprintf("key %s\ndraw 1", c.keys[north]))
			says(t, to(t, out, north+"@example.org"), "draw offered in game #1")
			mover, out := move()
			// Every player the draw asked hears that it ended: North, who
			// offered it, and the others still in but the mover.
			told := map[string]int{}
			for _, m := range out {
				if strings.Contains(squash(m.Text), "declined") {
					told[m.To]++
					says(t, m, mover+" declined the draw by moving.")
				}
			}
			for _, p := range names {
				want := 1
				if p == mover {
					want = 0
				}
				if told[p+"@example.org"] != want {
					t.Errorf("%d mails to %s say the draw was declined, want %d", told[p+"@example.org"], p, want)
				}
			}
			if offers, declines := drawEvents(c, 1, "draw-offer"), drawEvents(c, 1, "draw-declined"); offers != 1 || declines != 1 {
				t.Errorf("%d draw-offer and %d draw-declined events, want 1 and 1", offers, declines)
			}
			for ply := 0; ply < 4; ply++ {
				for _, m := range func() []mailer.Outbound { _, out := move(); return out }() {
					lacks(t, m, "draw offer", "declined", "a draw in game")
				}
			}
		})
	}
}

// TestLeaveAfterResigningATable_Issue33: a player who resigned one table of
// a tournament of tables (out of it, R13d, while the others play on) and
// then leaves the tournament forfeits the tables they are still in: the
// table they left already is not forfeited again (the engine refuses a
// second leaving, which once refused the whole "leave").
func TestLeaveAfterResigningATable_Issue33(t *testing.T) {
	c := newClub(t, Options{ReminderPoints: []clock.Point{}})
	fourEnter(c, "tri", "superial-chess multiplayer players=3 round-robin")
	says(t, c.reply(c.as("alice", "start tri")), "Every game starts at once: 4 games")
	var withDave []int64
	for _, g := range eventGames(c, 1) {
		if slices.Contains(c.names(g), "dave") {
			withDave = append(withDave, g.ID)
		}
	}
	says(t, c.reply(c.as("dave", fmt.Sprintf("resign %d", withDave[0]))), "You are out, 3rd of 3; the others play on.")
	m := c.reply(c.as("dave", "leave tri"))
	says(t, m, "you have left tri", fmt.Sprintf("dave forfeits %d games in play.", len(withDave)-1))
	lacks(t, m, "Error", "out of the game already")
	for _, id := range withDave {
		g := c.game(id)
		if g.Status != archive.GameActive {
			t.Errorf("game #%d ended: the others play on", id)
		}
		moves := read(c, func(tx *archive.Tx) ([]archive.Move, error) { return tx.Moves(id) })
		if n := slices.IndexFunc(moves, func(m archive.Move) bool { return m.Text == "resign" }); n < 0 || slices.ContainsFunc(moves[n+1:], func(m archive.Move) bool { return m.Text == "resign" }) {
			t.Errorf("game #%d: dave left %d times", id, n)
		}
	}
}

// TestChallengeOfMoreSaysTheSeat_Issue33: a challenger of a game of more
// who asks for the first seat plays it; the challenge says which, as it
// always did, without the words of a game of two ("moves first").
func TestChallengeOfMoreSaysTheSeat_Issue33(t *testing.T) {
	c := newClub(t, Options{})
	for _, p := range []string{"alice", "bob", "carol"} {
		c.register(p)
	}
	out := c.as("alice", "challenge bob carol superial-chess multiplayer players=3 as south")
	says(t, to(t, out, "bob@example.org"), "alice plays South.")
	lacks(t, to(t, out, "bob@example.org"), "plays South (moves first)")
	out = c.as("alice", "challenge bob takeaway as first")
	says(t, to(t, out, "bob@example.org"), "alice plays North (moves first).")
}

// TestChallengeAsSideNameByMail: "as black" by mail in a game of two seats
// the challenger at Black and the one who accepts at White; a side the
// ruleset does not have is refused with its choices.
func TestChallengeAsSideNameByMail(t *testing.T) {
	c := newClub(t, Options{})
	for _, p := range []string{"alice", "bob"} {
		c.register(p)
	}
	out := c.as("bob", "challenge alice imperial-chess as black")
	says(t, to(t, out, "alice@example.org"), "bob plays Black.")
	out = c.as("bob", "challenge alice superial-chess vs-chess as purple")
	says(t, to(t, out, "bob@example.org"), `"purple" is not first, second, white, black or random`)
	lacks(t, to(t, out, "bob@example.org"), "south")
	c.as("alice", "accept 1")
	if g := c.game(1); !slices.Equal(c.names(g), []string{"alice", "bob"}) {
		t.Errorf("the game's players %v, want alice (White) then bob (Black)", c.names(g))
	}
}
