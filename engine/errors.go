package engine

import "fmt"

// SyntaxError reports text that is not a move (or position) at all. Offset is
// the byte offset in Text where reading failed, so a reply can point at the
// word.
type SyntaxError struct {
	Text   string
	Offset int
	Msg    string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("syntax error at column %d of %q: %s", e.Offset+1, e.Text, e.Msg)
}

// Word returns the whitespace-delimited word of Text that holds Offset, for
// messages that quote the offending word.
func (e *SyntaxError) Word() string {
	start, end := e.Offset, e.Offset
	if start > len(e.Text) {
		start, end = len(e.Text), len(e.Text)
	}
	for start > 0 && e.Text[start-1] != ' ' {
		start--
	}
	for end < len(e.Text) && e.Text[end] != ' ' {
		end++
	}
	return e.Text[start:end]
}

// Syntax returns a *SyntaxError at offset off of text.
func Syntax(text string, off int, format string, args ...any) *SyntaxError {
	return &SyntaxError{Text: text, Offset: off, Msg: fmt.Sprintf(format, args...)}
}

// IllegalMoveError reports a well-formed move that the rules forbid here.
type IllegalMoveError struct {
	Move   string
	Reason string
}

func (e *IllegalMoveError) Error() string {
	return fmt.Sprintf("illegal move %s: %s", e.Move, e.Reason)
}

// Illegal returns an *IllegalMoveError for m.
func Illegal(m string, format string, args ...any) *IllegalMoveError {
	return &IllegalMoveError{Move: m, Reason: fmt.Sprintf(format, args...)}
}

// NotYourTurnError reports a move by a player who may not act now.
type NotYourTurnError struct {
	Player Player
}

func (e *NotYourTurnError) Error() string {
	if e.Player == Chance {
		return "it is not the turn of chance"
	}
	return fmt.Sprintf("it is not the turn of player %d", int(e.Player)+1)
}

// ConfigError reports a configuration a game does not have: a ruleset, an
// option or a value of one, a version of its rules. Msg says what, in words
// for the player who asked for it.
type ConfigError struct {
	Msg string
}

func (e *ConfigError) Error() string { return "engine: " + e.Msg }

// badConfig returns a *ConfigError.
func badConfig(format string, args ...any) *ConfigError {
	return &ConfigError{Msg: fmt.Sprintf(format, args...)}
}
