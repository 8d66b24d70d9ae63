package conflagration

import (
	"slices"
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

// gen generates the moves of one side: the board with its groups labelled
// once (R4), so R5's test is mostly a sum of group sizes.
type gen struct {
	g    *geom
	b    *board
	col  uint8
	comp [maxCells]int8 // group of each piece of col, -1 elsewhere
	size [maxCells]int  // size of each group
}

func newGen(g *geom, b *board, col uint8) *gen {
	x := &gen{g: g, b: b, col: col}
	for i := range x.comp {
		x.comp[i] = -1
	}
	var stack [maxCells]int8
	id := int8(0)
	for f := 0; f < g.n; f++ {
		if b[f] != col || x.comp[f] >= 0 {
			continue
		}
		x.comp[f] = id
		stack[0] = int8(f)
		sp, n := 1, 0
		for sp > 0 {
			sp--
			c := stack[sp]
			n++
			for _, y := range g.nb[c] {
				if y >= 0 && x.comp[y] < 0 && b[y] == col {
					x.comp[y] = id
					stack[sp] = y
					sp++
				}
			}
		}
		x.size[id] = n
		id++
	}
	return x
}

// grows is R5's test: the piece on f may stop on the empty cell t when its
// new group would be strictly larger than its old one (D >= O).
func (x *gen) grows(f, t int8) bool {
	own := x.comp[f]
	o := x.size[own]
	var ids [numDirs]int8
	k, d := 0, 0
	for _, y := range x.g.nb[t] {
		if y < 0 || y == f || x.b[y] != x.col {
			continue
		}
		id := x.comp[y]
		if id == own {
			// Part of the mover's own group: without the mover it may have
			// split, so count by flood fill, never through f.
			return x.g.joined(x.b, f, t, x.col, o) >= o
		}
		seen := false
		for _, j := range ids[:k] {
			seen = seen || j == id
		}
		if !seen {
			ids[k] = id
			k++
			d += x.size[id]
		}
	}
	return d >= o
}

// steps appends the step-joins (R5) of the piece on f.
func (x *gen) steps(f int8, out []mv) []mv {
	for _, t := range x.g.nb[f] {
		if t >= 0 && x.b[t] == empty && x.grows(f, t) {
			out = append(out, mv{f, t, false})
		}
	}
	return out
}

// captures appends the slide-captures (R6) of the piece on f.
func (x *gen) captures(f int8, out []mv) []mv {
	for d := 0; d < numDirs; d++ {
		for _, t := range x.g.ray[f][d] {
			if x.b[t] == empty {
				continue
			}
			if x.b[t] != x.col {
				out = append(out, mv{f, t, true})
			}
			break
		}
	}
	return out
}

// slideJoins appends the slide-joins (R8) of the piece on f.
func (x *gen) slideJoins(f int8, out []mv) []mv {
	for d := 0; d < numDirs; d++ {
		for _, t := range x.g.ray[f][d] {
			if x.b[t] != empty {
				break
			}
			if x.grows(f, t) {
				out = append(out, mv{f, t, false})
			}
		}
	}
	return out
}

// moseys appends the mosey slides (R7) of the piece on f.
func (x *gen) moseys(f int8, out []mv) []mv {
	for d := 0; d < numDirs; d++ {
		ray := x.g.ray[f][d]
		k := 0 // first piece on the line
		for k < len(ray) && x.b[ray[k]] == empty {
			k++
		}
		if k == len(ray) {
			continue // no friendly piece anywhere ahead
		}
		// R7 (a): a friendly piece beyond each empty cell before k: the
		// first piece itself, or one further on.
		friend := -1
		for i, t := range ray[k:] {
			if x.b[t] == x.col {
				friend = k + i
				break
			}
		}
		if friend < 0 {
			continue
		}
		for _, t := range ray[:k] {
			if x.grows(f, t) { // R7 (b)
				out = append(out, mv{f, t, false})
			}
		}
		if friend > k { // the first piece is an enemy with a friend beyond
			out = append(out, mv{f, ray[k], true})
		}
	}
	return out
}

// pieceMoves appends the legal moves of the piece on f under rs, with the
// priorities of the rulings' table applied per piece (R9).
func (x *gen) pieceMoves(rs ruleset, f int8, out []mv) []mv {
	switch rs {
	case rsConflagration:
		out = x.steps(f, out)
		return x.captures(f, out)
	case rsFirestorm, rsKeepARiding:
		n := len(out)
		out = x.steps(f, out)
		if len(out) > n {
			return out
		}
		return x.captures(f, out)
	case rsBackfire:
		n := len(out)
		out = x.captures(f, out)
		if len(out) > n {
			return out
		}
		return x.steps(f, out)
	case rsMosey, rsDontMosey:
		return x.moseys(f, out)
	default: // shakattrition
		n := len(out)
		out = x.slideJoins(f, out)
		if len(out) > n {
			return out
		}
		return x.captures(f, out)
	}
}

// generate lists every legal move of the side col, in the order of the
// board's cells (Legal sorts them by text). A side without pieces has none
// (R10).
func (g *geom) generate(rs ruleset, b *board, col uint8) []mv {
	x := newGen(g, b, col)
	var buf [256]mv
	out := buf[:0]
	for f := 0; f < g.n; f++ {
		if b[f] == col {
			out = x.pieceMoves(rs, int8(f), out)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return slices.Clone(out)
}

// sorted returns the moves ms in the order of their texts.
func (g *geom) sorted(ms []mv) []mv {
	var buf [256]uint16
	ranks := buf[:0]
	for _, m := range ms {
		ranks = append(ranks, g.rankOf(m))
	}
	slices.Sort(ranks)
	res := make([]mv, len(ranks))
	for i, r := range ranks {
		res[i] = g.unrank[r]
	}
	return res
}

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
