package notation

import (
	"sort"
	"strconv"
	"strings"

	"postal/engine"
)

// Tags the record owns as fields, written first and in this order.
const (
	tagGame         = "Game"
	tagRuleset      = "Ruleset"
	tagOptions      = "Options"
	tagRulesVersion = "RulesVersion"
	tagSeed         = "Seed"
	tagCommitment   = "SeedCommitment"
	tagResult       = "Result"
	tagTermination  = "Termination"
)

// leadingTags are written right after the game's own tags, before players.
var leadingTags = []string{"Site", "Date"}

const lineWidth = 78

// String writes the record in the strict form: the tags, a blank line, the
// movetext wrapped at 78 columns between moves, and the result.
func (r *Record) String() string {
	var b strings.Builder
	tag := func(k, v string) {
		b.WriteString("[" + k + " " + quote(v) + "]\n")
	}
	sides := seatNames(r.Game, r.Config)
	info, known := gameInfo(r.Game)

	tag(tagGame, r.Game)
	tag(tagRuleset, r.Config.Ruleset)
	tag(tagOptions, optionsText(r.Config.Options))
	switch {
	case r.Config.Version != "":
		tag(tagRulesVersion, r.Config.Version)
	case known:
		tag(tagRulesVersion, info.RulesVersion())
	}
	for _, k := range leadingTags {
		if v := r.Tag(k); v != "" {
			tag(k, v)
		}
	}
	for i, side := range sides {
		name := ""
		if i < len(r.Players) {
			name = r.Players[i]
		}
		tag(side, name)
	}
	if r.SeedCommitment != "" {
		tag(tagCommitment, r.SeedCommitment)
	}
	if r.SeedShown() {
		tag(tagSeed, strconv.FormatUint(r.Config.Seed, 10))
	}
	tag(tagResult, r.Result.Score())
	if r.Result.Over() {
		tag(tagTermination, r.Result.Reason)
	}
	for _, t := range r.Tags {
		if isOwnTag(t.Key) || isLeading(t.Key) {
			continue
		}
		tag(t.Key, t.Value)
	}
	b.WriteString("\n")

	var line strings.Builder
	flush := func() {
		if line.Len() > 0 {
			b.WriteString(line.String() + "\n")
			line.Reset()
		}
	}
	add := func(word string) {
		if line.Len() > 0 && line.Len()+1+len(word) > lineWidth {
			flush()
		}
		if line.Len() > 0 {
			line.WriteByte(' ')
		}
		line.WriteString(word)
	}
	for _, c := range comments(r.Comment) {
		add(c)
	}
	expect := engine.First
	for i, m := range r.Moves {
		entry := strconv.Itoa(i+1) + ". "
		// Two sides alternate; with more, turns are skipped and players
		// leave out of turn, so every move names its side.
		if m.Player != expect || m.Player == engine.Chance || len(sides) > 2 || looksPrefixed(m.Text) {
			entry += actorName(m.Player, sides) + ": "
		}
		entry += m.Text
		add(entry)
		for _, c := range comments(m.Comment) {
			add(c)
		}
		expect = following(m.Player, expect, len(sides))
	}
	add(r.Result.Score())
	flush()
	return b.String()
}

// SeedShown reports whether the record's text shows its seed: a game with
// chance (or any record with a seed) shows it once its result is known, and
// never before, so nobody can foresee the next draws of a game in progress
// (its SeedCommitment stands in for it meanwhile).
func (r *Record) SeedShown() bool {
	if !r.Result.Over() {
		return false
	}
	info, known := gameInfo(r.Game)
	return (known && info.Chance) || r.Config.Seed != 0 || r.seedTag
}

// looksPrefixed reports whether a reader would take the start of move text as
// a "Side:" prefix; such moves are always written with their side.
func looksPrefixed(move string) bool {
	head, _, ok := strings.Cut(move, ":")
	return ok && !strings.Contains(head, " ")
}

func quote(v string) string {
	v = strings.ReplaceAll(v, `\`, `\\`)
	v = strings.ReplaceAll(v, `"`, `\"`)
	v = strings.ReplaceAll(v, "\n", " ")
	return `"` + v + `"`
}

// comments writes the comments of text, one a line, each in its braces:
// several comments in a row stay apart when read again (a message said,
// then another).
func comments(text string) []string {
	if strings.TrimSpace(text) == "" {
		return nil
	}
	var out []string
	for _, line := range strings.Split(text, "\n") {
		if strings.TrimSpace(line) != "" {
			out = append(out, comment(line))
		}
	}
	return out
}

// comment writes text as a {comment}; braces inside become parentheses, as
// comments do not nest.
func comment(text string) string {
	text = strings.NewReplacer("{", "(", "}", ")", "\n", " ").Replace(text)
	return "{" + strings.TrimSpace(text) + "}"
}

func optionsText(opts map[string]string) string {
	keys := make([]string, 0, len(opts))
	for k := range opts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + "=" + opts[k]
	}
	return strings.Join(parts, " ")
}

func isOwnTag(k string) bool {
	for _, own := range []string{tagGame, tagRuleset, tagOptions, tagRulesVersion, tagSeed, tagCommitment, tagResult, tagTermination} {
		if strings.EqualFold(k, own) {
			return true
		}
	}
	return false
}

func isLeading(k string) bool {
	for _, l := range leadingTags {
		if strings.EqualFold(k, l) {
			return true
		}
	}
	return false
}

func gameInfo(name string) (engine.Info, bool) {
	g, err := engine.Lookup(name)
	if err != nil {
		return engine.Info{}, false
	}
	return g.Info(), true
}

// seatNames returns the tag names of the seats of a game of game played
// with cfg: the game's side names ("White", "Black"; "South", "West",
// "North", "East" in Superial Chess's multiplayer ruleset), or "First" and
// "Second" for an unknown game.
func seatNames(game string, cfg engine.Config) []string {
	if info, ok := gameInfo(game); ok {
		seats := info.Seats(cfg)
		names := make([]string, len(seats))
		for i, s := range seats {
			if names[i] = tagWord(s); names[i] == "" {
				names = nil
				break
			}
		}
		if len(names) >= 2 {
			return names
		}
	}
	return []string{"First", "Second"}
}

// tagWord makes a side name usable as a tag key and actor prefix.
func tagWord(s string) string { return strings.ReplaceAll(strings.TrimSpace(s), " ", "-") }

func actorName(p engine.Player, sides []string) string {
	if p >= 0 && int(p) < len(sides) {
		return sides[p]
	}
	return "chance"
}

// following returns the player expected after p, who followed expect, in a
// game of seats players: the next seat (the other, for two); chance changes
// nothing.
func following(p, expect engine.Player, seats int) engine.Player {
	if p == engine.Chance {
		return expect
	}
	return (p + 1) % engine.Player(seats)
}
