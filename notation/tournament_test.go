package notation

import (
	"reflect"
	"strings"
	"testing"
)

func TestParseTournamentWords(t *testing.T) {
	for _, tc := range []struct {
		line string
		want Command
	}{
		{"tournament spring-cup conflagration mosey order=5 round-robin players 4 days 5 starts 2027-01-15",
			Command{Verb: CmdTournament, Arg: "spring-cup", Game: "conflagration", Options: []string{"mosey", "order=5"}, Clock: "days 5",
				Event: &Event{Format: "round-robin", Players: 4, Starts: "2027-01-15"}}},
		{"Tournament Open9 imperial-chess Swiss 4", Command{Verb: CmdTournament, Arg: "open9", Game: "imperial-chess", Event: &Event{Format: "swiss", Rounds: 4}}},
		{"tournament ko initiative knockout untimed", Command{Verb: CmdTournament, Arg: "ko", Game: "initiative", Clock: "untimed", Event: &Event{Format: "knockout"}}},
		{"join spring-cup", Command{Verb: CmdJoin, Arg: "spring-cup"}},
		{"join spring-cup BOT", Command{Verb: CmdJoin, Arg: "spring-cup", Value: "bot"}},
		{"leave spring-cup", Command{Verb: CmdLeave, Arg: "spring-cup"}},
		{"start spring-cup", Command{Verb: CmdStart, Arg: "spring-cup"}},
		{"standings spring-cup", Command{Verb: CmdStandings, Arg: "spring-cup"}},
		{"tournaments", Command{Verb: CmdTournaments}},
		{"adjudicate 12 draw", Command{Verb: CmdAdjudicate, ID: 12, Value: "1/2-1/2"}},
		{"adjudicate 12 0-1", Command{Verb: CmdAdjudicate, ID: 12, Value: "0-1"}},
		{"extend 12 3", Command{Verb: CmdExtend, ID: 12, Value: "3"}},
		{"remove carol Abusive language in game 12.", Command{Verb: CmdRemove, Arg: "carol", Value: "Abusive language in game 12."}},
		{"remove carol from spring-cup no moves for a month", Command{Verb: CmdRemove, Arg: "carol", Setting: "spring-cup", Value: "no moves for a month"}},
		{"set tournament-news on", Command{Verb: CmdSet, Setting: "tournament-news", Value: "on"}},
		{"codirector spring-cup Dave", Command{Verb: CmdCodirector, Arg: "spring-cup", Value: "dave"}},
		{"codirector spring-cup dave OFF", Command{Verb: CmdCodirector, Arg: "spring-cup", Value: "dave", Setting: "off"}},
	} {
		got, err := ParseCommand(tc.line, ParseOptions{})
		if err != nil {
			t.Errorf("%q: %v", tc.line, err)
			continue
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q:\n got %#v\nwant %#v", tc.line, got, tc.want)
		}
		roundTrip(t, tc.line, false)
		if got.Verb != CmdStandings && got.Verb != CmdTournaments && !got.Changes() {
			t.Errorf("%q does not need proof", tc.line)
		}
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
		_, err := ParseCommand(tc.line, ParseOptions{})
		if err == nil || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%q: error %v, want one saying %q", tc.line, err, tc.msg)
		}
	}
}
