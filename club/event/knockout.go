package event

import (
	"fmt"
	"sort"
	"strings"

	"postal/club/pairing"
	"postal/docs/words"
	"postal/engine"
	"postal/notation"
)

// knockout plays round by round, each from the bracket of the seeds (1 v N,
// 2 v N-1, the top seeds' byes) and then from the winners of the round
// before, in bracket order. A match is a game, the higher seed in the first
// seat; a drawn game is replayed with the seats swapped, and a second draw
// sends the higher seed through.
type knockout struct{}

var knockoutKind = Kind{Name: "knockout", Verb: notation.CmdTournament, Page: TournamentPage,
	Make: func(seats int, _ Settings) (Format, bool) { return ofTwo(knockout{}, seats) }}

func (knockout) Name() string { return "knockout" }

func (knockout) Words(*Event) string { return "knockout" }

func (knockout) Limit() int { return 64 }

func (f knockout) Start(ev *Event) ([]Step, error) { return f.round(ev, 1, nil), nil }

// round begins round r: round 1 from the bracket of the seeds, a later
// round from the winners of the round before. A round of byes alone is
// decided at once.
func (f knockout) round(ev *Event, r int, winners []int64) []Step {
	var pairs [][2]int64 // [1] 0: a bye
	if r == 1 {
		for _, p := range pairing.Bracket(len(ev.Entrants)) {
			second := int64(0)
			if p.Second != pairing.Bye {
				second = ev.Entrants[p.Second].Player
			}
			pairs = append(pairs, [2]int64{ev.Entrants[p.First].Player, second})
		}
	} else {
		for i := 0; i+1 < len(winners); i += 2 {
			a, b := winners[i], winners[i+1]
			if ev.Entrant(b).Seed < ev.Entrant(a).Seed {
				a, b = b, a
			}
			// A winner who left while the round finished: the opponent
			// goes through.
			switch {
			case !ev.Entrant(b).In():
				b = 0
			case !ev.Entrant(a).In():
				a, b = b, 0
			}
			pairs = append(pairs, [2]int64{a, b})
		}
	}
	ev.Round = r
	steps := []Step{BeginRound{Round: r}}
	games := 0
	for b, p := range pairs {
		if p[1] == 0 {
			why := "as a top seed you go through to the next round"
			if r > 1 {
				why = "your opponent has left, and you go through to the next round"
			}
			steps = append(steps, ev.bye(Bye{Round: r, Board: b + 1, Player: p[0]}, why))
			continue
		}
		steps = append(steps, StartGame{Round: r, Board: b + 1, Players: []int64{p[0], p[1]}})
		games++
	}
	if games == 0 { // every match a bye: the round is decided already
		steps = append(steps, f.Next(ev)...)
	}
	return steps
}

func (f knockout) Next(ev *Event) []Step {
	r := ev.Round
	var winners []int64
	var steps []Step
	matches := ev.Matches(r)
	for _, m := range matches {
		if m.Winner != 0 {
			winners = append(winners, m.Winner)
			continue
		}
		if last := m.Games[len(m.Games)-1]; last.Over && len(m.Games) == 1 {
			// A drawn first game: a second with the seats swapped.
			steps = append(steps, StartGame{Round: r, Board: m.Board, Players: []int64{m.Players[1], m.Players[0]}, Replay: true})
		}
	}
	switch {
	case len(winners) < len(matches):
		return steps // matches undecided
	case len(winners) == 1:
		return []Step{Finish{Winner: winners[0]}}
	}
	return f.round(ev, r+1, winners)
}

func (knockout) Where(ev *Event) string { return fmt.Sprintf("round %d", ev.Round) }

func (knockout) Started(ev *Event, games []string) []string {
	if len(games) == 0 {
		return nil
	}
	return []string{fmt.Sprintf("Round %d has started: %s (%s).", ev.Round, words.Count(len(games), "match", "matches"), strings.Join(games, ", "))}
}

func (knockout) Table() Table { return Table{System: pairing.RoundRobinSystem} }

func (f knockout) plan(ev *Event) string {
	return fmt.Sprintf("%s is a knockout of %s: the winners of a round meet in the next when its every match is decided. A drawn game is replayed with the seats swapped; a second draw sends the higher seed through.", ev.Name, words.Count(len(ev.Entrants), "player", "players"))
}

// afterGame: a knockout's game decides its match, or has it replayed.
func (knockout) afterGame(ev *Event, g Game) string {
	matches := ev.Matches(g.Round)
	for _, m := range matches {
		if m.Board != g.Board {
			continue
		}
		switch {
		case m.Winner != 0 && len(matches) == 1:
			return fmt.Sprintf("%s wins %s (%s).", ev.PlayerName(m.Winner), ev.Name, m.How)
		case m.Winner != 0:
			return fmt.Sprintf("%s goes through (%s); the next round starts when every match of round %d is decided.", ev.PlayerName(m.Winner), m.How, g.Round)
		case len(m.Games) == 1:
			return "The match is replayed with the seats swapped: a mail about the new game follows."
		}
	}
	return ""
}

// Match is one pairing of a knockout round: a bye, or up to two games.
type Match struct {
	Board   int
	Players [2]int64 // the first game's seats; Players[1] 0 for a bye
	Games   []Game
	Winner  int64 // 0 while undecided
	How     string
}

// Matches lists the matches of round r in bracket order, deciding those
// that can be: a won game wins; a drawn first game is replayed with the
// seats swapped; a second draw sends the higher seed through.
func (ev *Event) Matches(r int) []*Match {
	byBoard := map[int]*Match{}
	for _, b := range ev.Byes {
		if b.Round == r {
			byBoard[b.Board] = &Match{Board: b.Board, Players: [2]int64{b.Player, 0}, Winner: b.Player, How: "a bye"}
		}
	}
	for _, g := range ev.Games {
		if g.Round != r {
			continue
		}
		m := byBoard[g.Board]
		if m == nil {
			m = &Match{Board: g.Board, Players: [2]int64{g.Players[0], g.Players[1]}}
			byBoard[g.Board] = m
		}
		m.Games = append(m.Games, g)
	}
	var out []*Match
	for _, m := range byBoard {
		out = append(out, m)
		if len(m.Games) == 0 {
			continue
		}
		last := m.Games[len(m.Games)-1]
		if !last.Over {
			continue
		}
		res := last.Result()
		switch {
		case res.Kind == engine.Win:
			m.Winner, m.How = last.Players[res.Winner], fmt.Sprintf("won game #%d", last.ID)
		case len(m.Games) >= 2:
			a, b := m.Players[0], m.Players[1]
			if ev.Entrant(b).Seed < ev.Entrant(a).Seed {
				a = b
			}
			m.Winner, m.How = a, "two draws: the higher seed goes through"
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Board < out[j].Board })
	return out
}
