package conflagration

import (
	"math/rand/v2"

	"postal/engine"
)

var _ engine.Playouter = (*Position)(nil)

// Playout plays random moves from p on a board of its own (engine.Playouter):
// each ply the moves RandomMove would choose from, in the same order, and
// the same draw, so it ends where engine.Playout's ply-by-ply loop would.
// Nothing is allocated per ply; the last position is made once.
func (p *Position) Playout(rng *rand.Rand, maxPlies int) (engine.Position, int) {
	b, turn := p.b, p.turn
	var buf moveBuf
	var x gen
	var last mv
	n := 0
	over := false
	for ; n < maxPlies; n++ {
		ms := p.g.movesInto(p.rs, &b, colourOf(turn), &buf, &x)
		if len(ms) == 0 {
			over = true
			break
		}
		last = ms[rng.IntN(len(ms))]
		b[last.to] = b[last.from] // a capture replaces the enemy piece (R6)
		b[last.from] = empty
		turn = turn.Other()
	}
	if n == 0 {
		return p, 0
	}
	q := &Position{g: p.g, rs: p.rs, b: b, turn: turn, ply: p.ply + n}
	q.last, q.hasLast = p.g.toMove(last), true
	if over {
		q.once.Do(func() {}) // no moves: the list stays nil
	}
	return q, n
}
