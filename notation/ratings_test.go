package notation_test

import (
	"postal/notation"
	"strings"
	"testing"
)

// The words of issue 25: "unrated" at the end of a proposal, and
// "ratings [GAME]".
func TestParseRatingsCommands(t *testing.T) {
	parsesAs(t, map[string]notation.Command{
		"challenge bob conflagration days 5 Unrated":        {Verb: notation.CmdChallenge, Arg: "bob", Game: "conflagration", Clock: "days 5", Unrated: true},
		"open imperial-chess unrated":                       {Verb: notation.CmdOpen, Game: "imperial-chess", Unrated: true},
		"challenge bot initiative unrated level 2 as first": {Verb: notation.CmdChallenge, Arg: "bot", Game: "initiative", Level: 2, As: "first", Unrated: true},
		"Ratings":                {Verb: notation.CmdRatings},
		"ratings Superial-Chess": {Verb: notation.CmdRatings, Arg: "superial-chess"},
	})
	for line, want := range map[string]string{
		"challenge bob conflagration unrated unrated": `"unrated" given twice`,
		"challenge bob conflagration unrated mosey":   "come before",
		"ratings conflagration mosey":                 `unexpected "mosey"`,
	} {
		if _, err := notation.ParseCommand(line, notation.ParseOptions{Language: lang}); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want an error saying %q", line, err, want)
		}
	}
}
