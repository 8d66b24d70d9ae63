package event

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"postal/notation"
)

// The format registry: the one list of the formats the club plays. A
// format is one file of this package (roundrobin.go, swiss.go,
// knockout.go, league.go, ladder.go) that implements Format, and perhaps
// some of the optional interfaces of abilities.go, and defines its Kind;
// and one line of kinds below. Whatever knows formats by their names reads
// them from here: the club's command language (the formats "tournament"
// takes and the numbers each writes: TournamentFormats), the loader of
// stored events (a format made from the settings stored with its event:
// FormatOf), the site (the page each kind of event has: Kind.Page), and
// the labels of games' places (PlaceLabel).

// kinds are the formats the club plays, in the order the errors and the
// usage of "tournament" list them. A new format is one line here.
var kinds = []Kind{roundRobinKind, doubleRoundRobinKind, swissKind, knockoutKind, cupKind, leagueKind, ladderKind}

// Kind is a format as what is outside its file knows it before any event
// of it is loaded: its name, the command that proposes it and the numbers
// that command writes, how it is made from what the archive stores, and
// the page the site gives its events.
type Kind struct {
	// Name is the format as its command and the archive write it:
	// "swiss".
	Name string
	// Verb is the command that proposes its events: "tournament", or a
	// verb of its own ("league", "ladder"), whose row of the club's command
	// table reads its settings.
	Verb notation.Verb
	// Count and Numbers are how "tournament" writes the format's settings
	// (notation.FormatSpec): the number right after its name ("swiss 5":
	// its rounds), and those it takes by word ("groups 4"); a format of a
	// verb of its own takes only those by word, which its verb's syntax
	// reads (VerbSpec).
	Count   *notation.Number
	Numbers []notation.Number
	// Switch is a word its command may write alone, which sets the setting
	// of that name to 1 (a league's "double"); "" for none.
	Switch string
	// Defaults are the settings its command may leave out (a league's
	// size), as a new event of it stores them.
	Defaults Settings
	// Make is the format of an event whose games seat seats players, with
	// the settings stored with it; false when the format plays no games of
	// that many (a Swiss of games of three).
	Make func(seats int, s Settings) (Format, bool)
	// Page is the page the site gives its events.
	Page Page
	// Noun is the format as a sentence names it, where its Name will not
	// do ("Swiss"); "" for its Name, its hyphens spaces.
	Noun string
}

// Called is the format as a sentence names its events: "the cup mug",
// "the round robin spring" (a game's page: "Played in the cup mug, group
// B").
func (k Kind) Called() string {
	if k.Noun != "" {
		return k.Noun
	}
	return strings.ReplaceAll(k.Name, "-", " ")
}

// Page is a kind of page the site gives an event. The loader of the
// pages' data (club/published) fills what the page shows from the
// event's rules: a tournament's standings and rounds from any Format, a
// league's divisions from a Seasonal format, a ladder's order from a
// Climbing one.
type Page string

const (
	TournamentPage Page = "tournament" // its standings or bracket, its rounds
	LeaguePage     Page = "league"     // the divisions of its season, the seasons played
	LadderPage     Page = "ladder"     // its order, the climbs in play
)

// Settings are a format's own numbers, by the words its command writes
// them with ("rounds": 5; a league's "size", "promote", "break",
// "season", and "double" 1 for double round robins), as the archive
// stores them with its event (tournaments.settings, "rounds=5"): one map
// for every format, so that a new format's numbers need no column of their
// own.
type Settings map[string]int

// Get is the setting called word; otherwise when it is not set.
func (s Settings) Get(word string, otherwise int) int {
	if v, ok := s[word]; ok {
		return v
	}
	return otherwise
}

// Kinds are the formats the club plays, in the order "tournament"'s
// errors list them.
func Kinds() []Kind { return kinds }

// KindOf is the format called name; false for none.
func KindOf(name string) (Kind, bool) {
	for _, k := range kinds {
		if k.Name == name {
			return k, true
		}
	}
	return Kind{}, false
}

// FormatOf is the format called name for games of seats players, with the
// settings s; false for none (a format of that name that plays no games of
// that many: a game of more than two is played in a round robin of tables,
// or a league, only).
func FormatOf(name string, seats int, s Settings) (Format, bool) {
	k, ok := KindOf(name)
	if !ok {
		return nil, false
	}
	return k.Make(seats, s)
}

// Settings are the settings of a new event of kind k that its command
// sets (set, by word): k's defaults, overridden by set.
func (k Kind) Settings(set map[string]int) Settings {
	s := Settings{}
	maps.Copy(s, k.Defaults)
	maps.Copy(s, set)
	return s
}

// Spec is the format as "tournament" reads and writes it.
func (k Kind) Spec() notation.FormatSpec {
	return notation.FormatSpec{Name: k.Name, Count: k.Count, Numbers: k.Numbers}
}

// Usage is the format as a usage line writes it: "swiss ROUNDS",
// "cup [groups N] [advance N]".
func (k Kind) Usage() string {
	u := k.Name
	if k.Count != nil {
		u += " " + strings.ToUpper(k.Count.Word)
	}
	for _, n := range k.Numbers {
		u += " " + n.Usage()
	}
	return u
}

// VerbSpec is the command of a format of a verb of its own ("league",
// "ladder") as the club's command table reads it: its verb, its usage
// line and its syntax, from the numbers and the switch of its kind.
func VerbSpec(verb notation.Verb) notation.Spec {
	i := slices.IndexFunc(kinds, func(k Kind) bool { return k.Verb == verb })
	if i < 0 {
		panic("event: no format has the verb " + string(verb))
	}
	k := kinds[i]
	usage := string(verb) + " NAME GAME [RULESET] [NAME=VALUE ...]"
	for _, n := range k.Numbers {
		usage += " " + n.Usage()
	}
	if k.Switch != "" {
		usage += " [" + k.Switch + "]"
	}
	usage += " [days N | bank START+INC/CAP | untimed]"
	return notation.Spec{Verb: verb, Usage: usage, Syntax: notation.SelfRunning(string(verb), k.Numbers, k.Switch)}
}

// TournamentFormats are the formats "tournament" proposes, as its parser
// reads them.
func TournamentFormats() []notation.FormatSpec {
	var out []notation.FormatSpec
	for _, k := range kinds {
		if k.Verb == notation.CmdTournament {
			out = append(out, k.Spec())
		}
	}
	return out
}

// TournamentUsage is the formats "tournament" proposes, as its usage line
// writes them: "round-robin|double-round-robin|swiss ROUNDS|knockout".
func TournamentUsage() string {
	var us []string
	for _, k := range kinds {
		if k.Verb == notation.CmdTournament {
			us = append(us, k.Usage())
		}
	}
	return strings.Join(us, "|")
}

// sample is a format of kind k, made without settings, for what every
// event of the kind says alike (the labels of its games' places).
func (k Kind) sample() (Format, bool) {
	f, ok := k.Make(2, nil)
	return f, ok && f != nil
}

// RoundLabel names a game's round in an event of format, as a record's
// EventRound tag: "2", "season 2, division 1", "climb 3".
func RoundLabel(format string, round, board int) string {
	if p, ok := placer(format); ok {
		return p.RoundLabel(round, board)
	}
	return fmt.Sprint(round)
}

// PlaceLabel names a game's place in its event for its mails: "spring-cup,
// round 2", "spring, season 2, division 1", "top, climb 3".
func PlaceLabel(name, format string, round, board int) string {
	if p, ok := placer(format); ok {
		return name + ", " + p.RoundLabel(round, board)
	}
	return Label(name, round)
}

// placer is the format called name when it names its games' places
// itself.
func placer(name string) (Placer, bool) {
	k, ok := KindOf(name)
	if !ok {
		return nil, false
	}
	f, ok := k.sample()
	if !ok {
		return nil, false
	}
	p, ok := f.(Placer)
	return p, ok
}
