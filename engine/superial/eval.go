package superial

import (
	"math"

	"postal/engine"
)

// Evaluate estimates p's share of the result from the pieces each team
// owns (engine.Evaluator): a capture turns a cube over (R4), so the count
// is the game's material. A logistic curve of the difference.
func (p *Position) Evaluate(pl engine.Player) float64 {
	cnt := p.b.count()
	return 1 / (1 + math.Exp(-float64(cnt[pl]-cnt[1-pl])/3))
}

// manValue is a rough worth of each chess man, in pawns; a cube counts
// cubeValue.
var manValue = [...]float64{cPawn: 1, cKnight: 3, cBishop: 3, cRook: 5, cQueen: 9}

const cubeValue = 3

// Evaluate estimates p's share of the result against chess from the
// material (engine.Evaluator): White's men against the cubes and the men
// they have taken (R15). A logistic curve of the difference.
func (p *vsPosition) Evaluate(pl engine.Player) float64 {
	var mat [2]float64
	for s := 0; s < 64; s++ {
		c := p.b.cells[s]
		if c == 0 {
			continue
		}
		if c.cube() {
			mat[c.team()] += cubeValue
		}
		if k := c.man(); k != 0 && int(k) < len(manValue) {
			mat[c.team()] += manValue[k]
		}
	}
	return 1 / (1 + math.Exp(-(mat[pl]-mat[1-pl])/8))
}
