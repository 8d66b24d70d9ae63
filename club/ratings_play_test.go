package club

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"postal/archive"
	"postal/club/clock"
	"postal/club/rating"
	"postal/engine"
)

// moveEach has every seat of game id, in the order they come to move,
// make a move of its own by mail (the first legal move): after it the
// game has been played by all.
func (c *club) moveEach(t *testing.T, id int64) {
	t.Helper()
	names := c.names(c.game(id))
	moved := map[engine.Player]bool{}
	for len(moved) < len(names) {
		pos := c.positionOf(t, id)
		var side engine.Player = -1
		for _, p := range pos.ToMove() {
			if p >= 0 {
				side = p
				break
			}
		}
		if side < 0 || c.game(id).Status != archive.GameActive {
			t.Fatalf("game #%d: nobody to move in %s", id, pos)
		}
		says(t, c.reply(c.as(names[side], fmt.Sprintf("move %d %s", id, pos.Legal(side)[0]))), fmt.Sprintf("played in game #%d", id))
		moved[side] = true
	}
}

// gameOfPair is the game of games between the two players named.
func (c *club) gameOfPair(games []*archive.Game, a, b string) int64 {
	c.t.Helper()
	for _, g := range games {
		if names := c.names(g); slices.Contains(names, a) && slices.Contains(names, b) {
			return g.ID
		}
	}
	c.t.Fatalf("no game of %s and %s", a, b)
	return 0
}

// ratedSeats are the rated seats of game id: none when it is not rated.
func (c *club) ratedSeats(id int64) []archive.RatedSeat {
	c.t.Helper()
	return read(c, func(tx *archive.Tx) ([]archive.RatedSeat, error) { return tx.RatedSeatsOf(id) })
}

// Issue 35, finding 5: rating follows play. In a round robin carol loses
// a played game to bob (rated), then her director removes her with one of
// her three games played: every result of hers is annulled, so the
// ratings are as if her games had never been: bob, who played only her,
// has no rating; alice and dave are rated by their game alone; her game
// with alice, played by both and forfeited, is not rated. The reply and
// the news say the ratings were taken back, and the recompute agrees.
func TestAnnulledGamesAreNotRated(t *testing.T) {
	c := newClub(t, Options{ReminderPoints: []clock.Point{}})
	for _, p := range []string{"alice", "bob", "carol", "dave"} {
		c.register(p)
	}
	c.as("alice", "tournament cup initiative round-robin players 4")
	for _, p := range []string{"bob", "carol", "dave"} {
		c.as(p, "join cup")
	}
	games := c.eventGames(1)
	if len(games) != 6 {
		t.Fatalf("%d games", len(games))
	}
	bobCarol := c.gameOfPair(games, "bob", "carol")
	c.moveEach(t, bobCarol)
	out := c.as("carol", fmt.Sprintf("resign %d", bobCarol))
	says(t, to(t, out, "bob@example.org"), "Ratings (initiative): ")
	if len(c.ratedSeats(bobCarol)) != 2 {
		t.Fatalf("game #%d, played and resigned, is not rated", bobCarol)
	}
	c.now = c.now.Add(time.Hour)
	aliceDave := c.gameOfPair(games, "alice", "dave")
	c.moveEach(t, aliceDave)
	c.as("dave", fmt.Sprintf("resign %d", aliceDave))
	c.now = c.now.Add(time.Hour)
	aliceCarol := c.gameOfPair(games, "alice", "carol")
	c.moveEach(t, aliceCarol)

	out = c.as("alice", "remove carol rude")
	reply := c.reply(out)
	says(t, reply, "carol played 1 of 3 games, under half: every result of theirs in cup is annulled.",
		fmt.Sprintf("The rating changes of game #%d are taken back.", bobCarol))
	for _, m := range mailsTo(out, "bob") {
		if m.Subject == "[postal] cup: carol is out" {
			says(t, m, fmt.Sprintf("The rating changes of game #%d are taken back.", bobCarol))
		}
	}
	for _, g := range c.eventGames(1) {
		if slices.Contains(c.names(g), "carol") && len(c.ratedSeats(g.ID)) > 0 {
			t.Errorf("game #%d of carol, annulled, is rated: %+v", g.ID, c.ratedSeats(g.ID))
		}
	}
	if c.game(aliceCarol).Status != archive.GameOver {
		t.Fatalf("game #%d goes on", aliceCarol)
	}
	// alice and dave as newcomers, alice first: their game is the list.
	ss := c.standings("initiative")
	want, _ := rating.Play([]rating.Player{rating.Newcomer(), rating.Newcomer()}, []int{1, 2}, c.game(aliceDave).Finished)
	if len(ss) != 2 || ss[0].Rating != want[0].Rating.Rating || ss[1].Rating != want[1].Rating.Rating || ss[0].Games != 1 || ss[1].Games != 1 {
		t.Errorf("standings %+v, want alice %.1f and dave %.1f alone", ss, want[0].Rating.Rating, want[1].Rating.Rating)
	}
	chk := c.recomputeAgrees()
	if chk.Rated != 1 {
		t.Errorf("the recompute rated %d games, want 1 (alice-dave)", chk.Rated)
	}
	m := to(t, c.as("bob", "ratings initiative"), "bob@example.org")
	if !strings.Contains(m.Text, "You have no rating in initiative yet.") {
		t.Errorf("bob played only carol, annulled, and is rated:\n%s", m.Text)
	}
}

// A forfeit ends a game as a resignation does: rated when each player
// made a move, not when one never did (a forfeit unplayed). In a knockout
// results stand when a player leaves.
func TestForfeitsRatedAsPlayed(t *testing.T) {
	c := newClub(t, Options{ReminderPoints: []clock.Point{}})
	for _, p := range []string{"alice", "bob", "carol", "dave"} {
		c.register(p)
	}
	c.as("alice", "tournament ko initiative knockout players 4")
	for _, p := range []string{"bob", "carol", "dave"} {
		c.as(p, "join ko")
	}
	games := c.eventGames(1)
	played, unplayed := c.gameOfPair(games, "alice", "dave"), c.gameOfPair(games, "bob", "carol")
	c.moveEach(t, played)
	c.as("dave", "leave ko")
	if len(c.ratedSeats(played)) != 2 {
		t.Errorf("game #%d, played by both and forfeited, is not rated", played)
	}
	c.as("carol", "leave ko")
	if g := c.game(unplayed); g.Status != archive.GameOver || len(c.ratedSeats(unplayed)) != 0 {
		t.Errorf("game #%d, forfeited unplayed: %s, rated seats %+v", unplayed, g.Status, c.ratedSeats(unplayed))
	}
	c.recomputeAgrees()
}
