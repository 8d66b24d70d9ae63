package board

import (
	"math/rand/v2"
	"testing"

	"postal/engine"
	_ "postal/engine/allgames"
	"postal/engine/picture"
)

// TestTextsFit plays random games of every game and ruleset and checks
// that no text of a board runs past the picture's edges, by the width
// fit estimates, unless it is at the picture's smallest size already.
// Issue 28 found a Superial Chess page whose status line read "rial Chess -
// Black wins...".
func TestTextsFit(t *testing.T) {
	rng := rand.New(rand.NewPCG(28, 28))
	shrunk := 0
	for _, g := range engine.Games() {
		for _, rs := range g.Info().Rulesets {
			for range 3 {
				_, _, pos, err := engine.New(g.Info().Name, engine.Config{Ruleset: rs.Name, Seed: rng.Uint64()})
				if err != nil {
					t.Fatal(err)
				}
				final, _, err := engine.RandomGame(pos, rng, 400)
				if err != nil {
					t.Fatal(err)
				}
				for _, p := range []engine.Position{pos, final} {
					raw := p.Picture()
					pic := Picture(p, "")
					least := 0.0
					for _, it := range pic.Items {
						if tx, ok := it.(*picture.Text); ok && (least == 0 || tx.Size < least) {
							least = tx.Size
						}
					}
					for i, it := range pic.Items {
						tx, ok := it.(*picture.Text)
						if !ok {
							continue
						}
						if tx.Size < raw.Items[i].(*picture.Text).Size {
							shrunk++
						}
						lo, hi := tx.X, tx.X+textWidth(tx)
						switch tx.Anchor {
						case picture.Middle:
							lo, hi = tx.X-textWidth(tx)/2, tx.X+textWidth(tx)/2
						case picture.End:
							lo, hi = tx.X-textWidth(tx), tx.X
						}
						if (lo < 0 || hi > pic.Width) && tx.Size > least {
							t.Errorf("%s %s: %q runs from %.0f to %.0f in a picture %.0f wide", g.Info().Name, rs.Name, tx.Text, lo, hi, pic.Width)
						}
					}
				}
			}
		}
	}
	t.Logf("%d texts shrunk to fit", shrunk)
}
