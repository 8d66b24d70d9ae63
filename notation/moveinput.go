package notation

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"postal/engine"
)

// Moves reach the club as people type them, on phones that turn "-" into a
// dash, add a full stop, capitalise the first letter or put a space where
// the notation has a sign. Every game's notation is ASCII and its parser
// reads bytes, so a dash of three bytes reached it as three letters and its
// error quoted the first byte as a character ("not 'â'"). ReadMove is the
// one door from a player's text to a game's parser: it reads Unicode dashes
// as "-", stops any other non-ASCII character before the parser with an
// error that quotes it as typed, and tries the forgiving readings only when
// the text as written is no move at all.

// dashes are the characters read as "-": hyphens, figure, en and em dashes,
// the horizontal bar, the minus sign and their small and full-width forms.
const dashes = "\u2010\u2011\u2012\u2013\u2014\u2015\u2043\u2212\u2E3A\u2E3B\uFE58\uFE63\uFF0D"

// IsDash reports whether r is read as "-" in a move.
func IsDash(r rune) bool { return r == '-' || strings.ContainsRune(dashes, r) }

// plainMove returns text with every dash as "-" and every kind of space as
// " ", and, for each byte of the result, the offset in text it came from
// (one more entry, for the end). bad is the offset in text of the first
// other non-ASCII character, -1 when there is none.
func plainMove(text string) (out string, from []int, bad int) {
	var b strings.Builder
	bad = -1
	for i, r := range text {
		switch {
		case IsDash(r):
			r = '-'
		case r > unicode.MaxASCII && unicode.IsSpace(r):
			r = ' '
		case r > unicode.MaxASCII || r == utf8.RuneError:
			if bad < 0 {
				bad = i
			}
		}
		if r > unicode.MaxASCII {
			continue
		}
		b.WriteRune(r)
		from = append(from, i)
	}
	return b.String(), append(from, len(text)), bad
}

// ReadMove reads text as a move of p in pos, forgiving what phones and
// people add: Unicode dashes, a trailing full stop, letters in the wrong
// case, a space for the sign between two cells ("b4 b3" for "b4-b3") when
// exactly one legal move reads so. The text as written (dashes read as
// "-") is tried first: a move it names, legal or not, is the move. Errors
// are the game's, at offsets of text as typed; a character no notation
// holds is quoted as typed.
func ReadMove(pos engine.Position, p engine.Player, text string) (engine.Move, error) {
	plain, from, bad := plainMove(text)
	if bad >= 0 {
		r, _ := utf8.DecodeRuneInString(text[bad:])
		return nil, engine.Syntax(text, bad, "unexpected %s: a move is written in plain letters, digits and signs such as - and x", quoteRune(r))
	}
	m, err := pos.ParseMove(p, plain)
	if err == nil {
		return m, nil
	}
	var se *engine.SyntaxError
	if !errors.As(err, &se) {
		return nil, err
	}
	if alt, ok := forgiven(pos, p, plain); ok {
		return alt, nil
	}
	off := min(max(se.Offset, 0), len(from)-1)
	return nil, &engine.SyntaxError{Text: text, Offset: from[off], Msg: se.Msg}
}

// quoteRune quotes r as typed: '→', not '\u2192' nor its first byte; a
// character that shows nothing by its code point.
func quoteRune(r rune) string {
	if r == utf8.RuneError || !unicode.IsPrint(r) {
		return fmt.Sprintf("character U+%04X", r)
	}
	return "'" + string(r) + "'"
}

// forgiven reads plain, which the game refused as written, in the
// forgiving ways: the move of the one reading that is legal; failing that,
// the first reading that is a move (its Apply says why it is illegal).
func forgiven(pos engine.Position, p engine.Player, plain string) (engine.Move, bool) {
	var legal, parsed []engine.Move
	seen := map[string]bool{}
	for _, alt := range readings(plain) {
		m, err := pos.ParseMove(p, alt)
		if err != nil || seen[m.String()] {
			continue
		}
		seen[m.String()] = true
		parsed = append(parsed, m)
		if _, err := pos.Apply(p, m); err == nil {
			legal = append(legal, m)
		}
	}
	switch {
	case len(legal) == 1:
		return legal[0], true
	case len(legal) == 0 && len(parsed) > 0:
		return parsed[0], true
	}
	return nil, false // none, or more than one legal reading: not forgiven
}

// readings are the other ways to read plain: without a trailing full stop,
// in lower case, in lower case but its first letter (a piece's letter
// before its squares: "pa3-a4" is "Pa3-a4") or each word's, in upper case,
// and with one
// space (or every space) between words read as "-", "x" or nothing. Long
// texts get none: they are not one mistyped move.
func readings(plain string) []string {
	s := strings.TrimSpace(plain)
	if len(s) > 40 {
		return nil
	}
	bases := []string{s}
	if t := strings.TrimRight(s, "."); t != s && t != "" {
		bases = []string{t}
	}
	lower := strings.ToLower(bases[0])
	// Each word's first letter in upper case: "he2-f4 ride sd2" is
	// "He2-f4 Ride Sd2", a piece's letter before each word's squares.
	titled := strings.Fields(lower)
	for i, w := range titled {
		titled[i] = strings.ToUpper(w[:1]) + w[1:]
	}
	for _, b := range []string{lower, strings.ToUpper(lower[:min(1, len(lower))]) + lower[min(1, len(lower)):], strings.Join(titled, " "), strings.ToUpper(lower)} {
		if !slices.Contains(bases, b) {
			bases = append(bases, b)
		}
	}
	var out []string
	for _, b := range bases {
		out = append(out, b)
		words := strings.Fields(b)
		if len(words) < 2 || len(words) > 6 {
			continue
		}
		for _, sep := range []string{"-", "x", ""} {
			if len(words) > 2 {
				out = append(out, strings.Join(words, sep))
			}
			for i := 1; i < len(words); i++ {
				out = append(out, strings.Join(words[:i], " ")+sep+strings.Join(words[i:], " "))
			}
		}
	}
	return out
}

// PlayMove reads text as ReadMove does and applies it for p; in a game
// where players may leave, "resign" is p leaving ([engine.Play]).
func PlayMove(pos engine.Position, p engine.Player, text string) (engine.Position, engine.Move, error) {
	if _, ok := engine.ParseLeaving(text); ok {
		return engine.Play(pos, p, text)
	}
	m, err := ReadMove(pos, p, text)
	if err != nil {
		return nil, nil, err
	}
	next, err := pos.Apply(p, m)
	if err != nil {
		return nil, nil, err
	}
	return next, m, nil
}
