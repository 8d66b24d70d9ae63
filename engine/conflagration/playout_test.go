package conflagration

import (
	"math/rand/v2"
	"testing"

	"postal/engine"
)

// Position.Playout (engine.Playouter) plays what engine.Playout's ply by
// ply loop plays, with the same random numbers: the same plies to the
// same end, in every ruleset and order, whole or cut short.
func TestPlayoutPlaysAsPlyByPly(t *testing.T) {
	for rs := ruleset(0); rs < numRulesets; rs++ {
		for _, order := range []int{4, 5, 6} {
			for seed := range uint64(20) {
				max := 1000
				if seed%4 == 3 {
					max = int(seed)
				}
				start := newStart(rs, order)
				end, n := start.Playout(rand.New(rand.NewPCG(seed, 9)), max)
				rng := rand.New(rand.NewPCG(seed, 9))
				var pos engine.Position = start
				k := 0
				for ; k < max && len(pos.ToMove()) > 0; k++ {
					next, err := pos.Apply(pos.ToMove()[0], pos.(*Position).RandomMove(pos.ToMove()[0], rng))
					if err != nil {
						t.Fatal(err)
					}
					pos = next
				}
				if n != k || end.String() != pos.String() || end.Result().Winner != pos.Result().Winner || end.Result().Kind != pos.Result().Kind {
					t.Fatalf("%s order %d seed %d: %d plies to %s (%+v), ply by ply %d to %s (%+v)",
						rulesetNames[rs], order, seed, n, end, end.Result(), k, pos, pos.Result())
				}
			}
		}
	}
}
