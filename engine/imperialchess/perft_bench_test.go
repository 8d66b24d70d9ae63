package imperialchess

import (
	"testing"

	"postal/engine"
	"postal/engine/enginetest"
)

// BenchmarkPerft counts the move tree of the start and of a middle game.
func BenchmarkPerft(b *testing.B) {
	start, _ := Game{}.Start(engine.Config{})
	b.Run("start", func(b *testing.B) { enginetest.PerftBench(b, start, 2) })
	mid := enginetest.Midgame(b, start, 30)
	b.Run("middle", func(b *testing.B) { enginetest.PerftBench(b, mid, 2) })
}
