package engine

import (
	"fmt"
	"math/rand/v2"
)

// The interfaces below are optional fast paths of a [Position] for random
// playouts and the searcher (engine/search). They change nothing about the
// rules: Apply still decides legality, and a position without them is
// served by the contract alone (Legal, Sample).

// RandomMover is a position that draws a random move of a player without
// listing and sorting every legal move.
type RandomMover interface {
	// RandomMove returns a move of p that Apply accepts, drawn at random
	// (uniformly among the moves Legal lists, or nearly), or nil when p
	// may not act or has no move. It may also draw moves Legal does not
	// list (a setup arrangement). It is never called for [Chance].
	RandomMove(p Player, rng *rand.Rand) Move
}

// UnlistedSampler is a position of a game with moves Legal does not list
// ([Info.Unlisted]): it draws some of them, so a searcher can consider them.
type UnlistedSampler interface {
	// SampleUnlisted returns at most n distinct moves of p that Apply
	// accepts and Legal does not list, drawn at random; none when there
	// are none now.
	SampleUnlisted(p Player, rng *rand.Rand, n int) []Move
}

// Playouter is a position that plays a whole random playout itself, as
// [Playout] would with [RandomMove] (the same moves, drawn with the same
// random numbers), on a board of its own: no position per ply.
type Playouter interface {
	// Playout plays random moves until the game ends or maxPlies plies
	// are played, and returns the last position and the plies played.
	Playout(rng *rand.Rand, maxPlies int) (Position, int)
}

// Evaluator is a position that estimates an unfinished game, for playouts
// cut short in games whose end is far away.
type Evaluator interface {
	// Evaluate returns p's expected share of the result in [0, 1], on the
	// scale of [Result.Shares]: 1 a sure win (the first place), 0 a sure
	// loss (the last), 0.5 even between two. The players' values sum to
	// what the shares of a finished game do: 1 for two players, n/2 for n.
	Evaluate(p Player) float64
}

// RandomMove returns a random move of p in pos: through [RandomMover] when
// pos has it, else uniformly among Legal(p). It returns nil when p has no
// move. For [Chance] it draws with Sample.
func RandomMove(pos Position, p Player, rng *rand.Rand) Move {
	if p == Chance {
		return pos.Sample(rng)
	}
	if rm, ok := pos.(RandomMover); ok {
		return rm.RandomMove(p, rng)
	}
	legal := pos.Legal(p)
	if len(legal) == 0 {
		return nil
	}
	return legal[rng.IntN(len(legal))]
}

// Playout plays pos with [RandomMove] (a random one of the players who may
// act, chance drawn by Sample) until the game ends or maxPlies plies are
// played. It returns the last position and the plies played. Unlike
// [RandomGame] it keeps no steps, and it uses the fast paths ([Playouter]
// first), so moves Legal does not list may be played.
func Playout(pos Position, rng *rand.Rand, maxPlies int) (Position, int, error) {
	if pp, ok := pos.(Playouter); ok {
		end, n := pp.Playout(rng, maxPlies)
		return end, n, nil
	}
	n := 0
	for ; n < maxPlies; n++ {
		players := pos.ToMove()
		if len(players) == 0 {
			if pos.Result().Over() {
				break
			}
			return pos, n, fmt.Errorf("engine: nobody may act but the game is not over: %s", pos)
		}
		p := players[0]
		if len(players) > 1 {
			p = players[rng.IntN(len(players))]
		}
		m := RandomMove(pos, p, rng)
		if m == nil {
			return pos, n, fmt.Errorf("engine: player %d has no move but the game is not over: %s", p, pos)
		}
		next, err := pos.Apply(p, m)
		if err != nil {
			return pos, n, fmt.Errorf("engine: random move %s of player %d refused: %w\nposition %s", m, p, err, pos)
		}
		pos = next
	}
	return pos, n, nil
}
