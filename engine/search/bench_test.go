package search_test

import (
	"context"
	"fmt"
	"testing"

	"postal/engine"
	_ "postal/engine/allgames"
	"postal/engine/search"
)

// benchStarts are the start positions the search benchmarks think about.
var benchStarts = []struct {
	name, game, ruleset string
}{
	{"conflagration", "conflagration", ""},
	{"imperial-chess", "imperial-chess", ""},
	{"imperial-shuffle", "imperial-shuffle", ""},
	{"initiative", "initiative", ""},
	{"superial-chess", "superial-chess", ""},
	{"vs-chess", "superial-chess", "vs-chess"},
}

// BenchmarkSearch times one move of the weakest and the strongest level
// from each game's start (after its chance events): ns/op is the time a
// move takes on one core, playouts/s the searcher's speed.
func BenchmarkSearch(b *testing.B) {
	for _, bs := range benchStarts {
		for _, lv := range []int{1, search.MaxLevel} {
			b.Run(fmt.Sprintf("%s/level%d", bs.name, lv), func(b *testing.B) {
				_, _, pos, err := engine.New(bs.game, engine.Config{Ruleset: bs.ruleset, Seed: 1})
				if err != nil {
					b.Fatal(err)
				}
				if pos, _, err = engine.ResolveChance(pos, 1); err != nil {
					b.Fatal(err)
				}
				p := pos.ToMove()[0]
				its := 0
				for b.Loop() {
					r, err := search.Search(context.Background(), pos, p, search.Options{Level: lv})
					if err != nil {
						b.Fatal(err)
					}
					its += r.Iterations
				}
				b.ReportMetric(float64(its)/b.Elapsed().Seconds(), "playouts/s")
			})
		}
	}
}
