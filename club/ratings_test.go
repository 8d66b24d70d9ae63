package club

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"postal/archive"
	"postal/archive/archivegen"
	"postal/club/rating"
	"postal/club/ratings"
	"postal/engine/enginetest/long"
	"postal/mailer"
)

// recomputeAgrees checks that the ratings recomputed from the archive are
// the ones the club stored game by game, and returns them.
func recomputeAgrees(c *club) ratings.Check {
	c.t.Helper()
	chk, err := ratings.Recompute(context.Background(), c.db)
	if err != nil {
		c.t.Fatal(err)
	}
	for _, m := range chk.Mismatches {
		c.t.Errorf("recompute: %s", m)
	}
	return chk
}

func (c *club) standings(list string) []archive.Standing {
	c.t.Helper()
	return read(c, func(tx *archive.Tx) ([]archive.Standing, error) { return tx.Standings(list) })
}

// playTakeaway has challenger and opponent (registered) play a game of
// takeaway with the challenger first, each making one move, after which
// loser resigns. It returns the mails the resignation sent.
func playTakeaway(c *club, challenger, opponent, loser, extra string) []mailer.Outbound {
	c.t.Helper()
	out := c.mail(challenger+"@example.org", "x", "key "+c.keys[challenger]+"\nchallenge "+opponent+" takeaway as first"+extra)
	out = c.replyTo(to(c.t, out, opponent+"@example.org"), "accept")
	start := to(c.t, out, challenger+"@example.org")
	id := gameOf(c.t, start)
	out = c.replyTo(start, "t1")
	c.replyTo(to(c.t, out, opponent+"@example.org"), "t1")
	c.now = c.now.Add(time.Hour)
	return c.mail(loser+"@example.org", "x", fmt.Sprintf("key %s\nresign %d", c.keys[loser], id))
}

// gameOf is the game number of a mail's subject tag "[postal #N]".
func gameOf(t testing.TB, m mailer.Outbound) int64 {
	t.Helper()
	var id int64
	if _, err := fmt.Sscanf(m.Subject, "[postal #%d]", &id); err != nil {
		t.Fatalf("no game in %q", m.Subject)
	}
	return id
}

// TestRatingsByMail: a rated game that ends updates both players at once
// (one Glicko-2 period), the game-over mails say by how much, "ratings"
// answers the list with the sender's place, and a recompute from the
// archive gives the same numbers.
func TestRatingsByMail(t *testing.T) {
	c := newClub(t, Options{})
	for _, p := range []string{"alice", "bob", "carol"} {
		c.register(p)
	}
	out := playTakeaway(c, "alice", "bob", "alice", "")
	contains(t, to(t, out, "alice@example.org"), "Ratings (takeaway): alice 1338? (-162), bob 1662? (+162).")
	contains(t, to(t, out, "bob@example.org"), "Game #1 is over", "Ratings (takeaway): alice 1338? (-162), bob 1662? (+162).")
	want, _ := rating.Play([]rating.Player{rating.Newcomer(), rating.Newcomer()}, []int{2, 1}, c.now)
	ss := c.standings("takeaway")
	if len(ss) != 2 || ss[0].Rating != want[1].Rating.Rating || ss[0].RD != want[1].RD || ss[1].Rating != want[0].Rating.Rating || ss[0].Games != 1 || !ss[0].Last.Equal(c.now) {
		t.Fatalf("standings %+v, want bob %+v first and alice %+v", ss, want[1], want[0])
	}
	// The tournaments read ratings through Rating: 1500/350 for nobody.
	read(c, func(tx *archive.Tx) (bool, error) {
		bob, _ := tx.PlayerByName("bob")
		carol, _ := tx.PlayerByName("carol")
		if r, rd, err := tx.Rating(bob.ID, "takeaway"); err != nil || r != want[1].Rating.Rating || rd != want[1].RD {
			t.Errorf("Rating(bob) = %v %v %v", r, rd, err)
		}
		if r, rd, err := tx.Rating(carol.ID, "takeaway"); err != nil || r != 1500 || rd != 350 {
			t.Errorf("Rating(carol) = %v %v %v, want 1500 350", r, rd, err)
		}
		return true, nil
	})
	c.now = c.now.Add(24 * time.Hour)
	playTakeaway(c, "carol", "bob", "bob", "")
	c.now = c.now.Add(40 * 24 * time.Hour) // bob idle for a period
	playTakeaway(c, "bob", "alice", "alice", "")
	chk := recomputeAgrees(c)
	if chk.Rated != 3 || len(chk.Standings) != 3 {
		t.Errorf("recompute: %d rated games, %d standings; want 3 and 3", chk.Rated, len(chk.Standings))
	}

	out = c.mail("carol@example.org", "x", c.withKey("carol@example.org", "ratings takeaway"))
	m := to(t, out, "carol@example.org")
	contains(t, m, "ratings of takeaway", "takeaway: 3 players", "#  player", "1  carol", "2  bob", "3  alice", "provisional")
	if strings.Contains(m.Text, "no rating in takeaway") {
		t.Errorf("carol is rated, and told she is not:\n%s", m.Text)
	}
	for _, line := range strings.Split(m.Text, "\n") {
		if len([]rune(line)) > 78 {
			t.Errorf("line over 78 columns: %q", line)
		}
	}
	c.register("dave")
	out = c.mail("dave@example.org", "x", c.withKey("dave@example.org", "ratings"))
	contains(t, to(t, out, "dave@example.org"), "takeaway: 3 players", "You have no rating in takeaway yet.")
	out = c.mail("dave@example.org", "x", c.withKey("dave@example.org", "ratings chess"))
	contains(t, to(t, out, "dave@example.org"), `postal does not play "chess"`)
	// A ruleset's list by the name the mails give it.
	out = c.mail("dave@example.org", "x", c.withKey("dave@example.org", "ratings superial-chess-vs-chess"))
	contains(t, to(t, out, "dave@example.org"), "ratings of superial-chess-vs-chess", "superial-chess-vs-chess: 0 players")
	out = c.mail("dave@example.org", "x", "key "+c.keys["dave"]+"\nhelp ratings") // help needs proof
	contains(t, to(t, out, "dave@example.org"), "ratings conflagration", "provisional and shown with \"?\"")
}

// TestUnratedGames: a challenge "unrated", and a game that ends before each
// player moved, change no rating; the recompute agrees.
func TestUnratedGames(t *testing.T) {
	c := newClub(t, Options{})
	c.register("alice")
	c.register("bob")
	out := playTakeaway(c, "alice", "bob", "alice", " unrated")
	if m := to(t, out, "bob@example.org"); strings.Contains(m.Text, "Ratings") {
		t.Errorf("an unrated game names ratings:\n%s", m.Text)
	}
	if ss := c.standings(""); len(ss) != 0 {
		t.Errorf("an unrated game rated: %+v", ss)
	}
	// bob resigns before his first move: not rated.
	out = c.mail("alice@example.org", "x", "key "+c.keys["alice"]+"\nchallenge bob takeaway as first")
	out = c.replyTo(to(t, out, "bob@example.org"), "accept")
	out = c.replyTo(to(t, out, "alice@example.org"), "t1")
	c.replyTo(to(t, out, "bob@example.org"), "resign")
	if g := c.game(2); g.Status != archive.GameOver {
		t.Fatalf("game 2 not over: %+v", g)
	}
	if ss := c.standings(""); len(ss) != 0 {
		t.Errorf("a game ended before bob moved was rated: %+v", ss)
	}
	out = c.mail("alice@example.org", "x", "key "+c.keys["alice"]+"\nchallenge bob takeaway unrated level 2")
	contains(t, to(t, out, "alice@example.org"), "only the bot plays at a level")
	chk := recomputeAgrees(c)
	if chk.Games != 2 || chk.Rated != 0 {
		t.Errorf("recompute read %d games, rated %d; want 2 and 0", chk.Games, chk.Rated)
	}
}

// TestBotLevelsRated: the bot at each level is a rated player of its own
// ("bot-3"); the recompute knows it from the archive alone.
func TestBotLevelsRated(t *testing.T) {
	c := newClub(t, Options{Bot: &BotOptions{}})
	c.register("alice")
	for _, level := range []int{3, 0} { // 0: the default level, 2
		extra := ""
		if level != 0 {
			extra = fmt.Sprintf(" level %d", level)
		}
		out := c.mail("alice@example.org", "bot", "key "+c.keys["alice"]+"\nchallenge bot takeaway as second"+extra)
		id := gameOf(t, to(t, out, "alice@example.org"))
		turns := c.botTurns()
		if len(turns) != 1 || turns[0].game != id {
			t.Fatalf("bot turns %+v", turns)
		}
		c.now = c.now.Add(time.Minute)
		if err := c.s.botMove(context.Background(), turns[0], "t1"); err != nil {
			t.Fatal(err)
		}
		m := to(t, c.outbox(), "alice@example.org")
		out = c.replyTo(m, "t1\nresign")
		// The bot at each level starts at 1500 as a newcomer.
		want := "Ratings (takeaway): bot-3 1662? (+162), alice 1338? (-162)."
		if level == 0 {
			want = "Ratings (takeaway): bot-2 1617? (+117), alice 1249? (-88)."
		}
		contains(t, to(t, out, "alice@example.org"), want)
	}
	ss := c.standings("takeaway")
	if len(ss) != 3 {
		t.Fatalf("standings %+v: want alice, bot-3 and bot-2", ss)
	}
	levels := map[int]bool{}
	for _, s := range ss {
		levels[s.Level] = true
	}
	if !levels[0] || !levels[2] || !levels[3] {
		t.Errorf("levels %v, want 0, 2 and 3", levels)
	}
	recomputeAgrees(c)
	out := c.mail("alice@example.org", "x", c.withKey("alice@example.org", "ratings takeaway"))
	contains(t, to(t, out, "alice@example.org"), "bot-3", "bot-2", "alice")
}

// TestRatingsRecomputeGenerated: the club's game-by-game updates and the
// recompute from the archive give the same numbers on a generated archive
// of every game (10,000 games in the long run): games of two and of four
// (pairings by places), draws, resignations, timeouts, players idle for
// months.
func TestRatingsRecomputeGenerated(t *testing.T) {
	n := long.Sized(10000, 600, 200)
	c := newClub(t, Options{})
	ctx := context.Background()
	if _, err := archivegen.Generate(ctx, c.db, archivegen.Options{Finished: n, Active: 10, MaxPlies: 12, Seed: 25, Players: 30}); err != nil {
		t.Fatal(err)
	}
	rateGenerated(t, c.s, c.db)
	chk := recomputeAgrees(c)
	if chk.Games != n || chk.Rated < n/2 {
		t.Errorf("recompute read %d games and rated %d; want %d, most of them rated", chk.Games, chk.Rated, n)
	}
	var lists, four int
	seen := map[string]bool{}
	for _, s := range chk.Standings {
		if !seen[s.List] {
			seen[s.List], lists = true, lists+1
		}
		if math.IsNaN(s.Rating) || s.RD <= 0 || s.RD > rating.StartRD {
			t.Errorf("standing %+v", s)
		}
	}
	id := firstOfFour(t, c)
	four = len(read(c, func(tx *archive.Tx) ([]archive.RatedSeat, error) { return tx.RatedSeatsOf(id) }))
	if lists < 5 || four != 4 {
		t.Errorf("%d lists (want every game's, vs-chess apart), %d seats rated in a game of four", lists, four)
	}
}

// firstOfFour is the first rated game of four players.
func firstOfFour(t *testing.T, c *club) int64 {
	t.Helper()
	hist := read(c, func(tx *archive.Tx) ([]archive.RatedSeat, error) { return tx.RatingHistory(nil) })
	for _, h := range hist {
		if h.Seat == 3 {
			return h.GameID
		}
	}
	t.Fatal("no game of four rated")
	return 0
}

// rateGenerated rates the finished games of a generated archive as the
// club does when each ends: one transaction a game, in the order they
// ended.
func rateGenerated(t testing.TB, s *Service, db *archive.DB) {
	t.Helper()
	ctx := context.Background()
	var ended []archive.Ended
	err := db.Tx(ctx, func(tx *archive.Tx) error {
		var err error
		ended, _, err = tx.EndedGames(nil)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ended {
		err := db.Tx(ctx, func(tx *archive.Tx) error {
			row, err := tx.GameByID(e.ID)
			if err != nil {
				return err
			}
			return s.RateEnded(tx, row)
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

// BenchmarkRecompute recomputes the ratings of 10,000 generated games
// (issue 25: under 2 s), and checks them against those stored.
func BenchmarkRecompute(b *testing.B) {
	c := newClub(b, Options{})
	ctx := context.Background()
	if _, err := archivegen.Generate(ctx, c.db, archivegen.Options{Finished: 10000, MaxPlies: 80, Seed: 25, Players: 40}); err != nil {
		b.Fatal(err)
	}
	rateGenerated(b, c.s, c.db)
	b.ResetTimer()
	for b.Loop() {
		chk, err := ratings.Recompute(ctx, c.db)
		if err != nil || len(chk.Mismatches) > 0 || chk.Games != 10000 {
			b.Fatalf("%d games, %d mismatches, %v", chk.Games, len(chk.Mismatches), err)
		}
	}
}
