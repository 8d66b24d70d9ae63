package tournaments

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"postal/archive"
	"postal/club/challenges"
	"postal/club/event"
	"postal/club/published"
	"postal/club/reply"
	"postal/club/work"
	"postal/docs/words"
	"postal/notation"
)

// A director mends an event before it starts: "tournament NAME ..." sent
// again changes its settings, and every refusal of a field too small names
// the command that mends it: more players, or the settings of its format
// its field allows (event.Refusal.Mend).

// changeEvent is "tournament NAME ..." for an event that exists: its
// director changes its settings before it starts; the entrants are told,
// and a field made full starts it, as the last entry would.
func changeEvent(u *work.Unit, t *archive.Tournament, c notation.Command) (reply.Section, error) {
	switch {
	case !directs(u, t, u.Actor):
		return reply.Section{}, reply.Refuse(fmt.Sprintf("there is already a tournament called %s", t.Name), "Choose another name.")
	case t.Status == archive.TournamentRunning:
		return reply.Section{}, reply.Refuse(fmt.Sprintf("%s has started: its settings stay", t.Name), fmt.Sprintf("Its games are under way; an admin of the club may end it (\"cancel %s REASON\").", t.Name))
	case t.Status != archive.TournamentOpen:
		return reply.Section{}, reply.Refuse(fmt.Sprintf("%s is over: its settings stay", t.Name), "Choose another name for a new one.")
	}
	changed, err := proposed(u, c)
	if err != nil {
		return reply.Section{}, err
	}
	entrants, err := u.Tx.Entrants(t.ID)
	if err != nil {
		return reply.Section{}, err
	}
	n := len(entrants)
	format, _ := formatOf(changed)
	switch {
	case changed.MaxPlayers > 0 && n > changed.MaxPlayers:
		return reply.Section{}, reply.Refuse(fmt.Sprintf("%s has %d entrants: players %d is fewer", t.Name, n, changed.MaxPlayers), fmt.Sprintf("Write players %d or more, or leave \"players\" out.", n))
	case n > format.Limit():
		return reply.Section{}, reply.Refuse(fmt.Sprintf("%s has %d entrants: a %s takes at most %d", t.Name, n, format.Words(&event.Event{}), format.Limit()))
	}
	t.Game, t.Config, t.Format, t.Settings, t.MaxPlayers = changed.Game, changed.Config, changed.Format, changed.Settings, changed.MaxPlayers
	t.Days, t.Control, t.Starts, t.Updated = changed.Days, changed.Control, changed.Starts, u.Now
	if err := u.Tx.SetTournamentSettings(t); err != nil {
		return reply.Section{}, err
	}
	what := eventWhat(t)
	if err := u.Tx.AddAct(t.ID, archive.Act{At: u.Now, ByID: u.Actor.ID, Act: "change", Detail: what}); err != nil {
		return reply.Section{}, err
	}
	tr, err := loadEvent(u, t)
	if err != nil {
		return reply.Section{}, err
	}
	news := []string{fmt.Sprintf("%s, directing %s, changed it: %s.", u.Actor.Name, t.Name, what),
		event.StartsWhen(t.Name, t.MaxPlayers, t.Starts) + fmt.Sprintf(" \"leave %s\" takes you out if it no longer suits you.", t.Name)}
	if err := tellEvent(u, tr, fmt.Sprintf("[postal] %s: its settings changed", t.Name), news, false, u.Actor.ID); err != nil {
		return reply.Section{}, err
	}
	told := "No one else has entered it yet."
	others := n
	if slices.ContainsFunc(entrants, func(e archive.Entrant) bool { return e.PlayerID == u.Actor.ID }) {
		others--
	}
	if others > 0 {
		told = fmt.Sprintf("Its other %s told.", words.Count(others, "entrant is", "entrants are"))
	}
	sec := reply.Section{Title: fmt.Sprintf("tournament %s changed: %s", t.Name, what), Lines: []string{told}}
	if t.MaxPlayers > 0 && n == t.MaxPlayers {
		started, err := startEvent(u, t)
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
	if line := eventOfSettings(t).NeedsLine(); line != "" {
		return []string{line}
	}
	return nil
}

// eventOfSettings is t as its rules see it before anyone entered: its
// format made from its settings, and its seats.
func eventOfSettings(t *archive.Tournament) *event.Event {
	format, _ := formatOf(t)
	_, _, seats := published.Played(t)
	return &event.Event{Name: t.Name, Format: format, Seats: seats, Max: t.MaxPlayers, Starts: t.Starts}
}

// playersFix names the commands that mend r, the refusal of "players N"
// in "tournament NAME ..." (settings t, not stored): more players, or the
// settings of its format that let its field start (a Swiss's rounds).
func playersFix(u *work.Unit, name string, t *archive.Tournament, r *event.Refusal) []string {
	fixes := []string{quotedSettings(u, name, t, nil, t.MaxPlayers+r.Missing)}
	if r.Mend != nil {
		fixes = append([]string{quotedSettings(u, name, t, r.Mend, t.MaxPlayers)}, fixes...)
	}
	return []string{"Either of these would do: " + strings.Join(fixes, " or ") + "."}
}

// startFix names what mends r, the refusal to start t for its entrants:
// more entrants, or the settings of its format they allow (a Swiss's
// rounds), as the command that changes it.
func startFix(u *work.Unit, t *archive.Tournament, r *event.Refusal) []string {
	var lines []string
	if r.Missing > 0 {
		join := fmt.Sprintf("%d more must join (\"join %s\")", r.Missing, t.Name)
		if u.Club.Bot != nil {
			join += fmt.Sprintf("; \"join %s bot\" enters the club's bot", t.Name)
		}
		lines = append(lines, join+".")
	}
	if r.Mend != nil {
		lines = append(lines, fmt.Sprintf("Or %s changes it to %s.", quotedSettings(u, t.Name, t, r.Mend, t.MaxPlayers), r.MendWhat))
	}
	return lines
}

// quotedSettings is settingsCommand of t with the settings mend changed
// and players entrants, in quotes.
func quotedSettings(u *work.Unit, name string, t *archive.Tournament, mend event.Settings, players int) string {
	c := *t
	c.Settings = maps.Clone(t.Settings)
	if c.Settings == nil {
		c.Settings = map[string]int{}
	}
	maps.Copy(c.Settings, mend)
	c.MaxPlayers = players
	return "\"" + settingsCommand(u, name, &c) + "\""
}

// settingsCommand is the command "tournament NAME ..." that gives an event
// the settings of t: the ruleset and options, and the time control, only
// when they are not the game's and the club's defaults.
func settingsCommand(u *work.Unit, name string, t *archive.Tournament) string {
	c := notation.Command{Verb: notation.CmdTournament, Arg: name, Game: t.Game, Options: challenges.ConfigWords(t.Game, t.Config), Clock: challenges.ClockWords(u.Club, t.Control),
		Event: &notation.Event{Format: t.Format, Numbers: formatNumbers(t), Players: t.MaxPlayers}}
	if !t.Starts.IsZero() {
		c.Event.Starts = t.Starts.Format(time.DateOnly)
	}
	return u.Club.Language.String(c)
}

// formatNumbers are the numbers of t's format as "tournament" writes them:
// its settings, by word.
func formatNumbers(t *archive.Tournament) map[string]int { return maps.Clone(t.Settings) }
