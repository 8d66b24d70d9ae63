package superial

import (
	"math"

	"postal/engine"
)

// Evaluate estimates p's share of the result from the pieces each team
// owns (engine.Evaluator): a capture turns a cube over (R4), so the count
// is the game's material.
func (p *Position) Evaluate(pl engine.Player) float64 {
	return placeShare(int(pl), p.b.owned(), 2, func(int) bool { return true })
}

// Evaluate estimates p's share of the result of the multiplayer ruleset
// (engine.Evaluator): a player out has the share of its place (R13d); one
// still in, the share of its expected place among those still in, from the
// pieces each owns (a capture passes the cube to the capturer, R13c).
func (p *multiPosition) Evaluate(pl engine.Player) float64 {
	if int(pl) < 0 || int(pl) >= int(p.players) {
		return 0
	}
	if !p.in(int(pl)) {
		return p.result.Shares()[pl]
	}
	return placeShare(int(pl), p.b.owned(), int(p.players), p.in)
}

// placeShare is the share (engine.Result.Shares: 1 first, 0 last of n) of
// seat pl's expected place among the players in: 1, plus for each other
// player in the chance that one finishes ahead, a logistic curve of the
// difference of their pieces. With two players it is the logistic curve of
// the difference itself; the players' shares sum to those of the places
// they hold between them.
func placeShare(pl int, owned [maxSeats]int, n int, in func(int) bool) float64 {
	place := 1.0
	for t := range n {
		if t != pl && in(t) {
			place += 1 / (1 + math.Exp(-float64(owned[t]-owned[pl])/3))
		}
	}
	return (float64(n) - place) / float64(n-1)
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
