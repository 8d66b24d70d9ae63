package initiative

import (
	"testing"

	"postal/engine"
	"postal/engine/enginetest"
)

// BenchmarkPerft counts the move tree of the start (the draws of the quick
// setup) and of a middle game.
func BenchmarkPerft(b *testing.B) {
	start, _ := Game{}.Start(engine.Config{Options: map[string]string{"draft": "no", "stack": "random"}})
	b.Run("start", func(b *testing.B) { enginetest.PerftBench(b, start, 2) })
	mid := enginetest.Midgame(b, start, 20)
	b.Run("middle", func(b *testing.B) { enginetest.PerftBench(b, mid, 3) })
}
