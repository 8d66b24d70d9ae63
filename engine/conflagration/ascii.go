package conflagration

import (
	"fmt"
	"strconv"
	"strings"

	"postal/docs/words"
	"postal/engine"
)

// layout places the playable cells on a grid of half-cells: x = 2c - r
// (shifted to start at 0), y = the row counted from the top, so rows are
// offset by half a cell as on the hex board (R2).
type layout struct {
	minX, maxX int
	topRow     int // highest row (0-based) holding a playable cell
	botRow     int
	// label is where each column's letter goes: the half-cell just below
	// and to the right of its lowest cell, along the column's line (SSE).
	labels []colLabel
}

type colLabel struct {
	row, x int // row may be botRow-1 (below the board)
	letter byte
}

func (g *geom) layout() layout {
	l := layout{minX: 1 << 30, maxX: -1 << 30, topRow: -1, botRow: 1 << 30}
	lowest := map[int]int{}
	for i := 0; i < g.n; i++ {
		r, c := int(g.row[i]), int(g.col[i])
		l.minX, l.maxX = min(l.minX, 2*c-r), max(l.maxX, 2*c-r)
		l.topRow, l.botRow = max(l.topRow, r), min(l.botRow, r)
		if lr, ok := lowest[c]; !ok || r < lr {
			lowest[c] = r
		}
	}
	for c := 0; c < maxName; c++ {
		if r, ok := lowest[c]; ok {
			l.labels = append(l.labels, colLabel{row: r - 1, x: 2*c - (r - 1), letter: colLetter(c)})
		}
	}
	return l
}

// pieceChar is the letter of a cell's content on the text board: O a Light
// piece, X a Dark one, . an empty cell. No column letter (A to K) is one of
// them, so no piece reads as a label, nor a label as a piece (D
// was both a column and a Dark piece).
const pieceChar = ".OX"

// ASCII draws the board as offset rows of cells, top row first (see
// pieceChar); row numbers on the left, and the column letters on a line of
// their own under the board, each where its column's line (R2) crosses it,
// outside the board as the picture has them; the last move's cells in ( )
// and [ ].
func (p *Position) ASCII() string {
	g := p.g
	l := g.layout()
	const left = 5 // room for a row number
	under := l.botRow - 1
	labelX := func(lb colLabel) int { return 2*int(lb.letter-'A') - under }
	maxX := l.maxX
	for _, lb := range l.labels {
		maxX = max(maxX, labelX(lb))
	}
	width := left + 2*(maxX-l.minX) + 6
	nLines := l.topRow - l.botRow + 2
	grid := make([][]byte, nLines)
	for i := range grid {
		grid[i] = []byte(strings.Repeat(" ", width))
	}
	line := func(r int) int { return l.topRow - r }
	xOf := func(r, c int) int { return left + 2*(2*c-r-l.minX) }
	var lastFrom, lastTo int8 = -1, -1
	if p.hasLast {
		lastFrom = g.at(int(p.last.fromRow), int(p.last.fromCol))
		lastTo = g.at(int(p.last.toRow), int(p.last.toCol))
	}
	for r := l.botRow; r <= l.topRow; r++ {
		cells := g.rows[r]
		if len(cells) == 0 {
			continue
		}
		y := line(r)
		x0 := xOf(r, int(g.col[cells[0]]))
		num := strconv.Itoa(r + 1)
		copy(grid[y][x0-3-len(num):], num)
		for _, c := range cells {
			x := xOf(r, int(g.col[c]))
			grid[y][x] = pieceChar[p.b[c]]
			switch c {
			case lastFrom:
				grid[y][x-1], grid[y][x+1] = '(', ')'
			case lastTo:
				grid[y][x-1], grid[y][x+1] = '[', ']'
			}
		}
	}
	for _, lb := range l.labels {
		grid[line(under)][left+2*(labelX(lb)-l.minX)] = lb.letter
	}
	var b strings.Builder
	b.WriteString(p.heading(", ") + "\n")
	if p.Result().Over() {
		fmt.Fprintf(&b, "Game over after %s.\n", words.Plural(p.ply, "move"))
	}
	b.WriteString(p.status() + "\n")
	b.WriteByte('\n')
	for _, row := range grid {
		b.WriteString(strings.TrimRight(string(row), " "))
		b.WriteByte('\n')
	}
	b.WriteByte('\n')
	if p.hasLast {
		fmt.Fprintf(&b, "Last move: %s by %s, from ( ) to [ ]\n", p.last, sideName(opponent(p.turn)))
	} else {
		b.WriteString("Last move: none yet\n")
	}
	for _, side := range []engine.Player{engine.First, engine.Second} {
		sizes := g.groupSizes(&p.b, colourOf(side))
		n := 0
		for _, s := range sizes {
			n += s
		}
		if n == 0 {
			fmt.Fprintf(&b, "%-6s no pieces\n", sideName(side)+":")
			continue
		}
		fmt.Fprintf(&b, "%-6s %s in %s, largest %d\n", sideName(side)+":", words.Plural(n, "piece"), words.Plural(len(sizes), "group"), sizes[0])
	}
	fmt.Fprintf(&b, "Legend: %c Light, %c Dark, %c empty cell\n", pieceChar[light], pieceChar[dark], pieceChar[empty])
	return b.String()
}

// status says who moves (and which move it is), or how the game ended.
func (p *Position) status() string {
	if r := p.Result(); r.Over() {
		return r.Words(sides[:]) + "."
	}
	return fmt.Sprintf("%s (%c) to move, move %d", sideName(p.turn), pieceChar[colourOf(p.turn)], p.ply+1)
}

// heading names the game, its ruleset once (none for the ruleset named as
// the game) and its order, joined by sep: "Conflagration, Order 4",
// "Conflagration, backfire, Order 5" (a title says a ruleset
// once).
func (p *Position) heading(sep string) string {
	parts := []string{"Conflagration"}
	if rs := rulesetNames[p.rs]; rs != "conflagration" {
		parts = append(parts, rs)
	}
	return strings.Join(append(parts, fmt.Sprintf("Order %d", p.g.order)), sep)
}
