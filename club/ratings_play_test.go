package club

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"postal/archive"
	"postal/archive/archivegen"
	"postal/club/clock"
	"postal/club/rating"
	"postal/engine"
)

// moveEach has every seat of game id, in the order they come to move,
// make a move of its own by mail (the first legal move): after it the
// game has been played by all.
func moveEach(c *club, t *testing.T, id int64) {
	t.Helper()
	names := c.names(c.game(id))
	moved := map[engine.Player]bool{}
	for len(moved) < len(names) {
		pos := positionOf(c, t, id)
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
func gameOfPair(c *club, games []*archive.Game, a, b string) int64 {
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
func ratedSeats(c *club, id int64) []archive.RatedSeat {
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
	games := eventGames(c, 1)
	if len(games) != 6 {
		t.Fatalf("%d games", len(games))
	}
	bobCarol := gameOfPair(c, games, "bob", "carol")
	moveEach(c, t, bobCarol)
	out := c.as("carol", fmt.Sprintf("resign %d", bobCarol))
	says(t, to(t, out, "bob@example.org"), "Ratings (initiative): ")
	if len(ratedSeats(c, bobCarol)) != 2 {
		t.Fatalf("game #%d, played and resigned, is not rated", bobCarol)
	}
	c.now = c.now.Add(time.Hour)
	aliceDave := gameOfPair(c, games, "alice", "dave")
	moveEach(c, t, aliceDave)
	c.as("dave", fmt.Sprintf("resign %d", aliceDave))
	c.now = c.now.Add(time.Hour)
	aliceCarol := gameOfPair(c, games, "alice", "carol")
	moveEach(c, t, aliceCarol)

	// alice plays in cup: erin, her co-director, judges (issue 32).
	c.register("erin")
	c.as("alice", "codirector cup erin")
	out = c.as("erin", "remove carol rude")
	reply := c.reply(out)
	says(t, reply, "carol played 1 of 3 games, under half: every result of theirs in cup is annulled.",
		fmt.Sprintf("The rating changes of game #%d are taken back.", bobCarol))
	for _, m := range mailsTo(out, "bob") {
		if m.Subject == "[postal] cup: carol is out" {
			says(t, m, fmt.Sprintf("The rating changes of game #%d are taken back.", bobCarol))
		}
	}
	for _, g := range eventGames(c, 1) {
		if slices.Contains(c.names(g), "carol") && len(ratedSeats(c, g.ID)) > 0 {
			t.Errorf("game #%d of carol, annulled, is rated: %+v", g.ID, ratedSeats(c, g.ID))
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
	chk := recomputeAgrees(c)
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
	games := eventGames(c, 1)
	played, unplayed := gameOfPair(c, games, "alice", "dave"), gameOfPair(c, games, "bob", "carol")
	moveEach(c, t, played)
	c.as("dave", "leave ko")
	if len(ratedSeats(c, played)) != 2 {
		t.Errorf("game #%d, played by both and forfeited, is not rated", played)
	}
	c.as("carol", "leave ko")
	if g := c.game(unplayed); g.Status != archive.GameOver || len(ratedSeats(c, unplayed)) != 0 {
		t.Errorf("game #%d, forfeited unplayed: %s, rated seats %+v", unplayed, g.Status, ratedSeats(c, unplayed))
	}
	recomputeAgrees(c)
}

// upgradeFromBeforeRatings puts in place of c's archive one as a postal
// from before ratings left it (archivegen.BeforeRatings with o), with
// change, SQL of that schema, applied to it, and opens it as the club
// does after an upgrade.
func upgradeFromBeforeRatings(c *club, o archivegen.Options, change string) {
	c.t.Helper()
	c.db.Close()
	for _, f := range []string{c.path, c.path + "-wal", c.path + "-shm"} {
		if err := os.Remove(f); err != nil && !errors.Is(err, fs.ErrNotExist) {
			c.t.Fatal(err)
		}
	}
	if _, err := archivegen.BeforeRatings(context.Background(), c.path, o); err != nil {
		c.t.Fatal(err)
	}
	raw, err := sql.Open("sqlite", c.path)
	if err != nil {
		c.t.Fatal(err)
	}
	_, err = raw.Exec(change)
	raw.Close()
	if err != nil {
		c.t.Fatal(err)
	}
	c.restart()
}

// Issue 35, acceptance: the ratings of a mixed archive recomputed from
// scratch equal the stored ones, before and after the games from before
// the upgrade are rated, and equal what the club's game-by-game updates
// give. The archive: 6 games of Imperial Chess finished before the upgrade
// (the bot's among them, one at a level the archive kept), one in play
// then that ends on time after it, and since, by mail: a game with the bot,
// a round robin with games rated and then annulled, a game "unrated".
func TestMixedArchiveRatings(t *testing.T) {
	ctx := context.Background()
	c := newClub(t, Options{Bot: &BotOptions{}, ReminderPoints: []clock.Point{}})
	upgradeFromBeforeRatings(c, archivegen.Options{Games: []string{"imperial-chess"}, Finished: 6, Active: 1, Players: 3, MaxPlies: 12, Seed: 7},
		`UPDATE players SET name = 'bot', address = 'postal+bot.bot@demo.test' WHERE id = 3;
		INSERT INTO bot_games (game_id, level) SELECT MIN(id), 3 FROM games WHERE status = 'over' AND 3 IN (first_id, second_id);`)
	if chk := recomputeAgrees(c); chk.Games != 6 || chk.Rated != 0 || chk.BeforeRatings != 6 {
		t.Fatalf("upgraded: %d games, %d rated, %d from before ratings; want 6, 0, 6", chk.Games, chk.Rated, chk.BeforeRatings)
	}
	for _, p := range []string{"alice", "bob", "carol", "dave"} {
		c.register(p)
	}
	c.now = time.Now().Add(time.Hour) // after the upgrade, as a daemon's clock
	c.tick()                          // game 7, in play at the upgrade, ends on time
	if g := c.game(7); g.Status != archive.GameOver {
		t.Fatalf("game 7: %s", g.Status)
	}

	// alice against the bot, which moves first.
	out := c.as("alice", "challenge bot imperial-chess as second")
	botGame := gameOf(t, to(t, out, "alice@example.org"))
	turns := c.botTurns()
	if len(turns) != 1 || turns[0].game != botGame {
		t.Fatalf("bot turns %+v", turns)
	}
	if err := c.s.botMove(ctx, turns[0], turns[0].pos.Legal(engine.First)[0].String()); err != nil {
		t.Fatal(err)
	}
	pos := positionOf(c, t, botGame)
	c.as("alice", fmt.Sprintf("move %d %s", botGame, pos.Legal(engine.Second)[0]))
	c.now = c.now.Add(time.Hour)
	says(t, to(t, c.as("alice", fmt.Sprintf("resign %d", botGame)), "alice@example.org"), "Ratings (imperial-chess): bot-2 ")

	// A round robin: bob beats carol, alice beats dave, then carol is
	// removed with one game of three played, annulled.
	c.as("alice", "tournament cup imperial-chess round-robin players 4")
	for _, p := range []string{"bob", "carol", "dave"} {
		c.as(p, "join cup")
	}
	games := eventGames(c, 1)
	for _, pair := range [][3]string{{"bob", "carol", "carol"}, {"alice", "dave", "dave"}} {
		id := gameOfPair(c, games, pair[0], pair[1])
		moveEach(c, t, id)
		c.now = c.now.Add(time.Hour)
		c.as(pair[2], fmt.Sprintf("resign %d", id))
	}
	c.register("erin") // alice plays in cup: erin, her co-director, judges (issue 32)
	c.as("alice", "codirector cup erin")
	says(t, c.reply(c.as("erin", "remove carol rude")), "are taken back")

	// A challenge "unrated".
	out = c.as("alice", "challenge bob imperial-chess as first unrated")
	out = c.replyTo(to(t, out, "bob@example.org"), "accept")
	unrated := gameOf(t, to(t, out, "alice@example.org"))
	moveEach(c, t, unrated)
	c.now = c.now.Add(time.Hour)
	c.as("bob", fmt.Sprintf("resign %d", unrated))
	if len(ratedSeats(c, unrated)) != 0 {
		t.Fatalf("game #%d, unrated, is rated", unrated)
	}

	chk := recomputeAgrees(c)
	since := chk.Rated // game 7 (when played by both), the bot's, alice-dave
	if since < 2 || chk.BeforeRatings != 6 {
		t.Fatalf("before --all: %d rated, %d from before ratings", chk.Rated, chk.BeforeRatings)
	}
	n, err := RateBeforeRatings(ctx, c.db, c.s)
	if err != nil || n != 6 {
		t.Fatalf("RateBeforeRatings: %d, %v; want 6", n, err)
	}
	chk = recomputeAgrees(c)
	if chk.BeforeRatings != 0 || chk.Rated <= since {
		t.Errorf("after --all: %d rated (%d before), %d from before ratings", chk.Rated, since, chk.BeforeRatings)
	}
	levels := map[int]bool{}
	for _, s := range chk.Standings {
		if s.PlayerID == 3 {
			levels[s.Level] = true
		}
	}
	if !levels[2] || !levels[3] || levels[0] {
		t.Errorf("the bot rated at levels %v; want 2 (its default) and 3 (kept)", levels)
	}
	// The club's updates, a game at a time in the order they ended, give
	// the same numbers.
	stored := c.standings("")
	raw, err := sql.Open("sqlite", c.path)
	if err != nil {
		t.Fatal(err)
	}
	_, err = raw.Exec(`DELETE FROM ratings; DELETE FROM rating_history`)
	raw.Close()
	if err != nil {
		t.Fatal(err)
	}
	rateGenerated(t, c.s, c.db)
	if again := c.standings(""); !slices.Equal(again, stored) {
		t.Errorf("game by game:\n%+v\nstored:\n%+v", again, stored)
	}
	recomputeAgrees(c)
}

// An annulment takes back a game of three too: dave, North (the third
// seat) at a table he played to its end, leaves the round robin of tables
// with one of his three played; that table's ratings are taken back, and
// the recompute agrees.
func TestAnnulledTableTakenBack(t *testing.T) {
	c := newClub(t, Options{ReminderPoints: []clock.Point{}})
	for _, p := range []string{"alice", "bob", "carol", "dave"} {
		c.register(p)
	}
	c.as("alice", "tournament tri superial-chess multiplayer players=3 round-robin")
	for _, p := range []string{"bob", "carol", "dave"} {
		c.as(p, "join tri")
	}
	says(t, c.reply(c.as("alice", "start tri")), "Every game starts at once: 4 games")
	var table *archive.Game
	for _, g := range eventGames(c, 1) {
		if c.names(g)[2] == "dave" {
			table = g
		}
	}
	if table == nil {
		t.Fatal("dave is North at no table")
	}
	moveEach(c, t, table.ID)
	names := c.names(table)
	c.as(names[0], fmt.Sprintf("resign %d", table.ID))
	c.as(names[1], fmt.Sprintf("resign %d", table.ID))
	if g := c.game(table.ID); g.Status != archive.GameOver || len(ratedSeats(c, table.ID)) != 3 {
		t.Fatalf("game #%d: %s, %d seats rated; want over and rated", table.ID, g.Status, len(ratedSeats(c, table.ID)))
	}
	says(t, c.reply(c.as("dave", "leave tri")), "every result of theirs in tri is annulled",
		fmt.Sprintf("The rating changes of game #%d are taken back.", table.ID))
	if len(ratedSeats(c, table.ID)) != 0 || len(c.standings("")) != 0 {
		t.Errorf("after the annulment: seats %+v, standings %+v", ratedSeats(c, table.ID), c.standings(""))
	}
	recomputeAgrees(c)
}
