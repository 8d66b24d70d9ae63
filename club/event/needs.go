package event

import "fmt"

// What an event needs of its field to start: "tournament" checks it of its
// "players N" and says it otherwise, "start" checks it of the entrants, and
// each refusal says how many more must join, and what settings of the
// format would let the field start (a Swiss's rounds), so the club can
// name the fix.

// fielder is a format that needs more of its field than a game's seats: a
// Swiss, enough players that no pair meets twice. needs is the fewest
// entrants it starts with, and why; short is its own refusal of a field
// of n entrants too few (nil: the usual one).
type fielder interface {
	needs() (int, string)
	short(ev *Event, n int) *Refusal
}

// Needs is the fewest entrants ev starts with: the seats of a game (at
// least two), or more when its format needs more.
func (ev *Event) Needs() int {
	n := max(2, ev.Seats)
	if f, ok := ev.Format.(fielder); ok {
		more, _ := f.needs()
		n = max(n, more)
	}
	return n
}

// NeedsLine says how many entrants ev needs to start, when more than two
// (a game of three, a Swiss of many rounds): what "start" would refuse. ""
// when two will do.
func (ev *Event) NeedsLine() string {
	need := ev.Needs()
	if need <= 2 {
		return ""
	}
	if f, ok := ev.Format.(fielder); ok {
		if more, why := f.needs(); more == need && need > max(2, ev.Seats) {
			return fmt.Sprintf("It needs at least %d entrants to start (%s).", need, why)
		}
	}
	return fmt.Sprintf("It needs at least %d entrants to start.", need)
}

// Short is the refusal of ev for a field of n entrants too few to start it
// (Needs); nil when n is enough.
func (ev *Event) Short(n int) *Refusal {
	need := ev.Needs()
	if n >= need {
		return nil
	}
	if f, ok := ev.Format.(fielder); ok {
		if r := f.short(ev, n); r != nil {
			r.Missing = need - n
			return r
		}
	}
	return &Refusal{Missing: need - n, Msg: fmt.Sprintf("%s needs at least %d entrants to start; it has %d", ev.Name, need, n)}
}
