package club

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"postal/archive"
	"postal/club/event"
	"postal/club/published"
	"postal/club/reply"
	"postal/docs/words"
	"postal/notation"
)

// A director mends an event before it starts (issue 35): "tournament NAME
// ..." sent again changes its settings, and every refusal of a field too
// small names the command that mends it.

// changeEvent is "tournament NAME ..." for an event that exists: its
// director changes its settings before it starts; the entrants are told,
// and a field made full starts it, as the last entry would.
func (h *handling) changeEvent(t *archive.Tournament, c notation.Command) (reply.Section, error) {
	switch {
	case !h.s.directs(t, h.Actor):
		return reply.Section{}, reply.Refuse(fmt.Sprintf("there is already a tournament called %s", t.Name), "Choose another name.")
	case t.Status == archive.TournamentRunning:
		return reply.Section{}, reply.Refuse(fmt.Sprintf("%s has started: its settings stay", t.Name), fmt.Sprintf("Its games are under way; an admin of the club may end it (\"cancel %s REASON\").", t.Name))
	case t.Status != archive.TournamentOpen:
		return reply.Section{}, reply.Refuse(fmt.Sprintf("%s is over: its settings stay", t.Name), "Choose another name for a new one.")
	}
	changed, err := h.eventSettings(c)
	if err != nil {
		return reply.Section{}, err
	}
	entrants, err := h.Tx.Entrants(t.ID)
	if err != nil {
		return reply.Section{}, err
	}
	n := len(entrants)
	format, _ := formatOf(changed)
	switch {
	case changed.MaxPlayers > 0 && n > changed.MaxPlayers:
		return reply.Section{}, reply.Refuse(fmt.Sprintf("%s has %d entrants: players %d is fewer", t.Name, n, changed.MaxPlayers), fmt.Sprintf("Write players %d or more, or leave \"players\" out.", n))
	case n > format.Limit():
		return reply.Section{}, reply.Refuse(fmt.Sprintf("%s has %d entrants: a %s takes at most %d", t.Name, n, format.Words(&event.Event{Rounds: changed.Rounds}), format.Limit()))
	}
	t.Game, t.Config, t.Format, t.Rounds, t.MaxPlayers = changed.Game, changed.Config, changed.Format, changed.Rounds, changed.MaxPlayers
	t.Days, t.Control, t.Starts, t.Updated = changed.Days, changed.Control, changed.Starts, h.Now
	if err := h.Tx.SetTournamentSettings(t); err != nil {
		return reply.Section{}, err
	}
	what := eventWhat(t)
	if err := h.Tx.AddAct(t.ID, archive.Act{At: h.Now, ByID: h.Actor.ID, Act: "change", Detail: what}); err != nil {
		return reply.Section{}, err
	}
	tr, err := h.loadEvent(t)
	if err != nil {
		return reply.Section{}, err
	}
	news := []string{fmt.Sprintf("%s, directing %s, changed it: %s.", h.Actor.Name, t.Name, what),
		event.StartsWhen(t.Name, t.MaxPlayers, t.Starts) + fmt.Sprintf(" \"leave %s\" takes you out if it no longer suits you.", t.Name)}
	if err := h.tellEvent(tr, fmt.Sprintf("[postal] %s: its settings changed", t.Name), news, false, h.Actor.ID); err != nil {
		return reply.Section{}, err
	}
	told := "No one else has entered it yet."
	others := n
	if slices.ContainsFunc(entrants, func(e archive.Entrant) bool { return e.PlayerID == h.Actor.ID }) {
		others--
	}
	if others > 0 {
		told = fmt.Sprintf("Its other %s told.", words.Count(others, "entrant is", "entrants are"))
	}
	sec := reply.Section{Title: fmt.Sprintf("tournament %s changed: %s", t.Name, what), Lines: []string{told}}
	if t.MaxPlayers > 0 && n == t.MaxPlayers {
		started, err := h.startEvent(t)
		if err != nil {
			return reply.Section{}, err
		}
		sec.Lines = append(sec.Lines, "The field is full: the tournament has started.")
		return reply.Section{Title: sec.Title, Lines: append(sec.Lines, started...)}, nil
	}
	sec.Lines = append(sec.Lines, event.StartsWhen(t.Name, t.MaxPlayers, t.Starts))
	sec.Lines = append(sec.Lines, needsLine(t)...)
	return sec, nil
}

// needsLine says how many entrants t needs to start, when more than two
// (a game of three, a Swiss of many rounds): what "start" would refuse.
func needsLine(t *archive.Tournament) []string {
	tr := eventOfSettings(t)
	need := tr.Needs()
	switch {
	case need <= 2:
		return nil
	case need > max(2, tr.Seats):
		return []string{fmt.Sprintf("It needs at least %d entrants to start (no pair meets twice in %d rounds).", need, t.Rounds)}
	}
	return []string{fmt.Sprintf("It needs at least %d entrants to start.", need)}
}

// eventOfSettings is t as its rules see it before anyone entered: its
// format, seats and rounds.
func eventOfSettings(t *archive.Tournament) *event.Event {
	format, _ := formatOf(t)
	_, _, seats := published.Played(t)
	return &event.Event{Name: t.Name, Format: format, Seats: seats, Rounds: t.Rounds, Max: t.MaxPlayers, Starts: t.Starts}
}

// playersFix names the commands that mend r, the refusal of "players N"
// in "tournament NAME ..." (settings t, not stored): more players, or, for
// a Swiss, the rounds its field allows.
func (s *Service) playersFix(name string, t *archive.Tournament, r *event.Refusal) []string {
	fixes := []string{s.quotedSettings(name, t, t.Rounds, t.MaxPlayers+r.Missing)}
	if r.Rounds > 0 {
		fixes = append([]string{s.quotedSettings(name, t, r.Rounds, t.MaxPlayers)}, fixes...)
	}
	return []string{"Either of these would do: " + strings.Join(fixes, " or ") + "."}
}

// startFix names what mends r, the refusal to start t for its entrants:
// more entrants, or, for a Swiss, the rounds they allow, as the command
// that changes it.
func (s *Service) startFix(t *archive.Tournament, r *event.Refusal) []string {
	var lines []string
	if r.Missing > 0 {
		join := fmt.Sprintf("%d more must join (\"join %s\")", r.Missing, t.Name)
		if s.opt.Bot != nil {
			join += fmt.Sprintf("; \"join %s bot\" enters the club's bot", t.Name)
		}
		lines = append(lines, join+".")
	}
	if r.Rounds > 0 {
		lines = append(lines, fmt.Sprintf("Or %s changes it to the rounds its entrants allow.", s.quotedSettings(t.Name, t, r.Rounds, t.MaxPlayers)))
	}
	return lines
}

// quotedSettings is settingsCommand of t with rounds and players changed,
// in quotes.
func (s *Service) quotedSettings(name string, t *archive.Tournament, rounds, players int) string {
	c := *t
	c.Rounds, c.MaxPlayers = rounds, players
	return "\"" + s.settingsCommand(name, &c) + "\""
}

// settingsCommand is the command "tournament NAME ..." that gives an event
// the settings of t: the ruleset and options, and the time control, only
// when they are not the game's and the club's defaults.
func (s *Service) settingsCommand(name string, t *archive.Tournament) string {
	c := notation.Command{Verb: notation.CmdTournament, Arg: name, Game: t.Game, Options: s.configWords(t.Game, t.Config), Clock: s.clockWords(t.Control),
		Event: &notation.Event{Format: t.Format, Numbers: formatNumbers(t), Players: t.MaxPlayers}}
	if !t.Starts.IsZero() {
		c.Event.Starts = t.Starts.Format(time.DateOnly)
	}
	return language.String(c)
}
