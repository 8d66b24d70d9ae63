package imperialchess

import (
	"testing"

	"postal/engine"
	"postal/engine/enginetest"
)

// BenchmarkRandomPlayout plays whole random games from the start.
func BenchmarkRandomPlayout(b *testing.B) {
	pos, _ := Game{}.Start(engine.Config{})
	enginetest.Playouts(b, pos)
}
