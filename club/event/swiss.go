package event

import (
	"errors"
	"fmt"
	"strings"

	"postal/club/pairing"
	"postal/docs/words"
)

// swiss pairs each round by score (pairing.Swiss: score groups, then
// seeds; no pair twice; seats alternated; one bye, a point, to the lowest
// ranked who has had none), the next when the last game of the round
// before has ended. Players who left are not paired; their results stand.
type swiss struct{}

func (swiss) Name() string { return "swiss" }

func (swiss) Words(ev *Event) string { return fmt.Sprintf("Swiss of %d rounds", ev.Rounds) }

func (swiss) Limit() int { return 256 }

// Start pairs round 1: Event.Start has checked the field allows the
// rounds (Short).
func (f swiss) Start(ev *Event) ([]Step, error) { return f.round(ev, 1), nil }

// SwissRounds is the most rounds a Swiss of n can have with no pair meeting
// twice: n-1, or n when one player a round has a bye.
func SwissRounds(n int) int {
	if n%2 == 1 {
		return n
	}
	return n - 1
}

func (f swiss) Next(ev *Event) []Step {
	switch {
	case ev.Playing(ev.Round) > 0:
		return nil
	case ev.Round >= ev.Rounds || ev.StillIn() < 2:
		return []Step{ev.finish("")}
	}
	return f.round(ev, ev.Round+1)
}

// round pairs round r; when no pairing is left the event ends.
func (swiss) round(ev *Event, r int) []Step {
	idx := ev.index()
	n := len(ev.Entrants)
	s := pairing.Swiss{Players: n, Scores: make([]float64, n), Out: make([]bool, n)}
	for _, st := range pairing.Standings(n, ev.results(), pairing.SwissSystem) {
		s.Scores[st.Player] = st.Score
	}
	for i, e := range ev.Entrants {
		s.Out[i] = !e.In()
	}
	for round := 1; round < r; round++ {
		var pairs []pairing.Pair
		for _, g := range ev.Games {
			if g.Round == round {
				pairs = append(pairs, pairing.Pair{First: idx[g.Players[0]], Second: idx[g.Players[1]]})
			}
		}
		for _, b := range ev.Byes {
			if b.Round == round {
				pairs = append(pairs, pairing.Pair{First: idx[b.Player], Second: pairing.Bye})
			}
		}
		s.Rounds = append(s.Rounds, pairs)
	}
	pairs, err := s.Next()
	if errors.Is(err, pairing.ErrNoPairing) {
		return []Step{ev.finish(fmt.Sprintf("It ended after round %d: no pairing was left for round %d (every pair left has met, or the seats could not be kept in balance).", r-1, r))}
	}
	ev.Round = r
	steps := []Step{BeginRound{Round: r, Of: ev.Rounds}}
	for b, p := range pairs {
		first := ev.Entrants[p.First].Player
		if p.Second == pairing.Bye {
			steps = append(steps, ev.bye(Bye{Round: r, Board: b + 1, Player: first}, "a bye scores one point"))
			continue
		}
		steps = append(steps, StartGame{Round: r, Board: b + 1, Players: []int64{first, ev.Entrants[p.Second].Player}})
	}
	return steps
}

func (swiss) Where(ev *Event) string { return fmt.Sprintf("round %d of %d", ev.Round, ev.Rounds) }

func (f swiss) Started(ev *Event, games []string) []string {
	return []string{fmt.Sprintf("Round %d of %d has started: %s (%s).", ev.Round, ev.Rounds, words.Count(len(games), "game", "games"), strings.Join(games, ", "))}
}

func (swiss) Table() Table {
	return Table{System: pairing.SwissSystem, TieBreaks: []string{"Buchholz", "Median"}, ByePoint: true}
}
