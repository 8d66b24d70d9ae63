package tournaments

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"postal/archive"
	"postal/club/challenges"
	"postal/club/clock"
	"postal/club/event"
	"postal/club/game"
	"postal/club/published"
	"postal/club/reply"
	"postal/club/stored"
	"postal/club/work"
	"postal/docs/words"
	"postal/notation"
)

// An event as the club keeps it (tournament), and the words every event
// takes: "tournament" organises one and "tournaments" lists them; "join",
// "leave", "start" and "standings"; "set tournament-news". Where a format
// does more than a round robin, a Swiss or a knockout (a league takes
// entrants while it runs, a ladder's players leave it in a way of its
// own), the words ask its rules (event.Joiner, event.Leaver, ...), and
// selfrunning.go carries out what they answer.

// tournament is an event as the club keeps it: its row in the archive
// (a tournament, a league or a ladder alike), and its event as its rules
// see it (club/event), loaded by club/stored. Every step the rules answer
// is carried out on both: the archive's row and tables change, and the
// event as loaded changes with them, so that what follows in the same unit
// (the next step, the mails) sees the event as it now is.
type tournament struct {
	t  *archive.Tournament
	ev *event.Event
	// started are the games carry started, by number: a league's mail of
	// the season shows them without reading them again.
	started map[int64]*game.Game
	// starting holds, while the event starts, the byes of its first
	// round (why, by player), which its start mail says (next.go).
	starting map[int64]string
}

// loadEvent is t with its event as its rules see it.
func loadEvent(u *work.Unit, t *archive.Tournament) (*tournament, error) {
	ev, err := stored.Event(u.Tx, t)
	if err != nil {
		return nil, err
	}
	return &tournament{t: t, ev: ev}, nil
}

// entrant is the entrant player of tr; nil for none.
func (tr *tournament) entrant(player int64) *event.Entrant { return tr.ev.Entrant(player) }

// name is a player's name as tr knows it.
func (tr *tournament) name(id int64) string { return tr.ev.PlayerName(id) }

// formatOf is the format of t made from its settings (the registry's
// FormatOf), for what t's words and limits say, and what its format does,
// before its event is loaded; ok is false for a format that is none.
func formatOf(t *archive.Tournament) (event.Format, bool) {
	_, _, seats := published.Played(t)
	return event.FormatOf(t.Format, seats, t.Settings)
}

// named loads the event a word names, refusing unknown names.
func named(u *work.Unit, name string) (*archive.Tournament, error) {
	t, err := u.Tx.TournamentByName(name)
	if errors.Is(err, archive.ErrNotFound) {
		return nil, reply.Refuse(fmt.Sprintf("there is no tournament called %s", name), "Write \"tournaments\" for the open and running ones.")
	}
	return t, err
}

// called loads the event called name with its entrants and games,
// refusing a name that is none.
func called(u *work.Unit, name string) (*tournament, error) {
	t, err := named(u, name)
	if err != nil {
		return nil, err
	}
	return loadEvent(u, t)
}

// directs reports whether p directs t: its organiser, a co-director
// (codirector.go), or an admin of the club (config [club] admins), who
// directs every event.
func directs(u *work.Unit, t *archive.Tournament, p *archive.Player) bool {
	return organises(u, t, p) || p != nil && slices.Contains(t.Codirectors, p.ID)
}

// nameRefusal refuses a name an event may not take: the name of a page or
// folder of the club's site (notation.Reserved), whose path its page would
// take. nil when the name may be taken. (The accounts' room words the same
// refusal for players' names.)
func nameRefusal(name, what string) *reply.Refusal {
	if !notation.Reserved(name) {
		return nil
	}
	return reply.Refuse(fmt.Sprintf("a %s cannot be called %s", what, name),
		fmt.Sprintf("%q is the name of a page or folder of the club's site. Choose another name.", name))
}

// Organise is "tournament NAME GAME ... FORMAT ...": the organiser directs
// the new event and is its first entrant. Sent again by a director of an
// event not yet started, it changes the event's settings (change.go).
func Organise(u *work.Unit, c notation.Command) (reply.Section, error) {
	if ue := nameRefusal(c.Arg, "tournament"); ue != nil {
		return reply.Section{}, ue
	}
	if old, err := u.Tx.TournamentByName(c.Arg); err == nil {
		if k, _ := event.KindOf(old.Format); k.Verb != notation.CmdTournament { // a league's or a ladder's name
			return reply.Section{}, reply.Refuse(fmt.Sprintf("there is already a %s called %s", old.Format, old.Name), "Leagues, ladders and tournaments share their names: choose another.")
		}
		return changeEvent(u, old, c)
	} else if !errors.Is(err, archive.ErrNotFound) {
		return reply.Section{}, err
	}
	t, err := proposed(u, c)
	if err != nil {
		return reply.Section{}, err
	}
	t.Name, t.DirectorID, t.Created = c.Arg, u.Actor.ID, u.Now
	if err := u.Tx.AddTournament(t); err != nil {
		return reply.Section{}, err
	}
	if err := u.Tx.AddEntrant(t.ID, u.Actor.ID, u.Now); err != nil {
		return reply.Section{}, err
	}
	if err := u.Tx.AddAct(t.ID, archive.Act{At: u.Now, ByID: u.Actor.ID, Act: "create", Detail: eventWhat(t)}); err != nil {
		return reply.Section{}, err
	}
	if err := u.Tx.AddEvent(u.Now, "tournament", 0, u.Actor.ID, t.Name); err != nil {
		return reply.Section{}, err
	}
	lines := []string{
		"You direct it and are its first entrant. Others enter with \"join " + t.Name + "\"; \"join " + t.Name + " bot\" enters the club's bot.",
		event.StartsWhen(t.Name, t.MaxPlayers, t.Starts),
	}
	lines = append(lines, needsLine(t)...)
	return reply.Section{Title: fmt.Sprintf("tournament %s: %s", t.Name, eventWhat(t)), Lines: lines}, nil
}

// proposed reads the settings of "tournament NAME ..." into a tournament
// not yet stored (no name, director or dates), refusing what could not
// start: a format the game has not, more players than the format takes,
// fewer than a game seats, a field of "players N" too small for its format
// (a Swiss of more rounds than its players allow: every check "start"
// makes of a field is made here, naming the fix), a start day gone.
func proposed(u *work.Unit, c notation.Command) (*archive.Tournament, error) {
	ev := c.Event
	info, cfg, ctl, err := challenges.Proposal(u, c)
	if err != nil {
		return nil, err
	}
	seats := len(info.Seats(cfg))
	kind, _ := event.KindOf(ev.Format)
	settings := kind.Settings(ev.Numbers)
	format, ok := event.FormatOf(ev.Format, seats, settings)
	if !ok {
		return nil, reply.Refuse(fmt.Sprintf("%s %s is a game of %d: its tournaments are round robins of tables", info.Title, cfg.String(), seats),
			"Every set of "+fmt.Sprint(seats)+" entrants plays one game; write round-robin.")
	}
	if ch, ok := format.(event.Checker); ok { // settings no field could play (a cup's advance of its whole group)
		if r := ch.Check(); r != nil {
			return nil, refusal(r)
		}
	}
	if limit := format.Limit(); ev.Players > limit {
		return nil, reply.Refuse(fmt.Sprintf("a %s takes at most %d players", format.Words(&event.Event{}), limit))
	}
	if ev.Players != 0 && ev.Players < seats {
		return nil, reply.Refuse(fmt.Sprintf("a game of %d needs at least %d players", seats, seats))
	}
	t := &archive.Tournament{Game: info.Name, Config: cfg.String(), Format: ev.Format, Settings: settings,
		MaxPlayers: ev.Players, Days: int(ctl.PerMove / clock.Day), Control: ctl.String()}
	if ev.Players != 0 {
		field := &event.Event{Name: c.Arg, Format: format, Seats: seats}
		if r := field.Short(ev.Players); r != nil {
			return nil, reply.Refuse(r.Msg, playersFix(u, c.Arg, t, r)...)
		}
	}
	if ev.Starts != "" {
		day, _ := time.Parse(time.DateOnly, ev.Starts)
		if !day.After(u.Now) {
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
	what := format.Words(&event.Event{})
	if t.MaxPlayers > 0 {
		what += fmt.Sprintf(" of %d players", t.MaxPlayers)
	}
	return fmt.Sprintf("%s (%s), %s, %s", info.Title, t.Config, what, ctl.Describe())
}

// Join is "join NAME [bot]": the actor, or the club's bot entered by a
// director, enters an event open for entries, or one running whose format
// takes entrants as it runs (event.Joiner: a league, a ladder), which
// places them (selfrunning.go). A tournament whose field is full starts.
func Join(u *work.Unit, c notation.Command) (reply.Section, error) {
	t, err := named(u, c.Arg)
	if err != nil {
		return reply.Section{}, err
	}
	format, _ := formatOf(t)
	joiner, joinsRunning := format.(event.Joiner) // leagues and ladders take players as they run
	if t.Status != archive.TournamentOpen && !(joinsRunning && t.Status == archive.TournamentRunning) {
		return reply.Section{}, reply.Refuse(fmt.Sprintf("%s is %s: it takes no more entries", t.Name, t.Status), append(overLines(t), "\"standings "+t.Name+"\" shows where it stands.")...)
	}
	who := u.Actor
	if c.Value == "bot" {
		if !directs(u, t, u.Actor) {
			return reply.Section{}, reply.Refuse("only the director enters the bot", fmt.Sprintf("Ask the director of %s.", t.Name))
		}
		if u.Club.Bot == nil {
			return reply.Section{}, reply.Refuse("the club has no bot")
		}
		if who, err = u.Club.Bot.Player(u); err != nil {
			return reply.Section{}, err
		}
	}
	entrants, err := u.Tx.Entrants(t.ID)
	if err != nil {
		return reply.Section{}, err
	}
	if joinsRunning && t.Status == archive.TournamentRunning {
		if sec, ok, err := rejoin(u, t, joiner, entrants, who); ok || err != nil {
			return sec, err // back after leaving, or staying after all
		}
	}
	if slices.ContainsFunc(entrants, func(e archive.Entrant) bool { return e.PlayerID == who.ID }) {
		return reply.Section{}, reply.Refuse(fmt.Sprintf("%s is already in %s", who.Name, t.Name))
	}
	limit := format.Limit()
	if t.MaxPlayers > 0 {
		limit = t.MaxPlayers
	}
	if len(entrants) >= limit {
		return reply.Section{}, reply.Refuse(fmt.Sprintf("%s is full (%d players)", t.Name, limit))
	}
	if err := u.Tx.AddEntrant(t.ID, who.ID, u.Now); err != nil {
		return reply.Section{}, err
	}
	if err := u.Tx.AddAct(t.ID, archive.Act{At: u.Now, ByID: u.Actor.ID, Act: "join", PlayerID: who.ID}); err != nil {
		return reply.Section{}, err
	}
	n := len(entrants) + 1
	if joinsRunning {
		return joined(u, t, joiner, who, n)
	}
	sec := reply.Section{Title: fmt.Sprintf("%s has entered %s", who.Name, t.Name),
		Lines: []string{fmt.Sprintf("%s now has %s.", t.Name, words.Count(n, "entrant", "entrants"))}}
	if t.MaxPlayers > 0 && n == t.MaxPlayers {
		started, err := startEvent(u, t)
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

// Start is "start NAME": its director starts an event open for entries,
// as its rules start it (startEvent); one that runs from the day it was
// made (event.Perpetual: a ladder) has no start.
func Start(u *work.Unit, c notation.Command) (reply.Section, error) {
	t, err := named(u, c.Arg)
	if err != nil {
		return reply.Section{}, err
	}
	format, _ := formatOf(t)
	if p, ok := format.(event.Perpetual); ok {
		return reply.Section{}, reply.Refuse(fmt.Sprintf("%s is a %s: it runs from the day it was made", t.Name, t.Format), p.Instead(&event.Event{Name: t.Name}))
	}
	if !directs(u, t, u.Actor) {
		return reply.Section{}, reply.Refuse(fmt.Sprintf("only the director starts %s", t.Name))
	}
	if t.Status != archive.TournamentOpen {
		return reply.Section{}, reply.Refuse(fmt.Sprintf("%s is already %s", t.Name, t.Status))
	}
	lines, err := startEvent(u, t)
	if err != nil {
		return reply.Section{}, err
	}
	return reply.Section{Title: fmt.Sprintf("%s has started", t.Name), Lines: lines}, nil
}

// Leave is "leave NAME": the actor goes out of an event, before it starts
// simply; once it runs, they forfeit their unplayed games
// (withdrawEntrant), unless its format says how its players leave
// (event.Leaver: a league's after its season, a ladder's at once, those
// below moving up).
func Leave(u *work.Unit, c notation.Command) (reply.Section, error) {
	ev, err := called(u, c.Arg)
	if err != nil {
		return reply.Section{}, err
	}
	t := ev.t
	e := ev.entrant(u.Actor.ID)
	if e == nil || !e.In() {
		return reply.Section{}, reply.Refuse(fmt.Sprintf("you are not in %s", t.Name))
	}
	if l, ok := ev.ev.Format.(event.Leaver); ok && t.Status == archive.TournamentRunning {
		return leaveRunning(u, ev, l)
	}
	switch t.Status {
	case archive.TournamentOpen:
		if err := u.Tx.RemoveEntrant(t.ID, u.Actor.ID, u.Now); err != nil {
			return reply.Section{}, err
		}
		if err := u.Tx.AddAct(t.ID, archive.Act{At: u.Now, ByID: u.Actor.ID, Act: "leave", PlayerID: u.Actor.ID}); err != nil {
			return reply.Section{}, err
		}
		return reply.Section{Title: fmt.Sprintf("you have left %s", t.Name), Lines: []string{"It had not started: nothing else changes."}}, nil
	case archive.TournamentOver:
		return reply.Section{}, reply.Refuse(fmt.Sprintf("%s is over", t.Name))
	}
	lines, err := withdrawEntrant(u, ev, u.Actor.ID, archive.EntrantLeft, "left the tournament", u.Actor.ID)
	if err != nil {
		return reply.Section{}, err
	}
	return reply.Section{Title: fmt.Sprintf("you have left %s", t.Name), Lines: lines}, nil
}

// Standings is "standings NAME": where an event stands (standings.go).
func Standings(u *work.Unit, c notation.Command) (reply.Section, error) {
	ev, err := called(u, c.Arg)
	if err != nil {
		return reply.Section{}, err
	}
	return standingsSection(u, ev), nil
}

// List is "tournaments": the open and running events.
func List(u *work.Unit, _ notation.Command) (reply.Section, error) {
	ts, err := u.Tx.Tournaments(archive.TournamentOpen, archive.TournamentRunning)
	if err != nil {
		return reply.Section{}, err
	}
	var b strings.Builder
	for _, t := range ts {
		tr, err := loadEvent(u, t)
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

// SetNews is "set tournament-news on|off".
func SetNews(u *work.Unit, c notation.Command) (reply.Section, error) {
	value := c.Value
	if err := u.Tx.SetTournamentNews(u.Actor.ID, value == "on"); err != nil {
		return reply.Section{}, err
	}
	if value == "on" {
		return reply.Section{Title: "tournament news: on", Lines: []string{"From now on the standings of your tournaments come by mail whenever one of their games ends."}}, nil
	}
	return reply.Section{Title: "tournament news: off", Lines: []string{"The standings come when you ask: \"standings NAME\". The winner of each of your tournaments is still mailed to you."}}, nil
}
