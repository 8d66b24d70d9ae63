package conflagration

import (
	"math/rand/v2"

	"postal/engine"
)

var _ engine.Playouter = (*Position)(nil)

// Playout plays random moves from p on a board of its own (engine.Playouter):
// each ply the moves RandomMove would choose from, in the same order, and
// the same draw, so it ends where engine.Playout's ply-by-ply loop would.
// The generator's board is the playout's, and each side's pieces are
// listed once and kept in cell order as they move. Nothing is allocated per
// ply; the last position is made once.
func (p *Position) Playout(rng *rand.Rand, maxPlies int) (engine.Position, int) {
	g := p.g
	var x gen
	x.g = g
	copy(x.cells[:g.n], p.b[:g.n])
	x.cells[offBoard] = wallMark
	var pieces [dark + 1][maxCells]uint8
	var count [dark + 1]int
	for f := range g.n {
		if c := x.cells[f]; c != empty {
			pieces[c][count[c]] = uint8(f)
			count[c]++
		}
	}
	turn := p.turn
	var buf moveBuf
	var last mv
	n := 0
	over := false
	for ; n < maxPlies; n++ {
		col := colourOf(turn)
		own := pieces[col][:count[col]]
		x.label(col, own)
		ms := x.moves(p.rs, own, buf[:0])
		if len(ms) == 0 {
			over = true
			break
		}
		last = ms[rng.IntN(len(ms))]
		from, to := uint8(last.from), uint8(last.to)
		if last.cap { // the enemy piece goes (R6)
			foe := light + dark - col
			count[foe] = remove(pieces[foe][:count[foe]], to)
		}
		shift(own, from, to)
		x.cells[to] = col
		x.cells[from] = empty
		turn = opponent(turn)
	}
	if n == 0 {
		return p, 0
	}
	q := &Position{g: g, rs: p.rs, turn: turn, ply: p.ply + n}
	copy(q.b[:g.n], x.cells[:g.n])
	q.last, q.hasLast = g.toMove(last), true
	if over {
		q.known = true // no moves: the list stays nil
	}
	return q, n
}

// remove takes cell c out of the sorted list and returns its new length.
func remove(list []uint8, c uint8) int {
	i := 0
	for list[i] != c {
		i++
	}
	copy(list[i:], list[i+1:])
	return len(list) - 1
}

// shift moves the piece of the sorted list from cell from to cell to,
// keeping the list sorted.
func shift(list []uint8, from, to uint8) {
	i := 0
	for list[i] != from {
		i++
	}
	for ; i+1 < len(list) && list[i+1] < to; i++ {
		list[i] = list[i+1]
	}
	for ; i > 0 && list[i-1] > to; i-- {
		list[i] = list[i-1]
	}
	list[i] = to
}
