package conflagration

import "sync"

// wallMark fills the generator's offBoard cell: neither side, not empty.
const wallMark uint8 = 3

// gen generates the moves of one side: its own copy of the board with a
// wall past the edge (offBoard), its pieces listed and their groups
// labelled once (R4), so that R5's test is mostly a sum of group sizes
// worked out once per empty cell. It lives on the stack of its caller,
// which makes one per position (per ply of a playout): nothing is
// allocated.
type gen struct {
	g        *geom
	col, foe uint8
	np       int             // pieces of col
	cells    [256]uint8      // the board, offBoard holding wallMark (a byte index needs no bounds test)
	comp     [256]int8       // group of each piece of col, -1 elsewhere
	pieces   [maxCells]uint8 // the cells of col's pieces, in cell order
	size     [256]uint8      // size of each group (at most maxCells)
	adj      [256]neighbours
	sums     [256]uint8  // aroundSum of each empty cell, when sumStamp says so
	sumStamp [256]uint32 // the stamp of each entry of sums
	stamp    uint32      // the label that adj's and sums' entries of this position carry
	// Legal's sort (sortedInto): a set of ranks and its summary, clear
	// between uses.
	rankSet [rankWords]uint64
	rankSum [rankWords / 64]uint64
}

// noGroups is gen.comp before labelling: no cell in a group.
var noGroups = func() (c [256]int8) {
	for i := range c {
		c[i] = -1
	}
	return c
}()

func newGen(g *geom, b *board, col uint8) *gen {
	x := &gen{}
	x.init(g, b, col)
	return x
}

func (x *gen) init(g *geom, b *board, col uint8) {
	x.g = g
	copy(x.cells[:g.n], b[:g.n])
	x.cells[offBoard] = wallMark
	np := 0
	for f := range g.n { // without a branch: a board's pieces are no pattern
		x.pieces[np] = uint8(f)
		np += int(b2i(x.cells[f] == col))
	}
	x.np = np
	x.label(col, x.pieces[:np])
}

// label labels the groups of col's pieces (R4) on x.cells: pieces lists
// them all.
func (x *gen) label(col uint8, pieces []uint8) {
	g := x.g
	x.col, x.foe = col, light+dark-col
	x.stamp++ // forgets every entry of adj: a gen serves a whole playout
	x.comp = noGroups
	var stack [maxCells]uint8
	id := int8(0)
	for _, f := range pieces {
		if x.comp[f] >= 0 {
			continue
		}
		x.comp[f] = id
		stack[0] = f
		sp, n := 1, 0
		for sp > 0 {
			sp--
			c := stack[sp]
			n++
			for _, y := range &g.nbw[c] {
				if x.cells[y] == col && x.comp[y] < 0 {
					x.comp[y] = id
					stack[sp] = y
					sp++
				}
			}
		}
		x.size[id] = uint8(n)
		id++
	}
}

// grows is R5's test: the piece on f may stop on the empty cell t when its
// new group would be strictly larger than its old one (D >= O). D sums the
// other groups next to t, plus whatever of the mover's own group touches t
// once the mover has left f. That part has at most O-1 pieces, so it needs
// counting (a flood fill: without the mover the group may split) only
// when the other groups alone fall short but reach at least one piece.
func (x *gen) grows(f, t uint8) bool {
	a := x.around(t)
	own := x.comp[f]
	o := int(x.size[own])
	d := int(a.sum)
	hasOwn := false
	for _, id := range a.ids[:a.n-1] {
		hasOwn = hasOwn || id == own
	}
	if hasOwn {
		d -= o
	}
	if d >= o || d == 0 || !hasOwn {
		return d >= o
	}
	for _, y := range &x.g.nbw[t] {
		if y != f && x.comp[y] == own {
			return x.joined(f, t, o) >= o
		}
	}
	return false // the own group touched t only through f
}

// stepGrows is grows for a step: f is next to t, so its own group is among
// the groups around t and D is the sum of the others, plus what of the own
// group still touches t without f.
func (x *gen) stepGrows(f, t uint8) bool {
	own := x.comp[f]
	o := int(x.size[own])
	d := x.aroundSum(t) - o
	if d >= o || d == 0 {
		return d >= o
	}
	for _, y := range &x.g.nbw[t] {
		if y != f && x.comp[y] == own {
			return x.joined(f, t, o) >= o
		}
	}
	return false // the own group touched t only through f
}

// joined counts D of R5: the friendly pieces connected to t through
// friendly pieces, never through the origin f and not counting the mover.
// It stops counting once it reaches limit.
func (x *gen) joined(f, t uint8, limit int) int {
	var seen [256]bool
	var stack [maxCells]uint8
	seen[f], seen[t] = true, true
	sp, n := 0, 0
	for _, y := range &x.g.nbw[t] {
		if x.cells[y] == x.col && !seen[y] {
			seen[y] = true
			stack[sp] = y
			sp++
		}
	}
	for sp > 0 {
		sp--
		c := stack[sp]
		n++
		if n >= limit {
			return n
		}
		for _, y := range &x.g.nbw[c] {
			if x.cells[y] == x.col && !seen[y] {
				seen[y] = true
				stack[sp] = y
				sp++
			}
		}
	}
	return n
}

// around returns the groups of col next to the empty cell t, worked out
// once per cell: a cell is reached by up to six pieces.
func (x *gen) around(t uint8) *neighbours {
	a := &x.adj[t]
	if a.stamp == x.stamp {
		return a
	}
	a.stamp, a.n, a.sum = x.stamp, 1, 0
	for _, y := range &x.g.nbw[t] {
		if x.cells[y] != x.col {
			continue
		}
		id := x.comp[y]
		seen := false
		for _, k := range a.ids[:a.n-1] {
			seen = seen || k == id
		}
		if !seen {
			a.ids[a.n-1] = id
			a.n++
			a.sum += x.size[id]
		}
	}
	return a
}

// aroundSum is the sum of the sizes of the groups of col next to the
// empty cell t, worked out once per cell. Going round t, neighbours one
// after the other touch each other, so a run of pieces is one group: only
// the first piece of each run (three at most) needs comparing.
func (x *gen) aroundSum(t uint8) int {
	if x.sumStamp[t] == x.stamp {
		return int(x.sums[t])
	}
	nb := &x.g.nbw[t]
	var ids [4]int8
	n, sum := 0, 0
	prev := x.comp[nb[numDirs-1]] >= 0
	for _, y := range nb {
		id := x.comp[y] // -1 unless a piece of col
		if id >= 0 && !prev {
			if !(n > 0 && ids[0] == id || n > 1 && ids[1] == id) {
				ids[n&3] = id // n < 3: six cells hold three runs at most
				n++
				sum += int(x.size[id])
			}
		}
		prev = id >= 0
	}
	if n == 0 && prev { // six pieces round t: one run, one group
		sum = int(x.size[x.comp[nb[0]]])
	}
	x.sumStamp[t], x.sums[t] = x.stamp, uint8(sum)
	return sum
}

// neighbours are the distinct groups next to an empty cell.
type neighbours struct {
	stamp uint32 // gen.stamp when worked out
	n     int8   // 1 + how many groups
	sum   uint8
	ids   [numDirs]int8
}

// steps appends the step-joins (R5) of the piece on f.
func (x *gen) steps(f uint8, out []mv) []mv {
	for _, t := range &x.g.nbw[f] {
		if x.cells[t] == empty && x.stepGrows(f, t) {
			out = append(out, mv{int8(f), int8(t), false})
		}
	}
	return out
}

// captures appends the slide-captures (R6) of the piece on f: the first
// piece along each line, when it is an enemy.
func (x *gen) captures(f uint8, out []mv) []mv {
	lines := &x.g.lines
	for d := range numDirs {
		i := x.g.lineAt[f][d]
		for x.cells[lines[i&(linesLen-1)]] == empty {
			i++
		}
		if t := lines[i&(linesLen-1)]; x.cells[t] == x.foe {
			out = append(out, mv{int8(f), int8(t), true})
		}
	}
	return out
}

// stepsAndCaptures appends the step-joins and the slide-captures of the
// piece on f, in one walk along each of the six lines: the conflagration
// ruleset allows both freely.
func (x *gen) stepsAndCaptures(f uint8, out []mv) []mv {
	g, cells, foe := x.g, &x.cells, x.foe
	lines, nb, at := &g.lines, &g.nbw[f], &g.lineAt[f]
	o := int(x.size[x.comp[f]]) // the piece's group, for stepGrows
	for d, t := range nb {
		if cells[t] == empty {
			sum := int(x.sums[t])
			if x.sumStamp[t] != x.stamp {
				sum = x.aroundSum(t)
			}
			// stepGrows, its usual answers first: D is sum-o or a
			// little more.
			if ok := sum >= 2*o; ok || (sum > o && x.stepGrows(f, t)) {
				out = append(out, mv{int8(f), int8(t), false})
			}
			i := at[d] + 1
			for cells[lines[i&(linesLen-1)]] == empty {
				i++
			}
			t = lines[i&(linesLen-1)]
		}
		if cells[t] == foe {
			out = append(out, mv{int8(f), int8(t), true})
		}
	}
	return out
}

// slideJoins appends the slide-joins (R8) of the piece on f.
func (x *gen) slideJoins(f uint8, out []mv) []mv {
	lines := &x.g.lines
	for d := range numDirs {
		for i := x.g.lineAt[f][d]; x.cells[lines[i&(linesLen-1)]] == empty; i++ {
			if t := lines[i&(linesLen-1)]; x.grows(f, t) {
				out = append(out, mv{int8(f), int8(t), false})
			}
		}
	}
	return out
}

// moseys appends the mosey slides (R7) of the piece on f.
func (x *gen) moseys(f uint8, out []mv) []mv {
	lines := &x.g.lines
	for d := range numDirs {
		start := x.g.lineAt[f][d]
		k := start // first piece on the line, or the wall
		for x.cells[lines[k&(linesLen-1)]] == empty {
			k++
		}
		// R7 (a): a friendly piece beyond each empty cell before k: the
		// first piece itself, or one further on.
		friend := k
		for x.cells[lines[friend&(linesLen-1)]] != x.col && lines[friend&(linesLen-1)] != offBoard {
			friend++
		}
		if lines[friend&(linesLen-1)] == offBoard {
			continue
		}
		for _, t := range lines[start:k] {
			if x.grows(f, t) { // R7 (b)
				out = append(out, mv{int8(f), int8(t), false})
			}
		}
		if friend > k { // the first piece is an enemy with a friend beyond
			out = append(out, mv{int8(f), int8(lines[k&(linesLen-1)]), true})
		}
	}
	return out
}

// pieceMoves appends the legal moves of the piece on f under rs, with the
// priorities of the rulings' table applied per piece (R9).
func (x *gen) pieceMoves(rs ruleset, f uint8, out []mv) []mv {
	switch rs {
	case rsConflagration:
		return x.stepsAndCaptures(f, out)
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

// moveBuf holds the moves of one position: more than any position has
// (Legal's longest lists are under 200), though append grows past it.
type moveBuf [256]mv

// movesInto lists every legal move of the side col into buf, in the order
// of the board's cells (Legal sorts them by text). A side without pieces
// has none (R10).
func (g *geom) movesInto(rs ruleset, b *board, col uint8, buf *moveBuf, x *gen) []mv {
	x.init(g, b, col)
	return x.moves(rs, x.pieces[:x.np], buf[:0])
}

// moves appends the legal moves of the pieces, labelled by label, in their
// order.
func (x *gen) moves(rs ruleset, pieces []uint8, out []mv) []mv {
	for _, f := range pieces {
		out = x.pieceMoves(rs, f, out)
	}
	return out
}

// gens keeps generators for generate: a gen is some kilobytes, which a
// fresh one would spend time clearing; its stamps make a used one as good
// as new.
var gens = sync.Pool{New: func() any { return new(gen) }}

// generate lists every legal move of the side col, in the order of the
// board's cells, in a list of its own.
func (g *geom) generate(rs ruleset, b *board, col uint8) []mv {
	var buf moveBuf
	x := gens.Get().(*gen)
	out := g.movesInto(rs, b, col, &buf, x)
	gens.Put(x)
	if len(out) == 0 {
		return nil
	}
	return mvList(out)
}

// mvSlab hands out generate's lists from a larger array (as moveList
// does Legal's).
type mvSlab struct{ free []mv }

// mvSlabLen is the moves of one slab (6 kB).
const mvSlabLen = 2048

var mvSlabs = sync.Pool{New: func() any { return new(mvSlab) }}

// mvList returns a copy of ms of its own (capacity len(ms)).
func mvList(ms []mv) []mv {
	n := len(ms)
	if n > mvSlabLen/8 {
		return append([]mv(nil), ms...)
	}
	s := mvSlabs.Get().(*mvSlab)
	if len(s.free) < n {
		s.free = make([]mv, mvSlabLen)
	}
	out := s.free[:n:n]
	s.free = s.free[n:]
	mvSlabs.Put(s)
	copy(out, ms)
	return out
}

// b2i is 1 for true, 0 for false (a SETcc, not a branch).
func b2i(b bool) uint8 {
	var i uint8
	if b {
		i = 1
	}
	return i
}
