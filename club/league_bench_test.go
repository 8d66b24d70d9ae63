package club

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"postal/archive"
	"postal/archive/archivegen"
	"postal/club/accounts"
	"postal/club/clock"
	"postal/docs"
	"postal/engine"
	"postal/mailer"
	"postal/site"
	"postal/site/clubarchive"
)

// Targets of issue 37, which the benchmarks report beside their figures.
const (
	seasonTurnTarget = 1000 // ms: a league of 200 players turns a season
	leagueSiteTarget = 100  // ms: the site's update after a league game ends, at 11,000 games
)

// bigLeague makes league name of n players (p001, the first, directs it)
// in game and options in c, entered straight into the archive (the
// registrations and joins are not what is measured), and starts it by
// mail: season 1's games and mails. It returns the league's number.
func bigLeague(b *testing.B, c *club, n int, name, proposal string) int64 {
	b.Helper()
	err := c.db.Tx(context.Background(), func(tx *archive.Tx) error {
		for i := 1; i <= n; i++ {
			p := fmt.Sprintf("p%03d", i)
			key := fmt.Sprintf("key%017d", i)
			if _, err := tx.AddPlayer(p, p+"@example.org", accounts.HashKey(key), c.now); err != nil {
				return err
			}
			c.keys[p] = key
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	c.as("p001", "league "+name+" "+proposal)
	id := read(c, func(tx *archive.Tx) (*archive.Tournament, error) { return tx.TournamentByName(name) }).ID
	err = c.db.Tx(context.Background(), func(tx *archive.Tx) error {
		for i := 2; i <= n; i++ {
			p, err := tx.PlayerByName(fmt.Sprintf("p%03d", i))
			if err != nil {
				return err
			}
			if err := tx.AddEntrant(id, p.ID, c.now); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	c.as("p001", "start "+name)
	return id
}

// endAllBut ends, straight in the archive, every game of season of league
// id but the last (the first seat wins): that one's end turns the season.
func endAllBut(b *testing.B, c *club, id int64, season int) *archive.Game {
	b.Helper()
	var last *archive.Game
	err := c.db.Tx(context.Background(), func(tx *archive.Tx) error {
		games, _, err := tx.RoundGames(id, season)
		if err != nil {
			return err
		}
		for _, g := range games[:len(games)-1] {
			g.Status, g.Result, g.Termination, g.Finished, g.Updated = archive.GameOver, "1-0", "resigned", c.now, c.now
			if err := tx.UpdateGame(g); err != nil {
				return err
			}
		}
		last = games[len(games)-1]
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	return last
}

// BenchmarkLeagueSeasonTurn is a league of 200 players in divisions of 6
// (34 divisions, 510 games a season) turning a season (issue 37: under a
// second): the resignation that ends the season's last game, by mail, and
// all it sets off in its transaction: the final standings of each
// division, the moves between divisions, the next season's divisions and
// pairings, its 510 games started, and a mail to each player queued.
func BenchmarkLeagueSeasonTurn(b *testing.B) {
	c := newClub(b, Options{ReminderPoints: []clock.Point{}})
	id := bigLeague(b, c, 200, "big", "takeaway pile=99 size 6 promote 1 break 0 days 5")
	season := 1
	for b.Loop() {
		b.StopTimer()
		last := endAllBut(b, c, id, season)
		loser := c.names(last)[1]
		b.StartTimer()
		out := c.as(loser, fmt.Sprintf("resign %d", last.ID))
		b.StopTimer()
		season++
		if mails := len(seasonMailsOf(out, "big", season)); mails != 200 {
			b.Fatalf("season %d begun with %d mails, want 200", season, mails)
		}
		if n := len(divisions(c, id, season)); n != 34 {
			b.Fatalf("season %d has %d divisions, want 34", season, n)
		}
		b.StartTimer()
	}
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/turn")
	b.ReportMetric(seasonTurnTarget, "target-ms")
}

// seasonMailsOf counts the mails of out about season of league name.
func seasonMailsOf(out []mailer.Outbound, name string, season int) []mailer.Outbound {
	var got []mailer.Outbound
	prefix := fmt.Sprintf("[postal] %s: season %d, division ", name, season)
	for _, m := range out {
		if strings.HasPrefix(m.Subject, prefix) {
			got = append(got, m)
		}
	}
	return got
}

// benchArchivePath is a copy of the generated archive of n finished games
// and n/10 in progress, the site's benchmarks' (generated once into
// POSTAL_BENCH_DIR, as "make bench" sets it).
func benchArchivePath(b *testing.B, n int) string {
	b.Helper()
	dir := os.Getenv("POSTAL_BENCH_DIR")
	if dir == "" {
		dir = b.TempDir()
	}
	var games []string
	for _, g := range engine.Games() {
		if name := g.Info().Name; name != "test-nim" && name != "takeaway" { // the daemon's games, as the site's benchmarks
			games = append(games, name)
		}
	}
	path, err := archivegen.Cached(context.Background(), dir, archivegen.Bench(n, games))
	if err != nil {
		b.Fatal(err)
	}
	if path, err = archivegen.Copy(path, b.TempDir()); err != nil {
		b.Fatal(err)
	}
	return path
}

// BenchmarkLeagueSiteUpdate is the daemon's update of its site after a
// league game ends (issue 37: under 100 ms at 11,000 games): in the
// generated archive of 10,000 finished games and 1,000 in progress, a
// league of 200 players in 34 divisions, its 510 games of Imperial Chess
// in play; each op is the update after one of them ends (a move each, then
// a resignation, by mail): the game's page and lists, its players', and
// the league's page of 34 divisions, the index and the feed.
func BenchmarkLeagueSiteUpdate(b *testing.B) {
	ctx := context.Background()
	c := clubAt(b, benchArchivePath(b, 10000), Options{ReminderPoints: []clock.Point{}, CatchUp: 1 << 30})
	id := bigLeague(b, c, 200, "big", "imperial-chess size 6 promote 1 break 0 days 5")
	opts := site.Options{OutDir: filepath.Join(b.TempDir(), "site"), Title: "Bench club", Club: "postal@demo.test", Rules: docs.Rules(), Logger: slog.New(slog.DiscardHandler)}
	pub := site.NewPublisher(clubarchive.Source{DB: c.db, Club: "postal@demo.test"}, opts)
	if _, err := pub.Build(ctx); err != nil {
		b.Fatal(err)
	}
	games := seasonGames(c, id, 1)
	i := 0
	for b.Loop() {
		b.StopTimer()
		if i == len(games)-1 {
			b.Fatal("the season is all but over") // its last game would begin the next
		}
		g := games[i]
		i++
		names := c.names(g)
		for seat := range names {
			row := c.game(g.ID)
			game, _ := engine.Lookup(row.Game)
			pos, _ := game.ParsePosition(row.Position)
			c.as(names[seat], fmt.Sprintf("move %d %s", g.ID, pos.Legal(engine.Player(seat))[0]))
		}
		c.as(names[1], fmt.Sprintf("resign %d", g.ID))
		if c.game(g.ID).Status != archive.GameOver {
			b.Fatalf("game %d goes on", g.ID)
		}
		b.StartTimer()
		st, err := pub.Update(ctx)
		if err != nil {
			b.Fatal(err)
		}
		if st.Full || st.Changed < 1 {
			b.Fatalf("the update after a league game's end: %+v", st)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/update")
	b.ReportMetric(leagueSiteTarget, "target-ms")
}
