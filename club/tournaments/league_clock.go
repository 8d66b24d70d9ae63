package tournaments

import (
	"fmt"
	"time"

	"postal/archive"
	"postal/club/event"
	"postal/club/games"
	"postal/club/work"
)

// What falls due in leagues and ladders (issue 37): a league's next season
// after its break, a season's deadline, a ladder's idle players. Each
// league or ladder keeps when it is next due (leagues.due, migration 060);
// the clock reads only the rows due by now, through their index, and
// sleeps until the earliest, as it does for games (clock_due).

// leagueTick does what is due in leagues and ladders by now and adds the
// next time one is due.
func leagueTick(u *work.Unit, due *dueTimes) error {
	ids, err := u.Tx.DueLeagues(u.Now)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if err := leagueDue(u, id); err != nil {
			return err
		}
		lg, err := u.Tx.LeagueOf(id)
		if err != nil {
			return err
		}
		if !lg.Due.IsZero() && !lg.Due.After(u.Now) {
			// Nothing moved it on: a bug, not a reason to wake the clock
			// again and again.
			u.Club.Log.Error("club: league due and not moved on", "tournament", id, "due", lg.Due)
			if err := u.Tx.SetLeagueDue(id, time.Time{}); err != nil {
				return err
			}
		}
	}
	next, ok, err := u.Tx.NextLeagueDue()
	if err != nil || !ok {
		return err
	}
	due.add(next)
	return nil
}

// leagueDue does what is due in league or ladder id, as its rules answer
// (event.Clocked), and records when it is next due.
func leagueDue(u *work.Unit, id int64) error {
	t, err := u.Tx.TournamentByID(id)
	if err != nil {
		return err
	}
	if t.Status != archive.TournamentRunning {
		return u.Tx.SetLeagueDue(id, time.Time{})
	}
	tr, err := loadEvent(u, t)
	if err != nil {
		return err
	}
	c, ok := tr.ev.Format.(event.Clocked)
	if !ok {
		return u.Tx.SetLeagueDue(id, time.Time{})
	}
	record, err := record(u, t)
	if err != nil {
		return err
	}
	if _, err := carry(u, tr, c.Due(tr.ev, u.Now, record)); err != nil {
		return err
	}
	return recordDue(u, tr)
}

// recordDue records when tr is next due, when its rules say it (a ladder's
// next idle drop: now when one is due already); a league's seasons record
// theirs as they begin and end.
func recordDue(u *work.Unit, tr *tournament) error {
	c, ok := tr.ev.Format.(event.Clocked)
	if !ok {
		return nil
	}
	record, err := record(u, tr.t)
	if err != nil {
		return err
	}
	next, ok := c.NextDue(tr.ev, u.Now, record)
	if !ok {
		return nil
	}
	return u.Tx.SetLeagueDue(tr.t.ID, next)
}

// record is t's record (its acts) as its rules read it.
func record(u *work.Unit, t *archive.Tournament) ([]event.Act, error) {
	acts, err := u.Tx.Acts(t.ID)
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
func seasonDeadline(u *work.Unit, tr *tournament) error {
	if err := u.Tx.SetLeagueDue(tr.t.ID, time.Time{}); err != nil {
		return err
	}
	drawn := 0
	for _, g := range tr.ev.Games {
		if g.Round != tr.t.Round || g.Over {
			continue
		}
		gs, err := games.Load(u, g.ID)
		if err != nil {
			return err
		}
		if gs.Row.Status != archive.GameActive {
			continue
		}
		drawn++
		if err := games.Finish(u, gs, gs.Pos.Result().Drawn(fmt.Sprintf("unfinished at the deadline of season %d", tr.t.Round))); err != nil {
			return err
		}
	}
	if drawn == 0 {
		return eventProgress(u, tr.t.ID, 0)
	}
	return nil
}
