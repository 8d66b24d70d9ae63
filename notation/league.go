package notation

import (
	"slices"
	"strconv"
	"strings"
)

// The words of leagues and ladders (issue 37; docs/commands.md, "Leagues
// and ladders"). join, leave, start and standings are the tournaments'.
const (
	CmdLeague Verb = "league"
	CmdLadder Verb = "ladder"
	CmdClimb  Verb = "climb"
)

var leagueVerbs = []Verb{CmdLeague, CmdLadder, CmdClimb}

func init() {
	Verbs = append(Verbs, leagueVerbs...)
	Usage[CmdLeague] = "league NAME GAME [RULESET] [NAME=VALUE ...] [size N] [promote K] [break DAYS] [season DAYS] [double] [days N | bank START+INC/CAP | untimed]"
	Usage[CmdLadder] = "ladder NAME GAME [RULESET] [NAME=VALUE ...] [reach R] [idle DAYS] [days N | bank START+INC/CAP | untimed]"
	Usage[CmdClimb] = "climb NAME PLAYER"
}

// League is what "league" and "ladder" set besides the name (Command.Arg),
// the game (Game, Options) and the clock (Clock): the numbers written, by
// their word (a league's "size", "promote", "break", "season"; a ladder's
// "reach", "idle"), and "double". What is left out is the club's default.
type League struct {
	Set    map[string]int
	Double bool
}

// leagueNumbers are the numbers each verb takes, in the order its usage
// line writes them, and their bounds.
var leagueNumbers = map[Verb][]leagueNumber{
	CmdLeague: {{"size", 2, 20, "players in a division"}, {"promote", 0, 10, "players who move up and down"}, {"break", 0, 90, "days between seasons"}, {"season", 1, 730, "days a season lasts at most"}},
	CmdLadder: {{"reach", 1, 20, "places a climb reaches"}, {"idle", 0, 365, "days idle before a player drops"}},
}

// leagueNumber is a setting of league or ladder: its word, its bounds and
// what it counts, for an error.
type leagueNumber struct {
	word     string
	min, max int
	what     string
}

func isLeagueVerb(v Verb) bool { return slices.Contains(leagueVerbs, v) }

// leagueWords reads the words after league, ladder or climb: climb takes
// the ladder (Arg) and the player climbed (Value).
func (p *parser) leagueWords(c *Command) *CommandError {
	var err *CommandError
	if c.Arg, err = p.name("the " + map[Verb]string{CmdLeague: "league", CmdLadder: "ladder", CmdClimb: "ladder"}[c.Verb] + "'s name"); err != nil {
		return err
	}
	if c.Verb == CmdClimb {
		c.Value, err = p.name("the player to climb")
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
		i := slices.IndexFunc(leagueNumbers[c.Verb], func(n leagueNumber) bool { return n.word == lw })
		switch {
		case i >= 0:
			n := leagueNumbers[c.Verb][i]
			if _, twice := lg.Set[lw]; twice {
				return p.errAt(w, "%q given twice", w.text)
			}
			if !p.more() {
				return p.errEnd("%q needs a number, like %s %d", lw, lw, max(n.min, 2))
			}
			s := p.next()
			v, convErr := strconv.Atoi(s.text)
			if convErr != nil || !isNumber(s.text) || len(s.text) > 1 && s.text[0] == '0' || v < n.min || v > n.max {
				return p.errAt(s, "%q is not a number of %s from %d to %d", s.text, n.what, n.min, n.max)
			}
			lg.Set[lw], settings = v, true
		case lw == "double" && c.Verb == CmdLeague:
			if lg.Double {
				return p.errAt(w, "%q given twice", w.text)
			}
			lg.Double, settings = true, true
		case lw == "days" || lw == "bank" || lw == "untimed":
			if err := p.clock(w, c); err != nil {
				return err
			}
			settings = true
		case !settings:
			if k, v, ok := strings.Cut(lw, "="); ok && (k == "" || v == "" || strings.Contains(v, "=")) || !ok && !validName(lw) {
				return p.errAt(w, "%q is neither a ruleset, an option NAME=VALUE nor a setting (%s)", w.text, leagueSettingWords(c.Verb))
			}
			c.Options = append(c.Options, lw)
		default:
			return p.errAt(w, "unexpected %q: after the game come %s and the time control", w.text, leagueSettingWords(c.Verb))
		}
	}
	c.League = lg
	return nil
}

// leagueSettingWords lists a verb's settings for an error.
func leagueSettingWords(v Verb) string {
	var words []string
	for _, n := range leagueNumbers[v] {
		words = append(words, n.word+" N")
	}
	if v == CmdLeague {
		words = append(words, "double")
	}
	return strings.Join(words, ", ")
}

// leagueString writes a league, ladder or climb command in canonical form;
// ok is false for other verbs.
func (c Command) leagueString() (string, bool) {
	if !isLeagueVerb(c.Verb) {
		return "", false
	}
	parts := []string{string(c.Verb), c.Arg}
	if c.Verb == CmdClimb {
		return strings.Join(append(parts, c.Value), " "), true
	}
	parts = append(append(parts, c.Game), c.Options...)
	if lg := c.League; lg != nil {
		for _, n := range leagueNumbers[c.Verb] {
			if v, ok := lg.Set[n.word]; ok {
				parts = append(parts, n.word, strconv.Itoa(v))
			}
		}
		if lg.Double {
			parts = append(parts, "double")
		}
	}
	if c.Clock != "" {
		parts = append(parts, c.Clock)
	}
	return strings.Join(parts, " "), true
}
