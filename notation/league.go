package notation

import (
	"slices"
	"strconv"
	"strings"
)

// The words of leagues and ladders (docs/commands.md, "Leagues and
// ladders"). join, leave, start and standings are the tournaments'.
const (
	CmdLeague Verb = "league"
	CmdLadder Verb = "ladder"
	CmdClimb  Verb = "climb"
)

// League is what "league" and "ladder" set besides the name (Command.Arg),
// the game (Game, Options) and the clock (Clock): the settings written, by
// their word: the numbers (a league's "size", "promote", "break",
// "season"; a ladder's "reach", "idle") and a switch written alone, set to
// 1 ("double"). What is left out is the club's default.
type League struct {
	Set map[string]int
}

// The syntaxes of leagues and ladders.
var (
	// Climb: "climb NAME PLAYER": the ladder (Arg) and the player climbed
	// (Value).
	Climb = Syntax{read: func(p *parser, c *Command) (err *CommandError) {
		if c.Arg, err = p.name("the ladder's name"); err != nil {
			return err
		}
		c.Value, err = p.name("the player to climb")
		return err
	}, write: func(_ *Language, c Command) string { return spaced(c.Arg, c.Value) }}
)

// SelfRunning is the syntax of an event of a verb of its own that runs
// itself (a league, a ladder) called what: its name, its game, then the
// numbers it takes (by word, in the order written back) and, when it has
// one, a switch word ("double"). The club's format registry holds the
// numbers and the switch (club/event: Kind).
func SelfRunning(what string, numbers []Number, switchWord string) Syntax {
	return Syntax{
		read: func(p *parser, c *Command) *CommandError {
			return p.selfRunning(c, what, numbers, switchWord)
		},
		write: func(_ *Language, c Command) string {
			parts := append([]string{c.Arg, c.Game}, c.Options...)
			if lg := c.League; lg != nil {
				for _, n := range numbers {
					if v, ok := lg.Set[n.Word]; ok {
						parts = append(parts, n.Word, strconv.Itoa(v))
					}
				}
				if switchWord != "" && lg.Set[switchWord] == 1 {
					parts = append(parts, switchWord)
				}
			}
			if c.Clock != "" {
				parts = append(parts, c.Clock)
			}
			return spaced(parts...)
		},
	}
}

// selfRunning reads the words after league or ladder (what), with the
// numbers it takes.
func (p *parser) selfRunning(c *Command, what string, numbers []Number, switchWord string) *CommandError {
	var err *CommandError
	if c.Arg, err = p.name("the " + what + "'s name"); err != nil {
		return err
	}
	if c.Game, err = p.gameName(); err != nil {
		return err
	}
	lg := &League{Set: map[string]int{}}
	settings := false // past the ruleset and options
	for p.more() {
		w := p.next()
		lw := strings.ToLower(w.text)
		i := slices.IndexFunc(numbers, func(n Number) bool { return n.Word == lw })
		switch {
		case i >= 0:
			n := numbers[i]
			if _, twice := lg.Set[lw]; twice {
				return p.errAt(w, "%q given twice", w.text)
			}
			if !p.more() {
				return p.errEnd("%q needs a number, like %s %d", lw, lw, max(n.Min, 2))
			}
			v, err := p.number(n)
			if err != nil {
				return err
			}
			lg.Set[lw], settings = v, true
		case lw == switchWord && switchWord != "":
			if _, twice := lg.Set[lw]; twice {
				return p.errAt(w, "%q given twice", w.text)
			}
			lg.Set[lw], settings = 1, true
		case lw == "days" || lw == "bank" || lw == "untimed":
			if err := p.clock(w, c); err != nil {
				return err
			}
			settings = true
		case !settings:
			if k, v, ok := strings.Cut(lw, "="); ok && (k == "" || v == "" || strings.Contains(v, "=")) || !ok && !validName(lw) {
				return p.errAt(w, "%q is neither a ruleset, an option NAME=VALUE nor a setting (%s)", w.text, settingWords(numbers, switchWord))
			}
			c.Options = append(c.Options, lw)
		default:
			return p.errAt(w, "unexpected %q: after the game come %s and the time control", w.text, settingWords(numbers, switchWord))
		}
	}
	c.League = lg
	return nil
}

// settingWords lists the settings of a league or ladder for an error.
func settingWords(numbers []Number, switchWord string) string {
	var ws []string
	for _, n := range numbers {
		ws = append(ws, n.Word+" N")
	}
	if switchWord != "" {
		ws = append(ws, switchWord)
	}
	return strings.Join(ws, ", ")
}
