package tournaments

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"postal/archive"
	"postal/club/challenges"
	"postal/club/clock"
	"postal/club/event"
	"postal/club/published"
	"postal/club/reply"
	"postal/club/work"
	"postal/engine"
	"postal/notation"
)

// The events that run themselves: a league (league.go, season.go) and a
// ladder (ladder.go), kept as tournaments are (their format league or
// ladder, their state besides in the leagues tables, migration 060), their
// games ordinary games. A league's seasons begin and end by themselves,
// and a ladder runs from the day it is made; both take entrants while they
// run, and their players leave them in ways of their own. Their rules say
// so by the optional interfaces of club/event (Joiner, Leaver, Audience,
// Clocked, Seasonal, Climbing), which the words every event takes
// (tournament.go) and the clock (clock.go) ask, never a format's type or
// name; this file carries out what they answer, league.go, season.go and
// ladder.go the steps of each.

// newSelfRunning makes the league or ladder c proposes, its format's
// settings set by word (its kind's defaults for those left out): refused when its name is taken, its game is none, its format
// plays no games of that many (noFormat says why; nil: never) or its
// settings could play no event (event.Checker). Its organiser directs it
// and is its first entrant. It returns the event stored and what it is.
func newSelfRunning(u *work.Unit, c notation.Command, set map[string]int, noFormat func(engine.Info, engine.Config, int) error) (*archive.Tournament, string, error) {
	kind := string(c.Verb)
	k, _ := event.KindOf(kind)
	s := k.Settings(set)
	if err := freeEventName(u, c.Arg, kind); err != nil {
		return nil, "", err
	}
	info, cfg, ctl, err := challenges.Proposal(u, c)
	if err != nil {
		return nil, "", err
	}
	seats := len(info.Seats(cfg))
	format, ok := event.FormatOf(kind, seats, s)
	if !ok && noFormat != nil {
		return nil, "", noFormat(info, cfg, seats)
	}
	if !ok {
		return nil, "", fmt.Errorf("tournaments: a %s of games of %d", kind, seats)
	}
	if ch, ok := format.(event.Checker); ok {
		if r := ch.Check(); r != nil {
			return nil, "", refusal(r)
		}
	}
	t := &archive.Tournament{Name: c.Arg, DirectorID: u.Actor.ID, Game: info.Name, Config: cfg.String(), Format: kind, Settings: s,
		Days: int(ctl.PerMove / clock.Day), Control: ctl.String(), Created: u.Now}
	if err := u.Tx.AddTournament(t); err != nil {
		return nil, "", err
	}
	if err := u.Tx.AddLeague(&archive.League{TournamentID: t.ID}); err != nil {
		return nil, "", err
	}
	if err := u.Tx.AddEntrant(t.ID, u.Actor.ID, u.Now); err != nil {
		return nil, "", err
	}
	what, err := selfRunningWhat(u, t)
	if err != nil {
		return nil, "", err
	}
	if err := u.Tx.AddAct(t.ID, archive.Act{At: u.Now, ByID: u.Actor.ID, Act: "create", Detail: what}); err != nil {
		return nil, "", err
	}
	if err := u.Tx.AddEvent(u.Now, kind, 0, u.Actor.ID, t.Name); err != nil {
		return nil, "", err
	}
	return t, what, nil
}

// refusal is r, a refusal of an event's rules, as the reply says it: its
// hint a line when it has one.
func refusal(r *event.Refusal) *reply.Refusal {
	if r.Hint == "" {
		return reply.Refuse(r.Msg)
	}
	return reply.Refuse(r.Msg, r.Hint)
}

// freeEventName refuses name for a new event of kind what (tournament,
// league, ladder): a name of the site's, or one an event has already
// (tournaments, leagues and ladders share their names).
func freeEventName(u *work.Unit, name, what string) error {
	if ue := nameRefusal(name, what); ue != nil {
		return ue
	}
	if _, err := u.Tx.TournamentByName(name); err == nil {
		return reply.Refuse(fmt.Sprintf("there is already a tournament called %s", name), "Leagues, ladders and tournaments share their names: choose another.")
	} else if !errors.Is(err, archive.ErrNotFound) {
		return err
	}
	return nil
}

// selfRunningWhat says what league or ladder t is: "Imperial Chess
// (standard), league in divisions of 4 (round robins), 1 up and 1 down a
// season, 3 days per move".
func selfRunningWhat(u *work.Unit, t *archive.Tournament) (string, error) {
	tr, err := loadEvent(u, t)
	if err != nil {
		return "", err
	}
	info, ctl, _ := published.Played(t)
	return fmt.Sprintf("%s (%s), %s, %s", info.Title, t.Config, tr.ev.Format.Words(tr.ev), ctl.Describe()), nil
}

// joined is the reply to who's "join" of t, whose format takes entrants
// while it runs (j: a league, a ladder), who its n-th entrant, stored: as
// its rules place them, a ladder's newcomer at the bottom at once
// (event.Placed), a league's in its next season (event.Waiting).
func joined(u *work.Unit, t *archive.Tournament, j event.Joiner, who *archive.Player, n int) (reply.Section, error) {
	tr, err := loadEvent(u, t)
	if err != nil {
		return reply.Section{}, err
	}
	sec := reply.Section{Title: fmt.Sprintf("%s has entered %s", who.Name, t.Name)}
	for _, st := range j.Join(tr.ev, who.ID) {
		var lines []string
		switch st := st.(type) {
		case event.Placed:
			lines, err = placed(u, tr, st, who)
		case event.Waiting:
			lines, err = waiting(u, tr, st, who, n)
		default:
			err = fmt.Errorf("club: %s: step %T out of place in a join", t.Name, st)
		}
		if err != nil {
			return reply.Section{}, err
		}
		sec.Lines = append(sec.Lines, lines...)
	}
	return sec, nil
}

// rejoin is "join" of running event t (j, its rules) by who,
// among its entrants, when who was in it before: one who left or lost on time
// comes back (at the bottom, as a newcomer), one a director removed does
// not; a league's player who was to leave after the season stays. ok is
// false when none is the case.
func rejoin(u *work.Unit, t *archive.Tournament, j event.Joiner, entrants []archive.Entrant, who *archive.Player) (sec reply.Section, ok bool, err error) {
	i := slices.IndexFunc(entrants, func(e archive.Entrant) bool { return e.PlayerID == who.ID })
	if i < 0 {
		return reply.Section{}, false, nil
	}
	e := entrants[i]
	if e.Status == archive.EntrantIn {
		leaving, err := u.Tx.Leaving(t.ID)
		if err != nil || !slices.Contains(leaving, who.ID) {
			return reply.Section{}, false, err
		}
		if err := u.Tx.SetLeaving(t.ID, who.ID, false, u.Now); err != nil {
			return reply.Section{}, false, err
		}
		if err := u.Tx.AddAct(t.ID, archive.Act{At: u.Now, ByID: u.Actor.ID, Act: "staying", PlayerID: who.ID}); err != nil {
			return reply.Section{}, false, err
		}
		return reply.Section{Title: fmt.Sprintf("%s stays in %s", who.Name, t.Name), Lines: []string{fmt.Sprintf("%s no longer leaves after season %d.", who.Name, t.Round)}}, true, nil
	}
	if e.Status == archive.EntrantRemoved {
		return reply.Section{}, false, reply.Refuse(fmt.Sprintf("%s was removed from %s: %s", who.Name, t.Name, e.Reason), "A player its director removed does not come back by joining.")
	}
	e.Status, e.Out, e.Reason, e.Seed, e.Joined = archive.EntrantIn, time.Time{}, "", 0, u.Now
	if err := u.Tx.UpdateEntrant(t.ID, e); err != nil {
		return reply.Section{}, false, err
	}
	if err := u.Tx.AddAct(t.ID, archive.Act{At: u.Now, ByID: u.Actor.ID, Act: "join", PlayerID: who.ID}); err != nil {
		return reply.Section{}, false, err
	}
	in := 0
	for _, e := range entrants {
		if e.Status == archive.EntrantIn {
			in++
		}
	}
	sec, err = joined(u, t, j, who, in+1)
	return sec, true, err
}

// leaveRunning is "leave NAME" of an event under way whose rules (l) say
// how its players leave: a ladder's player leaves at once (event.Withdraw:
// their climbs in play forfeited), those below moving up
// (event.TakenOff); a league's player who plays this season leaves after
// it, their games going on (event.LeaveAfter); one waiting for the next
// season leaves at once (event.LeaveNow).
func leaveRunning(u *work.Unit, tr *tournament, l event.Leaver) (reply.Section, error) {
	t, me := tr.t, u.Actor.ID
	steps, err := l.Leave(tr.ev, me)
	var r *event.Refusal
	if errors.As(err, &r) {
		return reply.Section{}, refusal(r)
	}
	if err != nil {
		return reply.Section{}, err
	}
	sec := reply.Section{Title: fmt.Sprintf("you have left %s", t.Name)}
	for _, st := range steps {
		var lines []string
		switch st := st.(type) {
		case event.Withdraw:
			lines, err = withdrawEntrant(u, tr, st.Player, archive.EntrantLeft, st.Reason, me)
		case event.TakenOff:
			lines, err = takenOff(u, t, st)
		case event.LeaveNow:
			err = leaveLeagueNow(u, tr, st.Player, "left the league")
			lines = []string{fmt.Sprintf("You played no game of %s yet: nothing else changes.", t.Name)}
		case event.LeaveAfter:
			sec.Title, lines, err = leaveAfter(u, tr, st)
		default:
			err = fmt.Errorf("club: %s: step %T out of place in a leave", t.Name, st)
		}
		if err != nil {
			return reply.Section{}, err
		}
		sec.Lines = append(sec.Lines, lines...)
	}
	return sec, nil
}

// carrySelfRunning carries out, for carry, a step of a league's seasons
// (season.go) or a ladder's climbs and drops (ladder.go); ok is false for
// a step it does not know.
func carrySelfRunning(u *work.Unit, tr *tournament, st event.Step) (ok bool, err error) {
	switch st := st.(type) {
	case event.BeginSeason:
		return true, beginSeason(u, tr, st)
	case event.AnnounceSeason:
		return true, announceSeason(u, tr, st)
	case event.EndSeason:
		return true, endSeason(u, tr, st)
	case event.NextSeason:
		return true, nextSeason(u, tr)
	case event.SeasonDeadline:
		return true, seasonDeadline(u, tr)
	case event.ClimbOver:
		return true, climbOver(u, tr, st)
	case event.Dropped:
		return true, dropped(u, tr, st)
	}
	return false, nil
}
