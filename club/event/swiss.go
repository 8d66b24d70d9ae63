package event

import (
	"errors"
	"fmt"
	"strings"

	"postal/club/pairing"
	"postal/docs/words"
	"postal/notation"
)

// swiss pairs each round by score (pairing.Swiss: score groups, then
// seeds; no pair twice; seats alternated; one bye, a point, to the lowest
// ranked who has had none), the next when the last game of the round
// before has ended. Players who left are not paired; their results stand.
// Its number of rounds follows its name ("swiss 5"), and each round may be
// held to a deadline (Paced).
type swiss struct{ rounds int }

var swissKind = Kind{Noun: "Swiss", Name: "swiss", Verb: notation.CmdTournament, Page: TournamentPage,
	Count: &notation.Number{Word: "rounds", Min: 1, Max: 30, What: "rounds"},
	Make:  func(seats int, s Settings) (Format, bool) { return ofTwo(swiss{rounds: s.Get("rounds", 0)}, seats) }}

func (swiss) Name() string { return "swiss" }

func (f swiss) Words(*Event) string { return fmt.Sprintf("Swiss of %d rounds", f.rounds) }

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
	case ev.Round >= f.rounds || ev.StillIn() < 2:
		return []Step{ev.finish("")}
	}
	return f.round(ev, ev.Round+1)
}

// round pairs round r; when no pairing is left the event ends.
func (f swiss) round(ev *Event, r int) []Step {
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
	steps := []Step{f.Round(r)}
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

func (f swiss) Where(ev *Event) string { return fmt.Sprintf("round %d of %d", ev.Round, f.rounds) }

func (f swiss) Started(ev *Event, games []string) []string {
	return []string{fmt.Sprintf("Round %d of %d has started: %s (%s).", ev.Round, f.rounds, words.Count(len(games), "game", "games"), strings.Join(games, ", "))}
}

// Round is round r of f's: the club may hold it to a deadline (Paced).
func (f swiss) Round(r int) BeginRound { return BeginRound{Round: r, Of: f.rounds} }

// lastRound is the Swiss's last round: its number of rounds.
func (f swiss) lastRound() int { return f.rounds }

func (f swiss) plan(ev *Event) string {
	return fmt.Sprintf("%s is a %s for %s: each round starts when the last game of the one before has ended, pairing players on the same points who have not met.", ev.Name, f.Words(ev), words.Count(len(ev.Entrants), "player", "players"))
}

// needs: a Swiss needs enough players that no pair meets twice in its
// rounds: the least n with SwissRounds(n) >= rounds.
func (f swiss) needs() (int, string) {
	n := f.rounds
	if n%2 == 0 {
		n++
	}
	return n, fmt.Sprintf("no pair meets twice in %d rounds", f.rounds)
}

// short: a field large enough for a game but too small for the rounds is
// refused with the rounds it allows, which would mend it.
func (f swiss) short(ev *Event, n int) *Refusal {
	if n < max(2, ev.Seats) {
		return nil
	}
	return &Refusal{Msg: fmt.Sprintf("a Swiss of %d players has at most %d rounds, and %s has %d", n, SwissRounds(n), ev.Name, f.rounds),
		Mend: Settings{"rounds": SwissRounds(n)}, MendWhat: "the rounds its entrants allow"}
}

func (swiss) Table() Table {
	return Table{System: pairing.SwissSystem, TieBreaks: []string{"Buchholz", "Median"}, ByePoint: true}
}

// What a Swiss does beyond every format: its rounds may have deadlines.
var _ Paced = swiss{}
