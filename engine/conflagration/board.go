package conflagration

import (
	"slices"
	"strconv"
	"strings"
	"sync"

	"postal/engine"
)

// Directions (R2), counter-clockwise from east, as (row, column) steps:
// E/W = column +-1; NNE = column+1, row+1; NNW = row+1; SSW = column-1,
// row-1; SSE = row-1.
const (
	dirE = iota
	dirNNE
	dirNNW
	dirW
	dirSSW
	dirSSE
	numDirs
)

var dirStep = [numDirs][2]int{{0, 1}, {1, 1}, {1, 0}, {0, -1}, {-1, -1}, {-1, 0}}

// maxCells is the cell count of the largest board (Order 6, R1).
const maxCells = 91

// offBoard is the cell number past every board's cells: the generator's
// boards hold a wall there (wallMark), where every line ends and every
// missing neighbour points, so that its loops test contents, not bounds.
const offBoard = maxCells

// linesLen holds every line of the largest board with its end (2,821 at
// Order 6), a power of two so that a masked index needs no bounds test.
const linesLen = 4096

// maxName is one more than the largest 0-based row or column of any board.
const maxName = 11

// geom is the precomputed geometry of one board order. Cells are numbered
// row by row from the bottom, left to right, over the playable cells only.
// Order 4 is the inner side-4 hexagon of the side-5 board (R1): the outer
// ring is left out entirely, which is exact because it is always empty and
// a straight line that leaves a convex hexagon never comes back into it;
// cells keep the side-5 board's names.
type geom struct {
	order int
	side  int // side of the named board (5 for Orders 4 and 5)
	n     int // playable cells
	row   []int8
	col   []int8
	name  []string
	cell  [maxName][maxName]int8 // [row][col] -> cell, -1 when not playable
	nb    [][numDirs]int8        // neighbour per direction, -1 off the board
	ray   [][numDirs][]int8      // cells along each direction, nearest first
	rows  [][]int8               // playable cells of each board row, bottom first (empty rows of Order 4 included)
	// The generator's tables: nbw the neighbour per direction, offBoard
	// past the edge; lines, every ray of every cell, each ended by
	// offBoard, and lineAt where each cell's ray in each direction starts.
	// Indexed by a byte (a cell) or masked (lines), they need no bounds
	// tests.
	nbw    [256][numDirs]uint8
	lines  [linesLen]uint8
	lineAt [256][numDirs]uint16
	// Legal is sorted by text: rankOf numbers the moves along lines (every
	// move goes along one) in the order of their texts. A move's text is
	// its origin's name and '-' or 'x', which no other such prefix begins
	// with, then its destination's name: its rank is where its prefix's
	// moves begin (base, by the prefix's place among them, prefix[from*2 +
	// capture]) plus the place of its destination among the cells on the
	// lines from its origin, by name (lineIdx[from*n + to], noLine off
	// them).
	prefix   [256]uint8
	nameRank [256]uint8
	base     [256]uint16
	lineIdx  []uint8
	moves    int             // moves along lines, the ranks
	start    [maxCells]uint8 // R3

	boxOnce sync.Once
	byRank  []engine.Move // every Move along a line, boxed once, by rank: in the order of their texts
}

// geoms are the geometries of the three orders, each made the first time a
// game of its order needs it: a program that plays no Conflagration (the
// browser's engine showing another game) does not pay for the tables at
// its start.
var geoms = [7]func() *geom{
	4: sync.OnceValue(func() *geom { return newGeom(4) }),
	5: sync.OnceValue(func() *geom { return newGeom(5) }),
	6: sync.OnceValue(func() *geom { return newGeom(6) }),
}

func colLetter(c int) byte { return byte('A' + c) }

func cellName(r, c int) string { return string(colLetter(c)) + strconv.Itoa(r+1) }

func newGeom(order int) *geom {
	s := order
	if order == 4 {
		s = 5
	}
	g := &geom{order: order, side: s}
	for r := range g.cell {
		for c := range g.cell[r] {
			g.cell[r][c] = -1
		}
	}
	g.rows = make([][]int8, 2*s-1)
	for r := 0; r <= 2*s-2; r++ {
		for c := max(0, r-(s-1)); c <= min(2*s-2, r+s-1); c++ {
			// Distance from the centre (s-1, s-1) in these coordinates.
			dr, dc := r-(s-1), c-(s-1)
			d := max(abs(dr), abs(dc), abs(dr-dc))
			if order == 4 && d > 3 {
				continue
			}
			i := int8(g.n)
			g.cell[r][c] = i
			g.row = append(g.row, int8(r))
			g.col = append(g.col, int8(c))
			g.name = append(g.name, cellName(r, c))
			g.rows[r] = append(g.rows[r], i)
			g.n++
		}
	}
	nl := 0 // cells in g.lines
	g.nb = make([][numDirs]int8, g.n)
	g.ray = make([][numDirs][]int8, g.n)
	for i := 0; i < g.n; i++ {
		for d := 0; d < numDirs; d++ {
			g.nb[i][d] = g.at(int(g.row[i])+dirStep[d][0], int(g.col[i])+dirStep[d][1])
			for j := g.nb[i][d]; j >= 0; j = g.at(int(g.row[j])+dirStep[d][0], int(g.col[j])+dirStep[d][1]) {
				g.ray[i][d] = append(g.ray[i][d], j)
			}
		}
		for d := 0; d < numDirs; d++ {
			g.nbw[i][d] = offBoard
			if j := g.nb[i][d]; j >= 0 {
				g.nbw[i][d] = uint8(j)
			}
			g.lineAt[i][d] = uint16(nl)
			for _, j := range g.ray[i][d] {
				g.lines[nl] = uint8(j)
				nl++
			}
			g.lines[nl] = offBoard
			nl++
		}
		// R3: every third cell; Orders 4 and 5 put Dark on k = 1, Order 6 on k = 2.
		darkK := 1
		if order == 6 {
			darkK = 2
		}
		switch k := (int(g.row[i]) + int(g.col[i])) % 3; {
		case k == 0:
			g.start[i] = light
		case k == darkK:
			g.start[i] = dark
		}
	}
	type text struct {
		s string
		i int
	}
	prefixes := make([]text, 0, 2*g.n)
	names := make([]text, 0, g.n)
	for f := 0; f < g.n; f++ {
		prefixes = append(prefixes, text{g.name[f] + "-", 2 * f}, text{g.name[f] + "x", 2*f + 1})
		names = append(names, text{g.name[f], f})
	}
	byText := func(a, b text) int { return strings.Compare(a.s, b.s) }
	slices.SortFunc(prefixes, byText)
	slices.SortFunc(names, byText)
	for k, x := range names {
		g.nameRank[x.i] = uint8(k)
	}
	// Every move goes along a line (R5-R8): number each cell's lines'
	// cells in the order of their names.
	g.lineIdx = make([]uint8, g.n*g.n)
	var lineCount [maxCells]int
	for f := 0; f < g.n; f++ {
		for t := 0; t < g.n; t++ {
			g.lineIdx[f*g.n+t] = noLine
		}
		var on []int
		for d := range numDirs {
			for _, t := range g.ray[f][d] {
				on = append(on, int(t))
			}
		}
		slices.SortFunc(on, func(a, b int) int { return int(g.nameRank[a]) - int(g.nameRank[b]) })
		for k, t := range on {
			g.lineIdx[f*g.n+t] = uint8(k)
		}
		lineCount[f] = len(on)
	}
	for k, x := range prefixes {
		g.prefix[x.i] = uint8(k)
		g.base[k] = uint16(g.moves)
		g.moves += lineCount[x.i/2]
	}
	if g.moves > rankWords*64 {
		panic("conflagration: rankWords is too small")
	}
	// rankOf orders the moves as their texts.
	all := make([]text, 0, g.moves)
	for f := 0; f < g.n; f++ {
		for t := 0; t < g.n; t++ {
			if g.lineIdx[f*g.n+t] != noLine {
				all = append(all, text{g.name[f] + "-" + g.name[t], (f*g.n + t) * 2})
				all = append(all, text{g.name[f] + "x" + g.name[t], (f*g.n+t)*2 + 1})
			}
		}
	}
	slices.SortFunc(all, byText)
	for k, x := range all {
		if g.rankOf(mv{from: int8(x.i / 2 / g.n), to: int8(x.i / 2 % g.n), cap: x.i%2 == 1}) != uint16(k) {
			panic("conflagration: rankOf disagrees with the order of the texts")
		}
	}
	return g
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// at returns the playable cell at (r, c), or -1.
func (g *geom) at(r, c int) int8 {
	if r < 0 || c < 0 || r >= maxName || c >= maxName {
		return -1
	}
	return g.cell[r][c]
}

// boxed returns m as an engine.Move without allocating: the playouts and
// Legal hand out the same boxed values, made once per board on first need.
// A move along no line (never a legal one) is boxed anew.
func (g *geom) boxed(m mv) engine.Move {
	if g.lineIdx[int(m.from)*g.n+int(m.to)] == noLine {
		return g.toMove(m)
	}
	return g.moveBoxes()[g.rankOf(m)]
}

// noLine marks lineIdx's cells on no line from the origin.
const noLine = 255

// moveBoxes returns every move along a line, boxed, in the order of their
// texts (indexed by rankOf), made once per board on first need.
func (g *geom) moveBoxes() []engine.Move {
	g.boxOnce.Do(func() {
		g.byRank = make([]engine.Move, g.moves)
		for f := 0; f < g.n; f++ {
			for t := 0; t < g.n; t++ {
				if g.lineIdx[f*g.n+t] == noLine {
					continue
				}
				for _, c := range []bool{false, true} {
					m := mv{from: int8(f), to: int8(t), cap: c}
					g.byRank[g.rankOf(m)] = g.toMove(m)
				}
			}
		}
	})
	return g.byRank
}

// rankOf is the position of the move's text among the texts of the moves
// along lines.
func (g *geom) rankOf(m mv) uint16 {
	return g.base[g.prefix[uint8(m.from)*2+b2i(m.cap)]] + uint16(g.lineIdx[int(m.from)*g.n+int(m.to)])
}
