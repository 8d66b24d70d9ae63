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

// leagueDue does what is due in league or ladder id, as its rules answer
// (event.Clocked), and records when it is next due.
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
	c, ok := tr.ev.Format.(event.Clocked)
	if !ok {
		return w.Tx.SetLeagueDue(id, time.Time{})
	}
	record, err := w.record(t)
	if err != nil {
		return err
	}
	if _, err := w.carry(tr, c.Due(tr.ev, w.Now, record)); err != nil {
		return err
	}
	return w.recordDue(tr)
}

// recordDue records when tr is next due, when its rules say it (a ladder's
// next idle drop: now when one is due already); a league's seasons record
// theirs as they begin and end.
func (w *job) recordDue(tr *tournament) error {
	c, ok := tr.ev.Format.(event.Clocked)
	if !ok {
		return nil
	}
	record, err := w.record(tr.t)
	if err != nil {
		return err
	}
	next, ok := c.NextDue(tr.ev, w.Now, record)
	if !ok {
		return nil
	}
	return w.Tx.SetLeagueDue(tr.t.ID, next)
}

// record is t's record (its acts) as its rules read it.
func (w *job) record(t *archive.Tournament) ([]event.Act, error) {
	acts, err := w.Tx.Acts(t.ID)
	if err != nil {
		return nil, err
	}
	out := make([]event.Act, len(acts))
	for i, a := range acts {
		out[i] = event.Act{Kind: a.Act, At: a.At, By: a.ByID, Player: a.PlayerID, Game: a.GameID}
	}
	return out, nil
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
