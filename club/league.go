package club

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"postal/archive"
	"postal/club/accounts"
	"postal/club/challenges"
	"postal/club/clock"
	"postal/club/event"
	"postal/club/published"
	"postal/club/reply"
	"postal/docs/words"
	"postal/notation"
)

// Leagues and ladders by mail (issue 37): the words. Each is a tournament
// of format league or ladder, with its settings and state in the archive's
// leagues tables (migration 060); its games are ordinary games. The words
// join, leave, start, standings, tournaments, the director's acts and
// co-directors are the tournaments' (tournament.go), with a hook where a
// league or a ladder differs: league_run.go carries out a league's
// seasons, ladder.go a ladder's climbs, league_clock.go what falls due.

// leagueWord runs league, ladder and climb.
func (h *handling) leagueWord(c notation.Command) (reply.Section, error) {
	if c.Verb == notation.CmdClimb {
		return h.climb(c) // ladder.go
	}
	return h.organiseSelfRunning(c)
}

// organiseSelfRunning is "league NAME GAME ..." or "ladder NAME GAME ...":
// the organiser directs the new event and is its first entrant. A league
// waits for its director's "start"; a ladder runs at once, its organiser
// at the top.
func (h *handling) organiseSelfRunning(c notation.Command) (reply.Section, error) {
	kind := string(c.Verb)
	if err := h.freeEventName(c.Arg, kind); err != nil {
		return reply.Section{}, err
	}
	info, cfg, ctl, err := challenges.Proposal(h.Unit, c)
	if err != nil {
		return reply.Section{}, err
	}
	seats := len(info.Seats(cfg))
	setting := func(word string, otherwise int) int {
		if v, ok := c.League.Set[word]; ok {
			return v
		}
		return otherwise
	}
	t := &archive.Tournament{Name: c.Arg, DirectorID: h.Actor.ID, Game: info.Name, Config: cfg.String(), Format: kind,
		Days: int(ctl.PerMove / clock.Day), Control: ctl.String(), Created: h.Now}
	lg := &archive.League{}
	if kind == event.LadderName {
		if seats != 2 {
			// The size suggested is one a league of it takes: a division
			// of tables holds at most its round robin's limit.
			inner, _ := event.FormatOf("round-robin", seats)
			return reply.Section{}, reply.Refuse(fmt.Sprintf("%s (%s) is a game of %d: a ladder's climbs are games of two", info.Title, cfg.String(), seats),
				fmt.Sprintf("Play it in a league, each division a round robin of tables of %d: \"league %s %s %s size %d\".", seats, c.Arg, info.Name, cfg.String(), min(2*seats, inner.Limit())))
		}
		lg.Reach, lg.IdleDays = setting("reach", event.DefaultReach), setting("idle", event.DefaultIdle)
	} else {
		lg.Size, lg.Promote, lg.BreakDays, lg.SeasonDays, lg.Double = setting("size", event.DefaultSize), setting("promote", event.DefaultPromote),
			setting("break", event.DefaultBreak), setting("season", 0), c.League.Double
		if err := leagueSettingsRefusal(lg, seats); err != nil {
			return reply.Section{}, err
		}
	}
	if err := h.Tx.AddTournament(t); err != nil {
		return reply.Section{}, err
	}
	lg.TournamentID = t.ID
	if err := h.Tx.AddLeague(lg); err != nil {
		return reply.Section{}, err
	}
	if err := h.Tx.AddEntrant(t.ID, h.Actor.ID, h.Now); err != nil {
		return reply.Section{}, err
	}
	what, err := h.selfRunningWhat(t)
	if err != nil {
		return reply.Section{}, err
	}
	if err := h.Tx.AddAct(t.ID, archive.Act{At: h.Now, ByID: h.Actor.ID, Act: "create", Detail: what}); err != nil {
		return reply.Section{}, err
	}
	if err := h.Tx.AddEvent(h.Now, kind, 0, h.Actor.ID, t.Name); err != nil {
		return reply.Section{}, err
	}
	sec := reply.Section{Title: fmt.Sprintf("%s %s: %s", kind, t.Name, what)}
	if kind == event.LadderName {
		// A ladder runs from the start: its organiser is its first place.
		t.Status, t.Started, t.Updated = archive.TournamentRunning, h.Now, h.Now
		if err := h.Tx.UpdateTournament(t); err != nil {
			return reply.Section{}, err
		}
		if err := h.Tx.UpdateEntrant(t.ID, archive.Entrant{PlayerID: h.Actor.ID, Seed: 1, Status: archive.EntrantIn}); err != nil {
			return reply.Section{}, err
		}
		sec.Lines = []string{
			"You direct it and are 1st, its only player yet. Others enter at the bottom with \"join " + t.Name + "\"; \"join " + t.Name + " bot\" enters the club's bot.",
			fmt.Sprintf("A player climbs one at most %s above with \"climb %s PLAYER\": the game starts at once, and a win takes the defender's place.", words.Count(lg.Reach, "place", "places"), t.Name),
		}
		if lg.IdleDays > 0 {
			sec.Lines = append(sec.Lines, fmt.Sprintf("A player who neither climbs nor is climbed for %s drops one place, then one more every 30 days.", words.Count(lg.IdleDays, "day", "days")))
		}
		return sec, nil
	}
	sec.Lines = []string{
		"You direct it and are its first entrant. Others enter with \"join " + t.Name + "\"; \"join " + t.Name + " bot\" enters the club's bot.",
		fmt.Sprintf("Season 1 starts when you write \"start %s\"; every later season starts by itself %s the last game of the season before ends%s.", t.Name, breakWords(lg.BreakDays), seasonDeadlineWords(lg)),
	}
	return sec, nil
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
func (h *handling) freeEventName(name, what string) error {
	if ue := accounts.NameRefusal(name, what); ue != nil {
		return ue
	}
	if _, err := h.Tx.TournamentByName(name); err == nil {
		return reply.Refuse(fmt.Sprintf("there is already a tournament called %s", name), "Leagues, ladders and tournaments share their names: choose another.")
	} else if !errors.Is(err, archive.ErrNotFound) {
		return err
	}
	return nil
}

// seasonDeadlineWords says a league's season deadline, when it has one.
func seasonDeadlineWords(lg *archive.League) string {
	if lg.SeasonDays == 0 {
		return ""
	}
	return fmt.Sprintf(" or %s after the season began (its games unfinished then are drawn)", words.Count(lg.SeasonDays, "day", "days"))
}

// leagueSettingsRefusal refuses a league's settings that no season could
// play: divisions smaller than a game or larger than a round robin of its
// game takes, a double round robin of tables, more moving than half a
// division.
func leagueSettingsRefusal(lg *archive.League, seats int) error {
	inner, _ := event.FormatOf("round-robin", seats)
	if lg.Double {
		if seats > 2 {
			return reply.Refuse(fmt.Sprintf("a game of %d is played in tables: a league of it has no double round robin", seats), "Leave out \"double\".")
		}
		inner, _ = event.FormatOf("double-round-robin", seats)
	}
	switch {
	case lg.Size < seats:
		return reply.Refuse(fmt.Sprintf("divisions of %d cannot play a game of %d", lg.Size, seats), fmt.Sprintf("Write size %d or more.", seats))
	case lg.Size > inner.Limit():
		return reply.Refuse(fmt.Sprintf("a division is a %s: it takes at most %d players", inner.Words(&event.Event{}), inner.Limit()))
	case 2*lg.Promote > lg.Size:
		return reply.Refuse(fmt.Sprintf("promote %d moves more than half of a division of %d", lg.Promote, lg.Size), fmt.Sprintf("Write promote %d or less.", lg.Size/2))
	}
	return nil
}

// selfRunningWhat says what league or ladder t is: "Imperial Chess
// (standard), league in divisions of 4 (round robins), 1 up and 1 down a
// season, 3 days per move".
func (w *job) selfRunningWhat(t *archive.Tournament) (string, error) {
	tr, err := w.loadEvent(t)
	if err != nil {
		return "", err
	}
	info, ctl, _ := published.Played(t)
	return fmt.Sprintf("%s (%s), %s, %s", info.Title, t.Config, tr.ev.Format.Words(tr.ev), ctl.Describe()), nil
}

// joinedSelfRunning is the reply to who's "join" of league or ladder t (its
// n-th entrant, stored): a ladder's newcomer is placed at the bottom at
// once; a league's plays from the next season.
func (h *handling) joinedSelfRunning(t *archive.Tournament, who *archive.Player, n int) (reply.Section, error) {
	tr, err := h.loadEvent(t)
	if err != nil {
		return reply.Section{}, err
	}
	title := fmt.Sprintf("%s has entered %s", who.Name, t.Name)
	switch f := tr.ev.Format.(type) {
	case *event.Ladder:
		place := f.Join(tr.ev, who.ID)
		if err := h.storeOrder(tr); err != nil { // ladder.go
			return reply.Section{}, err
		}
		if err := h.ladderDue(tr); err != nil {
			return reply.Section{}, err
		}
		order := f.Order(tr.ev)
		lines := []string{fmt.Sprintf("%s is %s of %d, at the bottom of the ladder.", who.Name, words.Ordinal(place), len(order))}
		if len(order) > 1 {
			lines = append(lines, f.MayClimb(tr.ev, who.ID)+" Write \"climb "+t.Name+" PLAYER\".")
		}
		return reply.Section{Title: title, Lines: lines}, nil
	case *event.League:
		lines := []string{fmt.Sprintf("%s now has %s.", t.Name, words.Count(n, "entrant", "entrants"))}
		switch {
		case t.Status == archive.TournamentOpen:
			lines = append(lines, "Season 1 starts when its director writes \"start "+t.Name+"\".")
		case f.Between:
			lg, err := h.Tx.LeagueOf(t.ID)
			if err != nil {
				return reply.Section{}, err
			}
			lines = append(lines, fmt.Sprintf("%s plays from season %d, which begins %s, in the bottom division (placed by rating); the mail that tells the divisions will name the opponents.", who.Name, t.Round+1, clock.When(lg.Due)))
		default:
			lines = append(lines, fmt.Sprintf("%s plays from season %d, in the bottom division (placed by rating): it begins when season %d ends, and its mail will name the division and the opponents.", who.Name, t.Round+1, t.Round))
		}
		return reply.Section{Title: title, Lines: lines}, nil
	}
	return reply.Section{}, fmt.Errorf("club: %s is no league or ladder", t.Name)
}

// rejoinSelfRunning is "join" of running league or ladder t by who, among
// its entrants, when who was in it before: one who left or lost on time
// comes back (at the bottom, as a newcomer), one a director removed does
// not; a league's player who was to leave after the season stays. ok is
// false when none is the case.
func (h *handling) rejoinSelfRunning(t *archive.Tournament, entrants []archive.Entrant, who *archive.Player) (sec reply.Section, ok bool, err error) {
	i := slices.IndexFunc(entrants, func(e archive.Entrant) bool { return e.PlayerID == who.ID })
	if i < 0 {
		return reply.Section{}, false, nil
	}
	e := entrants[i]
	if e.Status == archive.EntrantIn {
		leaving, err := h.Tx.Leaving(t.ID)
		if err != nil || !slices.Contains(leaving, who.ID) {
			return reply.Section{}, false, err
		}
		if err := h.Tx.SetLeaving(t.ID, who.ID, false, h.Now); err != nil {
			return reply.Section{}, false, err
		}
		if err := h.Tx.AddAct(t.ID, archive.Act{At: h.Now, ByID: h.Actor.ID, Act: "staying", PlayerID: who.ID}); err != nil {
			return reply.Section{}, false, err
		}
		return reply.Section{Title: fmt.Sprintf("%s stays in %s", who.Name, t.Name), Lines: []string{fmt.Sprintf("%s no longer leaves after season %d.", who.Name, t.Round)}}, true, nil
	}
	if e.Status == archive.EntrantRemoved {
		return reply.Section{}, false, reply.Refuse(fmt.Sprintf("%s was removed from %s: %s", who.Name, t.Name, e.Reason), "A player its director removed does not come back by joining.")
	}
	e.Status, e.Out, e.Reason, e.Seed, e.Joined = archive.EntrantIn, time.Time{}, "", 0, h.Now
	if err := h.Tx.UpdateEntrant(t.ID, e); err != nil {
		return reply.Section{}, false, err
	}
	if err := h.Tx.AddAct(t.ID, archive.Act{At: h.Now, ByID: h.Actor.ID, Act: "join", PlayerID: who.ID}); err != nil {
		return reply.Section{}, false, err
	}
	in := 0
	for _, e := range entrants {
		if e.Status == archive.EntrantIn {
			in++
		}
	}
	sec, err = h.joinedSelfRunning(t, who, in+1)
	return sec, true, err
}

// leaveSelfRunning is "leave NAME" of a league or ladder under way. A
// ladder's player leaves at once (their climbs in play forfeited), those
// below moving up; a league's player who plays this season leaves after
// it, their games going on; one waiting for the next season leaves at once.
func (h *handling) leaveSelfRunning(tr *tournament) (reply.Section, error) {
	t, me := tr.t, h.Actor.ID
	title := fmt.Sprintf("you have left %s", t.Name)
	switch f := tr.ev.Format.(type) {
	case *event.Ladder:
		order := f.Order(tr.ev)
		last := len(order) > 0 && order[len(order)-1] == me
		lines, err := h.withdrawEntrant(tr, me, archive.EntrantLeft, "left the ladder", me)
		if err != nil {
			return reply.Section{}, err
		}
		if err := h.ladderGone(t, me); err != nil { // ladder.go
			return reply.Section{}, err
		}
		if !last { // nobody moves for the last
			lines = append(lines, "Those below you move up one place.")
		}
		return reply.Section{Title: title, Lines: append(lines, fmt.Sprintf("\"join %s\" puts you back, at the bottom.", t.Name))}, nil
	case *event.League:
		if f.DivisionOf(me) == 0 || f.Between {
			if err := h.leaveLeagueNow(tr, me, "left the league"); err != nil {
				return reply.Section{}, err
			}
			return reply.Section{Title: title, Lines: []string{fmt.Sprintf("You played no game of %s yet: nothing else changes.", t.Name)}}, nil
		}
		if f.Leaving[me] {
			return reply.Section{}, reply.Refuse(fmt.Sprintf("you leave %s after season %d already", t.Name, t.Round))
		}
		if err := h.Tx.SetLeaving(t.ID, me, true, h.Now); err != nil {
			return reply.Section{}, err
		}
		if err := h.Tx.AddAct(t.ID, archive.Act{At: h.Now, ByID: me, Act: "leaving", PlayerID: me, Detail: fmt.Sprintf("after season %d", t.Round)}); err != nil {
			return reply.Section{}, err
		}
		playing := 0
		for _, g := range tr.ev.Games {
			if !g.Over && slices.Contains(g.Players, me) {
				playing++
			}
		}
		return reply.Section{Title: fmt.Sprintf("you leave %s after season %d", t.Name, t.Round),
			Lines: []string{fmt.Sprintf("Your games of season %d go on (%s in play); when the season ends you leave the league, and the next season is made without you.", t.Round, words.Count(playing, "game", "games"))}}, nil
	}
	return reply.Section{}, fmt.Errorf("club: %s is no league or ladder", t.Name)
}

// leaveLeagueNow takes player, who plays no game of league tr, out of it.
func (w *job) leaveLeagueNow(tr *tournament, player int64, reason string) error {
	entrants, err := w.Tx.Entrants(tr.t.ID)
	if err != nil {
		return err
	}
	for _, e := range entrants {
		if e.PlayerID == player {
			e.Status, e.Out, e.Reason = archive.EntrantLeft, w.Now, reason
			if err := w.Tx.UpdateEntrant(tr.t.ID, e); err != nil {
				return err
			}
		}
	}
	if tr.entrant(player) != nil {
		tr.entrant(player).Out = archive.EntrantLeft
	}
	return w.Tx.AddAct(tr.t.ID, archive.Act{At: w.Now, ByID: player, Act: archive.EntrantLeft, PlayerID: player})
}

// days is n days.
func days(n int) time.Duration { return time.Duration(n) * clock.Day }
