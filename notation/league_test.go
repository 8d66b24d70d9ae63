package notation_test

import (
	"postal/notation"
	"reflect"
	"strings"
	"testing"
)

// The words of leagues and ladders (issue 37) read as written, round trip,
// and need the sender's proof.
func TestParseLeagueWords(t *testing.T) {
	for _, tc := range []struct {
		line string
		want notation.Command
	}{
		{"league spring imperial-chess size 4 promote 1 break 0 days 5",
			notation.Command{Verb: notation.CmdLeague, Arg: "spring", Game: "imperial-chess", Clock: "days 5", League: &notation.League{Set: map[string]int{"size": 4, "promote": 1, "break": 0}}}},
		{"League Winter conflagration mosey order=5 double season 90",
			notation.Command{Verb: notation.CmdLeague, Arg: "winter", Game: "conflagration", Options: []string{"mosey", "order=5"}, League: &notation.League{Set: map[string]int{"season": 90, "double": 1}}}},
		{"league trio superial-chess multiplayer size 3", notation.Command{Verb: notation.CmdLeague, Arg: "trio", Game: "superial-chess", Options: []string{"multiplayer"}, League: &notation.League{Set: map[string]int{"size": 3}}}},
		{"league plain initiative", notation.Command{Verb: notation.CmdLeague, Arg: "plain", Game: "initiative", League: &notation.League{Set: map[string]int{}}}},
		{"ladder top initiative reach 2 idle 30 untimed", notation.Command{Verb: notation.CmdLadder, Arg: "top", Game: "initiative", Clock: "untimed", League: &notation.League{Set: map[string]int{"reach": 2, "idle": 30}}}},
		{"climb top Carol", notation.Command{Verb: notation.CmdClimb, Arg: "top", Value: "carol"}},
	} {
		got, err := notation.ParseCommand(tc.line, notation.ParseOptions{Language: lang})
		if err != nil {
			t.Errorf("%q: %v", tc.line, err)
			continue
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q:\n got %#v\nwant %#v", tc.line, got, tc.want)
		}
		roundTrip(t, tc.line, false)
	}
}

func TestParseLeagueErrors(t *testing.T) {
	for _, tc := range []struct{ line, msg string }{
		{"league spring imperial-chess size 1", "not a number of players in a division from 2 to 20"},
		{"league spring imperial-chess size", "\"size\" needs a number"},
		{"league spring imperial-chess size 4 size 5", "given twice"},
		{"league spring imperial-chess break 91", "not a number of days between seasons"},
		{"league spring imperial-chess size 4 standard", "unexpected \"standard\""},
		{"league spring imperial-chess reach 2", "\"2\" is neither a ruleset, an option NAME=VALUE nor a setting (size N, promote N, break N, season N, double)"},
		{"league spring imperial-chess double double", "given twice"},
		{"ladder top initiative reach 0", "not a number of places a climb reaches"},
		{"ladder top initiative reach 2 double", "unexpected \"double\": after the game come reach N, idle N and the time control"},
		{"ladder top initiative size 4", "\"4\" is neither a ruleset, an option NAME=VALUE nor a setting (reach N, idle N)"},
		{"climb top", "missing the player to climb"},
		{"climb", "missing the ladder's name"},
		{"league 9spring imperial-chess", "not a valid name"},
	} {
		_, err := notation.ParseCommand(tc.line, notation.ParseOptions{Language: lang})
		if err == nil || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%q: error %v, want one saying %q", tc.line, err, tc.msg)
		}
	}
}
