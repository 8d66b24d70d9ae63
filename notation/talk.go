package notation

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// The commands of foresight and conversation:
//
//	if [ID] M1 M2 [M3 M4 ...]   conditional moves: if the others play M1, answer M2, ...
//	if [ID] clear                remove them
//	if [ID] | conditions [ID]    list them
//	preview [ID] if M1 M2 ...    the board after a whole line
//	say TEXT                     a message to the other players of the game
//	note TEXT|clear              a private note on the game
//
// The parser keeps the moves of an "if" as one text: which words make one
// move is the game's business (its moves may hold spaces), and the club
// splits the line by replaying it.

// MaxText is the longest message of say, or note, in characters.
const MaxText = 2000

// message reads the text of say and note: the rest of the line ("note
// clear" clears the note).
func (p *parser) message(c *Command) *CommandError {
	c.Text = p.rest()
	if c.Verb == CmdNote && strings.EqualFold(c.Text, "clear") {
		c.Text, c.Setting = "", "clear"
	}
	p.i = len(p.words)
	return p.textLimit(c.Text)
}

// conditional reads the words of "if": the game's number, then "clear" or
// a line of moves; "if" alone lists them.
func (p *parser) conditional(c *Command) *CommandError {
	var err *CommandError
	if c.ID, err = p.optionalID(); err != nil || !p.more() {
		return err
	}
	if w := p.peek(); strings.EqualFold(w.text, "clear") && p.i == len(p.words)-1 {
		p.i++
		c.Setting = "clear"
		return nil
	}
	return p.moveLine(c)
}

// moveLine reads the moves of "if" and "preview if": the rest of the line,
// at least two words (a move of the others and an answer).
func (p *parser) moveLine(c *Command) *CommandError {
	if !p.more() {
		return p.errEnd("%s needs the moves of a line: theirs, then your answer", c.Verb)
	}
	if w := p.peek(); strings.HasPrefix(w.text, "#") || isNumber(w.text) {
		return p.errAt(w, "unexpected %q: a line that starts with a number or # needs the game ID first", w.text)
	}
	var parts []string
	for p.more() {
		parts = append(parts, p.next().text)
	}
	if len(parts) < 2 && c.Verb == CmdIf {
		return p.errEnd("if needs a move of the others and your answer to it, like \"if e5 Nf3\"")
	}
	c.Move = strings.Join(parts, " ")
	return nil
}

// rest is the text of the line after the words read, trimmed.
func (p *parser) rest() string {
	if !p.more() {
		return ""
	}
	line := strings.TrimSpace(p.line)
	// Columns were made relative to the trimmed line: count runes.
	col := p.peek().col
	i := 0
	for n := 1; n < col && i < len(line); n++ {
		_, size := utf8.DecodeRuneInString(line[i:])
		i += size
	}
	return strings.TrimSpace(line[i:])
}

// textLimit refuses a message or note longer than MaxText.
func (p *parser) textLimit(text string) *CommandError {
	if n := utf8.RuneCountInString(text); n > MaxText {
		return &CommandError{Pos: Pos{p.lineNo, 1}, Text: strings.TrimSpace(p.line), Word: p.words[0].text,
			Msg: "the message is " + strconv.Itoa(n) + " characters long; the most is " + strconv.Itoa(MaxText) + ". Nothing was sent"}
	}
	return nil
}

// writeTalk writes the words of if, say and note in canonical form. A
// message of several lines starts on the line after its verb.
func writeTalk(l *Language, c Command) string {
	s := writeID(l, c)
	switch {
	case c.Setting != "":
		return s + spaced(c.Setting)
	case c.Move != "":
		return s + spaced(c.Move)
	case strings.Contains(c.Text, "\n"):
		return s + "\n" + c.Text
	case c.Text != "":
		return s + spaced(c.Text)
	}
	return s
}

// textBlock reads the message of a bare "say" or "note": the lines after
// line i of lines, up to an empty or quoted line or a signature separator.
// It returns the text and how many lines it took.
func textBlock(lines []string, i int) (string, int) {
	var out []string
	for _, l := range lines[i+1:] {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, ">") || l == "--" {
			break
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n"), len(out)
}

// takesBlock reports whether a parsed command of syntax s is a bare say or
// note, whose message follows on the next lines.
func takesBlock(s Syntax, c Command) bool {
	return s.block && c.Text == "" && c.Setting == ""
}

// emptyText is the error of a say or note with nothing to say.
func emptyText(c Command, line string, lineNo int) *CommandError {
	return &CommandError{Pos: Pos{lineNo, 1}, Text: strings.TrimSpace(line), Word: strings.Fields(line)[0],
		Msg: string(c.Verb) + " needs a text: the rest of the line, or the lines below it up to an empty line"}
}

// blockError checks the text a bare say or note took from the lines below
// (and makes "clear" alone clear a note, as on one line).
func blockError(c *Command, line string, lineNo int) *CommandError {
	switch {
	case c.Text == "":
		return emptyText(*c, line, lineNo)
	case c.Verb == CmdNote && strings.EqualFold(c.Text, "clear"):
		c.Text, c.Setting = "", "clear"
	}
	if n := utf8.RuneCountInString(c.Text); n > MaxText {
		return &CommandError{Pos: Pos{lineNo, 1}, Text: strings.TrimSpace(line), Word: strings.Fields(line)[0],
			Msg: "the message is " + strconv.Itoa(n) + " characters long; the most is " + strconv.Itoa(MaxText) + ". Nothing was sent"}
	}
	return nil
}

// onOff reads the value of "set publish-messages on|off" (whether the
// player's messages are published with the game once it ends), "set
// publish-conditions on|off" (whether their conditional moves are) and "set
// tournament-news on|off" (standings mailed as games of their events end).
func (p *parser) onOff(name string) (string, string, *CommandError) {
	if !p.more() {
		return "", "", p.errEnd("set %s needs on or off", name)
	}
	v := p.next()
	switch value := strings.ToLower(v.text); value {
	case "on", "off":
		return name, value, nil
	}
	return "", "", p.errAt(v, "%q is neither on nor off", v.text)
}
