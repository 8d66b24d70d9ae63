package notation

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"postal/engine"
)

// Verb names a command of the mail command language (docs/commands.md).
type Verb string

// The verbs, as players write them (case-insensitive).
const (
	CmdRegister  Verb = "register"
	CmdKey       Verb = "key"
	CmdHelp      Verb = "help"
	CmdRules     Verb = "rules"
	CmdGames     Verb = "games"
	CmdStatus    Verb = "status"
	CmdChallenge Verb = "challenge"
	CmdOpen      Verb = "open"
	CmdAccept    Verb = "accept"
	CmdDecline   Verb = "decline"
	CmdCancel    Verb = "cancel"
	CmdMove      Verb = "move"
	CmdPreview   Verb = "preview"
	CmdMoves     Verb = "moves"
	CmdBoard     Verb = "board"
	CmdRecord    Verb = "record"
	CmdResign    Verb = "resign"
	CmdDraw      Verb = "draw"
	CmdObserve   Verb = "observe"
	CmdUnobserve Verb = "unobserve"
	CmdClaim     Verb = "claim"
	CmdVacation  Verb = "vacation"
	CmdSet       Verb = "set"
	CmdAddress   Verb = "address"
	// Conditional moves, messages and notes: see talk.go.
	CmdIf         Verb = "if"
	CmdConditions Verb = "conditions"
	CmdSay        Verb = "say"
	CmdNote       Verb = "note"
	CmdRatings    Verb = "ratings"
)

// Command is one parsed command line. The parser fills in what the line says
// and judges only its form: whether a game, player or move exists is the
// club's business.
type Command struct {
	Verb Verb
	// ID is the game or challenge number; 0 when left out (a reply whose
	// subject carries the game tag supplies it).
	ID int64
	// Guard is the move number of "move ID #N MOVE": the move is refused
	// unless it would be move N of the game. 0 when absent.
	Guard int
	// Arg is the single argument of register (NAME), key (KEY), help
	// (TOPIC), rules (GAME), challenge (PLAYER: a name or an address) and
	// address add/remove (ADDRESS), lower case.
	Arg string
	// Others are the players challenged after the first (Arg), names or
	// addresses, lower case: a game of more than two players (Superial
	// Chess for three or four, R13).
	Others []string
	// Game, Options, As and Clock are the game proposed by challenge and
	// open. Options holds the ruleset and NAME=VALUE words in the order
	// written.
	Game    string
	Options []string
	// As is the side asked for: "", "first", "second", "random", or the
	// name of a side, lower case ("black", "north"). Whether the game
	// has that side under its ruleset and options is the club's business.
	As string
	// Level is the strength asked of the club's bot ("level N", challenge
	// only); 0 when not given. Whether the level exists is the club's
	// business.
	Level int
	// Clock is the time control as written: "days N", "bank S+I/C" (days:
	// start, increment, cap) or "untimed"; "" means the club's default.
	Clock string
	// Unrated is "unrated" at the end of a challenge or open: the game
	// does not count for the ratings.
	Unrated bool
	// Setting and Value are what "set" sets ("reminders", "digest"); for
	// vacation, Value is the number of days or "off"; for address, Setting
	// is "add", "remove" or "" (list); "key new" has Value "new".
	Setting, Value string
	// Move is the text of a move (move, preview), whitespace collapsed,
	// case kept: the game reads it. For "if" and "preview if" it is the
	// whole line of moves (the club splits it with the game's help).
	Move string
	// Text is the message of say and the note of note: the rest of the
	// line, or the lines that follow a bare "say" up to an empty line,
	// joined by newlines (see talk.go).
	Text string
	// Event is what "tournament" proposes (tournament.go); nil for the
	// other verbs.
	Event *Event
	// League is what "league" and "ladder" set (league.go); nil for the
	// other verbs.
	League *League
}

// Pos is where a command or an error stands in the text: line and column
// (in characters), both counting from 1.
type Pos struct {
	Line, Col int
}

// CommandError reports a line that is not a well-formed command. It quotes
// the offending word, as go/scanner does with a position.
type CommandError struct {
	Pos
	Text string // the whole line
	Word string // the offending word; "" when something is missing at the end
	Msg  string
}

func (e *CommandError) Error() string {
	return strconv.Itoa(e.Line) + ":" + strconv.Itoa(e.Col) + ": " + e.Msg
}

// Caret returns the line and, under it, a caret pointing at the error's
// column, for a fixed-width reply.
func (e *CommandError) Caret() string {
	return e.Text + "\n" + strings.Repeat(" ", max(e.Col-1, 0)) + "^"
}

// Parsed is one non-blank line of a body: a command, the error that made
// it none, or a line of prose.
type Parsed struct {
	Pos
	Text string // the line as written, trimmed
	Cmd  Command
	Err  *CommandError // nil when Cmd is valid
	// Prose marks a line that is neither a command nor a move, nor looks
	// like a mistyped one: it is not read (see chat.go). Cmd and Err are
	// then zero.
	Prose bool
}

// ParseOptions says how to read a body.
type ParseOptions struct {
	// Language is the command language read: its verbs and their words
	// (the club's command table makes it). Required.
	Language *Language
	// Tagged is set when the mail is about a game (a reply to its mail, or
	// a subject with its tag): a line that starts with no verb may then be
	// a move, read as "move LINE". ParseCommand reads every such line so;
	// ParseCommands only the lines that Move reads, or that look like a
	// mistyped move.
	Tagged bool
	// Tag is the number of the game or challenge the mail is about (the
	// [postal #N] of its subject), 0 when unknown. The number that may
	// open the text of "say" and "note" names their game in a mail about
	// no game; in a mail about a game only when it is Tag, and otherwise
	// starts the text ("say 3 moves to mate").
	Tag int64
	// Move, when set, reads a line as a move of the game the mail is about
	// (the position's ParseMove): nil when it is one, else the
	// *engine.SyntaxError that says where it stopped. It tells moves from
	// prose; it judges no legality.
	Move func(line string) error
	// MaxLines caps the command lines read; 0 means MaxCommands. Lines
	// past it are dropped, and Truncated is reported by ParseCommands.
	// Lines of prose do not count, but reading stops after four times as
	// many lines.
	MaxLines int
}

// MaxCommands is how many command lines of a mail are read unless
// ParseOptions.MaxLines says otherwise.
const MaxCommands = 50

func (opt ParseOptions) mustHaveLanguage() {
	if opt.Language == nil {
		panic("notation: ParseOptions.Language is required: the club's command table makes it")
	}
}

// ParseCommands reads a mail body, one command a line, and returns one entry
// for each line that holds anything: blank lines and quoted lines (starting
// with ">") are skipped, and a signature separator ("--") ends the commands.
// Lines of prose are returned marked as such (see chat.go for the rule).
// truncated reports that lines past opt.MaxLines were left unread.
func ParseCommands(body string, opt ParseOptions) (out []Parsed, truncated bool) {
	opt.mustHaveLanguage()
	limit := opt.MaxLines
	if limit <= 0 {
		limit = MaxCommands
	}
	commands := 0
	lines := strings.Split(body, "\n")
	for i := 0; i < len(lines); i++ {
		// Any white space, a form feed too, is blank (the fuzzer found it).
		line := strings.TrimRightFunc(lines[i], unicode.IsSpace)
		trimmed := strings.TrimLeftFunc(line, unicode.IsSpace)
		if trimmed == "" || strings.HasPrefix(trimmed, ">") {
			continue
		}
		if trimmed == "--" {
			break
		}
		if commands == limit || len(out) == 4*limit {
			return out, true
		}
		p := Parsed{Pos: Pos{Line: i + 1, Col: 1 + runeCount(line[:len(line)-len(trimmed)])}, Text: trimmed}
		kind := opt.classify(trimmed)
		if kind == lineProse {
			p.Prose = true
			out = append(out, p)
			continue
		}
		commands++
		cmd, spec, err := parseLine(opt, line, i+1, kind == lineMove)
		if err == nil && takesBlock(spec.Syntax, cmd) {
			// A bare say or note: its text is on the lines below.
			var n int
			cmd.Text, n = textBlock(lines, i)
			err = blockError(&cmd, line, i+1)
			i += n
		}
		if err != nil {
			p.Err = err
		} else {
			p.Cmd = cmd
		}
		out = append(out, p)
	}
	return out, false
}

// ParseCommand reads a single command line; with opt.Tagged, a line that
// starts with no verb is a move.
func ParseCommand(line string, opt ParseOptions) (Command, error) {
	opt.mustHaveLanguage()
	if strings.ContainsAny(line, "\r\n") {
		return Command{}, &CommandError{Pos: Pos{1, 1}, Text: line, Msg: "a command is one line"}
	}
	cmd, spec, err := parseLine(opt, line, 1, opt.Tagged)
	if err != nil {
		return Command{}, err
	}
	if takesBlock(spec.Syntax, cmd) {
		return Command{}, emptyText(cmd, line, 1)
	}
	return cmd, nil
}

// word is one whitespace-delimited word of a line and its column.
type word struct {
	text string
	col  int
}

func splitWords(line string) []word {
	var out []word
	col, start, startCol := 0, -1, 0
	for i, r := range line {
		col++
		if unicode.IsSpace(r) {
			if start >= 0 {
				out = append(out, word{line[start:i], startCol})
				start = -1
			}
			continue
		}
		if start < 0 {
			start, startCol = i, col
		}
	}
	if start >= 0 {
		out = append(out, word{line[start:], startCol})
	}
	return out
}

func runeCount(s string) int { return len([]rune(s)) }

// parser reads the words of one line.
type parser struct {
	line    string
	lineNo  int
	words   []word
	i       int
	endCol  int
	verbErr Verb
	lang    *Language
	// tagged and tag: the mail is about a game, and its number when known
	// (ParseOptions.Tag).
	tagged bool
	tag    int64
}

func (p *parser) errAt(w word, format string, args ...any) *CommandError {
	return &CommandError{Pos: Pos{p.lineNo, w.col}, Text: strings.TrimSpace(p.line), Word: w.text, Msg: fmt.Sprintf(format, args...)}
}

// errEnd reports something missing at the end of the line.
func (p *parser) errEnd(format string, args ...any) *CommandError {
	return &CommandError{Pos: Pos{p.lineNo, p.endCol}, Text: strings.TrimSpace(p.line), Msg: fmt.Sprintf(format, args...) + " (usage: " + p.lang.Usage(p.verbErr) + ")"}
}

func (p *parser) more() bool { return p.i < len(p.words) }
func (p *parser) peek() word { return p.words[p.i] }
func (p *parser) next() word { w := p.words[p.i]; p.i++; return w }

// parseLine reads one command line of language l; bare reads a line that
// starts with no verb as a move.
func parseLine(opt ParseOptions, line string, lineNo int, bare bool) (Command, Spec, *CommandError) {
	l := opt.Language
	p := &parser{line: line, lineNo: lineNo, words: splitWords(line), lang: l, tagged: opt.Tagged || opt.Tag != 0, tag: opt.Tag}
	// Columns in errors are relative to the trimmed line the error quotes.
	if n := len(p.words); n > 0 {
		shift := p.words[0].col - 1
		for i := range p.words {
			p.words[i].col -= shift
		}
		last := p.words[n-1]
		p.endCol = last.col + runeCount(last.text) + 1
	}
	if len(p.words) == 0 {
		return Command{}, Spec{}, &CommandError{Pos: Pos{lineNo, 1}, Text: "", Msg: "empty command"}
	}
	first := p.peek()
	verb, spec, ok := l.verbOf(first.text)
	if !ok {
		if v := l.nearVerb(first.text); !bare && v != "" {
			return Command{}, Spec{}, p.errAt(first, "unknown command %q (did you mean %q? \"help\" lists every command)", first.text, v)
		}
		if !bare {
			return Command{}, Spec{}, p.errAt(first, "unknown command %q (to move, write \"move ID MOVE\" with the game's number, or the move alone in a reply to the game's mail; \"help\" lists every command)", first.text)
		}
		verb = CmdMove // a bare move in a reply to a game mail
		if spec, ok = l.Lookup(verb); !ok {
			return Command{}, Spec{}, p.errAt(first, "unknown command %q", first.text)
		}
	} else {
		p.i++
	}
	p.verbErr = verb
	c := Command{Verb: verb}
	if err := spec.Syntax.read(p, &c); err != nil {
		return Command{}, Spec{}, err
	}
	if p.more() {
		w := p.peek()
		return Command{}, Spec{}, p.errAt(w, "unexpected %q after the command (usage: %s)", w.text, spec.Usage)
	}
	return c, spec, nil
}

func isNumber(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// optionalID reads an ID when the next word is a number.
func (p *parser) optionalID() (int64, *CommandError) {
	if !p.more() || !isNumber(p.peek().text) {
		return 0, nil
	}
	w := p.next()
	n, err := strconv.ParseInt(w.text, 10, 64)
	if err != nil || n <= 0 || w.text[0] == '0' {
		return 0, p.errAt(w, "%q is not an ID (a number from 1)", w.text)
	}
	return n, nil
}

func (p *parser) token(what string) (string, *CommandError) {
	if !p.more() {
		return "", p.errEnd("missing %s", what)
	}
	return strings.ToLower(p.next().text), nil
}

// validName reports whether s may be a player's name: a letter, then letters,
// digits, '-', '_' or '.', at most 24 in all.
func validName(s string) bool {
	if s == "" || len(s) > 24 {
		return false
	}
	for i, r := range s {
		switch {
		case r >= 'a' && r <= 'z':
		case i > 0 && (r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.'):
		default:
			return false
		}
	}
	return true
}

// ValidName reports whether name (lower case) may be a player's name.
func ValidName(name string) bool { return validName(name) }

func (p *parser) name(what string) (string, *CommandError) {
	if !p.more() {
		return "", p.errEnd("missing %s", what)
	}
	w := p.next()
	s := strings.ToLower(w.text)
	if !validName(s) {
		return "", p.errAt(w, "%q is not a valid name: a letter, then up to 23 letters, digits, '-', '_' or '.'", w.text)
	}
	return s, nil
}

func (p *parser) gameName() (string, *CommandError) {
	if !p.more() {
		return "", p.errEnd("missing a game")
	}
	w := p.next()
	s := strings.ToLower(w.text)
	if !validName(s) {
		return "", p.errAt(w, "%q is not a game name", w.text)
	}
	return s, nil
}

// player reads a player's name or an email address.
func (p *parser) player() (string, *CommandError) {
	if !p.more() {
		return "", p.errEnd("missing the player to challenge")
	}
	if strings.Contains(p.peek().text, "@") {
		return p.email()
	}
	return p.name("the player to challenge")
}

// morePlayers reads the players challenged after the first, up to the
// game's name: a word that names a game postal plays ends them (a player
// named like a game can be challenged first).
func (p *parser) morePlayers() ([]string, *CommandError) {
	var out []string
	for p.more() {
		if _, err := engine.Lookup(strings.ToLower(p.peek().text)); err == nil {
			break
		}
		if i := p.i + 1; i >= len(p.words) {
			break // the last word: the game (which postal may not play)
		}
		w, err := p.player()
		if err != nil {
			return nil, err
		}
		out = append(out, w)
	}
	return out, nil
}

// email reads an email address, lower case.
func (p *parser) email() (string, *CommandError) {
	w := p.next()
	s := strings.ToLower(w.text)
	local, domain, _ := strings.Cut(s, "@")
	if local == "" || domain == "" || strings.ContainsAny(domain, "@<>,;\"") || strings.ContainsAny(local, "<>,;\"") || !strings.Contains(domain, ".") && domain != "localhost" {
		return "", p.errAt(w, "%q is not an email address", w.text)
	}
	return s, nil
}

// proposal reads GAME [options] [as SIDE] [days N].
func (p *parser) proposal(c *Command) *CommandError {
	var err *CommandError
	if c.Game, err = p.gameName(); err != nil {
		return err
	}
	for p.more() {
		w := p.next()
		lw := strings.ToLower(w.text)
		switch lw {
		case "as":
			if c.As != "" {
				return p.errAt(w, "%q given twice", w.text)
			}
			if !p.more() {
				return p.errEnd("\"as\" needs %s", asWords)
			}
			// A side's name is read here as a word; which ones the game
			// has depends on its ruleset and options, and the club, which
			// reads those, decides (and names the game's choices).
			s := p.next()
			side := strings.ToLower(s.text)
			if !validName(side) || slices.Contains(proposalWords, side) {
				return p.errAt(s, "%q is not a side: \"as\" takes %s", s.text, asWords)
			}
			c.As = side
		case "level":
			if c.Verb != CmdChallenge {
				return p.errAt(w, "\"level\" belongs to a challenge to the bot")
			}
			if c.Level != 0 {
				return p.errAt(w, "%q given twice", w.text)
			}
			if !p.more() {
				return p.errEnd("\"level\" needs a number, like level 2")
			}
			s := p.next()
			n, convErr := strconv.Atoi(s.text)
			if convErr != nil || !isNumber(s.text) || s.text[0] == '0' || n < 1 || n > 99 {
				return p.errAt(s, "%q is not a level: a number like 2", s.text)
			}
			c.Level = n
		case "unrated":
			if c.Unrated {
				return p.errAt(w, "%q given twice", w.text)
			}
			c.Unrated = true
		case "days", "bank", "untimed":
			if err := p.clock(w, c); err != nil {
				return err
			}
		default:
			if c.As != "" || c.Clock != "" || c.Level != 0 || c.Unrated {
				return p.errAt(w, "unexpected %q: the ruleset and options come before \"level\", \"as\", the time control and \"unrated\"", w.text)
			}
			if k, v, ok := strings.Cut(lw, "="); ok && (k == "" || v == "" || strings.Contains(v, "=")) || !ok && !validName(lw) {
				return p.errAt(w, "%q is neither a ruleset nor an option NAME=VALUE", w.text)
			}
			c.Options = append(c.Options, lw)
		}
	}
	return nil
}

// asWords says what "as" takes, for a message.
const asWords = "first, second, a side's name (like black or north) or random"

// proposalWords are the words of a proposal after its ruleset and options,
// none a side's name.
var proposalWords = []string{"as", "level", "unrated", "days", "bank", "untimed"}

// bankFault says what is wrong with s as a time bank, START+INCREMENT/CAP
// in whole days, the cap at least the start and at most a year; "" when
// nothing is.
func bankFault(s string) string {
	start, rest, ok1 := strings.Cut(s, "+")
	inc, limit, ok2 := strings.Cut(rest, "/")
	if !ok1 || !ok2 || !isNumber(start) || !isNumber(inc) || !isNumber(limit) || len(start) > 3 || len(inc) > 3 || len(limit) > 3 ||
		start[0] == '0' || limit[0] == '0' || inc != "0" && inc[0] == '0' {
		return fmt.Sprintf("%q is not START+INCREMENT/CAP in whole days, e.g. 7+1/14", s)
	}
	a, _ := strconv.Atoi(start)
	c, _ := strconv.Atoi(limit)
	switch {
	case c < a:
		return fmt.Sprintf("%q: its cap, %d days, is below its start, %d: a bank may hold at most its cap", s, c, a)
	case c > 365:
		return fmt.Sprintf("%q: its cap, %d days, is over a year (365)", s, c)
	}
	return ""
}

// vacation reads DAYS (1 to 365) or "off".
func (p *parser) vacation() (string, *CommandError) {
	if !p.more() {
		return "", p.errEnd("vacation needs a number of days or \"off\"")
	}
	w := p.next()
	s := strings.ToLower(w.text)
	if s == "off" {
		return s, nil
	}
	if n, err := strconv.Atoi(s); err != nil || !isNumber(s) || s[0] == '0' || n > 365 {
		return "", p.errAt(w, "%q is neither a number of days from 1 to 365 nor \"off\"", w.text)
	}
	return s, nil
}

// clock reads a time control, w being its first word: "untimed", "days N"
// or "bank START+INCREMENT/CAP", into c.Clock, for a challenge and a
// tournament alike.
func (p *parser) clock(w word, c *Command) *CommandError {
	lw := strings.ToLower(w.text)
	if c.Clock != "" {
		return p.errAt(w, "%q: the time control is given twice", w.text)
	}
	if lw == "untimed" {
		c.Clock = lw
		return nil
	}
	if !p.more() {
		return p.errEnd("%q needs a value", lw)
	}
	s := p.next()
	if lw == "days" {
		n, convErr := strconv.Atoi(s.text)
		if convErr != nil || !isNumber(s.text) || s.text[0] == '0' || n < 1 || n > 60 {
			return p.errAt(s, "%q is not a number of days from 1 to 60", s.text)
		}
		c.Clock = "days " + s.text
		return nil
	}
	if fault := bankFault(s.text); fault != "" {
		return p.errAt(s, "%s", fault)
	}
	c.Clock = "bank " + s.text
	return nil
}

// setting reads "reminders each|digest|none", "boards all|mine|none" and
// the on|off settings.
func (p *parser) setting() (name, value string, err *CommandError) {
	if !p.more() {
		return "", "", p.errEnd("set needs what to set")
	}
	w := p.next()
	if name = strings.ToLower(w.text); name == "publish-messages" || name == "publish-conditions" || name == "tournament-news" {
		return p.onOff(name)
	}
	if name == "boards" {
		if !p.more() {
			return "", "", p.errEnd("set boards needs all, mine or none")
		}
		v := p.next()
		switch value = strings.ToLower(v.text); value {
		case "all", "mine", "none":
			return name, value, nil
		}
		return "", "", p.errAt(v, "%q is not all, mine or none", v.text)
	}
	if name != "reminders" {
		return "", "", p.errAt(w, "%q cannot be set: only \"reminders\", \"boards\", \"publish-messages\", \"publish-conditions\" or \"tournament-news\"", w.text)
	}
	if !p.more() {
		return "", "", p.errEnd("set reminders needs each, digest or none")
	}
	v := p.next()
	switch value = strings.ToLower(v.text); value {
	case "each", "digest", "none":
		return name, value, nil
	}
	return "", "", p.errAt(v, "%q is not each, digest or none", v.text)
}
