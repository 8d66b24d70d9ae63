package pairing

import (
	"errors"
	"sort"
)

// Swiss is the state a Swiss round is paired from.
type Swiss struct {
	// Players is the field's size; players are 0..Players-1, strongest
	// first (by rating), which orders players level on points.
	Players int
	// Rounds are the rounds paired so far: who met whom, from which seat,
	// and who had a bye.
	Rounds [][]Pair
	// Scores are the players' points so far, byes included.
	Scores []float64
	// Out marks players who left or were removed: they are not paired.
	Out []bool
}

// ErrNoPairing says that no pairing keeps the rules: every pair left has met,
// or the seats cannot be kept within a difference of two.
var ErrNoPairing = errors.New("no pairing keeps the Swiss rules (players who have met, or seats out of balance)")

// budget bounds the search for a pairing, so that an impossible round fails
// in milliseconds rather than trying every matching of a large field.
const budget = 200_000

// Next pairs the next round. The rules (FIDE's Swiss principles, C.04.1):
// players are ranked by points, then by their order; the highest unpaired
// player meets, by preference, the player half a score group below (the top
// half of a group against the bottom half), else the nearest below; no two
// players meet twice; a player's first seats minus second seats stays within
// ±2 and no one has the same seat three times running (relaxed to the
// difference alone if no pairing keeps both); seats alternate where they can.
// For an odd field exactly one player has the round off: the lowest ranked
// who has not had a bye and whose absence leaves the rest pairable. A bye
// scores one point (the caller's results say so) and no player has two.
func (s Swiss) Next() ([]Pair, error) {
	hist := s.history()
	var active []int
	for p := range s.Players {
		if s.Out == nil || !s.Out[p] {
			active = append(active, p)
		}
	}
	score := func(p int) float64 {
		if p < len(s.Scores) {
			return s.Scores[p]
		}
		return 0
	}
	sort.SliceStable(active, func(i, j int) bool {
		return score(active[i]) > score(active[j])
	})
	for _, strict := range []bool{true, false} {
		pr := pairer{s: s, hist: hist, strict: strict, score: score}
		if len(active)%2 == 0 {
			if pairs, ok := pr.pair(active); ok {
				return pr.seat(pairs), nil
			}
			continue
		}
		for i := len(active) - 1; i >= 0; i-- {
			b := active[i]
			if hist[b].byes > 0 {
				continue
			}
			rest := append(append([]int{}, active[:i]...), active[i+1:]...)
			if pairs, ok := pr.pair(rest); ok {
				return append(pr.seat(pairs), Pair{b, Bye}), nil
			}
		}
	}
	return nil, ErrNoPairing
}

// record is one player's past: opponents, seats (+1 first, -1 second), byes.
type record struct {
	met   map[int]bool
	seats []int
	diff  int
	byes  int
}

func (s Swiss) history() []record {
	hist := make([]record, s.Players)
	for i := range hist {
		hist[i].met = map[int]bool{}
	}
	for _, round := range s.Rounds {
		for _, g := range round {
			if g.Second == Bye {
				hist[g.First].byes++
				continue
			}
			a, b := &hist[g.First], &hist[g.Second]
			a.met[g.Second], b.met[g.First] = true, true
			a.seats, b.seats = append(a.seats, 1), append(b.seats, -1)
			a.diff++
			b.diff--
		}
	}
	return hist
}

type pairer struct {
	s      Swiss
	hist   []record
	strict bool
	score  func(int) float64
	steps  int
}

// can says whether player p may take seat c (+1 first, -1 second).
func (pr *pairer) can(p, c int) bool {
	h := pr.hist[p]
	if d := h.diff + c; d > 2 || d < -2 {
		return false
	}
	if pr.strict {
		n := len(h.seats)
		if n >= 2 && h.seats[n-1] == c && h.seats[n-2] == c {
			return false
		}
	}
	return true
}

func (pr *pairer) compatible(p, q int) bool {
	if pr.hist[p].met[q] {
		return false
	}
	return (pr.can(p, 1) && pr.can(q, -1)) || (pr.can(p, -1) && pr.can(q, 1))
}

// pair matches the ranked players, the highest unpaired first, by depth-first
// search over each one's candidates in order of preference.
func (pr *pairer) pair(ranked []int) ([][2]int, bool) {
	if len(ranked) == 0 {
		return nil, true
	}
	pr.steps++
	if pr.steps > budget {
		return nil, false
	}
	p := ranked[0]
	rest := ranked[1:]
	for _, i := range pr.candidates(p, rest) {
		q := rest[i]
		if !pr.compatible(p, q) {
			continue
		}
		left := append(append(make([]int, 0, len(rest)-1), rest[:i]...), rest[i+1:]...)
		if pairs, ok := pr.pair(left); ok {
			return append([][2]int{{p, q}}, pairs...), true
		}
		if pr.steps > budget {
			return nil, false
		}
	}
	return nil, false
}

// candidates orders p's possible opponents (indices into rest): first p's
// own score group from its middle down (the bottom half's top, so that the
// group's top half meets its bottom half), then up; then lower groups in
// rank order. Within these, an opponent who lets both have the seat they are
// due comes first.
func (pr *pairer) candidates(p int, rest []int) []int {
	group := 0
	for group < len(rest) && pr.score(rest[group]) == pr.score(p) {
		group++
	}
	var order []int
	mid := (group + 1) / 2 // p is the group's first; its size is group+1
	if mid > 0 {
		mid-- // rest has p removed
	}
	for i := mid; i < group; i++ {
		order = append(order, i)
	}
	for i := mid - 1; i >= 0; i-- {
		order = append(order, i)
	}
	for i := group; i < len(rest); i++ {
		order = append(order, i)
	}
	due := func(q int) bool {
		a, b := pr.want(p), pr.want(rest[q])
		return a == 0 || b == 0 || a != b
	}
	sort.SliceStable(order[:min(group, len(order))], func(i, j int) bool {
		return due(order[i]) && !due(order[j])
	})
	return order
}

// want is the seat p is due: the one that evens the difference, else the
// one other than last time; 0 when p has no past.
func (pr *pairer) want(p int) int {
	h := pr.hist[p]
	switch {
	case h.diff > 0:
		return -1
	case h.diff < 0:
		return 1
	case len(h.seats) > 0:
		return -h.seats[len(h.seats)-1]
	}
	return 0
}

// seat gives each pair its seats: both as due if they can; else the one whose
// need is stronger (the larger difference), else the higher ranked, has
// theirs; with no past either way the higher ranked takes the first seat on
// odd boards.
func (pr *pairer) seat(pairs [][2]int) []Pair {
	out := make([]Pair, 0, len(pairs))
	for board, pq := range pairs {
		p, q := pq[0], pq[1]
		first := p
		wp, wq := pr.want(p), pr.want(q)
		switch {
		case wp != 0 && wp == -wq:
			if wp < 0 {
				first = q
			}
		case wp != 0 && wq != 0: // both want the same seat
			hp, hq := abs(pr.hist[p].diff), abs(pr.hist[q].diff)
			if hq > hp {
				if wq > 0 {
					first = q
				}
			} else if wp < 0 {
				first = q
			}
		case wp != 0:
			if wp < 0 {
				first = q
			}
		case wq != 0:
			if wq > 0 {
				first = q
			}
		default:
			if board%2 == 1 {
				first = q
			}
		}
		second := q
		if first == q {
			second = p
		}
		if !pr.can(first, 1) || !pr.can(second, -1) {
			first, second = second, first
		}
		out = append(out, Pair{first, second})
	}
	return out
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
