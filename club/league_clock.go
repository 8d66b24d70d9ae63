package club

import (
	"fmt"
	"time"

	"postal/archive"
	"postal/club/event"
	"postal/club/games"
)

// What falls due in leagues and ladders (issue 37): a league's next season
// after its break, a season's deadline, a ladder's idle players. Each
// league or ladder keeps when it is next due (leagues.due, migration 060);
// the clock reads only the rows due by now, through their index, and
// sleeps until the earliest, as it does for games (clock_due).

// leagueTick does what is due in leagues and ladders by now and adds the
// next time one is due.
func (w *job) leagueTick(due *dueTimes) error {
	ids, err := w.Tx.DueLeagues(w.Now)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if err := w.leagueDue(id); err != nil {
			return err
		}
		lg, err := w.Tx.LeagueOf(id)
		if err != nil {
			return err
		}
		if !lg.Due.IsZero() && !lg.Due.After(w.Now) {
			// Nothing moved it on: a bug, not a reason to wake the clock
			// again and again.
			w.s.log.Error("club: league due and not moved on", "tournament", id, "due", lg.Due)
			if err := w.Tx.SetLeagueDue(id, time.Time{}); err != nil {
				return err
			}
		}
	}
	next, ok, err := w.Tx.NextLeagueDue()
	if err != nil || !ok {
		return err
	}
	due.add(next)
	return nil
}

// leagueDue does what is due in league or ladder id.
func (w *job) leagueDue(id int64) error {
	t, err := w.Tx.TournamentByID(id)
	if err != nil {
		return err
	}
	if t.Status != archive.TournamentRunning {
		return w.Tx.SetLeagueDue(id, time.Time{})
	}
	tr, err := w.loadEvent(t)
	if err != nil {
		return err
	}
	switch f := tr.ev.Format.(type) {
	case *event.League:
		if f.Between {
			return w.nextSeason(tr)
		}
		return w.seasonDeadline(tr)
	case *event.Ladder:
		since, dropped, err := w.ladderActivity(tr)
		if err != nil {
			return err
		}
		drops, idle, _ := f.Idle(tr.ev, w.Now, since, dropped)
		for _, p := range drops {
			if err := w.dropped(tr, f.Drop(tr.ev, p, idle)); err != nil {
				return err
			}
		}
		return w.ladderDue(tr)
	}
	return w.Tx.SetLeagueDue(id, time.Time{})
}

// seasonDeadline ends the season of league tr at its deadline: its games
// unfinished then are drawn, and the season ends with the last.
func (w *job) seasonDeadline(tr *tournament) error {
	if err := w.Tx.SetLeagueDue(tr.t.ID, time.Time{}); err != nil {
		return err
	}
	drawn := 0
	for _, g := range tr.ev.Games {
		if g.Round != tr.t.Round || g.Over {
			continue
		}
		gs, err := games.Load(w.Unit, g.ID)
		if err != nil {
			return err
		}
		if gs.Row.Status != archive.GameActive {
			continue
		}
		drawn++
		if err := games.Finish(w.Unit, gs, gs.Pos.Result().Drawn(fmt.Sprintf("unfinished at the deadline of season %d", tr.t.Round))); err != nil {
			return err
		}
	}
	if drawn == 0 {
		return w.eventProgress(tr.t.ID, 0)
	}
	return nil
}
