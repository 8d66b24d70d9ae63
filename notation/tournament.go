package notation

import (
	"slices"
	"strconv"
	"strings"
	"time"
)

// The words of tournaments (issue 25; docs/commands.md, "Tournaments").
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

var tournamentVerbs = []Verb{CmdTournament, CmdTournaments, CmdJoin, CmdLeave, CmdStart, CmdStandings, CmdAdjudicate, CmdExtend, CmdRemove, CmdCodirector}

// The tournament words join the language here, so that command.go keeps
// only a hook in each of its switches.
func init() {
	Verbs = append(Verbs, tournamentVerbs...)
	Usage[CmdTournament] = "tournament NAME GAME [RULESET] [NAME=VALUE ...] round-robin|double-round-robin|swiss ROUNDS|knockout [players N] [days N | bank START+INC/CAP | untimed] [starts YYYY-MM-DD]"
	Usage[CmdTournaments] = "tournaments"
	Usage[CmdJoin] = "join NAME [bot]"
	Usage[CmdLeave] = "leave NAME"
	Usage[CmdStart] = "start NAME"
	Usage[CmdStandings] = "standings NAME"
	Usage[CmdAdjudicate] = "adjudicate GAME 1-0|0-1|draw"
	Usage[CmdExtend] = "extend GAME DAYS"
	Usage[CmdRemove] = "remove PLAYER [from NAME] REASON"
	Usage[CmdCodirector] = "codirector NAME PLAYER [off]"
	Usage[CmdCancel] = "cancel ID | cancel NAME [REASON]"
}

// CancelsEvent reports whether c is "cancel NAME [REASON]", which cancels
// a tournament (Arg; its reason in Value), not "cancel ID", a challenge.
func (c Command) CancelsEvent() bool { return c.Verb == CmdCancel && c.Arg != "" }

// cancel reads "cancel ID" (or "cancel" alone in a reply about the
// challenge) or "cancel NAME [REASON]" (issue 35): a name is no number.
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

// Formats are the kinds of tournament: "swiss" takes a number of rounds.
var Formats = []string{"round-robin", "double-round-robin", "swiss", "knockout"}

// Event is what "tournament" proposes besides the game (Command.Game,
// Options and Clock) and the name (Command.Arg).
type Event struct {
	Format  string // one of Formats
	Rounds  int    // a Swiss's rounds
	Players int    // the field's size, when it starts once full; 0: no limit
	Starts  string // the day it starts, YYYY-MM-DD; "" when the director starts it
}

func isTournamentVerb(v Verb) bool { return slices.Contains(tournamentVerbs, v) }

// tournamentWords reads the words after a tournament verb. join, leave,
// start and standings take the tournament's NAME (Arg); "join NAME bot" sets
// Value to "bot". adjudicate takes the game (ID) and a result (Value: 1-0,
// 0-1 or 1/2-1/2); extend the game and a number of days (Value); remove the
// player (Arg), optionally the tournament (Setting), and the reason (Value,
// as written). codirector takes the tournament (Arg), the player (Value) and
// "off" (Setting) to withdraw them.
func (p *parser) tournamentWords(c *Command) *CommandError {
	var err *CommandError
	switch c.Verb {
	case CmdTournaments:
	case CmdTournament:
		if c.Arg, err = p.name("the tournament's name"); err != nil {
			return err
		}
		return p.event(c)
	case CmdJoin, CmdLeave, CmdStart, CmdStandings:
		if c.Arg, err = p.name("the tournament's name"); err != nil {
			return err
		}
		if c.Verb == CmdJoin && p.more() && strings.EqualFold(p.peek().text, "bot") {
			p.i++
			c.Value = "bot"
		}
	case CmdAdjudicate, CmdExtend:
		if !p.more() || !isNumber(p.peek().text) {
			return p.errEnd("%s needs the game's number", c.Verb)
		}
		if c.ID, err = p.optionalID(); err != nil {
			return err
		}
		if !p.more() {
			if c.Verb == CmdExtend {
				return p.errEnd("extend needs a number of days")
			}
			return p.errEnd("adjudicate needs a result: 1-0, 0-1 or draw")
		}
		w := p.next()
		v := strings.ToLower(w.text)
		if c.Verb == CmdExtend {
			if n, convErr := strconv.Atoi(v); convErr != nil || !isNumber(v) || v[0] == '0' || n > 60 {
				return p.errAt(w, "%q is not a number of days from 1 to 60", w.text)
			}
			c.Value = v
			break
		}
		switch v {
		case "1-0", "0-1", "1/2-1/2":
		case "draw", "½-½":
			v = "1/2-1/2"
		default:
			return p.errAt(w, "%q is not a result: 1-0 (the first seat wins), 0-1 or draw", w.text)
		}
		c.Value = v
	case CmdCodirector:
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
	case CmdRemove:
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
	}
	return nil
}

// event reads GAME [RULESET] [NAME=VALUE ...] FORMAT [players N] [clock]
// [starts DATE].
func (p *parser) event(c *Command) *CommandError {
	var err *CommandError
	if c.Game, err = p.gameName(); err != nil {
		return err
	}
	ev := &Event{}
	for p.more() {
		w := p.next()
		lw := strings.ToLower(w.text)
		switch {
		case slices.Contains(Formats, lw):
			if ev.Format != "" {
				return p.errAt(w, "%q: the format is given twice", w.text)
			}
			ev.Format = lw
			if lw == "swiss" {
				if !p.more() {
					return p.errEnd("swiss needs a number of rounds, like swiss 5")
				}
				s := p.next()
				n, convErr := strconv.Atoi(s.text)
				if convErr != nil || !isNumber(s.text) || s.text[0] == '0' || n < 1 || n > 30 {
					return p.errAt(s, "%q is not a number of rounds from 1 to 30", s.text)
				}
				ev.Rounds = n
			}
		case ev.Format == "":
			if k, v, ok := strings.Cut(lw, "="); ok && (k == "" || v == "" || strings.Contains(v, "=")) || !ok && !validName(lw) {
				return p.errAt(w, "%q is neither a ruleset, an option NAME=VALUE nor a format (round-robin, double-round-robin, swiss ROUNDS, knockout)", w.text)
			}
			c.Options = append(c.Options, lw)
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
			return p.errAt(w, "unexpected %q: after the format come \"players N\", the time control and \"starts DATE\"", w.text)
		}
	}
	if ev.Format == "" {
		return p.errEnd("a tournament needs a format: round-robin, double-round-robin, swiss ROUNDS or knockout")
	}
	c.Event = ev
	return nil
}

// tournamentString writes a tournament command in canonical form; ok is
// false for other verbs.
func (c Command) tournamentString() (string, bool) {
	if !isTournamentVerb(c.Verb) && !c.CancelsEvent() {
		return "", false
	}
	parts := []string{string(c.Verb)}
	add := func(s ...string) { parts = append(parts, s...) }
	switch c.Verb {
	case CmdTournament:
		add(c.Arg, c.Game)
		add(c.Options...)
		if ev := c.Event; ev != nil {
			add(ev.Format)
			if ev.Format == "swiss" {
				add(strconv.Itoa(ev.Rounds))
			}
			if ev.Players != 0 {
				add("players", strconv.Itoa(ev.Players))
			}
			if c.Clock != "" {
				add(c.Clock)
			}
			if ev.Starts != "" {
				add("starts", ev.Starts)
			}
		}
	case CmdJoin, CmdLeave, CmdStart, CmdStandings:
		add(c.Arg)
		if c.Value != "" {
			add(c.Value)
		}
	case CmdAdjudicate, CmdExtend:
		add(strconv.FormatInt(c.ID, 10), c.Value)
	case CmdRemove:
		add(c.Arg)
		if c.Setting != "" {
			add("from", c.Setting)
		}
		add(c.Value)
	case CmdCodirector:
		add(c.Arg, c.Value)
		if c.Setting != "" {
			add(c.Setting)
		}
	case CmdCancel:
		add(c.Arg)
		if c.Value != "" {
			add(c.Value)
		}
	}
	return strings.Join(parts, " "), true
}

// tournamentChanges reports whether a tournament word changes anything (all
// but standings and tournaments), and so needs the sender's proof.
func tournamentChanges(v Verb) bool {
	return isTournamentVerb(v) && v != CmdStandings && v != CmdTournaments
}
