package club

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
	"postal/docs/words"
	"postal/engine"
)

// The tournaments' own times, which the clock (Tick) keeps: a start date,
// a Swiss round's deadline.

// eventTick starts the tournaments whose day has come (or closes those
// without enough entrants), acts on the Swiss rounds past their deadline,
// and adds the next time due.
func (w *job) eventTick(due *dueTimes) error {
	if err := w.roundDeadlines(due); err != nil {
		return err
	}
	ts, err := w.Tx.Tournaments(archive.TournamentOpen)
	if err != nil {
		return err
	}
	for _, t := range ts {
		if t.Starts.IsZero() {
			if err := w.lapse(t, due); err != nil {
				return err
			}
			continue
		}
		if w.Now.Before(t.Starts) {
			due.add(t.Starts)
			continue
		}
		_, err := w.startEvent(t)
		var ue *reply.Refusal
		if errors.As(err, &ue) {
			// Too few entrants on the day: the event is called off.
			ev, err := w.loadEvent(t)
			if err != nil {
				return err
			}
			if err := w.finishEvent(ev, 0, "It did not start: "+ue.Title+"."); err != nil {
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
func (w *job) lapse(t *archive.Tournament, due *dueTimes) error {
	days := w.s.opt.EventLapseDays
	if days < 0 {
		return nil
	}
	entrants, err := w.Tx.Entrants(t.ID)
	if err != nil {
		return err
	}
	if slices.ContainsFunc(entrants, func(e archive.Entrant) bool { return e.PlayerID == t.DirectorID }) {
		return nil
	}
	acts, err := w.Tx.Acts(t.ID)
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
	if w.Now.Before(at) {
		due.add(at)
		return nil
	}
	tr, err := w.loadEvent(t)
	if err != nil {
		return err
	}
	note := fmt.Sprintf("%s lapsed: its director left it, and no one entered for %s.", t.Name, words.Plural(days, "day"))
	if err := w.Tx.AddAct(t.ID, archive.Act{At: w.Now, Act: "lapse", Detail: fmt.Sprintf("its director left it, and no one entered for %s", words.Plural(days, "day"))}); err != nil {
		return err
	}
	return w.closeEvent(tr, fmt.Sprintf("[postal] %s lapsed", t.Name), note)
}

// roundDeadlines acts on the Swiss rounds older than the club's RoundDays:
// their unfinished games are drawn ("draw"), or the director is asked, once,
// to adjudicate them ("director", the default).
func (w *job) roundDeadlines(due *dueTimes) error {
	if w.s.opt.RoundDays <= 0 {
		return nil
	}
	ts, err := w.Tx.Tournaments(archive.TournamentRunning)
	if err != nil {
		return err
	}
	for _, t := range ts {
		if t.Format != "swiss" {
			continue
		}
		acts, err := w.Tx.Acts(t.ID)
		if err != nil {
			return err
		}
		var began time.Time
		asked := false
		label := event.BeginRound{Round: t.Round, Of: t.Rounds}.Label()
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
		deadline := began.Add(time.Duration(w.s.opt.RoundDays) * clock.Day)
		if w.Now.Before(deadline) {
			due.add(deadline)
			continue
		}
		if err := w.Tx.AddAct(t.ID, archive.Act{At: w.Now, Act: "deadline", Detail: label}); err != nil {
			return err
		}
		ev, err := w.loadEvent(t)
		if err != nil {
			return err
		}
		var open []string
		for _, g := range ev.ev.Games {
			if g.Round != t.Round || g.Over {
				continue
			}
			if w.s.opt.RoundUnfinished == "draw" {
				gs, err := games.Load(w.Unit, g.ID)
				if err != nil {
					return err
				}
				if gs.Row.Status != archive.GameActive {
					continue
				}
				if err := games.Finish(w.Unit, gs, engine.Result{Kind: engine.Draw, Reason: fmt.Sprintf("unfinished at the deadline of round %d", t.Round)}); err != nil {
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
			director, err := w.Tx.PlayerByID(id)
			if err != nil {
				return err
			}
			err = w.send(reply.Mail{To: director.Address, Player: director, Subject: fmt.Sprintf("[postal] %s: round %d is past its deadline", t.Name, t.Round), Auto: "auto-generated",
				View: reply.View{Intro: []string{fmt.Sprintf("Round %d of %s has reached its deadline with %s unfinished. Adjudicate each (\"adjudicate GAME 1-0|0-1|draw\"), or give it more time (\"extend GAME DAYS\"); the next round starts when the last has ended.", t.Round, t.Name, words.Count(len(open), "game", "games"))},
					Sections: []reply.Section{{Title: "unfinished games", Pre: strings.Join(open, "\n")}}}})
			if err != nil {
				return err
			}
		}
	}
	return nil
}
