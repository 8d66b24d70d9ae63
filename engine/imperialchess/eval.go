package imperialchess

import (
	"math"

	"postal/engine"
)

// pieceValue is a rough worth of each kind, in pawns, for the searcher's
// estimate: how far a piece moves and whether it captures (R4-R11).
var pieceValue = [nkinds]float64{
	emperor: 9, empress: 3, king: 4, queen: 3, impPrince: 4, impPrincess: 2,
	prince: 4, princess: 2, knight: 3, rook: 5, bishop: 3, catapult: 3,
	crossbowman: 2, pikeman: 2, pawn: 1,
}

// imperialBonus is added for each piece of the Imperial family: a side
// that loses all of them loses the game (R18).
const imperialBonus = 6

// Evaluate estimates p's share of the result from the material on the
// board (engine.Evaluator): a logistic curve of the difference.
func (p *Position) Evaluate(pl engine.Player) float64 {
	var mat [2]float64
	for id := 0; id < nsq; id++ {
		if !idValid[id] || p.st.at[id] == empty {
			continue
		}
		v := pieceValue[idKind[id]]
		if idKind[id].isImperial() {
			v += imperialBonus
		}
		mat[idSide[id]] += v
	}
	return 1 / (1 + math.Exp(-(mat[pl]-mat[opponent(pl)])/10))
}
