package site_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"postal/archive"
	"postal/archive/archivegen"
	"postal/site"
	"postal/site/clubarchive"
)

// BenchmarkUpdateTournamentGame is the daemon's update of its site after a
// tournament game ends (issue 25: under 100 ms at 10,000 games): the game's
// page and lists as after any game, and its tournament's page, the index of
// tournaments and the feed. The tournament is a round robin made of 45 of
// the archive's games in progress and their players; each op ends one.
func BenchmarkUpdateTournamentGame(b *testing.B) {
	n := *benchGames
	b.Run(fmt.Sprintf("games=%d", n+n/10), func(b *testing.B) {
		ctx := context.Background()
		db := benchArchive(b, n)
		games := archivegen.InProgress(n)[:45]
		now := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
		var tid int64
		err := db.Tx(ctx, func(tx *archive.Tx) error {
			t := &archive.Tournament{Name: "bench-cup", DirectorID: 1, Game: "conflagration", Config: "conflagration", Format: "round-robin", Days: 3, Control: "days 3", Created: now}
			if err := tx.AddTournament(t); err != nil {
				return err
			}
			tid = t.ID
			seen := map[int64]bool{}
			for i, id := range games {
				g, err := tx.GameByID(id)
				if err != nil {
					return err
				}
				for _, p := range g.Players {
					if !seen[p] {
						seen[p] = true
						if err := tx.AddEntrant(t.ID, p, now); err != nil {
							return err
						}
					}
				}
				if err := tx.AddTournamentGame(t.ID, archive.TournamentGame{GameID: id, Round: 1 + i/5, Board: 1 + i%5}); err != nil {
					return err
				}
			}
			t.Status, t.Started = archive.TournamentRunning, now
			return tx.UpdateTournament(t)
		})
		if err != nil {
			b.Fatal(err)
		}
		pub := site.NewPublisher(clubarchive.Source{DB: db}, benchOptions(filepath.Join(b.TempDir(), "site")))
		if _, err := pub.Build(ctx); err != nil {
			b.Fatal(err)
		}
		i := 0
		for b.Loop() {
			b.StopTimer()
			if i == len(games) {
				b.Fatal("every game of the tournament is over")
			}
			id := games[i]
			i++
			err := db.Tx(ctx, func(tx *archive.Tx) error {
				g, err := tx.GameByID(id)
				if err != nil {
					return err
				}
				g.Status, g.Result, g.Termination, g.Finished, g.Updated = archive.GameOver, "1-0", "resigned", now, now
				if err := tx.UpdateGame(g); err != nil {
					return err
				}
				return tx.AddAct(tid, archive.Act{At: now.Add(time.Duration(i) * time.Second), Act: "adjudicate", GameID: id, Detail: "1-0"})
			})
			if err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
			st, err := pub.Update(ctx)
			if err != nil {
				b.Fatal(err)
			}
			if st.Full || st.Changed != 1 {
				b.Fatalf("the update after a game's end: %+v", st)
			}
		}
	})
}
