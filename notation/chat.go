package notation

import (
	"errors"
	"strings"
	"unicode"
	"unicode/utf8"

	"postal/engine"
)

// A reply holds more than commands: "Thanks, nice move!", a signature,
// "Sent from my iPhone". The rule that tells a command from a line of prose
// is here, in one place (docs/commands.md, "Lines that are not commands"):
//
//  1. A line whose first word is a command word is a command.
//  2. In a reply about a game, a line the game reads as a move (its
//     ParseMove) is that move.
//  3. A line that looks like a mistyped command or move gets its error:
//     its first word is a command word with two letters swapped or (five
//     letters or more) one letter wrong, missing or extra; or it looks like
//     a move (a digit in its first word, move signs in a short first word,
//     or the game read its first word and stumbled later).
//  4. Any other line is prose: not read, and listed once in the reply,
//     which says how to write to the opponent instead: a line that starts
//     with "say" (talk.go).

// lineKind is what the rule makes of a line.
type lineKind int

const (
	lineCommand lineKind = iota // starts with a command word
	lineMove                    // a move of the game, or a mistyped one in a reply about a game
	lineUnknown                 // a mistyped command, or a move with no game to play it in
	lineProse                   // not read
)

// classify applies the rule to a trimmed, non-blank line.
func (opt ParseOptions) classify(line string) lineKind {
	first := strings.FieldsFunc(line, unicode.IsSpace)[0]
	if _, _, ok := opt.Language.verbOf(first); ok {
		return lineCommand
	}
	var readFirst bool // the game read the whole first word before it stumbled
	if opt.Move != nil {
		err := opt.Move(line)
		if err == nil {
			return lineMove
		}
		var se *engine.SyntaxError
		readFirst = errors.As(err, &se) && se.Offset >= len(first)
		if !readFirst && !errors.As(err, &se) {
			return lineMove // well-formed but refused: the club says why
		}
	}
	switch {
	case opt.Language.nearVerb(first) != "":
		return lineUnknown
	case readFirst || movelike(first):
		if opt.Tagged {
			return lineMove
		}
		return lineUnknown
	}
	return lineProse
}

// moveSigns are the characters moves use besides letters and digits.
const moveSigns = "-/=+*:>[]()"

// movelike reports whether a word looks like a move: it holds a digit, or
// it is short and made of letters, digits and move signs, with a sign in it
// ("O-O", "b2=+").
func movelike(w string) bool {
	if strings.ContainsAny(w, "0123456789") {
		return true
	}
	if utf8.RuneCountInString(w) > 6 || !strings.ContainsAny(w, moveSigns) {
		return false
	}
	for _, r := range w {
		if r > unicode.MaxASCII || !unicode.IsLetter(r) && !strings.ContainsRune(moveSigns, r) {
			return false
		}
	}
	return true
}

// nearVerb returns the command word w is a mistyping of ("" if none): two
// neighbouring letters swapped ("mvoe"), or, when both have five letters or
// more, one letter wrong, missing or extra ("acept", "resing"). Shorter
// words are left alone: "see" and "sent" are not "set".
func (l *Language) nearVerb(w string) Verb {
	w = strings.ToLower(w)
	for _, s := range l.specs {
		v := s.Verb
		if swapped(w, string(v)) || len(w) >= 5 && len(v) >= 5 && oneEdit(w, string(v)) {
			return v
		}
	}
	return ""
}

// swapped reports whether a and b differ by two neighbouring letters swapped.
func swapped(a, b string) bool {
	if len(a) != len(b) || a == b {
		return false
	}
	i := 0
	for i < len(a) && a[i] == b[i] {
		i++
	}
	return i+1 < len(a) && a[i] == b[i+1] && a[i+1] == b[i] && a[i+2:] == b[i+2:]
}

// oneEdit reports whether a and b differ by one letter changed, added or
// removed.
func oneEdit(a, b string) bool {
	if a == b {
		return false
	}
	if len(a) > len(b) {
		a, b = b, a
	}
	if len(b)-len(a) > 1 {
		return false
	}
	i := 0
	for i < len(a) && a[i] == b[i] {
		i++
	}
	if len(a) == len(b) {
		return a[i+1:] == b[i+1:]
	}
	return a[i:] == b[i+1:]
}
