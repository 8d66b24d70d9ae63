package notation

import (
	"strconv"
	"strings"
	"time"
)

// The words of tournaments (docs/commands.md, "Tournaments").
const (
	CmdTournament  Verb = "tournament"
	CmdTournaments Verb = "tournaments"
	CmdJoin        Verb = "join"
	CmdLeave       Verb = "leave"
	CmdStart       Verb = "start"
	CmdStandings   Verb = "standings"
	CmdAdjudicate  Verb = "adjudicate"
	CmdExtend      Verb = "extend"
	CmdRemove      Verb = "remove"
	CmdCodirector  Verb = "codirector"
)

// CancelsEvent reports whether c is "cancel NAME [REASON]", which cancels
// a tournament (Arg; its reason in Value), not "cancel ID", a challenge.
func (c Command) CancelsEvent() bool { return c.Verb == CmdCancel && c.Arg != "" }

// cancel reads "cancel ID" (or "cancel" alone in a reply about the
// challenge) or "cancel NAME [REASON]": a name is no number.
func (p *parser) cancel(c *Command) *CommandError {
	if !p.more() || isNumber(p.peek().text) {
		var err *CommandError
		c.ID, err = p.optionalID()
		return err
	}
	var err *CommandError
	if c.Arg, err = p.name("the tournament's name or the challenge's number"); err != nil {
		return err
	}
	var reason []string
	for p.more() {
		reason = append(reason, p.next().text)
	}
	c.Value = strings.Join(reason, " ")
	return nil
}

// Event is what "tournament" proposes besides the game (Command.Game,
// Options and Clock) and the name (Command.Arg).
type Event struct {
	Format string // the name of one of the language's formats
	// Numbers are the format's own settings, by word: the number after
	// its name under its Count's word ("swiss 5": "rounds"), and those it
	// takes by word ("groups", "advance").
	Numbers map[string]int
	Players int    // the field's size, when it starts once full; 0: no limit
	Starts  string // the day it starts, YYYY-MM-DD; "" when the director starts it
}

// The syntaxes of the tournament words.
var (
	// EventProposal: "tournament NAME GAME [RULESET] [NAME=VALUE ...]
	// FORMAT [players N] [clock] [starts DATE]".
	EventProposal = Syntax{read: func(p *parser, c *Command) (err *CommandError) {
		if c.Arg, err = p.name("the tournament's name"); err != nil {
			return err
		}
		return p.event(c)
	}, write: writeEvent}
	// EventName: "leave NAME", "start NAME", "standings NAME".
	EventName = Syntax{read: func(p *parser, c *Command) (err *CommandError) {
		c.Arg, err = p.name("the tournament's name")
		return err
	}, write: writeArgValue}
	// Entry: "join NAME [bot]": "bot" enters the club's bot (Value).
	Entry = Syntax{read: func(p *parser, c *Command) (err *CommandError) {
		if c.Arg, err = p.name("the tournament's name"); err != nil {
			return err
		}
		if p.more() && strings.EqualFold(p.peek().text, "bot") {
			p.i++
			c.Value = "bot"
		}
		return nil
	}, write: writeArgValue}
	// Adjudication: "adjudicate GAME 1-0|0-1|draw" (Value: 1-0, 0-1 or
	// 1/2-1/2).
	Adjudication = Syntax{read: readAdjudication, write: writeJudgement}
	// Extension: "extend GAME DAYS" (Value).
	Extension = Syntax{read: readExtension, write: writeJudgement}
	// Removal: "remove PLAYER [from NAME] REASON": the player (Arg), the
	// tournament (Setting), the reason as written (Value).
	Removal = Syntax{read: readRemoval, write: func(_ *Language, c Command) string {
		parts := []string{c.Arg}
		if c.Setting != "" {
			parts = append(parts, "from", c.Setting)
		}
		return spaced(append(parts, c.Value)...)
	}}
	// Codirection: "codirector NAME PLAYER [off]": the tournament (Arg),
	// the player (Value), "off" (Setting) to withdraw them.
	Codirection = Syntax{read: readCodirection, write: func(_ *Language, c Command) string {
		parts := []string{c.Arg, c.Value}
		if c.Setting != "" {
			parts = append(parts, c.Setting)
		}
		return spaced(parts...)
	}}
)

// judgedGame reads the game a director judges: its number, required.
func (p *parser) judgedGame(c *Command) (err *CommandError) {
	if !p.more() || !isNumber(p.peek().text) {
		return p.errEnd("%s needs the game's number", c.Verb)
	}
	c.ID, err = p.optionalID()
	return err
}

func readAdjudication(p *parser, c *Command) *CommandError {
	if err := p.judgedGame(c); err != nil {
		return err
	}
	if !p.more() {
		return p.errEnd("adjudicate needs a result: 1-0, 0-1 or draw")
	}
	w := p.next()
	v := strings.ToLower(w.text)
	switch v {
	case "1-0", "0-1", "1/2-1/2":
	case "draw", "½-½":
		v = "1/2-1/2"
	default:
		return p.errAt(w, "%q is not a result: 1-0 (the first seat wins), 0-1 or draw", w.text)
	}
	c.Value = v
	return nil
}

func readExtension(p *parser, c *Command) *CommandError {
	if err := p.judgedGame(c); err != nil {
		return err
	}
	if !p.more() {
		return p.errEnd("extend needs a number of days")
	}
	w := p.next()
	v := strings.ToLower(w.text)
	if n, convErr := strconv.Atoi(v); convErr != nil || !isNumber(v) || v[0] == '0' || n > 60 {
		return p.errAt(w, "%q is not a number of days from 1 to 60", w.text)
	}
	c.Value = v
	return nil
}

func writeJudgement(_ *Language, c Command) string {
	return spaced(strconv.FormatInt(c.ID, 10), c.Value)
}

func readRemoval(p *parser, c *Command) (err *CommandError) {
	if c.Arg, err = p.name("the player to remove"); err != nil {
		return err
	}
	if p.more() && strings.EqualFold(p.peek().text, "from") {
		p.i++
		if c.Setting, err = p.name("the tournament's name"); err != nil {
			return err
		}
	}
	var reason []string
	for p.more() {
		reason = append(reason, p.next().text)
	}
	if len(reason) == 0 {
		return p.errEnd("remove needs a reason, which the players receive")
	}
	c.Value = strings.Join(reason, " ")
	return nil
}

func readCodirection(p *parser, c *Command) (err *CommandError) {
	if c.Arg, err = p.name("the tournament's name"); err != nil {
		return err
	}
	if c.Value, err = p.name("the player who co-directs it"); err != nil {
		return err
	}
	if p.more() {
		w := p.next()
		if !strings.EqualFold(w.text, "off") {
			return p.errAt(w, "%q: write \"off\" to withdraw a co-director, or nothing", w.text)
		}
		c.Setting = "off"
	}
	return nil
}

// event reads GAME [RULESET] [NAME=VALUE ...] FORMAT [players N] [clock]
// [starts DATE]. The formats and their own numbers are the language's.
func (p *parser) event(c *Command) *CommandError {
	var err *CommandError
	if c.Game, err = p.gameName(); err != nil {
		return err
	}
	ev := &Event{}
	for p.more() {
		w := p.next()
		lw := strings.ToLower(w.text)
		f, isFormat := p.lang.Format(lw)
		switch {
		case isFormat:
			if ev.Format != "" {
				return p.errAt(w, "%q: the format is given twice", w.text)
			}
			ev.Format, ev.Numbers = lw, map[string]int{}
			if n := f.Count; n != nil {
				if !p.more() {
					return p.errEnd("%s needs a number of %s, like %s %d", lw, n.What, lw, max(n.Min, 5))
				}
				v, err := p.number(*n)
				if err != nil {
					return err
				}
				ev.Numbers[n.Word] = v
			}
		case ev.Format == "":
			if k, v, ok := strings.Cut(lw, "="); ok && (k == "" || v == "" || strings.Contains(v, "=")) || !ok && !validName(lw) {
				return p.errAt(w, "%q is neither a ruleset, an option NAME=VALUE nor a format (%s)", w.text, p.lang.formatList(true))
			}
			c.Options = append(c.Options, lw)
		case formatNumber(p.lang, ev.Format, lw) != nil:
			n := *formatNumber(p.lang, ev.Format, lw)
			if _, twice := ev.Numbers[lw]; twice {
				return p.errAt(w, "%q given twice", w.text)
			}
			if !p.more() {
				return p.errEnd("%q needs a number, like %s %d", lw, lw, max(n.Min, 2))
			}
			v, err := p.number(n)
			if err != nil {
				return err
			}
			ev.Numbers[lw] = v
		case lw == "players":
			if ev.Players != 0 {
				return p.errAt(w, "%q given twice", w.text)
			}
			if !p.more() {
				return p.errEnd("\"players\" needs a number, like players 8")
			}
			s := p.next()
			n, convErr := strconv.Atoi(s.text)
			if convErr != nil || !isNumber(s.text) || s.text[0] == '0' || n < 2 || n > 256 {
				return p.errAt(s, "%q is not a number of players from 2 to 256", s.text)
			}
			ev.Players = n
		case lw == "days" || lw == "bank" || lw == "untimed":
			if err := p.clock(w, c); err != nil {
				return err
			}
		case lw == "starts":
			if ev.Starts != "" {
				return p.errAt(w, "%q given twice", w.text)
			}
			if !p.more() {
				return p.errEnd("\"starts\" needs a day, like starts 2027-01-15")
			}
			s := p.next()
			if _, perr := time.Parse(time.DateOnly, s.text); perr != nil {
				return p.errAt(s, "%q is not a day YYYY-MM-DD", s.text)
			}
			ev.Starts = s.text
		default:
			return p.errAt(w, "unexpected %q: after the format come %s", w.text, afterFormat(p.lang, ev.Format))
		}
	}
	if ev.Format == "" {
		return p.errEnd("a tournament needs a format: %s", p.lang.formatList(false))
	}
	c.Event = ev
	return nil
}

// formatNumber is the setting called word of the format called format; nil
// for none.
func formatNumber(l *Language, format, word string) *Number {
	f, _ := l.Format(format)
	for i := range f.Numbers {
		if f.Numbers[i].Word == word {
			return &f.Numbers[i]
		}
	}
	return nil
}

// afterFormat lists, for an error, what may follow the format called name.
func afterFormat(l *Language, name string) string {
	f, _ := l.Format(name)
	var ws []string
	for _, n := range f.Numbers {
		ws = append(ws, "\""+n.Word+" N\"")
	}
	return strings.Join(append(ws, "\"players N\", the time control and \"starts DATE\""), ", ")
}

// number reads one number within n's bounds.
func (p *parser) number(n Number) (int, *CommandError) {
	s := p.next()
	v, convErr := strconv.Atoi(s.text)
	if convErr != nil || !isNumber(s.text) || len(s.text) > 1 && s.text[0] == '0' || v < n.Min || v > n.Max {
		return 0, p.errAt(s, "%q is not a number of %s from %d to %d", s.text, n.What, n.Min, n.Max)
	}
	return v, nil
}

// writeEvent writes a tournament's proposal in canonical form.
func writeEvent(l *Language, c Command) string {
	parts := []string{c.Arg, c.Game}
	parts = append(parts, c.Options...)
	if ev := c.Event; ev != nil {
		parts = append(parts, ev.Format)
		f, _ := l.Format(ev.Format)
		if n := f.Count; n != nil {
			parts = append(parts, strconv.Itoa(ev.Numbers[n.Word]))
		}
		for _, n := range f.Numbers {
			if v, ok := ev.Numbers[n.Word]; ok {
				parts = append(parts, n.Word, strconv.Itoa(v))
			}
		}
		if ev.Players != 0 {
			parts = append(parts, "players", strconv.Itoa(ev.Players))
		}
		if c.Clock != "" {
			parts = append(parts, c.Clock)
		}
		if ev.Starts != "" {
			parts = append(parts, "starts", ev.Starts)
		}
	}
	return spaced(parts...)
}
