package club

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"time"

	"postal/archive"
	"postal/club/clock"
	"postal/club/published"
	"postal/club/reply"
	"postal/docs"
	"postal/docs/words"
	"postal/engine"
	"postal/mailer"
	"postal/notation"
)

// help answers with the list of commands (helpIndex), one section of
// docs/commands.md, or a game's description.
func (h *handling) help(topic string) (reply.Section, error) {
	doc := docs.Commands()
	if topic == "" {
		return reply.Section{Title: "postal's commands", Doc: helpIndex()}, nil
	}
	if part := helpTopic(doc, topic); part != "" {
		return reply.Section{Title: "help on " + topic, Doc: part}, nil
	}
	if _, err := engine.Lookup(topic); err == nil {
		return h.rules(topic)
	}
	var topics []string
	for _, v := range notation.Verbs {
		topics = append(topics, string(v))
	}
	return reply.Section{}, reply.Refuse(fmt.Sprintf("no help on %q", topic), "Topics: "+strings.Join(topics, ", ")+", or the name of a game (\"games\" lists them).")
}

// helpTopic returns the part of the document under the heading whose first
// word is topic ("### move ..."), up to the next heading.
func helpTopic(doc, topic string) string {
	var out []string
	in := false
	for _, line := range strings.Split(doc, "\n") {
		if strings.HasPrefix(line, "#") {
			words := strings.Fields(strings.TrimLeft(line, "#"))
			if in {
				break
			}
			in = len(words) > 0 && strings.EqualFold(strings.Trim(words[0], "`"), topic)
		}
		if in {
			out = append(out, line)
		}
	}
	return strings.TrimSpace(strings.Join(out, "\n"))
}

func (h *handling) rules(name string) (reply.Section, error) {
	g, err := engine.Lookup(name)
	if err != nil {
		return reply.Section{}, reply.Refuse(fmt.Sprintf("postal does not play %q", name), "Write \"games\" for the games postal plays.")
	}
	info := g.Info()
	lines := []string{info.Description}
	if info.Provisional != "" {
		lines = append(lines, "Provisional: "+info.Provisional)
	}
	if h.s.opt.SiteURL != "" {
		lines = append(lines, "The full rules: "+strings.TrimRight(h.s.opt.SiteURL, "/")+"/types/"+info.Name+".html")
	}
	sec := reply.Section{Title: info.Title + " (" + info.Name + ")", Lines: lines, Pre: describe(info)}
	if text, err := fs.ReadFile(docs.Rules(), info.Name+".md"); err == nil {
		sec.Doc = string(text)
	}
	return sec, nil
}

// describe lists a game's sides, rulesets and options.
func describe(info engine.Info) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Sides: %s (moves first), %s\n", info.Sides[0], info.Sides[1])
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

func (h *handling) gamesList() (reply.Section, error) {
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

func (h *handling) status() (reply.Section, error) {
	if h.Actor == nil {
		return reply.Section{}, reply.Refuse("you are not registered", "Write \"register NAME\" first.")
	}
	games, err := h.gamesOf(h.Actor)
	if err != nil {
		return reply.Section{}, err
	}
	var b strings.Builder
	if len(games) == 0 {
		b.WriteString("No games in progress.\n")
	}
	for _, gs := range games {
		turn := gs.WhoMoves() + " to move"
		if side := gs.Side(h.Actor); engine.Acts(gs.Pos, side) {
			turn = "your move"
		}
		fmt.Fprintf(&b, "#%d %s, move %d: %s", gs.Row.ID, gs.Title(), gs.MoveNumber(), turn)
		if !gs.Row.Deadline.IsZero() {
			fmt.Fprintf(&b, ", %s left", left(gs.Row.Deadline.Sub(h.Now)))
		}
		b.WriteString(gs.DrawStatus())
		b.WriteByte('\n')
		more, err := h.conditionsStatus(gs) // issue 26: conditional moves, note
		if err != nil {
			return reply.Section{}, err
		}
		b.WriteString(more)
	}
	chs, err := h.Tx.OpenChallenges(h.Actor.ID)
	if err != nil {
		return reply.Section{}, err
	}
	for _, ch := range chs {
		who, err := h.Tx.PlayerByID(ch.ChallengerID)
		if err != nil {
			return reply.Section{}, err
		}
		b.WriteString(h.challengeStatus(ch, who) + "\n")
	}
	return reply.Section{Title: "status of " + h.Actor.Name, Pre: strings.TrimRight(b.String(), "\n")}, nil
}

// left writes a duration for people: "2 days 3 hours", "40 minutes".
// It rounds to the nearest hour (the nearest minute under an hour), so that
// two mails a second apart say the same: "3 days", not "3 days" and then
// "2 days 23 hours" (issue 29).
func left(d time.Duration) string {
	if d <= 0 {
		return "no time"
	}
	if d >= time.Hour {
		d = d.Round(time.Hour)
	} else {
		d = d.Round(time.Minute)
	}
	days, hours := int(d/(24*time.Hour)), int(d%(24*time.Hour)/time.Hour)
	switch {
	case days > 0 && hours > 0:
		return words.Plural(days, "day") + " " + words.Plural(hours, "hour")
	case days > 0:
		return words.Plural(days, "day")
	case hours > 0:
		return words.Plural(hours, "hour")
	}
	return words.Plural(max(1, int(d/time.Minute)), "minute")
}

// proposal reads what a challenge or a tournament proposes: the game, its
// ruleset and options, and the time control (the club's when it names
// none).
func (s *Service) proposal(c notation.Command) (engine.Info, engine.Config, clock.Control, error) {
	info, cfg, err := proposedGame(c.Game, c.Options)
	if err != nil {
		return info, cfg, clock.Control{}, err
	}
	ctl, err := s.challengeControl(c.Clock)
	return info, cfg, ctl, reply.Explain(err)
}

// proposedGame reads the game, ruleset and options a proposal names.
func proposedGame(game string, words []string) (engine.Info, engine.Config, error) {
	g, err := engine.Lookup(game)
	if err != nil {
		return engine.Info{}, engine.Config{}, reply.Refuse(fmt.Sprintf("postal does not play %q", game), "Write \"games\" for the games postal plays.")
	}
	info := g.Info()
	var rs string
	var optWords []string
	for _, w := range words {
		if strings.Contains(w, "=") {
			optWords = append(optWords, w)
		} else if rs == "" {
			rs = w
		} else {
			return info, engine.Config{}, reply.Refuse(fmt.Sprintf("two rulesets: %s and %s", rs, w), "Name at most one ruleset.\n"+describe(info))
		}
	}
	opts, err := engine.ParseOptions(optWords)
	if err != nil {
		return info, engine.Config{}, reply.Explain(err)
	}
	cfg, err := engine.Normalize(info, engine.Config{Ruleset: rs, Options: opts})
	if ue, ok := reply.Explain(err).(*reply.Refusal); ok {
		ue.Pre = describe(info) // what the game has
		return info, cfg, ue
	}
	return info, cfg, err
}

// diceCommitted is what the first mails of a game with chance say about its
// dice: the commitment to the secret seed.
func diceCommitted(row *archive.Game) []string {
	c := published.SeedCommitment(row)
	if c == "" {
		return nil
	}
	return []string{
		fmt.Sprintf("Fair dice: chance in this game draws from a secret seed, which postal reveals when the game ends. Its commitment, SHA-256 of \"postal-seed-v1:%d:SEED\", is", row.ID),
		c,
		"Keep it: with the seed, it lets anyone check that every throw was the seed's (\"help record\" says how).",
	}
}

// diceRevealed is what the mails at the end of a game with chance say about
// its dice: the seed, now public.
func diceRevealed(row *archive.Game) []string {
	c := published.SeedCommitment(row)
	if c == "" {
		return nil
	}
	return []string{fmt.Sprintf("Fair dice: the seed of game #%d was %d, committed to at the start as %s. \"postal replay\" on the record checks both the seed and every throw.", row.ID, row.Seed, c)}
}

func (h *handling) record(id int64) (reply.Section, error) {
	gs, err := h.game(id)
	if err != nil {
		return reply.Section{}, err
	}
	rec, err := published.GameRecord(h.Tx, gs.Row, h.s.opt.Address, !h.s.opt.HideMessages)
	var stored *engine.ConfigError
	if errors.As(err, &stored) {
		return reply.Section{}, permanent(err) // a stored configuration that does not read: a bug
	} else if err != nil {
		return reply.Section{}, err
	}
	text := rec.String()
	return reply.Section{Title: fmt.Sprintf("record of game #%d", id), Lines: []string{"The record is attached and below."}, Pre: text, Game: id,
		Attach: []mailer.Attachment{{Name: fmt.Sprintf("postal-%d.txt", id), ContentType: "text/plain; charset=utf-8", Data: []byte(text)}}}, nil
}
