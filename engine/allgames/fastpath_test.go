package allgames_test

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"postal/engine"
	_ "postal/engine/allgames"
	"postal/engine/enginetest/long"
)

// TestFastPathsKeepTheContract checks the optional fast paths of every
// game and ruleset along random games played with them: RandomMove draws
// a move Apply accepts, one Legal lists unless the game has unlisted moves;
// SampleUnlisted draws distinct moves Apply accepts and Legal does not
// list; Evaluate gives the players shares in [0, 1] that sum to those of a
// finished game (engine.Result.Shares: 1 for two players, n/2 for n), and
// the players out of a game of more their places' shares.
func TestFastPathsKeepTheContract(t *testing.T) {
	games := long.Sized(20, 3, 2) // 2 under the race detector (make test)
	for _, g := range engine.Games() {
		info := g.Info()
		for _, rs := range info.Rulesets {
			t.Run(info.Name+"/"+rs.Name, func(t *testing.T) {
				drawn := 0
				for i := range games {
					rng := rand.New(rand.NewPCG(uint64(i), 5))
					cfg := engine.Config{Ruleset: rs.Name, Seed: uint64(i)}
					_, _, pos, err := engine.New(info.Name, cfg)
					if err != nil {
						t.Fatal(err)
					}
					for ply := 0; !pos.Result().Over(); ply++ {
						if ply > 200_000 {
							t.Fatalf("no end after %d plies: %s", ply, pos)
						}
						// Random games of four Superial players last
						// thousands of plies: past the first 200,
						// one ply in 100 is checked.
						if ply < 200 || ply%100 == 0 {
							drawn += check(t, info, len(info.Seats(cfg)), pos, rng)
						}
						players := pos.ToMove()
						p := players[rng.IntN(len(players))]
						m := engine.RandomMove(pos, p, rng)
						if pos, err = pos.Apply(p, m); err != nil {
							t.Fatalf("random move %s refused: %v", m, err)
						}
					}
				}
				if info.Unlisted != "" && drawn == 0 {
					t.Errorf("%s has %s, but SampleUnlisted drew none", info.Name, info.Unlisted)
				}
			})
		}
	}
}

// check checks the fast paths at pos, of a game of seats players, and
// returns how many unlisted moves were drawn.
func check(t *testing.T, info engine.Info, seats int, pos engine.Position, rng *rand.Rand) int {
	t.Helper()
	drawn := 0
	for _, p := range pos.ToMove() {
		if p == engine.Chance {
			continue
		}
		var texts []string
		for _, m := range pos.Legal(p) {
			texts = append(texts, m.String())
		}
		if rm, ok := pos.(engine.RandomMover); ok {
			m := rm.RandomMove(p, rng)
			if m == nil {
				t.Fatalf("RandomMove drew nothing for player %d: %s", p, pos)
			}
			if info.Unlisted == "" && !slices.Contains(texts, m.String()) {
				t.Fatalf("RandomMove drew %s, which Legal does not list: %s", m, pos)
			}
			if _, err := pos.Apply(p, m); err != nil {
				t.Fatalf("RandomMove drew %s, refused: %v\n%s", m, err, pos)
			}
		}
		if us, ok := pos.(engine.UnlistedSampler); ok {
			ms := us.SampleUnlisted(p, rng, 3)
			if len(ms) > 3 {
				t.Fatalf("SampleUnlisted drew %d moves, asked for 3", len(ms))
			}
			seen := map[string]bool{}
			for _, m := range ms {
				if slices.Contains(texts, m.String()) || seen[m.String()] {
					t.Fatalf("SampleUnlisted drew %s, listed or drawn twice: %s", m, pos)
				}
				seen[m.String()] = true
				if _, err := pos.Apply(p, m); err != nil {
					t.Fatalf("SampleUnlisted drew %s, refused: %v\n%s", m, err, pos)
				}
			}
			drawn += len(ms)
		}
	}
	if ev, ok := pos.(engine.Evaluator); ok {
		shares, sum := make([]float64, seats), 0.0
		for p := range shares {
			shares[p] = ev.Evaluate(engine.Player(p))
			sum += shares[p]
			if shares[p] < 0 || shares[p] > 1 {
				t.Fatalf("Evaluate gives %v: %s", shares, pos)
			}
			if place := pos.Result().Place(engine.Player(p)); place != 0 && shares[p] != pos.Result().Shares()[p] {
				t.Fatalf("Evaluate gives %v, player %d out in place %d: %s", shares, p, place, pos)
			}
		}
		if math.Abs(sum-float64(seats)/2) > 1e-9 {
			t.Fatalf("Evaluate gives %v, summing to %v, not %v: %s", shares, sum, float64(seats)/2, pos)
		}
	}
	return drawn
}
