package imperialshuffle

import (
	"testing"

	"postal/engine/enginetest"
)

// BenchmarkPerft counts the move tree of the first position after the
// setups (the setups are not listed: Legal has nothing to count at the
// start) and of a middle game.
func BenchmarkPerft(b *testing.B) {
	start := parse(b, exampleStart)
	b.Run("start", func(b *testing.B) { enginetest.PerftBench(b, start, 6) })
	mid := enginetest.Midgame(b, start, 30)
	b.Run("middle", func(b *testing.B) { enginetest.PerftBench(b, mid, 6) })
}
