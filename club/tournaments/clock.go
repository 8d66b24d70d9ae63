package tournaments

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"postal/archive"
	"postal/club/clock"
	"postal/club/event"
	"postal/club/games"
	"postal/club/reply"
	"postal/club/work"
	"postal/docs/words"
	"postal/engine"
)

// The events' own times, which the club's clock keeps (Tick): a
// tournament's start day, the lapse of one its director left, a round's
// deadline (a Swiss's: event.Paced); and what falls due in the events that
// run themselves (event.Clocked: a league's next season after its break, a
// season's deadline, a ladder's idle players). Each of those keeps when it
// is next due (leagues.due); the clock reads only the rows due by now,
// through their index, and sleeps until the earliest, as it does for games
// (clock_due). The open tournaments and the running Swiss are few: they
// are read at every pass.

// Tick does the events' clock work due by now, in the clock's unit u (the
// club's Service.Tick, which keeps the loop): it starts the tournaments
// whose day has come (or calls off those short of entrants), lapses those
// their director left, acts on the rounds past their deadline (eventTick),
// and does what is due in the events that run themselves, reading only
// those due (selfRunningTick). It returns when the events are next due
// (zero: nothing pending).
func Tick(u *work.Unit) (time.Time, error) {
	var due dueTimes
	if err := eventTick(u, &due); err != nil {
		return time.Time{}, err
	}
	if err := selfRunningTick(u, &due); err != nil {
		return time.Time{}, err
	}
	return due.next, nil
}

// dueTimes gathers the earliest future time something is due.
type dueTimes struct{ next time.Time }

func (d *dueTimes) add(t time.Time) {
	if !t.IsZero() && (d.next.IsZero() || t.Before(d.next)) {
		d.next = t
	}
}

// eventTick starts the tournaments whose day has come (or closes those
// without enough entrants), lapses those their director left, acts on the
// rounds past their deadline, and adds the next time due.
func eventTick(u *work.Unit, due *dueTimes) error {
	if err := roundDeadlines(u, due); err != nil {
		return err
	}
	ts, err := u.Tx.Tournaments(archive.TournamentOpen)
	if err != nil {
		return err
	}
	for _, t := range ts {
		if t.Starts.IsZero() {
			if err := lapse(u, t, due); err != nil {
				return err
			}
			continue
		}
		if u.Now.Before(t.Starts) {
			due.add(t.Starts)
			continue
		}
		_, err := startEvent(u, t)
		var ue *reply.Refusal
		if errors.As(err, &ue) {
			// Too few entrants on the day: the event is called off.
			ev, err := loadEvent(u, t)
			if err != nil {
				return err
			}
			if err := finishEvent(u, ev, 0, "It did not start: "+ue.Title+"."); err != nil {
				return err
			}
			continue
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// lapse ends t, open without a start day, when its director left it and no
// one entered for the club's EventLapseDays: nobody would start
// it, and "tournaments" would list it for ever. Otherwise it adds when it
// would lapse.
func lapse(u *work.Unit, t *archive.Tournament, due *dueTimes) error {
	days := u.Club.EventLapseDays
	if days < 0 {
		return nil
	}
	entrants, err := u.Tx.Entrants(t.ID)
	if err != nil {
		return err
	}
	if slices.ContainsFunc(entrants, func(e archive.Entrant) bool { return e.PlayerID == t.DirectorID }) {
		return nil
	}
	acts, err := u.Tx.Acts(t.ID)
	if err != nil {
		return err
	}
	last := t.Created
	for _, a := range acts {
		if a.Act == "join" || a.Act == "leave" && a.PlayerID == t.DirectorID || a.Act == "change" {
			last = a.At
		}
	}
	at := last.Add(time.Duration(days) * clock.Day)
	if u.Now.Before(at) {
		due.add(at)
		return nil
	}
	tr, err := loadEvent(u, t)
	if err != nil {
		return err
	}
	note := fmt.Sprintf("%s lapsed: its director left it, and no one entered for %s.", t.Name, words.Plural(days, "day"))
	if err := u.Tx.AddAct(t.ID, archive.Act{At: u.Now, Act: "lapse", Detail: fmt.Sprintf("its director left it, and no one entered for %s", words.Plural(days, "day"))}); err != nil {
		return err
	}
	return closeEvent(u, tr, fmt.Sprintf("[postal] %s lapsed", t.Name), note)
}

// roundDeadlines acts on the rounds of the running events whose format
// holds them to a deadline (event.Paced: a Swiss's) older than the club's
// RoundDays: their unfinished games are drawn ("draw"), or the director is
// asked, once, to adjudicate them ("director", the default).
func roundDeadlines(u *work.Unit, due *dueTimes) error {
	if u.Club.RoundDays <= 0 {
		return nil
	}
	ts, err := u.Tx.Tournaments(archive.TournamentRunning)
	if err != nil {
		return err
	}
	for _, t := range ts {
		format, _ := formatOf(t)
		paced, ok := format.(event.Paced)
		if !ok {
			continue
		}
		acts, err := u.Tx.Acts(t.ID)
		if err != nil {
			return err
		}
		var began time.Time
		asked := false
		label := paced.Round(t.Round).Label()
		for _, a := range acts {
			switch {
			case a.Act == "round" && a.Detail == label:
				began = a.At
			case a.Act == "deadline" && a.Detail == label:
				asked = true
			}
		}
		if began.IsZero() || asked {
			continue
		}
		deadline := began.Add(time.Duration(u.Club.RoundDays) * clock.Day)
		if u.Now.Before(deadline) {
			due.add(deadline)
			continue
		}
		if err := u.Tx.AddAct(t.ID, archive.Act{At: u.Now, Act: "deadline", Detail: label}); err != nil {
			return err
		}
		ev, err := loadEvent(u, t)
		if err != nil {
			return err
		}
		var open []string
		for _, g := range ev.ev.Games {
			if g.Round != t.Round || g.Over {
				continue
			}
			if u.Club.RoundUnfinished == "draw" {
				gs, err := games.Load(u, g.ID)
				if err != nil {
					return err
				}
				if gs.Row.Status != archive.GameActive {
					continue
				}
				if err := games.Finish(u, gs, engine.Result{Kind: engine.Draw, Reason: fmt.Sprintf("unfinished at the deadline of round %d", t.Round)}); err != nil {
					return err
				}
				continue
			}
			open = append(open, fmt.Sprintf("#%d %s", g.ID, ev.ev.Pairing(g)))
		}
		if len(open) == 0 {
			continue
		}
		for _, id := range append([]int64{t.DirectorID}, t.Codirectors...) { // the co-directors judge the organiser's games
			director, err := u.Tx.PlayerByID(id)
			if err != nil {
				return err
			}
			err = u.Send(reply.Mail{To: director.Address, Player: director, Subject: fmt.Sprintf("[postal] %s: round %d is past its deadline", t.Name, t.Round), Auto: "auto-generated",
				View: reply.View{Intro: []string{fmt.Sprintf("Round %d of %s has reached its deadline with %s unfinished. Adjudicate each (\"adjudicate GAME 1-0|0-1|draw\"), or give it more time (\"extend GAME DAYS\"); the next round starts when the last has ended.", t.Round, t.Name, words.Count(len(open), "game", "games"))},
					Sections: []reply.Section{{Title: "unfinished games", Pre: strings.Join(open, "\n")}}}})
			if err != nil {
				return err
			}
		}
	}
	return nil
}

// selfRunningTick does what is due by now in the events that run
// themselves (leagues and ladders: their formats are event.Clocked), read
// through the index of leagues.due, and adds the next time one is due.
func selfRunningTick(u *work.Unit, due *dueTimes) error {
	ids, err := u.Tx.DueLeagues(u.Now)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if err := selfRunningDue(u, id); err != nil {
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

// selfRunningDue does what is due in league or ladder id, as its rules
// answer (event.Clocked), and records when it is next due.
func selfRunningDue(u *work.Unit, id int64) error {
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
