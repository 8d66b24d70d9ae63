package tournaments

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"postal/archive"
	"postal/club/clock"
	"postal/club/event"
	"postal/club/games"
	"postal/club/published"
	"postal/club/reply"
	"postal/club/work"
	"postal/docs/words"
	"postal/engine"
	"postal/notation"
)

// Leagues and ladders by mail (issue 37): the words. Each is a tournament
// of format league or ladder, with its settings and state in the archive's
// leagues tables (migration 060); its games are ordinary games. The words
// join, leave, start, standings, tournaments, the director's acts and
// co-directors are the tournaments' (tournament.go), with a hook where a
// league or a ladder differs: league_run.go carries out a league's
// seasons, ladder.go a ladder's climbs, league_clock.go what falls due.

// organiseLeague is "league NAME GAME ...": the organiser directs the new
// league and is its first entrant; it waits for its director's "start".
func League(u *work.Unit, c notation.Command) (reply.Section, error) {
	t, what, err := newSelfRunning(u, c, event.LeagueSettings(c.League.Set, c.League.Double), nil)
	if err != nil {
		return reply.Section{}, err
	}
	s := event.Settings(t.Settings)
	return reply.Section{Title: fmt.Sprintf("%s %s: %s", t.Format, t.Name, what), Lines: []string{
		"You direct it and are its first entrant. Others enter with \"join " + t.Name + "\"; \"join " + t.Name + " bot\" enters the club's bot.",
		fmt.Sprintf("Season 1 starts when you write \"start %s\"; every later season starts by itself %s the last game of the season before ends%s.", t.Name, breakWords(s.Get("break", 0)), seasonDeadlineWords(s.Get("season", 0))),
	}}, nil
}

// organiseLadder is "ladder NAME GAME ...": the organiser directs the new
// ladder, which runs at once, its organiser at the top. Its climbs are
// games of two: a game of more is offered a league.
func Ladder(u *work.Unit, c notation.Command) (reply.Section, error) {
	noLadder := func(info engine.Info, cfg engine.Config, seats int) error {
		// The size suggested is one a league of it takes: a division of
		// tables holds at most its round robin's limit.
		return reply.Refuse(fmt.Sprintf("%s (%s) is a game of %d: a ladder's climbs are games of two", info.Title, cfg.String(), seats),
			fmt.Sprintf("Play it in a league, each division a round robin of tables of %d: \"league %s %s %s size %d\".", seats, c.Arg, info.Name, cfg.String(), min(2*seats, event.DivisionLimit(seats))))
	}
	s := event.LadderSettings(c.League.Set)
	t, what, err := newSelfRunning(u, c, s, noLadder)
	if err != nil {
		return reply.Section{}, err
	}
	t.Status, t.Started, t.Updated = archive.TournamentRunning, u.Now, u.Now
	if err := u.Tx.UpdateTournament(t); err != nil {
		return reply.Section{}, err
	}
	if err := u.Tx.UpdateEntrant(t.ID, archive.Entrant{PlayerID: u.Actor.ID, Seed: 1, Status: archive.EntrantIn}); err != nil {
		return reply.Section{}, err
	}
	sec := reply.Section{Title: fmt.Sprintf("%s %s: %s", t.Format, t.Name, what), Lines: []string{
		"You direct it and are 1st, its only player yet. Others enter at the bottom with \"join " + t.Name + "\"; \"join " + t.Name + " bot\" enters the club's bot.",
		fmt.Sprintf("A player climbs one at most %s above with \"climb %s PLAYER\": the game starts at once, and a win takes the defender's place.", words.Count(s.Get("reach", 0), "place", "places"), t.Name),
	}}
	if idle := s.Get("idle", 0); idle > 0 {
		sec.Lines = append(sec.Lines, fmt.Sprintf("A player who neither climbs nor is climbed for %s drops one place, then one more every 30 days.", words.Count(idle, "day", "days")))
	}
	return sec, nil
}

// newSelfRunning makes the league or ladder c proposes, its format's
// settings s: refused when its name is taken, its game is none, its format
// plays no games of that many (noFormat says why; nil: never) or its
// settings could play no event (event.Checker). Its organiser directs it
// and is its first entrant. It returns the event stored and what it is.
func newSelfRunning(u *work.Unit, c notation.Command, s event.Settings, noFormat func(engine.Info, engine.Config, int) error) (*archive.Tournament, string, error) {
	kind := string(c.Verb)
	if err := freeEventName(u, c.Arg, kind); err != nil {
		return nil, "", err
	}
	info, cfg, ctl, err := games.Proposal(u.Club, c)
	if err != nil {
		return nil, "", err
	}
	seats := len(info.Seats(cfg))
	format, ok := event.FormatOf(kind, seats, s)
	if !ok {
		return nil, "", noFormat(info, cfg, seats)
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

// breakWords says when a season begins after the one before ends.
func breakWords(days int) string {
	if days == 0 {
		return "as soon as"
	}
	return words.Count(days, "day", "days") + " after"
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

// seasonDeadlineWords says a league's season deadline of days, when it
// has one.
func seasonDeadlineWords(days int) string {
	if days == 0 {
		return ""
	}
	return fmt.Sprintf(" or %s after the season began (its games unfinished then are drawn)", words.Count(days, "day", "days"))
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

// joined is the reply to who's "join" of league or ladder t (its n-th
// entrant, stored), as its rules (j) place them: a ladder's newcomer at
// the bottom at once (placed, ladder.go); a league's in the next season
// (waiting).
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

// waiting says when who, just entered league tr (its n-th entrant), plays:
// from season 1, or from the next, in the bottom division.
func waiting(u *work.Unit, tr *tournament, st event.Waiting, who *archive.Player, n int) ([]string, error) {
	t := tr.t
	lines := []string{fmt.Sprintf("%s now has %s.", t.Name, words.Count(n, "entrant", "entrants"))}
	switch {
	case t.Status == archive.TournamentOpen:
		lines = append(lines, "Season 1 starts when its director writes \"start "+t.Name+"\".")
	case st.Between:
		lg, err := u.Tx.LeagueOf(t.ID)
		if err != nil {
			return nil, err
		}
		lines = append(lines, fmt.Sprintf("%s plays from season %d, which begins %s, in the bottom division (placed by rating); the mail that tells the divisions will name the opponents.", who.Name, st.Season, clock.When(lg.Due)))
	default:
		lines = append(lines, fmt.Sprintf("%s plays from season %d, in the bottom division (placed by rating): it begins when season %d ends, and its mail will name the division and the opponents.", who.Name, st.Season, st.Season-1))
	}
	return lines, nil
}

// rejoin is "join" of running league or ladder t (j, its rules) by who,
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
// how its players leave: a ladder's player leaves at once (their climbs in
// play forfeited), those below moving up (ladder.go); a league's player
// who plays this season leaves after it, their games going on; one
// waiting for the next season leaves at once.
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
			lines, err = takenOff(u, t, st) // ladder.go
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

// leaveAfter records that a player of league tr leaves after the season in
// play, and says so.
func leaveAfter(u *work.Unit, tr *tournament, st event.LeaveAfter) (string, []string, error) {
	t := tr.t
	if err := u.Tx.SetLeaving(t.ID, st.Player, true, u.Now); err != nil {
		return "", nil, err
	}
	if err := u.Tx.AddAct(t.ID, archive.Act{At: u.Now, ByID: u.Actor.ID, Act: "leaving", PlayerID: st.Player, Detail: fmt.Sprintf("after season %d", st.Season)}); err != nil {
		return "", nil, err
	}
	return fmt.Sprintf("you leave %s after season %d", t.Name, st.Season),
		[]string{fmt.Sprintf("Your games of season %d go on (%s in play); when the season ends you leave the league, and the next season is made without you.", st.Season, words.Count(st.Playing, "game", "games"))}, nil
}

// leaveLeagueNow takes player, who plays no game of league tr, out of it.
func leaveLeagueNow(u *work.Unit, tr *tournament, player int64, reason string) error {
	entrants, err := u.Tx.Entrants(tr.t.ID)
	if err != nil {
		return err
	}
	for _, e := range entrants {
		if e.PlayerID == player {
			e.Status, e.Out, e.Reason = archive.EntrantLeft, u.Now, reason
			if err := u.Tx.UpdateEntrant(tr.t.ID, e); err != nil {
				return err
			}
		}
	}
	if tr.entrant(player) != nil {
		tr.entrant(player).Out = archive.EntrantLeft
	}
	return u.Tx.AddAct(tr.t.ID, archive.Act{At: u.Now, ByID: player, Act: archive.EntrantLeft, PlayerID: player})
}

// days is n days.
func days(n int) time.Duration { return time.Duration(n) * clock.Day }
