package allgames_test

import (
	"testing"

	"postal/engine"
	"postal/engine/enginetest"
)

// BenchmarkKey is a transposition key's cost in an opening (12 random
// plies, the explorer's default depth) of each game and ruleset whose key differs: the explorer takes
// one a ply of every game it counts.
func BenchmarkKey(b *testing.B) {
	for _, c := range []struct {
		name, game string
		cfg        engine.Config
	}{
		{"conflagration", "conflagration", engine.Config{}},
		{"imperial-chess", "imperial-chess", engine.Config{}},
		{"imperial-shuffle", "imperial-shuffle", engine.Config{}},
		{"initiative", "initiative", engine.Config{}},
		{"superial-chess", "superial-chess", engine.Config{}},
		{"superial-chess-vs-chess", "superial-chess", engine.Config{Ruleset: "vs-chess"}},
		{"superial-chess-multiplayer", "superial-chess", engine.Config{Ruleset: "multiplayer"}},
	} {
		pos := enginetest.Midgame(b, enginetest.Start(b, c.game, c.cfg), 12)
		b.Run(c.name+"/key", func(b *testing.B) {
			for b.Loop() {
				_ = engine.Key(pos)
			}
		})
		// Beside it, the position's text, which the explorer's nodes hold
		// too.
		b.Run(c.name+"/string", func(b *testing.B) {
			for b.Loop() {
				_ = pos.String()
			}
		})
	}
}
