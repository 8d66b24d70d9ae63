package published

import (
	"fmt"
	"slices"
	"strings"

	"postal/archive"
	"postal/club/event"
	"postal/site/view"
)

// ladderView is ladder t, ev as its rules (c) see it, as its page shows it
// besides a tournament's: its order, the climbs in play, and its record
// acts, the latest first; its settings by their words.
func ladderView(t *archive.Tournament, ev *event.Event, c event.Climbing, acts []view.Act) *view.Ladder {
	set := event.Settings(t.Settings)
	lv := &view.Ladder{Reach: set.Get("reach", 0), IdleDays: set.Get("idle", 0)}
	order := c.Order(ev)
	notes := map[int64][]string{}
	for _, cl := range c.Climbs() {
		if cl.Outcome != "" {
			continue
		}
		from, to := slices.Index(order, cl.Climber)+1, slices.Index(order, cl.Defender)+1
		lv.Open = append(lv.Open, view.Climb{Game: cl.Game, Climber: ev.PlayerName(cl.Climber), Defender: ev.PlayerName(cl.Defender), From: from, To: to})
		notes[cl.Climber] = append(notes[cl.Climber], fmt.Sprintf("climbs %s (#%d)", ev.PlayerName(cl.Defender), cl.Game))
		notes[cl.Defender] = append(notes[cl.Defender], fmt.Sprintf("defends against %s (#%d)", ev.PlayerName(cl.Climber), cl.Game))
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
