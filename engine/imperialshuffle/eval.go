package imperialshuffle

import (
	"math"

	"postal/engine"
)

// Evaluate estimates p's share of the result in the play stage
// (engine.Evaluator), for the searcher's playouts cut short: a player whose
// Emperor cannot move loses (R11), and the dead pieces on a player's board
// are the walls that stop its Emperor (R8). So: the Emperors' open
// directions and the dead pieces, each side against the other, on a
// logistic curve. Before play begins it is even.
func (p *Position) Evaluate(pl engine.Player) float64 {
	if p.stage != stagePlay {
		return 0.5
	}
	var open, dead [2]int
	for x := range 2 {
		b := &p.board[x]
		for s := range b {
			if b[s].dead() {
				dead[x]++
			}
		}
		e := p.emperor(engine.Player(x))
		for d := 0; d < 8; d++ {
			if p.canStep(engine.Player(x), e, d) {
				open[x]++
			}
		}
	}
	o := opponent(pl)
	score := 0.5*float64(open[pl]-open[o]) + 0.25*float64(dead[o]-dead[pl])
	return 1 / (1 + math.Exp(-score))
}

// canStep reports whether pl's Emperor on e may step in direction d: the
// step stays on the board and no dead piece stands on the line (R7, R8).
func (p *Position) canStep(pl engine.Player, e, d int) bool {
	to := step(e, d)
	if to < 0 {
		return false
	}
	for s := to; s >= 0; s = step(s, d) {
		if p.board[pl][s].dead() {
			return false
		}
	}
	return true
}
