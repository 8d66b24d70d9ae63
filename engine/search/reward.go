package search

import "postal/engine"

// players is how many players a game has. Every game has two today; a game
// of more players (placings) changes Players here and Outcome below, and
// nothing else of the searcher.
const players = 2

// Rewards are the players' shares of an outcome, indexed by
// [engine.Player]: 1 a win, 0 a loss; they sum to 1.
type Rewards [players]float64

func (r *Rewards) add(x Rewards) {
	for i := range r {
		r[i] += x[i]
	}
}

// Outcome maps a finished game's result to rewards: the one place where
// results become numbers. A win is 1 for the winner and 0 for the others,
// a draw 1/2 each.
func Outcome(res engine.Result) Rewards {
	if res.Kind == engine.Win {
		var r Rewards
		r[res.Winner] = 1
		return r
	}
	return Draw()
}

// Draw is the rewards of a drawn game, and of a playout that reached
// MaxPlayoutPlies: an equal share each.
func Draw() Rewards {
	var r Rewards
	for i := range r {
		r[i] = 1.0 / players
	}
	return r
}

// Estimate is the rewards a game's Evaluator gives an unfinished position.
func Estimate(ev engine.Evaluator) Rewards {
	var r Rewards
	for i := range r {
		r[i] = ev.Evaluate(engine.Player(i))
	}
	return r
}
