package conflagration

import (
	"fmt"
	"testing"

	"postal/engine/enginetest"
)

// BenchmarkPerft counts the move tree of the start and of a middle game
// reached from it at Orders 4, 5 and 6 (three plies deep at 4, two above).
func BenchmarkPerft(b *testing.B) {
	for _, order := range []int{4, 5, 6} {
		start, depth := newStart(rsConflagration, order), 2
		if order == 4 {
			depth = 3
		}
		b.Run(fmt.Sprintf("order%d/start", order), func(b *testing.B) {
			enginetest.PerftBench(b, start, depth)
		})
		mid := enginetest.Midgame(b, start, 10)
		b.Run(fmt.Sprintf("order%d/middle", order), func(b *testing.B) {
			enginetest.PerftBench(b, mid, depth)
		})
	}
}
