package notation

import (
	"strconv"
	"strings"
)

// Syntax is how the words after a verb read and write back. Verbs that take
// the same words share one ("accept ID", "resign ID" and the other verbs of
// one game's number share OptionalID); a syntax made for one verb may ask
// which it reads (c.Verb) where two spell it alike but for a word.
type Syntax struct {
	read  func(p *parser, c *Command) *CommandError
	write func(l *Language, c Command) string
	// block marks a verb whose text, left off its line, is the lines below
	// it up to an empty one (a bare "say").
	block bool
}

// The syntaxes of the club's verbs, by what they take.
var (
	// NoWords: the verb alone ("games", "status").
	NoWords = Syntax{read: func(*parser, *Command) *CommandError { return nil }, write: func(*Language, Command) string { return "" }}
	// OptionalID: "VERB [ID]", a game's or challenge's number, which a
	// reply about it may leave out.
	OptionalID = Syntax{read: readOptionalID, write: writeID}
	// Registration: "register NAME [CODE]".
	Registration = Syntax{read: readRegistration, write: writeArgValue}
	// KeyWords: "key KEY|new".
	KeyWords = Syntax{read: readKey, write: func(_ *Language, c Command) string {
		if c.Value == "new" {
			return spaced(c.Value)
		}
		return spaced(c.Arg)
	}}
	// Topic: "help [TOPIC]".
	Topic = Syntax{read: func(p *parser, c *Command) (err *CommandError) {
		if p.more() {
			c.Arg, err = p.token("a topic")
		}
		return err
	}, write: writeOptionalArg}
	// GameWord: "rules GAME".
	GameWord = Syntax{read: func(p *parser, c *Command) (err *CommandError) {
		c.Arg, err = p.gameName()
		return err
	}, write: writeArgValue}
	// OptionalGame: "ratings [GAME]".
	OptionalGame = Syntax{read: func(p *parser, c *Command) (err *CommandError) {
		if p.more() {
			c.Arg, err = p.gameName()
		}
		return err
	}, write: writeOptionalArg}
	// Challenge: "challenge PLAYER [PLAYER ...] GAME ...": the players, then
	// a proposal.
	Challenge = Syntax{read: readChallenge, write: writeProposal}
	// Proposal: "open GAME [RULESET] [NAME=VALUE ...] [as SIDE] [clock]
	// [unrated]".
	Proposal = Syntax{read: func(p *parser, c *Command) *CommandError { return p.proposal(c) }, write: writeProposal}
	// Cancel: "cancel ID" (a challenge) or "cancel NAME [REASON]" (a
	// tournament).
	Cancel = Syntax{read: func(p *parser, c *Command) *CommandError { return p.cancel(c) }, write: func(l *Language, c Command) string {
		if c.CancelsEvent() {
			return writeArgValue(l, c)
		}
		return writeID(l, c)
	}}
	// Vacation: "vacation DAYS|off".
	Vacation = Syntax{read: func(p *parser, c *Command) (err *CommandError) {
		c.Value, err = p.vacation()
		return err
	}, write: func(_ *Language, c Command) string { return spaced(c.Value) }}
	// Setting: "set NAME VALUE".
	Setting = Syntax{read: func(p *parser, c *Command) (err *CommandError) {
		c.Setting, c.Value, err = p.setting()
		return err
	}, write: func(_ *Language, c Command) string { return spaced(c.Setting, c.Value) }}
	// Address: "address [add|remove ADDRESS]".
	Address = Syntax{read: readAddress, write: func(_ *Language, c Command) string {
		if c.Setting == "" {
			return ""
		}
		return spaced(c.Setting, c.Arg)
	}}
	// Move: "move [ID] [#N] MOVE".
	Move = Syntax{read: readMove, write: writeMove}
	// Preview: "preview [ID] MOVE" or "preview [ID] if MOVE MOVE ...".
	Preview = Syntax{read: readMove, write: writeMove}
	// Conditional: "if [ID] MOVE MOVE ..." or "if [ID] clear" (talk.go).
	Conditional = Syntax{read: func(p *parser, c *Command) *CommandError { return p.conditional(c) }, write: writeTalk}
	// Message: "say TEXT", "note TEXT|clear", or the verb alone with the
	// text on the lines below (talk.go).
	Message = Syntax{read: func(p *parser, c *Command) *CommandError { return p.message(c) }, write: writeTalk, block: true}
)

func readOptionalID(p *parser, c *Command) (err *CommandError) {
	c.ID, err = p.optionalID()
	return err
}

func writeID(_ *Language, c Command) string {
	if c.ID == 0 {
		return ""
	}
	return spaced(strconv.FormatInt(c.ID, 10))
}

func writeArgValue(_ *Language, c Command) string {
	if c.Value != "" {
		return spaced(c.Arg, c.Value)
	}
	return spaced(c.Arg)
}

func writeOptionalArg(_ *Language, c Command) string {
	if c.Arg == "" {
		return ""
	}
	return spaced(c.Arg)
}

// readRegistration reads "register NAME [CODE]": the code of postal's
// answer completes a registration where a reply to it cannot reach the
// club.
func readRegistration(p *parser, c *Command) (err *CommandError) {
	if c.Arg, err = p.name("a player name"); err == nil && p.more() {
		c.Value, err = p.token("the code of postal's answer")
		c.Value = strings.ToLower(c.Value)
	}
	return err
}

func readKey(p *parser, c *Command) (err *CommandError) {
	if p.more() && strings.EqualFold(p.peek().text, "new") {
		p.i++
		c.Value = "new"
		return nil
	}
	c.Arg, err = p.token("a key")
	return err
}

func readChallenge(p *parser, c *Command) (err *CommandError) {
	if c.Arg, err = p.player(); err == nil {
		c.Others, err = p.morePlayers()
	}
	if err == nil {
		err = p.proposal(c)
	}
	return err
}

func writeProposal(_ *Language, c Command) string {
	var parts []string
	add := func(s ...string) { parts = append(parts, s...) }
	if c.Verb == CmdChallenge {
		add(c.Arg)
		add(c.Others...)
	}
	add(c.Game)
	add(c.Options...)
	if c.Level != 0 {
		add("level", strconv.Itoa(c.Level))
	}
	if c.As != "" {
		add("as", c.As)
	}
	if c.Clock != "" {
		add(c.Clock)
	}
	if c.Unrated {
		add("unrated")
	}
	return spaced(parts...)
}

func readAddress(p *parser, c *Command) (err *CommandError) {
	if !p.more() {
		return nil
	}
	w := p.next()
	switch c.Setting = strings.ToLower(w.text); c.Setting {
	case "add", "remove":
		if !p.more() {
			return p.errEnd("address %s needs an email address", c.Setting)
		}
		c.Arg, err = p.email()
		return err
	}
	return p.errAt(w, "%q is neither add nor remove", w.text)
}

// readMove reads the words of move and preview: the game's number, the
// move number guard (move only: "#N"), "if" and a line of moves (preview
// only), then the move.
func readMove(p *parser, c *Command) (err *CommandError) {
	if c.ID, err = p.optionalID(); err != nil {
		return err
	}
	if c.Verb == CmdPreview && p.more() && strings.EqualFold(p.peek().text, "if") {
		p.i++
		c.Setting = "if"
		return p.moveLine(c)
	}
	if c.Verb == CmdMove && p.more() && strings.HasPrefix(p.peek().text, "#") {
		w := p.next()
		n, convErr := strconv.Atoi(w.text[1:])
		if convErr != nil || !isNumber(w.text[1:]) || n <= 0 || n > 1e6 || w.text[1] == '0' {
			return p.errAt(w, "move number guard %q is not #N with N a move number", w.text)
		}
		c.Guard = n
	}
	if !p.more() {
		return p.errEnd("%s needs a move", c.Verb)
	}
	if w := p.peek(); strings.HasPrefix(w.text, "#") || isNumber(w.text) {
		return p.errAt(w, "unexpected %q: a move that starts with a number or # needs the game ID first", w.text)
	}
	var parts []string
	for p.more() {
		parts = append(parts, p.next().text)
	}
	c.Move = strings.Join(parts, " ")
	return nil
}

func writeMove(l *Language, c Command) string {
	s := writeID(l, c)
	if c.Guard != 0 {
		s += spaced("#" + strconv.Itoa(c.Guard))
	}
	if c.Setting != "" {
		s += spaced(c.Setting)
	}
	return s + spaced(c.Move)
}
