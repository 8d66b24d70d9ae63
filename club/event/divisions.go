package event

import (
	"cmp"
	"slices"
)

// The divisions of a league from one season to the next: the top of each
// division moves up, the bottom moves down, those who leave go, newcomers
// enter at the bottom, and then the divisions are made the sizes the
// number of players asks for.

// DivisionSizes are the sizes of the divisions of a league of n players in
// divisions of size, top first: as many divisions as it takes for none to
// pass size (n/size rounded up), as equal as can be (they differ by one at
// most, the larger on top), and fewer when a division would have fewer than
// least players (a game's seats, two at the least). Nil when n is under
// least: no season can be played.
func DivisionSizes(n, size, least int) []int {
	least = max(least, 2)
	if n < least || size < 1 {
		return nil
	}
	d := (n + size - 1) / size
	for d > 1 && n/d < least {
		d--
	}
	sizes := make([]int, d)
	for i := range sizes {
		sizes[i] = n / d
		if i < n%d {
			sizes[i]++
		}
	}
	return sizes
}

// How a player came into a division as the next season is made, which
// decides who moves when divisions must change size.
type arrival int

const (
	arrivedNew       arrival = iota // a newcomer, at the bottom
	arrivedStayed                   // stays where they played
	arrivedRelegated                // came down from the division above
	arrivedPromoted                 // came up from the division below
)

// mover is a player on their way into next season's divisions.
type mover struct {
	player int64
	how    arrival
	from   int // the division played in last season, 0-based; -1 for a newcomer
	rank   int // their place there, 0-based; a newcomer's place among newcomers
}

// NextDivisions makes next season's divisions. last are the divisions of the
// season just played, top first, each by its final standings; promote is how
// many move up and down between two divisions (at most half of either);
// leaving are the players who go; newcomers enter below everyone, best
// rated first. The divisions then take the sizes DivisionSizes gives: a
// division too large sends down the lowest placed of those who stayed in it
// (newcomers first, and those who moved in last of all), one too small takes
// up the best placed of those who stayed in the division below (then those
// who moved into it, newcomers last). Within a division players are seeded
// by the level they come from: the higher division first, then the better
// place, newcomers last in their order. Nil when too few players are left
// for a season.
func NextDivisions(last [][]int64, promote int, leaving func(int64) bool, newcomers []int64, size, least int) [][]int64 {
	d := len(last)
	moves := make([]int, max(d-1, 0)) // moves[b]: the players who cross between divisions b and b+1, each way
	for b := range moves {
		moves[b] = min(promote, len(last[b])/2, len(last[b+1])/2)
	}
	pools := make([][]mover, max(d, 1))
	for i, div := range last {
		for r, p := range div {
			m := mover{player: p, how: arrivedStayed, from: i, rank: r}
			to := i
			switch {
			case i > 0 && r < moves[i-1]:
				m.how, to = arrivedPromoted, i-1
			case i < d-1 && r >= len(div)-moves[i]:
				m.how, to = arrivedRelegated, i+1
			}
			if !leaving(p) {
				pools[to] = append(pools[to], m)
			}
		}
	}
	for r, p := range newcomers {
		if !leaving(p) {
			pools[len(pools)-1] = append(pools[len(pools)-1], mover{player: p, how: arrivedNew, from: -1, rank: r})
		}
	}
	n := 0
	for _, pool := range pools {
		n += len(pool)
	}
	sizes := DivisionSizes(n, size, least)
	if sizes == nil {
		return nil
	}
	for len(pools) < len(sizes)+1 {
		pools = append(pools, nil)
	}
	for i, want := range sizes {
		for len(pools[i]) > want {
			m := take(&pools[i], pushedFirst)
			m.how = arrivedRelegated
			pools[i+1] = append(pools[i+1], m)
		}
		for j := i + 1; len(pools[i]) < want; {
			if len(pools[j]) == 0 {
				j++
				continue
			}
			m := take(&pools[j], pulledFirst)
			m.how = arrivedPromoted
			pools[i] = append(pools[i], m)
		}
	}
	out := make([][]int64, len(sizes))
	for i := range sizes {
		slices.SortStableFunc(pools[i], bySeed)
		for _, m := range pools[i] {
			out[i] = append(out[i], m.player)
		}
	}
	return out
}

// take removes from pool, and returns, the mover first by order.
func take(pool *[]mover, order func(a, b mover) int) mover {
	i := 0
	for j := range *pool {
		if order((*pool)[j], (*pool)[i]) < 0 {
			i = j
		}
	}
	m := (*pool)[i]
	*pool = slices.Delete(*pool, i, i+1)
	return m
}

// pushedFirst orders the movers a division too large sends down: newcomers,
// then those who stayed, then those who came down, then those who came up,
// each the lowest placed first.
func pushedFirst(a, b mover) int {
	return cmp.Or(cmp.Compare(pushOrder[a.how], pushOrder[b.how]), cmp.Compare(b.rank, a.rank))
}

var pushOrder = [...]int{arrivedNew: 0, arrivedStayed: 1, arrivedRelegated: 2, arrivedPromoted: 3}

// pulledFirst orders the movers a division too small takes up: those who
// stayed, then those who came up, then those who came down, newcomers last,
// each the best placed first.
func pulledFirst(a, b mover) int {
	return cmp.Or(cmp.Compare(pullOrder[a.how], pullOrder[b.how]), cmp.Compare(a.rank, b.rank))
}

var pullOrder = [...]int{arrivedStayed: 0, arrivedPromoted: 1, arrivedRelegated: 2, arrivedNew: 3}

// bySeed seeds a division: the higher division played in first, then the
// better place there, newcomers last in their order.
func bySeed(a, b mover) int {
	level := func(m mover) int {
		if m.from < 0 {
			return 1 << 30
		}
		return m.from
	}
	return cmp.Or(cmp.Compare(level(a), level(b)), cmp.Compare(a.rank, b.rank))
}
