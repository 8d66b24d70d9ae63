package site

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"postal/docs/words"
	"postal/engine"
)

// A player's places in games of more than two are said as places, "2nd of
// 3", never as wins or losses.

// placing is a place in a game of more than two: place of n, shared when
// another player has it too (a draw among those still in, R13e).
type placing struct {
	place, n int
	shared   bool
}

// comparePlacings orders placings best first: by place, then among fewer
// players, a shared place before the same place alone.
func comparePlacings(a, b placing) int {
	if c := cmp.Compare(a.place, b.place); c != 0 {
		return c
	}
	if c := cmp.Compare(a.n, b.n); c != 0 {
		return c
	}
	switch {
	case a.shared == b.shared:
		return 0
	case a.shared:
		return -1
	}
	return 1
}

// Places says the places counted, best first: "=1st of 3, 2nd of 4 ×2";
// "" when none.
func (r recordRow) Places() string {
	var parts []string
	for _, k := range slices.SortedFunc(maps.Keys(r.places), comparePlacings) {
		part := words.Ordinal(k.place) + " of " + strconv.Itoa(k.n)
		if k.shared {
			part = "=" + part
		}
		if n := r.places[k]; n > 1 {
			part += fmt.Sprintf(" ×%d", n)
		}
		parts = append(parts, part)
	}
	return strings.Join(parts, ", ")
}

// placingOf is name's placing in s, a finished game of more than two; ok
// is false when name has no place there.
func placingOf(s *summary, name string) (p placing, ok bool) {
	place := placeOf(s, name)
	if place == 0 {
		return placing{}, false
	}
	p = placing{place: place, n: len(s.Players)}
	for seat, q := range s.Players {
		if q != name && s.Result.Place(engine.Player(seat)) == place {
			p.shared = true
		}
	}
	return p, true
}
