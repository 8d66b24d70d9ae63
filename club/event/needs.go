package event

import "fmt"

// What an event needs of its field to start (issue 35): "tournament"
// checks it of its "players N" and says it otherwise, "start" checks it of
// the entrants, and each refusal says how many more must join, and for a
// Swiss how many rounds the field allows, so the club can name the fix.

// Needs is the fewest entrants ev starts with: the seats of a game (at
// least two), and in a Swiss enough that no pair meets twice in its
// rounds.
func (ev *Event) Needs() int {
	n := max(2, ev.Seats)
	if _, ok := ev.Format.(swiss); ok {
		n = max(n, swissNeeds(ev.Rounds))
	}
	return n
}

// swissNeeds is the fewest players of a Swiss of rounds rounds in which no
// pair meets twice: the least n with SwissRounds(n) >= rounds.
func swissNeeds(rounds int) int {
	if rounds%2 == 1 {
		return rounds
	}
	return rounds + 1
}

// Short is the refusal of ev for a field of n entrants too few to start it
// (Needs); nil when n is enough.
func (ev *Event) Short(n int) *Refusal {
	need := ev.Needs()
	if n >= need {
		return nil
	}
	r := &Refusal{Missing: need - n}
	if _, ok := ev.Format.(swiss); ok && n >= max(2, ev.Seats) {
		r.Msg = fmt.Sprintf("a Swiss of %d players has at most %d rounds, and %s has %d", n, SwissRounds(n), ev.Name, ev.Rounds)
		r.Rounds = SwissRounds(n)
		return r
	}
	r.Msg = fmt.Sprintf("%s needs at least %d entrants to start; it has %d", ev.Name, need, n)
	return r
}
