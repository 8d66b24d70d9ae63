package clock

import (
	"fmt"
	"sort"
	"strings"
	"time"
)

// Point is a moment to remind the player on move: After the turn began, or
// Before the deadline.
type Point struct {
	After  time.Duration // > 0: this long after the turn began
	Before time.Duration // > 0: this long before the deadline
}

// DefaultPoints: 24 h after the turn began, then 24 h and 2 h before the
// deadline.
var DefaultPoints = []Point{{After: Day}, {Before: Day}, {Before: 2 * time.Hour}}

// String is "after 24h" or "before 2h", as the club config writes points.
func (p Point) String() string {
	if p.After > 0 {
		return "after " + p.After.String()
	}
	return "before " + p.Before.String()
}

// ParsePoints reads "after 24h, before 24h, before 2h".
func ParsePoints(s string) ([]Point, error) {
	var out []Point
	for _, part := range strings.Split(s, ",") {
		f := strings.Fields(part)
		if len(f) != 2 {
			return nil, fmt.Errorf("clock: reminder point %q is not \"after DURATION\" or \"before DURATION\"", strings.TrimSpace(part))
		}
		d, err := time.ParseDuration(f[1])
		if err != nil || d <= 0 {
			return nil, fmt.Errorf("clock: reminder point %q: %q is not a positive duration like 24h", strings.TrimSpace(part), f[1])
		}
		switch f[0] {
		case "after":
			out = append(out, Point{After: d})
		case "before":
			out = append(out, Point{Before: d})
		default:
			return nil, fmt.Errorf("clock: reminder point %q starts with neither after nor before", strings.TrimSpace(part))
		}
	}
	return out, nil
}

// Due is one reminder point placed in time for a turn.
type Due struct {
	Index int // index of the point in the configured list: sent at most once per turn
	At    time.Time
}

// Schedule places the points for a turn that began at start and ends at
// deadline, in time order. Points that fall before the turn began (a
// "before 24h" on a 12-hour turn) or at or after the deadline are dropped;
// two points at the same moment keep the first.
func Schedule(points []Point, start, deadline time.Time) []Due {
	var out []Due
	seen := map[time.Time]bool{}
	for i, p := range points {
		at := start.Add(p.After)
		if p.After <= 0 {
			at = deadline.Add(-p.Before)
		}
		if !at.After(start) || !at.Before(deadline) || seen[at] {
			continue
		}
		seen[at] = true
		out = append(out, Due{i, at})
	}
	sort.SliceStable(out, func(a, b int) bool { return out[a].At.Before(out[b].At) })
	return out
}

// Next returns the first point of the schedule not yet sent (sent holds the
// indexes already sent this turn), or ok false when none is left.
func Next(schedule []Due, sent map[int]bool) (Due, bool) {
	for _, d := range schedule {
		if !sent[d.Index] {
			return d, true
		}
	}
	return Due{}, false
}
