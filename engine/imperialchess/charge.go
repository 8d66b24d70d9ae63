package imperialchess

import (
	"math/rand/v2"

	"postal/engine"
)

// SampleUnlisted draws up to n distinct charges of pl, when one is
// available (engine.UnlistedSampler): the moves Legal leaves out (R14).
// Each is built sub-move by sub-move on a copy of the board, files in a
// random order, and kept only if Apply accepts it.
func (p *Position) SampleUnlisted(pl engine.Player, rng *rand.Rand, n int) []engine.Move {
	if p.result.Over() || pl != p.side || p.st.chargeCount(pl) < 6 {
		return nil
	}
	var out []engine.Move
	seen := map[string]bool{}
	for tries := 0; len(out) < n && tries < 3*n; tries++ {
		m, ok := p.st.randomCharge(pl, rng)
		if !ok {
			continue
		}
		if _, err := p.Apply(pl, &m); err != nil {
			continue
		}
		if text := m.String(); !seen[text] {
			seen[text] = true
			out = append(out, &m)
		}
	}
	return out
}

// randomCharge builds a charge of pl (R14): passes over the files in a
// random order, each moving one piece that stood on the file when the turn
// began with one of its single moves (no ride), drawn at random, until no
// file left has a piece that can move. It reports false when no sub-move
// could be made.
func (st state) randomCharge(pl engine.Player, rng *rand.Rand) (Move, bool) {
	startFile := st.files()
	var used [size]bool
	var fx effects
	m := Move{Kind: charge}
	var buf [64]base
	var cands [256]smove
	for progressed := true; progressed; {
		progressed = false
		for _, f := range rng.Perm(size) {
			if used[f] {
				continue
			}
			cs := cands[:0]
			for id := 0; id < nsq; id++ {
				if st.at[id] == empty || idSide[id] != pl || int(startFile[id]) != f {
					continue
				}
				for _, c := range st.pieceSingles(int(st.at[id]), pl, nil, buf[:0]) {
					if c.extra != rideMove {
						cs = append(cs, c)
					}
				}
			}
			if len(cs) == 0 {
				continue
			}
			done, err := st.playSingle(pl, st.move(cs[rng.IntN(len(cs))]), false, &fx)
			if err != nil {
				return m, false
			}
			st.afterMove(pl, &fx)
			used[f], progressed = true, true
			m.Subs = append(m.Subs, done)
			if !st.hasImperial(opponent(pl)) {
				return m, true // the game ends at once (R14)
			}
		}
	}
	return m, len(m.Subs) > 0
}
