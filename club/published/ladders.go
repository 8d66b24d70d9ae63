package published

import (
	"fmt"
	"slices"
	"strings"

	"postal/club/event"
	"postal/site/view"
)

// ladderView is ladder f of ev as its page shows it besides a tournament's:
// its order, the climbs in play, and its record acts, the latest first.
func ladderView(ev *event.Event, f *event.Ladder, acts []view.Act) *view.Ladder {
	lv := &view.Ladder{Reach: f.Reach, IdleDays: f.IdleDays}
	order := f.Order(ev)
	notes := map[int64][]string{}
	for _, c := range f.Climbs {
		if c.Outcome != "" {
			continue
		}
		from, to := slices.Index(order, c.Climber)+1, slices.Index(order, c.Defender)+1
		lv.Open = append(lv.Open, view.Climb{Game: c.Game, Climber: ev.PlayerName(c.Climber), Defender: ev.PlayerName(c.Defender), From: from, To: to})
		notes[c.Climber] = append(notes[c.Climber], fmt.Sprintf("climbs %s (#%d)", ev.PlayerName(c.Defender), c.Game))
		notes[c.Defender] = append(notes[c.Defender], fmt.Sprintf("defends against %s (#%d)", ev.PlayerName(c.Climber), c.Game))
	}
	for i, p := range order {
		lv.Order = append(lv.Order, view.Rung{Place: i + 1, Name: ev.PlayerName(p), Note: strings.Join(notes[p], "; ")})
	}
	for i := len(acts) - 1; i >= 0; i-- {
		if acts[i].Kind != "idle" { // a drop spent in place changes nothing to see
			lv.Changes = append(lv.Changes, acts[i])
		}
	}
	return lv
}
