package event

import (
	"fmt"
	"strings"

	"postal/club/pairing"
	"postal/docs/words"
	"postal/engine"
	"postal/notation"
)

// roundRobin is every entrant against every other once (Berger tables), or
// twice with the seats swapped (double): every game starts at once. A game
// of more than two is played in a round robin of tables (tables.go).
type roundRobin struct{ double bool }

var (
	roundRobinKind = Kind{Name: "round-robin", Verb: notation.CmdTournament, Page: TournamentPage,
		Make: func(seats int, _ Settings) (Format, bool) {
			if engine.OthersPlayOn(seats) {
				return tables{seats: seats}, true
			}
			return roundRobin{}, true
		}}
	doubleRoundRobinKind = Kind{Name: "double-round-robin", Verb: notation.CmdTournament, Page: TournamentPage,
		Make: func(seats int, _ Settings) (Format, bool) { return ofTwo(roundRobin{double: true}, seats) }}
)

// ofTwo is f when games of seats are games of two; none otherwise: a game
// of more is played in a round robin of tables only.
func ofTwo(f Format, seats int) (Format, bool) {
	if engine.OthersPlayOn(seats) {
		return nil, false
	}
	return f, true
}

func (f roundRobin) Name() string {
	if f.double {
		return "double-round-robin"
	}
	return "round-robin"
}

func (f roundRobin) Words(*Event) string {
	if f.double {
		return "double round robin"
	}
	return "round robin"
}

// Limit keeps the field small: every game starts at once.
func (f roundRobin) Limit() int {
	if f.double {
		return 12
	}
	return 20
}

func (f roundRobin) Start(ev *Event) ([]Step, error) {
	rounds := pairing.RoundRobin(len(ev.Entrants))
	if f.double {
		rounds = pairing.DoubleRoundRobin(len(ev.Entrants))
	}
	var steps []Step
	for r, round := range rounds {
		for b, g := range round {
			if g.Second == pairing.Bye {
				continue // a rest in a round robin: no bye, no point
			}
			steps = append(steps, StartGame{Round: r + 1, Board: b + 1, Players: []int64{ev.Entrants[g.First].Player, ev.Entrants[g.Second].Player}})
		}
	}
	return steps, nil
}

func (roundRobin) Next(ev *Event) []Step { return allPlayedNext(ev) }

func (f roundRobin) plan(ev *Event) string {
	how := "everyone meets everyone once"
	if f.double {
		how = "everyone meets everyone twice, once from each seat"
	}
	return fmt.Sprintf("%s is a %s of %s: %s. Every game starts at once, and it ends when the last has ended.", ev.Name, f.Words(ev), words.Count(len(ev.Entrants), "player", "players"), how)
}

func (roundRobin) Where(*Event) string { return "" }

func (roundRobin) Started(ev *Event, games []string) []string { return startedAtOnce(ev, games) }

func (roundRobin) Table() Table {
	return Table{System: pairing.RoundRobinSystem, TieBreaks: []string{"SB"}, AllPlayAll: true}
}

// allPlayedNext ends an event whose games all started at once when the
// last has ended, the head of its standings winning.
func allPlayedNext(ev *Event) []Step {
	if ev.Playing(0) > 0 {
		return nil
	}
	return []Step{ev.finish("")}
}

// startedAtOnce is what the reply to the start says when every game of
// the event starts at once.
func startedAtOnce(ev *Event, games []string) []string {
	return []string{fmt.Sprintf("Every game starts at once: %s (%s).", words.Count(len(games), "game", "games"), strings.Join(games, ", ")),
		"Each player has a mail for each of their games; \"standings " + ev.Name + "\" shows the table."}
}
