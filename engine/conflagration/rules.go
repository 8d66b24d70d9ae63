package conflagration

import (
	"math/bits"
	"slices"

	"postal/engine"
)

// Cell contents.
const (
	empty uint8 = 0
	light uint8 = 1 // the first player (White in the rulings)
	dark  uint8 = 2
)

// ruleset is one of the eight rulesets of the table in the rulings.
type ruleset uint8

const (
	rsConflagration ruleset = iota
	rsFirestorm
	rsBackfire
	rsKeepARiding
	rsMosey
	rsDontMosey
	rsShakattrition
	rsShakattritionMisere
	numRulesets
)

var rulesetNames = [numRulesets]string{
	"conflagration", "firestorm", "backfire", "keep-a-riding",
	"mosey", "dont-mosey", "shakattrition", "shakattrition-misere",
}

var rulesetDescriptions = [numRulesets]string{
	"Step to join a larger group or slide-capture, freely; the player who cannot move wins.",
	"As conflagration, but a piece that can step to join must step; the player who cannot move wins.",
	"As conflagration, but a piece that can capture must capture; the player who cannot move wins.",
	"As firestorm, but the last player to move wins (the player who cannot move loses).",
	"Mosey slides toward a friendly piece in line, joining a larger group or capturing; the last to move wins.",
	"Mosey slides; the last to move loses.",
	"Slide to join a larger group, or capture only if the piece cannot join; the last to move wins.",
	"Slide-join or capture; the last to move loses.",
}

func parseRuleset(s string) (ruleset, bool) {
	i := slices.Index(rulesetNames[:], s)
	return ruleset(i), i >= 0
}

// cannotMoveWins is the winner column of the rulings' table: true where the
// player who cannot move on their turn wins (the last to move loses).
func (rs ruleset) cannotMoveWins() bool {
	switch rs {
	case rsConflagration, rsFirestorm, rsBackfire, rsDontMosey, rsShakattritionMisere:
		return true
	}
	return false
}

// mv is a move on cell indices.
type mv struct {
	from, to int8
	cap      bool
}

// board is the contents of every playable cell.
type board [maxCells]uint8

// groupSize counts the pieces of the group of cell f (R4).
func (g *geom) groupSize(b *board, f int8) int {
	col := b[f]
	var seen [maxCells]bool
	var stack [maxCells]int8
	stack[0], seen[f] = f, true
	sp, n := 1, 0
	for sp > 0 {
		sp--
		x := stack[sp]
		n++
		for _, y := range g.nb[x] {
			if y >= 0 && !seen[y] && b[y] == col {
				seen[y] = true
				stack[sp] = y
				sp++
			}
		}
	}
	return n
}

// joined counts D of R5: the friendly pieces connected to t through friendly
// pieces, never through the origin f and not counting the mover. It stops
// counting once it reaches limit.
func (g *geom) joined(b *board, f, t int8, col uint8, limit int) int {
	var seen [maxCells]bool
	var stack [maxCells]int8
	seen[f], seen[t] = true, true
	sp, n := 0, 0
	for _, y := range g.nb[t] {
		if y >= 0 && !seen[y] && b[y] == col {
			seen[y] = true
			stack[sp] = y
			sp++
		}
	}
	for sp > 0 {
		sp--
		x := stack[sp]
		n++
		if n >= limit {
			return n
		}
		for _, y := range g.nb[x] {
			if y >= 0 && !seen[y] && b[y] == col {
				seen[y] = true
				stack[sp] = y
				sp++
			}
		}
	}
	return n
}

// sortedInto writes the moves ms, boxed, into out (as long as ms) in the
// order of their texts: each move's rank (rankOf) is a bit of a set, read in order
// through a summary of its non-zero words, which beats sorting some hundred
// ranks. The set is a pooled generator's, left clear as it is read.
func (g *geom) sortedInto(ms []mv, out []engine.Move) {
	byRank := g.moveBoxes()
	x := gens.Get().(*gen)
	set, sum := &x.rankSet, &x.rankSum
	for _, m := range ms {
		r := int(g.rankOf(m))
		set[r>>6&(rankWords-1)] |= 1 << (r & 63)
		sum[r>>12&(rankWords/64-1)] |= 1 << (r >> 6 & 63)
	}
	k := 0
	for s := range sum {
		for ; sum[s] != 0; sum[s] &= sum[s] - 1 {
			w := s<<6 | bits.TrailingZeros64(sum[s])
			for word := set[w&(rankWords-1)]; word != 0; word &= word - 1 {
				out[k] = byRank[w<<6|bits.TrailingZeros64(word)]
				k++
			}
			set[w&(rankWords-1)] = 0
		}
	}
	gens.Put(x)
}

// rankWords is the words of a set of every rank (geom.moves bits, 4,140 at
// Order 6), a power of two; summary words of 64 bits cover them.
const rankWords = 128

// groupSizes lists the group sizes of col, largest first (R11's measure).
func (g *geom) groupSizes(b *board, col uint8) []int {
	var seen [maxCells]bool
	var out []int
	for f := 0; f < g.n; f++ {
		if b[f] != col || seen[f] {
			continue
		}
		n := 0
		stack := []int8{int8(f)}
		seen[f] = true
		for len(stack) > 0 {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			n++
			for _, y := range g.nb[x] {
				if y >= 0 && !seen[y] && b[y] == col {
					seen[y] = true
					stack = append(stack, y)
				}
			}
		}
		out = append(out, n)
	}
	slices.Sort(out)
	slices.Reverse(out)
	return out
}
