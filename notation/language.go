package notation

import (
	"strings"

	"postal/docs/words"
)

// Spec is one verb of a command language: its word, the usage line that
// errors quote and help lists, how the words after it read and write
// (Syntax), and whether it acts on a game or challenge whose number a reply
// about it may leave out (the tag of its subject names it).
type Spec struct {
	Verb   Verb
	Usage  string
	Syntax Syntax
	Game   bool
}

// FormatSpec is a tournament format as "tournament NAME GAME ... FORMAT"
// writes it: its name, the number it may take right after the name
// ("swiss 5": its rounds), and the numbers it takes by word ("cup groups 4
// advance 2"), each with its bounds.
type FormatSpec struct {
	Name string
	// Count is the number written right after the name; nil when the
	// format takes none. Its Word names it in Event.Numbers.
	Count *Number
	// Numbers are the settings written as WORD N after the name, in the
	// order a canonical command writes them.
	Numbers []Number
}

// Number is a numeric setting of a command: its word, its bounds and what
// it counts, for an error ("a number of rounds from 1 to 30"), and the
// placeholder a usage line writes for it ("DAYS"; "" for "N").
type Number struct {
	Word     string
	Min, Max int
	What     string
	Sign     string
}

// Usage is the setting as a usage line writes it: "[break DAYS]".
func (n Number) Usage() string {
	sign := n.Sign
	if sign == "" {
		sign = "N"
	}
	return "[" + n.Word + " " + sign + "]"
}

// Language is a command language: its verbs in the order help lists them,
// and the tournament formats its "tournament" reads. The club defines its
// language in its command table, one row a verb; the parser, help and the
// check of docs/commands.md read it from there.
type Language struct {
	specs   []Spec
	byVerb  map[Verb]int
	formats []FormatSpec
}

// NewLanguage returns the language of specs (in the order help lists them)
// with the tournament formats formats.
func NewLanguage(specs []Spec, formats []FormatSpec) *Language {
	l := &Language{specs: specs, byVerb: map[Verb]int{}, formats: formats}
	for i, s := range specs {
		if _, twice := l.byVerb[s.Verb]; twice {
			panic("notation: the verb " + string(s.Verb) + " is defined twice")
		}
		l.byVerb[s.Verb] = i
	}
	return l
}

// Lookup returns the spec of verb v (lower case).
func (l *Language) Lookup(v Verb) (Spec, bool) {
	i, ok := l.byVerb[v]
	if !ok {
		return Spec{}, false
	}
	return l.specs[i], true
}

// Specs are the verbs of the language, in the order help lists them.
func (l *Language) Specs() []Spec { return l.specs }

// verbOf is the verb word names, in any case. "Key:" names key too: a key
// line written as a header, as people copy a key from a mail. No other
// verb reads so: "Note: …" and "Say: …" begin prose as often as not.
func (l *Language) verbOf(word string) (Verb, Spec, bool) {
	v := Verb(strings.ToLower(word))
	if v == CmdKey+":" {
		v = CmdKey
	}
	s, ok := l.Lookup(v)
	return v, s, ok
}

// Usage is the usage line of v; "" for a verb the language lacks.
func (l *Language) Usage(v Verb) string {
	s, _ := l.Lookup(v)
	return s.Usage
}

// Format returns the tournament format called name.
func (l *Language) Format(name string) (FormatSpec, bool) {
	for _, f := range l.formats {
		if f.Name == name {
			return f, true
		}
	}
	return FormatSpec{}, false
}

// Formats are the tournament formats "tournament" reads, in the order its
// errors list them.
func (l *Language) Formats() []FormatSpec { return l.formats }

// formatList writes the formats as an error lists them: "round-robin,
// swiss ROUNDS or knockout"; with comma, "round-robin, swiss ROUNDS,
// knockout".
func (l *Language) formatList(comma bool) string {
	var names []string
	for _, f := range l.formats {
		n := f.Name
		if f.Count != nil {
			n += " " + strings.ToUpper(f.Count.Word)
		}
		names = append(names, n)
	}
	if comma {
		return strings.Join(names, ", ")
	}
	return words.Or(names)
}

// NeedsGame reports whether c acts on a game or challenge number, which a
// reply's tag may supply: as its verb does, but for "cancel NAME", which
// cancels a tournament.
func (l *Language) NeedsGame(c Command) bool {
	s, _ := l.Lookup(c.Verb)
	return s.Game && !c.CancelsEvent()
}

// String writes c in canonical form: the verb, then its words as its
// syntax writes them. Parsing it (with ParseOptions.Tagged when ID is 0)
// yields c again.
func (l *Language) String(c Command) string {
	s, ok := l.Lookup(c.Verb)
	if !ok || s.Syntax.write == nil {
		return string(c.Verb)
	}
	return string(c.Verb) + s.Syntax.write(l, c)
}

// spaced writes the words after a verb: each after a space.
func spaced(words ...string) string {
	if len(words) == 0 {
		return ""
	}
	return " " + strings.Join(words, " ")
}
