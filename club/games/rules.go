package games

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"postal/club/published"
	"postal/club/reply"
	"postal/club/work"
	"postal/docs"
	"postal/engine"
	"postal/mailer"
	"postal/notation"
)

// Rules is "rules GAME": what a game is, its rulesets and options, and its
// rules in full.
func Rules(u *work.Unit, c notation.Command) (reply.Section, error) {
	name := c.Arg
	g, err := engine.Lookup(name)
	if err != nil {
		return reply.Section{}, reply.Refuse(fmt.Sprintf("postal does not play %q", name), "Write \"games\" for the games postal plays.")
	}
	info := g.Info()
	lines := []string{info.Description}
	if info.Provisional != "" {
		lines = append(lines, "Provisional: "+info.Provisional)
	}
	if u.Club.SiteURL != "" {
		lines = append(lines, "The full rules: "+strings.TrimRight(u.Club.SiteURL, "/")+"/types/"+info.Name+".html")
	}
	sec := reply.Section{Title: info.Title + " (" + info.Name + ")", Lines: lines, Pre: Describe(info, engine.Config{})}
	if text, err := fs.ReadFile(docs.Rules(), info.Name+".md"); err == nil {
		sec.Doc = string(text)
	}
	return sec, nil
}

// Describe lists a game's sides, rulesets and options: the sides are the
// seats of the game played with cfg (the zero Config: its default), in turn
// order, however many there are.
func Describe(info engine.Info, cfg engine.Config) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Sides: %s\n", SidesText(info.Seats(cfg)))
	b.WriteString("Rulesets:\n")
	for i, r := range info.Rulesets {
		def := ""
		if i == 0 {
			def = " (default)"
		}
		fmt.Fprintf(&b, "  %s%s: %s\n", r.Name, def, r.Description)
	}
	if len(info.Options) > 0 {
		b.WriteString("Options (NAME=VALUE):\n")
		for _, o := range info.Options {
			vals := ""
			if len(o.Values) > 0 {
				vals = " [" + strings.Join(o.Values, ", ") + "]"
			}
			only := ""
			if w := o.RulesetWords(); w != "" {
				only = " (" + w + ")"
			}
			fmt.Fprintf(&b, "  %s=%s%s%s: %s\n", o.Name, o.Default, vals, only, o.Description)
		}
	}
	if info.Unlisted != "" {
		fmt.Fprintf(&b, "Moves not listed by \"moves\": %s\n", info.Unlisted)
	}
	return strings.TrimRight(b.String(), "\n")
}

// SidesText names seats in turn order, the first marked as moving first:
// "South (moves first), West, North, East".
func SidesText(seats []string) string {
	if len(seats) == 0 {
		return ""
	}
	return strings.Join(append([]string{seats[0] + " (moves first)"}, seats[1:]...), ", ")
}

// List is "games": the games postal plays.
func List(u *work.Unit, c notation.Command) (reply.Section, error) {
	// A list, so that each game's description wraps under its name in the
	// text part and fits a phone's width in the HTML part.
	var b strings.Builder
	for _, g := range engine.Games() {
		info := g.Info()
		fmt.Fprintf(&b, "- %s (%s): %s\n", info.Name, info.Title, info.Description)
	}
	if b.Len() == 0 {
		b.WriteString("(none yet)")
	}
	return reply.Section{Title: "games postal plays", Doc: b.String(),
		Lines: []string{"\"rules GAME\" describes one; \"challenge PLAYER GAME\" or \"open GAME\" starts one."}}, nil
}

// Record is "record ID": the record of a game, attached and in the text.
func Record(u *work.Unit, c notation.Command) (reply.Section, error) {
	id := c.ID
	gs, err := Named(u, id)
	if err != nil {
		return reply.Section{}, err
	}
	rec, err := published.GameRecord(u.Tx, gs.Row, u.Club.Address, !u.Club.HideMessages)
	var stored *engine.ConfigError
	if errors.As(err, &stored) {
		return reply.Section{}, work.Permanent(err) // a stored configuration that does not read: a bug
	} else if err != nil {
		return reply.Section{}, err
	}
	text := rec.String()
	return reply.Section{Title: fmt.Sprintf("record of game #%d", id), Lines: []string{"The record is attached and below."}, Pre: text, Game: id,
		Attach: []mailer.Attachment{{Name: fmt.Sprintf("postal-%d.txt", id), ContentType: "text/plain; charset=utf-8", Data: []byte(text)}}}, nil
}
