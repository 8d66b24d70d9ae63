package rating

import (
	"fmt"
	"time"
)

// Player is a player's standing in one list: the rating after their last
// rated game, how many they played and when the last ended.
type Player struct {
	Rating
	Games int
	Last  time.Time // zero before the first game
}

// Newcomer is a player of a list who has not played in it.
func Newcomer() Player { return Player{Rating: New()} }

// At is p's rating at a game ending at t: widened by the periods of step 6
// for each Idle span since their last game.
func (p Player) At(t time.Time) Rating { return p.Rating.Idle(IdlePeriods(p.Last, t)) }

// Pairings are the outcomes of a game of n seats by their places (1 the
// first; players who share a place have the same number): for each seat,
// its score against each other seat, ahead 1, level 0.5, behind 0. A game
// of two is the one pairing: a win (places 1 and 2) or a draw (1 and 1).
func Pairings(places []int) [][]float64 {
	out := make([][]float64, len(places))
	for i, pi := range places {
		out[i] = make([]float64, len(places))
		for j, pj := range places {
			switch {
			case i == j:
			case pi < pj:
				out[i][j] = 1
			case pi == pj:
				out[i][j] = 0.5
			}
		}
	}
	return out
}

// Play is the players of one rated game after it, by seat: the game is one
// rating period of each, against every other seat by places (Pairings),
// all from their ratings before it, each widened first by the periods they
// were idle (At). The game ended at t. Every seat must have a place.
func Play(players []Player, places []int, t time.Time) ([]Player, error) {
	if len(players) < 2 || len(places) != len(players) {
		return nil, fmt.Errorf("rating: a game of %d players with %d places", len(players), len(places))
	}
	for _, pl := range places {
		if pl < 1 || pl > len(places) {
			return nil, fmt.Errorf("rating: place %d in a game of %d", pl, len(places))
		}
	}
	before := make([]Rating, len(players))
	for i, p := range players {
		before[i] = p.At(t)
	}
	scores := Pairings(places)
	out := make([]Player, len(players))
	outcomes := make([]Outcome, 0, len(players)-1)
	for i := range players {
		outcomes = outcomes[:0]
		for j := range players {
			if j != i {
				outcomes = append(outcomes, Outcome{Opponent: before[j], Score: scores[i][j]})
			}
		}
		out[i] = Player{Rating: before[i].Update(outcomes), Games: players[i].Games + 1, Last: t}
	}
	return out, nil
}
