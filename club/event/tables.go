package event

import (
	"fmt"

	"postal/club/pairing"
	"postal/docs/words"
)

// tables is the round robin of a game of more than two (Superial Chess for
// three or four, R13), which the round-robin kind (roundrobin.go) makes
// for such a game: every set of seats entrants plays one game (a table),
// all at once; places count between every two players of a table.
type tables struct{ seats int }

func (tables) Name() string { return "round-robin" }

func (f tables) Words(*Event) string { return fmt.Sprintf("round robin of tables of %d", f.seats) }

// Limit keeps the field small: 20 games of three, 15 of four, all at once.
func (tables) Limit() int { return 6 }

func (f tables) Start(ev *Event) ([]Step, error) {
	var steps []Step
	for i, table := range pairing.Tables(len(ev.Entrants), f.seats) {
		players := make([]int64, len(table))
		for s, p := range table {
			players[s] = ev.Entrants[p].Player
		}
		steps = append(steps, StartGame{Round: 1, Board: i + 1, Players: players})
	}
	return steps, nil
}

func (tables) Next(ev *Event) []Step { return allPlayedNext(ev) }

func (f tables) plan(ev *Event) string {
	return fmt.Sprintf("%s is a %s for %s: every set of %d plays one game. Every game starts at once, and it ends when the last has ended.", ev.Name, f.Words(ev), words.Count(len(ev.Entrants), "player", "players"), f.seats)
}

func (tables) Where(*Event) string { return "" }

func (tables) Started(ev *Event, games []string) []string { return startedAtOnce(ev, games) }

func (tables) Table() Table { return roundRobin{}.Table() }
