package conflagration

import (
	"math/rand/v2"
	"slices"
	"testing"

	"postal/engine"
	"postal/engine/enginetest/long"
)

// A deliberately naive second implementation of the rulings, on (row,
// column) coordinates and maps, used to cross-check the engine's move lists.

type rc struct{ r, c int }

var refDirs = []rc{{0, 1}, {1, 1}, {1, 0}, {0, -1}, {-1, -1}, {-1, 0}} // R2

type refBoard struct {
	order int
	cells map[rc]uint8 // playable cells only (R1)
}

func refFrom(p *Position) refBoard {
	b := refBoard{order: p.g.order, cells: map[rc]uint8{}}
	s := 5
	if p.g.order == 6 {
		s = 6
	}
	for r := 0; r <= 2*s-2; r++ {
		for c := max(0, r-(s-1)); c <= min(2*s-2, r+s-1); c++ {
			dr, dc := r-(s-1), c-(s-1)
			if p.g.order == 4 && max(abs(dr), abs(dc), abs(dr-dc)) > 3 {
				continue // R1: the outer ring of Order 4 is never used
			}
			b.cells[rc{r, c}] = p.b[p.g.cell[r][c]]
		}
	}
	return b
}

// group counts the pieces of colour col connected to the seeds, never
// entering the cells of skip.
func (b refBoard) group(col uint8, seeds []rc, skip rc) int {
	seen := map[rc]bool{skip: true}
	todo := []rc{}
	for _, s := range seeds {
		if !seen[s] && b.cells[s] == col {
			seen[s] = true
			todo = append(todo, s)
		}
	}
	n := 0
	for len(todo) > 0 {
		x := todo[0]
		todo = todo[1:]
		n++
		for _, d := range refDirs {
			y := rc{x.r + d.r, x.c + d.c}
			if v, ok := b.cells[y]; ok && v == col && !seen[y] {
				seen[y] = true
				todo = append(todo, y)
			}
		}
	}
	return n
}

// growsRef is R5's test: O <= D.
func (b refBoard) growsRef(f, t rc) bool {
	col := b.cells[f]
	o := b.group(col, []rc{f}, rc{-9, -9})
	var nbs []rc
	for _, d := range refDirs {
		nbs = append(nbs, rc{t.r + d.r, t.c + d.c})
	}
	return o <= b.group(col, nbs, f)
}

func (b refBoard) line(f rc, d rc) []rc {
	var out []rc
	for x := (rc{f.r + d.r, f.c + d.c}); ; x = (rc{x.r + d.r, x.c + d.c}) {
		if _, ok := b.cells[x]; !ok {
			return out
		}
		out = append(out, x)
	}
}

func name(x rc) string { return cellName(x.r, x.c) }

func (b refBoard) moves(rs ruleset, col uint8) []string {
	var out []string
	for f, v := range b.cells {
		if v != col {
			continue
		}
		var steps, caps, slides, moseys []string
		for _, d := range refDirs {
			ln := b.line(f, d)
			for i, t := range ln {
				if b.cells[t] == empty {
					if i == 0 && b.growsRef(f, t) {
						steps = append(steps, name(f)+"-"+name(t))
					}
					if b.growsRef(f, t) {
						slides = append(slides, name(f)+"-"+name(t))
						friend := false
						for _, u := range ln[i+1:] {
							friend = friend || b.cells[u] == col
						}
						if friend {
							moseys = append(moseys, name(f)+"-"+name(t))
						}
					}
					continue
				}
				if b.cells[t] != col {
					caps = append(caps, name(f)+"x"+name(t))
					for _, u := range ln[i+1:] {
						if b.cells[u] == col {
							moseys = append(moseys, name(f)+"x"+name(t))
							break
						}
					}
				}
				break
			}
		}
		switch rs {
		case rsConflagration:
			out = append(append(out, steps...), caps...)
		case rsFirestorm, rsKeepARiding:
			if len(steps) > 0 {
				out = append(out, steps...)
			} else {
				out = append(out, caps...)
			}
		case rsBackfire:
			if len(caps) > 0 {
				out = append(out, caps...)
			} else {
				out = append(out, steps...)
			}
		case rsMosey, rsDontMosey:
			out = append(out, moseys...)
		default:
			if len(slides) > 0 {
				out = append(out, slides...)
			} else {
				out = append(out, caps...)
			}
		}
	}
	slices.Sort(out)
	return out
}

// TestR5toR9_AgainstReference compares the engine's move lists with the
// naive implementation along random games of every ruleset and order.
func TestR5toR9_AgainstReference(t *testing.T) {
	games := long.Size(5, 1)
	positions := 0
	for rs := ruleset(0); rs < numRulesets; rs++ {
		for _, order := range []int{4, 5, 6} {
			for i := 0; i < games; i++ {
				rng := rand.New(rand.NewPCG(uint64(i), uint64(rs)*10+uint64(order)))
				var pos engine.Position = newStart(rs, order)
				for !pos.Result().Over() {
					p := pos.(*Position)
					want := refFrom(p).moves(rs, colourOf(p.turn))
					got := moveTexts(pos.Legal(p.turn))
					if !slices.Equal(got, want) {
						t.Fatalf("%s: engine lists %v, reference %v", pos, got, want)
					}
					positions++
					next, _, err := engine.RandomGame(pos, rng, 1)
					if err != nil {
						t.Fatal(err)
					}
					pos = next
				}
			}
		}
	}
	t.Logf("%d positions agree", positions)
}

func moveTexts(ms []engine.Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.String()
	}
	return out
}
