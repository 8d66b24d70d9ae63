package imperialchess

import (
	"math/rand/v2"
	"testing"

	"postal/engine"
)

// BenchmarkRandomPlayout plays whole random games from the start.
func BenchmarkRandomPlayout(b *testing.B) {
	pos, _ := Game{}.Start(engine.Config{})
	rng := rand.New(rand.NewPCG(1, 2))
	plies := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_, steps, err := engine.RandomGame(pos, rng, 100000)
		if err != nil {
			b.Fatal(err)
		}
		plies += len(steps)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
	b.ReportMetric(float64(plies)/float64(b.N), "plies/playout")
}
