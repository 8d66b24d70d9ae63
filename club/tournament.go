package club

import (
	"errors"
	"fmt"
	"slices"
	"strings"
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

// Tournaments by mail (issue 25): the words. An event is a round robin, a
// Swiss or a knockout of one game and configuration; its games are ordinary
// games (tournament_run.go starts them and follows their ends).

// tournamentWord runs a tournament word.
func (h *handling) tournamentWord(c notation.Command) (reply.Section, error) {
	switch c.Verb {
	case notation.CmdTournament:
		return h.organise(c)
	case notation.CmdTournaments:
		return h.tournamentList()
	case notation.CmdJoin:
		return h.join(c)
	case notation.CmdLeave:
		return h.leaveEvent(c.Arg)
	case notation.CmdStart:
		return h.startWord(c.Arg)
	case notation.CmdStandings:
		return h.standingsWord(c.Arg)
	case notation.CmdAdjudicate:
		return h.adjudicate(c)
	case notation.CmdExtend:
		return h.extend(c)
	case notation.CmdRemove:
		return h.remove(c)
	case notation.CmdCodirector:
		return h.codirector(c) // codirector.go
	}
	return reply.Section{}, reply.Refuse("command not implemented: " + string(c.Verb))
}

// directs reports whether p directs t: its organiser, a co-director
// (codirector.go), or an admin of the club (config [club] admins), who
// directs every tournament.
func (s *Service) directs(t *archive.Tournament, p *archive.Player) bool {
	return s.organises(t, p) || p != nil && slices.Contains(t.Codirectors, p.ID)
}

// eventNamed loads the tournament a word names, refusing unknown names.
func (h *handling) eventNamed(name string) (*archive.Tournament, error) {
	t, err := h.Tx.TournamentByName(name)
	if errors.Is(err, archive.ErrNotFound) {
		return nil, reply.Refuse(fmt.Sprintf("there is no tournament called %s", name), "Write \"tournaments\" for the open and running ones.")
	}
	return t, err
}

// eventCalled loads the tournament called name with its entrants and
// games, refusing a name that is none.
func (h *handling) eventCalled(name string) (*tournament, error) {
	t, err := h.eventNamed(name)
	if err != nil {
		return nil, err
	}
	return h.loadEvent(t)
}

// organise is "tournament NAME GAME ... FORMAT ...": the organiser directs
// the new event and is its first entrant. Sent again by a director of an
// event not yet started, it changes the event's settings (changeEvent).
func (h *handling) organise(c notation.Command) (reply.Section, error) {
	if ue := accounts.NameRefusal(c.Arg, "tournament"); ue != nil {
		return reply.Section{}, ue
	}
	if old, err := h.Tx.TournamentByName(c.Arg); err == nil {
		if event.SelfRunning(old.Format) { // a league's or ladder's name (issue 37)
			return reply.Section{}, reply.Refuse(fmt.Sprintf("there is already a %s called %s", old.Format, old.Name), "Leagues, ladders and tournaments share their names: choose another.")
		}
		return h.changeEvent(old, c) // tournament_change.go
	} else if !errors.Is(err, archive.ErrNotFound) {
		return reply.Section{}, err
	}
	t, err := h.eventSettings(c)
	if err != nil {
		return reply.Section{}, err
	}
	t.Name, t.DirectorID, t.Created = c.Arg, h.Actor.ID, h.Now
	if err := h.Tx.AddTournament(t); err != nil {
		return reply.Section{}, err
	}
	if err := h.Tx.AddEntrant(t.ID, h.Actor.ID, h.Now); err != nil {
		return reply.Section{}, err
	}
	if err := h.Tx.AddAct(t.ID, archive.Act{At: h.Now, ByID: h.Actor.ID, Act: "create", Detail: eventWhat(t)}); err != nil {
		return reply.Section{}, err
	}
	if err := h.Tx.AddEvent(h.Now, "tournament", 0, h.Actor.ID, t.Name); err != nil {
		return reply.Section{}, err
	}
	lines := []string{
		"You direct it and are its first entrant. Others enter with \"join " + t.Name + "\"; \"join " + t.Name + " bot\" enters the club's bot.",
		event.StartsWhen(t.Name, t.MaxPlayers, t.Starts),
	}
	lines = append(lines, needsLine(t)...)
	return reply.Section{Title: fmt.Sprintf("tournament %s: %s", t.Name, eventWhat(t)), Lines: lines}, nil
}

// eventSettings reads the settings of "tournament NAME ..." into a
// tournament not yet stored (no name, director or dates), refusing what
// could not start: a format the game has not, more players than the
// format takes, fewer than a game seats, a Swiss of more rounds than its
// players allow (issue 35: every check "start" makes of a field of
// "players N" is made here, naming the fix), a start day gone.
func (h *handling) eventSettings(c notation.Command) (*archive.Tournament, error) {
	ev := c.Event
	info, cfg, ctl, err := challenges.Proposal(h.Unit, c)
	if err != nil {
		return nil, err
	}
	seats := len(info.Seats(cfg))
	format, ok := event.FormatOf(ev.Format, seats)
	if !ok {
		return nil, reply.Refuse(fmt.Sprintf("%s %s is a game of %d: its tournaments are round robins of tables", info.Title, cfg.String(), seats),
			"Every set of "+fmt.Sprint(seats)+" entrants plays one game; write round-robin.")
	}
	if limit := format.Limit(); ev.Players > limit {
		return nil, reply.Refuse(fmt.Sprintf("a %s takes at most %d players", format.Words(&event.Event{Rounds: ev.Numbers["rounds"]}), limit))
	}
	if ev.Players != 0 && ev.Players < seats {
		return nil, reply.Refuse(fmt.Sprintf("a game of %d needs at least %d players", seats, seats))
	}
	t := &archive.Tournament{Game: info.Name, Config: cfg.String(), Format: ev.Format, Rounds: ev.Numbers["rounds"],
		MaxPlayers: ev.Players, Days: int(ctl.PerMove / clock.Day), Control: ctl.String()}
	if ev.Players != 0 {
		field := &event.Event{Name: c.Arg, Format: format, Seats: seats, Rounds: ev.Numbers["rounds"]}
		if r := field.Short(ev.Players); r != nil {
			return nil, reply.Refuse(r.Msg, h.s.playersFix(c.Arg, t, r)...)
		}
	}
	if ev.Starts != "" {
		day, _ := time.Parse(time.DateOnly, ev.Starts)
		if !day.After(h.Now) {
			return nil, reply.Refuse(fmt.Sprintf("%s is not after today", ev.Starts), "A tournament starts on a day to come (at midnight UTC); leave \"starts\" out and write \"start "+c.Arg+"\" to start it yourself.")
		}
		t.Starts = day
	}
	return t, nil
}

// eventWhat says what t is: "Imperial Chess (standard), round robin, 3
// days per move".
func eventWhat(t *archive.Tournament) string {
	info, ctl, _ := published.Played(t)
	format, _ := formatOf(t)
	what := format.Words(&event.Event{Rounds: t.Rounds})
	if t.MaxPlayers > 0 {
		what += fmt.Sprintf(" of %d players", t.MaxPlayers)
	}
	return fmt.Sprintf("%s (%s), %s, %s", info.Title, t.Config, what, ctl.Describe())
}

func (h *handling) join(c notation.Command) (reply.Section, error) {
	t, err := h.eventNamed(c.Arg)
	if err != nil {
		return reply.Section{}, err
	}
	if t.Status != archive.TournamentOpen && !(event.SelfRunning(t.Format) && t.Status == archive.TournamentRunning) { // leagues and ladders take players as they run
		return reply.Section{}, reply.Refuse(fmt.Sprintf("%s is %s: it takes no more entries", t.Name, t.Status), append(overLines(t), "\"standings "+t.Name+"\" shows where it stands.")...)
	}
	who := h.Actor
	if c.Value == "bot" {
		if !h.s.directs(t, h.Actor) {
			return reply.Section{}, reply.Refuse("only the director enters the bot", fmt.Sprintf("Ask the director of %s.", t.Name))
		}
		if h.s.opt.Bot == nil {
			return reply.Section{}, reply.Refuse("the club has no bot")
		}
		if who, err = h.s.botPlayer(h.Tx, h.Now); err != nil {
			return reply.Section{}, err
		}
	}
	entrants, err := h.Tx.Entrants(t.ID)
	if err != nil {
		return reply.Section{}, err
	}
	if event.SelfRunning(t.Format) && t.Status == archive.TournamentRunning {
		if sec, ok, err := h.rejoinSelfRunning(t, entrants, who); ok || err != nil {
			return sec, err // league.go: back after leaving, or staying after all
		}
	}
	if slices.ContainsFunc(entrants, func(e archive.Entrant) bool { return e.PlayerID == who.ID }) {
		return reply.Section{}, reply.Refuse(fmt.Sprintf("%s is already in %s", who.Name, t.Name))
	}
	format, _ := formatOf(t)
	limit := format.Limit()
	if t.MaxPlayers > 0 {
		limit = t.MaxPlayers
	}
	if len(entrants) >= limit {
		return reply.Section{}, reply.Refuse(fmt.Sprintf("%s is full (%d players)", t.Name, limit))
	}
	if err := h.Tx.AddEntrant(t.ID, who.ID, h.Now); err != nil {
		return reply.Section{}, err
	}
	if err := h.Tx.AddAct(t.ID, archive.Act{At: h.Now, ByID: h.Actor.ID, Act: "join", PlayerID: who.ID}); err != nil {
		return reply.Section{}, err
	}
	n := len(entrants) + 1
	if event.SelfRunning(t.Format) {
		return h.joinedSelfRunning(t, who, n) // league.go
	}
	sec := reply.Section{Title: fmt.Sprintf("%s has entered %s", who.Name, t.Name),
		Lines: []string{fmt.Sprintf("%s now has %s.", t.Name, words.Count(n, "entrant", "entrants"))}}
	if t.MaxPlayers > 0 && n == t.MaxPlayers {
		started, err := h.startEvent(t)
		if err != nil {
			return reply.Section{}, err
		}
		sec.Lines = append(sec.Lines, "The field is full: the tournament has started.")
		sec.Lines = append(sec.Lines, started...)
		return sec, nil
	}
	sec.Lines = append(sec.Lines, event.StartsWhen(t.Name, t.MaxPlayers, t.Starts))
	return sec, nil
}

func (h *handling) startWord(name string) (reply.Section, error) {
	t, err := h.eventNamed(name)
	if err != nil {
		return reply.Section{}, err
	}
	if t.Format == event.LadderName {
		return reply.Section{}, reply.Refuse(fmt.Sprintf("%s is a ladder: it runs from the day it was made", t.Name), "Its players climb with \"climb "+t.Name+" PLAYER\".")
	}
	if !h.s.directs(t, h.Actor) {
		return reply.Section{}, reply.Refuse(fmt.Sprintf("only the director starts %s", t.Name))
	}
	if t.Status != archive.TournamentOpen {
		return reply.Section{}, reply.Refuse(fmt.Sprintf("%s is already %s", t.Name, t.Status))
	}
	lines, err := h.startEvent(t)
	if err != nil {
		return reply.Section{}, err
	}
	return reply.Section{Title: fmt.Sprintf("%s has started", t.Name), Lines: lines}, nil
}

// leaveEvent takes the actor out of a tournament: before it starts simply;
// once it runs, they forfeit their unplayed games (see withdrawEntrant).
func (h *handling) leaveEvent(name string) (reply.Section, error) {
	ev, err := h.eventCalled(name)
	if err != nil {
		return reply.Section{}, err
	}
	t := ev.t
	e := ev.entrant(h.Actor.ID)
	if e == nil || !e.In() {
		return reply.Section{}, reply.Refuse(fmt.Sprintf("you are not in %s", t.Name))
	}
	if event.SelfRunning(t.Format) && t.Status == archive.TournamentRunning {
		return h.leaveSelfRunning(ev) // league.go
	}
	switch t.Status {
	case archive.TournamentOpen:
		if err := h.Tx.RemoveEntrant(t.ID, h.Actor.ID, h.Now); err != nil {
			return reply.Section{}, err
		}
		if err := h.Tx.AddAct(t.ID, archive.Act{At: h.Now, ByID: h.Actor.ID, Act: "leave", PlayerID: h.Actor.ID}); err != nil {
			return reply.Section{}, err
		}
		return reply.Section{Title: fmt.Sprintf("you have left %s", t.Name), Lines: []string{"It had not started: nothing else changes."}}, nil
	case archive.TournamentOver:
		return reply.Section{}, reply.Refuse(fmt.Sprintf("%s is over", t.Name))
	}
	lines, err := h.withdrawEntrant(ev, h.Actor.ID, archive.EntrantLeft, "left the tournament", h.Actor.ID)
	if err != nil {
		return reply.Section{}, err
	}
	return reply.Section{Title: fmt.Sprintf("you have left %s", t.Name), Lines: lines}, nil
}

func (h *handling) standingsWord(name string) (reply.Section, error) {
	ev, err := h.eventCalled(name)
	if err != nil {
		return reply.Section{}, err
	}
	return h.standingsSection(ev), nil
}

// tournamentList is "tournaments": the open and running events.
func (h *handling) tournamentList() (reply.Section, error) {
	ts, err := h.Tx.Tournaments(archive.TournamentOpen, archive.TournamentRunning)
	if err != nil {
		return reply.Section{}, err
	}
	var b strings.Builder
	for _, t := range ts {
		tr, err := h.loadEvent(t)
		if err != nil {
			return reply.Section{}, err
		}
		fmt.Fprintf(&b, "- %s: %s; %s", t.Name, eventWhat(t), words.Count(len(tr.ev.Entrants), "entrant", "entrants"))
		switch where := tr.ev.Format.Where(tr.ev); {
		case t.Status == archive.TournamentRunning && where != "":
			b.WriteString("; " + where)
		case t.Status == archive.TournamentRunning:
			b.WriteString("; under way")
		default:
			b.WriteString("; open: \"join " + t.Name + "\"")
		}
		b.WriteString("\n")
	}
	if b.Len() == 0 {
		b.WriteString("No tournament is open or running. \"tournament NAME GAME FORMAT\" organises one.")
	}
	return reply.Section{Title: "tournaments", Doc: b.String()}, nil
}

// setTournamentNews is "set tournament-news on|off".
func (h *handling) setTournamentNews(value string) (reply.Section, error) {
	if err := h.Tx.SetTournamentNews(h.Actor.ID, value == "on"); err != nil {
		return reply.Section{}, err
	}
	if value == "on" {
		return reply.Section{Title: "tournament news: on", Lines: []string{"From now on the standings of your tournaments come by mail whenever one of their games ends."}}, nil
	}
	return reply.Section{Title: "tournament news: off", Lines: []string{"The standings come when you ask: \"standings NAME\". The winner of each of your tournaments is still mailed to you."}}, nil
}
