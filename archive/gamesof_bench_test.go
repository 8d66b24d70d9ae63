package archive_test

import (
	"context"
	"os"
	"testing"

	"postal/archive"
	"postal/archive/archivegen"
	"postal/engine"
	_ "postal/engine/allgames" // the games the archive is generated with
)

// BenchmarkGamesOf reads a player's games in progress, as the bot does
// after every message, in a copy of the generated archive of 11,000 games
// (1,000 in progress; shared in POSTAL_BENCH_DIR, as "make bench" sets
// it): a player seated in some of them, and one seated in none. Its cost
// follows the player's games, not the club's.
func BenchmarkGamesOf(b *testing.B) {
	ctx := context.Background()
	dir := os.Getenv("POSTAL_BENCH_DIR")
	if dir == "" {
		dir = b.TempDir()
	}
	var games []string
	for _, g := range engine.Games() {
		games = append(games, g.Info().Name)
	}
	path, err := archivegen.Cached(ctx, dir, archivegen.Bench(10000, games))
	if err != nil {
		b.Fatal(err)
	}
	if path, err = archivegen.Copy(path, b.TempDir()); err != nil {
		b.Fatal(err)
	}
	db, err := archive.Open(ctx, path)
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	var seated int64
	err = db.ReadTx(ctx, func(tx *archive.Tx) error {
		g, err := tx.GameByID(archivegen.InProgress(10000)[0])
		if err == nil {
			seated = g.Players[0]
		}
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		player int64
	}{{"seated", seated}, {"none", -1}} {
		b.Run(c.name, func(b *testing.B) {
			n := 0
			for b.Loop() {
				err := db.ReadTx(ctx, func(tx *archive.Tx) error {
					games, err := tx.GamesOf(c.player)
					n = len(games)
					return err
				})
				if err != nil {
					b.Fatal(err)
				}
			}
			if c.player == seated && n == 0 {
				b.Fatalf("player %d has no game in progress", seated)
			}
			b.ReportMetric(float64(n), "games/op")
		})
	}
}
