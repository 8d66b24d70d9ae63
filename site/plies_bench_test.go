package site

import (
	"testing"

	"postal/engine"
)

// BenchmarkPlyData is the cost of a game page's boards: replaying a game
// and drawing every ply (newPlyData), for random games of every type.
func BenchmarkPlyData(b *testing.B) {
	games := randomArchive(b, 2*len(engine.Games()), 11)
	plies := 0
	for _, g := range games {
		plies += len(g.Record.Moves) + 1
	}
	b.Run("replay", func(b *testing.B) {
		for b.Loop() {
			for i := range games {
				if _, err := replay(&games[i]); err != nil {
					b.Fatal(err)
				}
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(plies), "ns/ply")
	})
	b.Run("boards", func(b *testing.B) {
		all := make([][]engine.Position, len(games))
		for i := range games {
			all[i], _ = replay(&games[i])
		}
		bytes := 0
		for b.Loop() {
			bytes = 0
			for i, g := range games {
				bytes += len(newPlyData(all[i], "", infoOf(b, &g).Sides).script())
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(plies), "ns/ply")
		b.ReportMetric(float64(bytes)/float64(plies), "B/ply")
	})
}
