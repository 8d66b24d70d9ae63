package event

import (
	"fmt"
	"strings"
	"time"

	"postal/club/pairing"
)

// Format is how an event pairs its entrants and ranks them: one
// implementation a format, apart from the rest of the event.
type Format interface {
	// Name is the format as the command "tournament" and the archive
	// write it: "round-robin".
	Name() string
	// Words say ev's format for people: "round robin", "Swiss of 5
	// rounds".
	Words(ev *Event) string
	// Limit is the most entrants the format takes.
	Limit() int
	// Start answers with the steps of ev's first round, its entrants
	// seeded; a *Refusal when it cannot start.
	Start(ev *Event) ([]Step, error)
	// Next answers with what ev does after one of its games ended or an
	// entrant left: nothing while it waits for games in play.
	Next(ev *Event) []Step
	// Where says where ev stands while it runs, when it goes by rounds:
	// "round 2 of 5"; "" for a format whose games all start at once.
	Where(ev *Event) string
	// Started is what the reply to the start of ev says, the games of its
	// first round started under the numbers games ("#4").
	Started(ev *Event, games []string) []string
	// Table is how the format ranks.
	Table() Table
}

// Table is how a format ranks its entrants.
type Table struct {
	System pairing.System
	// TieBreaks name the tie-breaks of the standings, in System's order;
	// nil for a format ranked by its bracket (a knockout).
	TieBreaks []string
	// AllPlayAll marks a format where every entrant meets every other:
	// its standings have a crosstable, and an entrant who leaves having
	// played under half of their games has every result annulled.
	AllPlayAll bool
	// ByePoint marks a format whose byes score a point (a Swiss's).
	ByePoint bool
}

// StartsWhen says how an open event starts: when max players have entered
// (0: no such limit), on the day starts (zero: none), or when its director
// writes "start NAME".
func StartsWhen(name string, max int, starts time.Time) string {
	var ways []string
	if max > 0 {
		ways = append(ways, fmt.Sprintf("when %d players have entered", max))
	}
	if !starts.IsZero() {
		ways = append(ways, "on "+starts.Format("Mon 2 Jan 2006")+" (midnight UTC)")
	}
	ways = append(ways, "when its director writes \"start "+name+"\"")
	return "It starts " + strings.Join(ways, ", or ") + "."
}
