package event

import (
	"fmt"
	"strings"

	"postal/engine"
)

// The knockout of a cup of a game of more than two (Superial Chess for
// three or four): its groups are round robins of tables (tables.go); those
// who go through (the top advance of each group) then play on at tables of
// the game's size, the winner of each table going through, stage after
// stage, until one table, the final table, decides the cup. So that every
// table is full at every stage, the players who go through from the groups
// must be the game's size to a power (3, 9, 27 for a game of three),
// which the cup's fields and settings are checked for (fits). A stage's
// field is dealt to its tables by snake seeding (as the groups are): the
// group winners first, then the runners-up. A table's winner is its first
// place; two sharing it, the higher seed of the stage.
//
// A table's place in the cup, as its games' places say it alone (Placer):
// round 2 on, board tableBoard times the game's size, plus boardOf times
// the players of the stage, plus the table (from 1), so that "final
// table" and "round of 3 tables" follow from the board.
const tableBoard = 10000

// tableStage is the field of stage r (round r, from 2), by its seeds: the
// groups' advancers for round 2, by group place; the winners of round
// r-1's tables, by their tables, after.
func (f cup) tableStage(ev *Event, r int) []int64 {
	if r <= 2 {
		return f.seeding(f.Advancing(ev)) // once begun, those its tables seated
	}
	var out []int64
	prev := f.tableStage(ev, r-1)
	for _, g := range f.tablesOf(ev, r-1) {
		if w := tableWinner(g, prev); w != 0 {
			out = append(out, w)
		}
	}
	return out
}

// tablesOf are the games of round r, by board.
func (f cup) tablesOf(ev *Event, r int) []Game {
	var out []Game
	for _, g := range ev.Games {
		if g.Round == r {
			out = append(out, g)
		}
	}
	return out
}

// tableWinner is the first place of table g, the earliest of field among
// those sharing it; 0 while it goes on.
func tableWinner(g Game, field []int64) int64 {
	r := g.Result()
	if !r.Over() {
		return 0
	}
	var best int64
	bestAt := len(field) + 1
	for seat, p := range g.Players {
		first := r.Kind == engine.Win && int(r.Winner) == seat
		if r.Places != nil {
			first = r.Place(engine.Player(seat)) == 1
		}
		if !first {
			continue
		}
		at := len(field)
		for i, q := range field {
			if q == p {
				at = i
			}
		}
		if best == 0 || at < bestAt {
			best, bestAt = p, at
		}
	}
	return best
}

// seatTables are the steps of stage r of field: its round begun, its
// tables started.
func (f cup) seatTables(r int, field []int64) []Step {
	steps := []Step{BeginRound{Round: r}}
	for t, seats := range Groups(len(field), f.seats) {
		players := make([]int64, len(seats))
		for s, i := range seats {
			players[s] = field[i]
		}
		steps = append(steps, StartGame{Round: r, Board: tableBoard*f.seats + boardOf*len(field) + t + 1, Players: players})
	}
	return steps
}

// tablesNext goes on after a game of the tables' knockout: when the
// stage's last table has ended, the next stage, or the winner of the final
// table.
func (f cup) tablesNext(ev *Event) []Step {
	if ev.Playing(ev.Round) > 0 {
		return nil
	}
	next := f.tableStage(ev, ev.Round+1)
	switch len(next) {
	case 0:
		return []Step{Finish{Note: "No one won the final table."}}
	case 1:
		return []Step{Finish{Winner: next[0]}}
	}
	return ev.lifted(f.seatTables(ev.Round+1, next))
}

// tableLabel names a table's stage from its board: "final table", "round
// of 3 tables".
func tableLabel(board int) string {
	seats, players := board/tableBoard, board%tableBoard/boardOf
	if seats == 0 || players <= seats {
		return "final table"
	}
	return fmt.Sprintf("round of %d tables", players/seats)
}

// powerOf says whether n is seats to a power of at least 1.
func powerOf(n, seats int) bool {
	if n < seats || seats < 2 {
		return false
	}
	for n%seats == 0 {
		n /= seats
	}
	return n == 1
}

// tablesReport is the tables' knockout in the standings: each stage's
// tables, their places and who went through.
func (f cup) tablesReport(ev *Event, b *strings.Builder) {
	if ev.Round < 2 {
		return
	}
	b.WriteString("knockout\n")
	for r := 2; r <= ev.Round; r++ {
		tables := f.tablesOf(ev, r)
		if len(tables) == 0 {
			continue
		}
		field := f.tableStage(ev, r)
		fmt.Fprintf(b, "%s\n", tableLabel(tables[0].Board))
		for _, g := range tables {
			var names []string
			for _, p := range g.Players {
				names = append(names, ev.PlayerName(p))
			}
			fmt.Fprintf(b, "  %s: #%d %s", strings.Join(names, " - "), g.ID, ev.Outcome(g))
			if w := tableWinner(g, field); w != 0 {
				fmt.Fprintf(b, "; %s goes through", ev.PlayerName(w))
			}
			b.WriteString("\n")
		}
	}
}
