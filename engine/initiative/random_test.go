package initiative

import (
	"math/rand/v2"
	"testing"

	"postal/engine"
	"postal/engine/enginetest"
	"postal/engine/enginetest/long"
)

// TestRandomGames plays 10,000 random matches (make test: 300), half of them
// with the draft, checking text round trips every 7 plies.
func TestRandomGames(t *testing.T) {
	n := long.Size(10000, 300)
	g := Game{}
	scores := enginetest.RandomGames(t, g, func(rng *rand.Rand) engine.Position {
		opts := map[string]string{"draft": "no", "stack": "random"}
		if rng.IntN(2) == 0 {
			opts["draft"] = "yes"
		}
		if rng.IntN(4) == 0 {
			opts["stack"] = "bgkyr"
		}
		pos, err := g.Start(engine.Config{Ruleset: "standard", Options: opts})
		if err != nil {
			t.Fatal(err)
		}
		return pos
	}, n, 1000, 7)
	total := 0
	for _, c := range scores {
		total += c
	}
	if total != n {
		t.Errorf("%d games ended, want %d", total, n)
	}
	t.Logf("%d random games: %v", n, scores)
}

func BenchmarkRandomPlayout(b *testing.B) {
	start, _ := Game{}.Start(engine.Config{Options: map[string]string{"draft": "no", "stack": "random"}})
	enginetest.Playouts(b, start)
}
