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

// The tournaments' own times, which the clock (Tick) keeps: a start date,
// a Swiss round's deadline.

// eventTick starts the tournaments whose day has come (or closes those
// without enough entrants), acts on the Swiss rounds past their deadline,
// and adds the next time due.
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
// one entered for the club's EventLapseDays (issue 35): nobody would start
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

// roundDeadlines acts on the Swiss rounds older than the club's RoundDays:
// their unfinished games are drawn ("draw"), or the director is asked, once,
// to adjudicate them ("director", the default).
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
		paced, ok := format.(event.Paced) // a Swiss's rounds
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
		for _, id := range append([]int64{t.DirectorID}, t.Codirectors...) { // the co-directors judge the organiser's games (selfjudge.go)
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

// dueTimes gathers the earliest future time something is due.
type dueTimes struct{ next time.Time }

func (d *dueTimes) add(t time.Time) {
	if !t.IsZero() && (d.next.IsZero() || t.Before(d.next)) {
		d.next = t
	}
}
