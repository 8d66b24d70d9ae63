package search

import "postal/engine"

// maxPlayers is the most seats of any game (Superial Chess's multiplayer
// ruleset seats four, R13). Rewards are kept in arrays this long, so an
// iteration allocates none.
const maxPlayers = 4

// Rewards are the players' shares of an outcome, indexed by
// [engine.Player], on the scale of [engine.Result.Shares]: 1 the first
// place, 0 the last. Seats a game does not have stay 0.
type Rewards [maxPlayers]float64

func (r *Rewards) add(x Rewards) {
	for i := range r {
		r[i] += x[i]
	}
}

func (r *Rewards) addSquares(x Rewards) {
	for i := range r {
		r[i] += x[i] * x[i]
	}
}

// Outcome maps a finished game's result to rewards: the one place where
// results become numbers ([engine.Result.Shares]). Two players: a win 1 for
// the winner and 0 for the loser, a draw 1/2 each; more: by place.
func Outcome(res engine.Result) Rewards {
	var r Rewards
	copy(r[:], res.Shares())
	return r
}

// Cut is the rewards of a playout that reached MaxPlayoutPlies in a game
// without an Evaluator: a draw among the players still in, those out
// keeping their places.
func Cut(res engine.Result) Rewards {
	return Outcome(res.Drawn(""))
}

// Estimate is the rewards a game's Evaluator gives an unfinished position
// of a game of seats players.
func Estimate(ev engine.Evaluator, seats int) Rewards {
	var r Rewards
	for i := range seats {
		r[i] = ev.Evaluate(engine.Player(i))
	}
	return r
}

// seatsOf is the number of seats of pos's game: a game of more than two
// keeps a place for every seat in its Result from the start.
func seatsOf(pos engine.Position) int {
	return max(2, len(pos.Result().Places))
}
