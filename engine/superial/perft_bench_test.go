package superial

import (
	"testing"

	"postal/engine"
	"postal/engine/enginetest"
)

// BenchmarkPerft counts the move tree of the start and of a middle game of
// the classic 6x6 game, cubes against chess, and the game of four.
func BenchmarkPerft(b *testing.B) {
	for _, c := range []struct {
		name    string
		cfg     engine.Config
		depth   int
		midPlys int
	}{
		{"classic", engine.Config{Ruleset: "classic"}, 2, 20},
		{"vs-chess", engine.Config{Ruleset: "vs-chess"}, 3, 20},
		{"multiplayer", engine.Config{Ruleset: "multiplayer"}, 2, 20},
	} {
		_, _, start, err := engine.New("superial-chess", c.cfg)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(c.name+"/start", func(b *testing.B) { enginetest.PerftBench(b, start, c.depth) })
		mid := enginetest.Midgame(b, start, c.midPlys)
		b.Run(c.name+"/middle", func(b *testing.B) { enginetest.PerftBench(b, mid, c.depth) })
	}
}
