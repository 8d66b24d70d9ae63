package board

import (
	"math/rand/v2"
	"strings"
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

// TestBandFits: the band of a game over off the board ("Game over: ...
// won (... resigned)") stays inside the picture on every game's board,
// whatever the names, at a readable size when the text has spaces to
// break at. A page of two long names showed it cut at both edges.
func TestBandFits(t *testing.T) {
	long := "abcdefghijklmnopqrstuvwx" // the longest name (24 letters)
	finals := []string{
		"alice won (resigned)",
		long + " (Light) won (" + long + " resigned)",
		"Draw (agreed by " + long + ", " + long + " and " + long + ")",
		long + long + long, // no space to break at: shrinks instead
	}
	for _, g := range engine.Games() {
		_, _, pos, err := engine.New(g.Info().Name, engine.Config{Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		raw := pos.Picture()
		for _, final := range finals {
			pic := Picture(pos, final)
			if pic.Height <= raw.Height {
				t.Fatalf("%s: no band for %q", g.Info().Name, final)
			}
			var got []string
			for _, it := range pic.Items[len(raw.Items):] {
				tx, ok := it.(*picture.Text)
				if !ok {
					continue
				}
				got = append(got, tx.Text)
				if w := textWidth(tx); tx.X-w/2 < 0 || tx.X+w/2 > pic.Width {
					t.Errorf("%s: %q runs from %.0f to %.0f in a picture %.0f wide", g.Info().Name, tx.Text, tx.X-w/2, tx.X+w/2, pic.Width)
				}
				if tx.Y > pic.Height || tx.Y < raw.Height {
					t.Errorf("%s: %q at y %.0f, outside the band %.0f-%.0f", g.Info().Name, tx.Text, tx.Y, raw.Height, pic.Height)
				}
				if strings.Contains(final, " ") && len([]rune(final)) < 90 && tx.Size < bandLeast-0.01 {
					t.Errorf("%s: %q at size %.1f, below %.0f", g.Info().Name, tx.Text, tx.Size, bandLeast)
				}
			}
			if strings.Join(got, " ") != "Game over: "+final {
				t.Errorf("%s: the band reads %q, want %q", g.Info().Name, got, "Game over: "+final)
			}
		}
	}
}
