package club

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"postal/archive"
	"postal/club/clock"
	"postal/mailer"
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
			if _, err := tx.AddPlayer(p, p+"@example.org", hashKey(key), c.now); err != nil {
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
		if n := len(c.divisions(id, season)); n != 34 {
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
