package conflagration

import (
	"strconv"

	"postal/engine"
)

// Move is a move in the notation of the docs: "C3-D4" moves the piece on C3
// to the empty cell D4 (a step or a slide), "C3xF3" captures the piece on
// F3. Cells are named as R2: a column letter and a row number. A Move names
// cells only; whether they exist on the board and whether the move is legal
// is Apply's business.
type Move struct {
	fromRow, fromCol int8 // 0-based, as R2
	toRow, toCol     int8
	Capture          bool
}

// From returns the name of the origin cell ("C3").
func (m Move) From() string { return cellName(int(m.fromRow), int(m.fromCol)) }

// To returns the name of the destination cell.
func (m Move) To() string { return cellName(int(m.toRow), int(m.toCol)) }

// String is the canonical text: "C3-D4" or "C3xF3".
func (m Move) String() string {
	sep := "-"
	if m.Capture {
		sep = "x"
	}
	return m.From() + sep + m.To()
}

// names are the column letters and row numbers a move may name: those of
// one board, or of any board (anyBoard) where no board is known yet.
type names struct{ firstCol, lastCol, firstRow, lastRow int8 }

// anyBoard takes the names of every board, from the largest's A1 to K11.
var anyBoard = names{0, maxName - 1, 0, maxName - 1}

// namesOf are the names of g's cells: on the Order 4 board columns B to H and
// rows 2 to 8, so that a bad name is answered with this board's range, not the
// largest board's.
func namesOf(g *geom) names {
	n := names{maxName, -1, maxName, -1}
	for i := range g.n {
		n.firstCol, n.lastCol = min(n.firstCol, g.col[i]), max(n.lastCol, g.col[i])
		n.firstRow, n.lastRow = min(n.firstRow, g.row[i]), max(n.lastRow, g.row[i])
	}
	return n
}

// parseMove reads a move's text, case-insensitively, tolerating spaces
// around it. It checks form only, and that its cells' names are among nm.
func parseMove(text string, nm names) (Move, error) {
	i := 0
	for i < len(text) && isSpace(text[i]) {
		i++
	}
	end := len(text)
	for end > i && isSpace(text[end-1]) {
		end--
	}
	if i == end {
		return Move{}, engine.Syntax(text, i, "empty move: write it like C3-D4 or C3xF3")
	}
	var m Move
	var err error
	var r, c int8
	if r, c, i, err = parseCell(text, i, end, nm); err != nil {
		return Move{}, err
	}
	m.fromRow, m.fromCol = r, c
	if i >= end {
		return Move{}, engine.Syntax(text, i, "missing '-' (move) or 'x' (capture) and the destination cell")
	}
	switch text[i] {
	case '-':
	case 'x', 'X':
		m.Capture = true
	default:
		return Move{}, engine.Syntax(text, i, "expected '-' (move) or 'x' (capture), not %q", text[i])
	}
	i++
	if r, c, i, err = parseCell(text, i, end, nm); err != nil {
		return Move{}, err
	}
	m.toRow, m.toCol = r, c
	if i < end {
		for isSpace(text[i]) {
			i++
		}
		return Move{}, engine.Syntax(text, i, "unexpected %q after the move: one move at a time", text[i:end])
	}
	return m, nil
}

// no begins the answer to a name off the board.
func (nm names) no() string {
	if nm == anyBoard {
		return "no board has a"
	}
	return "this board has no"
}

func isSpace(b byte) bool { return b == ' ' || b == '\t' || b == '\r' || b == '\n' }

// parseCell reads a cell name (R2) at text[i:end]: a letter and a row
// number without leading zeros, among nm.
func parseCell(text string, i, end int, nm names) (row, col int8, next int, err error) {
	if i >= end {
		return 0, 0, i, engine.Syntax(text, i, "missing a cell name like C3")
	}
	l := text[i] | 0x20
	if l < 'a' || l > 'z' {
		return 0, 0, i, engine.Syntax(text, i, "expected a column letter A-K, not %q", text[i])
	}
	if c := int8(l - 'a'); c < nm.firstCol || c > nm.lastCol {
		return 0, 0, i, engine.Syntax(text, i, "%s column %c: columns run from %c to %c", nm.no(), text[i]&^0x20, colLetter(int(nm.firstCol)), colLetter(int(nm.lastCol)))
	}
	col = int8(l - 'a')
	i++
	j := i
	for j < end && j-i < 3 && text[j] >= '0' && text[j] <= '9' {
		j++
	}
	if j == i {
		return 0, 0, i, engine.Syntax(text, i, "expected a row number after the column letter")
	}
	if text[i] == '0' {
		return 0, 0, i, engine.Syntax(text, i, "row numbers start at 1 and have no leading zero")
	}
	n, _ := strconv.Atoi(text[i:j])
	if r := n - 1; r < int(nm.firstRow) || r > int(nm.lastRow) {
		return 0, 0, i, engine.Syntax(text, i, "%s row %d: rows run from %d to %d", nm.no(), n, nm.firstRow+1, nm.lastRow+1)
	}
	return int8(n - 1), col, j, nil
}

// toMove turns cell indices into a Move.
func (g *geom) toMove(m mv) Move {
	return Move{
		fromRow: g.row[m.from], fromCol: g.col[m.from],
		toRow: g.row[m.to], toCol: g.col[m.to],
		Capture: m.cap,
	}
}
