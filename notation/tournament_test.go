package notation_test

import (
	"postal/notation"
	"reflect"
	"strings"
	"testing"
)

func TestParseTournamentWords(t *testing.T) {
	for _, tc := range []struct {
		line string
		want notation.Command
	}{
		{"tournament spring-cup conflagration mosey order=5 round-robin players 4 days 5 starts 2027-01-15",
			notation.Command{Verb: notation.CmdTournament, Arg: "spring-cup", Game: "conflagration", Options: []string{"mosey", "order=5"}, Clock: "days 5",
				Event: &notation.Event{Format: "round-robin", Numbers: map[string]int{}, Players: 4, Starts: "2027-01-15"}}},
		{"Tournament Open9 imperial-chess Swiss 4", notation.Command{Verb: notation.CmdTournament, Arg: "open9", Game: "imperial-chess", Event: &notation.Event{Format: "swiss", Numbers: map[string]int{"rounds": 4}}}},
		{"tournament ko initiative knockout untimed", notation.Command{Verb: notation.CmdTournament, Arg: "ko", Game: "initiative", Clock: "untimed", Event: &notation.Event{Format: "knockout", Numbers: map[string]int{}}}},
		{"join spring-cup", notation.Command{Verb: notation.CmdJoin, Arg: "spring-cup"}},
		{"join spring-cup BOT", notation.Command{Verb: notation.CmdJoin, Arg: "spring-cup", Value: "bot"}},
		{"leave spring-cup", notation.Command{Verb: notation.CmdLeave, Arg: "spring-cup"}},
		{"start spring-cup", notation.Command{Verb: notation.CmdStart, Arg: "spring-cup"}},
		{"standings spring-cup", notation.Command{Verb: notation.CmdStandings, Arg: "spring-cup"}},
		{"tournaments", notation.Command{Verb: notation.CmdTournaments}},
		{"adjudicate 12 draw", notation.Command{Verb: notation.CmdAdjudicate, ID: 12, Value: "1/2-1/2"}},
		{"adjudicate 12 0-1", notation.Command{Verb: notation.CmdAdjudicate, ID: 12, Value: "0-1"}},
		{"extend 12 3", notation.Command{Verb: notation.CmdExtend, ID: 12, Value: "3"}},
		{"remove carol Abusive language in game 12.", notation.Command{Verb: notation.CmdRemove, Arg: "carol", Value: "Abusive language in game 12."}},
		{"remove carol from spring-cup no moves for a month", notation.Command{Verb: notation.CmdRemove, Arg: "carol", Setting: "spring-cup", Value: "no moves for a month"}},
		{"set tournament-news on", notation.Command{Verb: notation.CmdSet, Setting: "tournament-news", Value: "on"}},
		{"codirector spring-cup Dave", notation.Command{Verb: notation.CmdCodirector, Arg: "spring-cup", Value: "dave"}},
		{"codirector spring-cup dave OFF", notation.Command{Verb: notation.CmdCodirector, Arg: "spring-cup", Value: "dave", Setting: "off"}},
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

func TestParseTournamentErrors(t *testing.T) {
	for _, tc := range []struct{ line, msg string }{
		{"tournament cup imperial-chess", "needs a format"},
		{"tournament cup imperial-chess swiss", "number of rounds"},
		{"tournament cup imperial-chess swiss 0", "not a number of rounds"},
		{"tournament cup imperial-chess round-robin knockout", "format is given twice"},
		{"tournament cup imperial-chess round-robin players 1", "not a number of players"},
		{"tournament cup imperial-chess round-robin starts tomorrow", "not a day"},
		{"tournament cup imperial-chess round-robin standard", "unexpected \"standard\""},
		{"tournament 9cup imperial-chess round-robin", "not a valid name"},
		{"adjudicate 12 win", "not a result"},
		{"adjudicate draw", "needs the game's number"},
		{"extend 12 0", "not a number of days"},
		{"remove carol", "needs a reason"},
		{"set tournament-news maybe", "neither on nor off"},
		{"join", "missing the tournament's name"},
	} {
		_, err := notation.ParseCommand(tc.line, notation.ParseOptions{Language: lang})
		if err == nil || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%q: error %v, want one saying %q", tc.line, err, tc.msg)
		}
	}
}
