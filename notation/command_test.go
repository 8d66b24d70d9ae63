package notation_test

import (
	"fmt"
	"postal/notation"
	"reflect"
	"strings"
	"testing"
)

func TestParseCommands(t *testing.T) {
	body := "Register Alice\n\n> quoted move C3-D4\n  challenge bob conflagration backfire order=5 as FIRST days 5\nmove 17 #12 C3-D4\nMOVE 17 c3-d4  x\ndraw\n--\nresign 3\n"
	got, trunc := notation.ParseCommands(body, notation.ParseOptions{Language: lang})
	if trunc {
		t.Fatal("truncated")
	}
	want := []notation.Command{
		{Verb: notation.CmdRegister, Arg: "alice"},
		{Verb: notation.CmdChallenge, Arg: "bob", Game: "conflagration", Options: []string{"backfire", "order=5"}, As: "first", Clock: "days 5"},
		{Verb: notation.CmdMove, ID: 17, Guard: 12, Move: "C3-D4"},
		{Verb: notation.CmdMove, ID: 17, Move: "c3-d4 x"},
		{Verb: notation.CmdDraw},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d commands, want %d: %+v", len(got), len(want), got)
	}
	for i, p := range got {
		if p.Err != nil {
			t.Fatalf("line %d: %v", p.Line, p.Err)
		}
		if !reflect.DeepEqual(p.Cmd, want[i]) {
			t.Errorf("command %d = %#v, want %#v", i, p.Cmd, want[i])
		}
	}
	if got[1].Line != 4 || got[1].Col != 3 {
		t.Errorf("challenge at %v, want 4:3", got[1].Pos)
	}
}

// parsesAs checks that each line parses as its command, and that the
// command's canonical text reads back as the same command.
func parsesAs(t *testing.T, cases map[string]notation.Command) {
	t.Helper()
	for line, want := range cases {
		got, err := notation.ParseCommand(line, notation.ParseOptions{Language: lang})
		if err != nil {
			t.Errorf("%q: %v", line, err)
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%q = %#v, want %#v", line, got, want)
		}
		if again, err := notation.ParseCommand(lang.String(got), notation.ParseOptions{Language: lang}); err != nil || !reflect.DeepEqual(again, got) {
			t.Errorf("%q: canonical %q reads back as %#v, %v", line, lang.String(got), again, err)
		}
	}
}

// Challenges of three and four players (Superial Chess R13): the players up
// to the game's name, a side of the game by name.
func TestParseChallengeOfMore(t *testing.T) {
	parsesAs(t, map[string]notation.Command{
		"challenge bob carol dave superial-chess multiplayer as North": {Verb: notation.CmdChallenge, Arg: "bob", Others: []string{"carol", "dave"},
			Game: "superial-chess", Options: []string{"multiplayer"}, As: "north"},
		"challenge bob Carol@X.org superial-chess multiplayer players=3 days 5": {Verb: notation.CmdChallenge, Arg: "bob", Others: []string{"carol@x.org"},
			Game: "superial-chess", Options: []string{"multiplayer", "players=3"}, Clock: "days 5"},
		// A player named like a game is challenged first.
		"challenge initiative superial-chess multiplayer": {Verb: notation.CmdChallenge, Arg: "initiative", Game: "superial-chess", Options: []string{"multiplayer"}},
		"open superial-chess multiplayer as random":       {Verb: notation.CmdOpen, Game: "superial-chess", Options: []string{"multiplayer"}, As: "random"},
	})
}

// "as" reads a side by its name in a game of two as in a game of more, in
// any case, whatever ruleset comes before it: which names the game and
// ruleset have is the club's decision, which knows the ruleset's seats
// (club/challenges), so an unknown name is read too.
func TestParseAsSideNameInGameOfTwo(t *testing.T) {
	parsesAs(t, map[string]notation.Command{
		"challenge alice imperial-chess as Black":                  {Verb: notation.CmdChallenge, Arg: "alice", Game: "imperial-chess", As: "black"},
		"challenge alice conflagration as dark":                    {Verb: notation.CmdChallenge, Arg: "alice", Game: "conflagration", As: "dark"},
		"challenge alice superial-chess vs-chess as black":         {Verb: notation.CmdChallenge, Arg: "alice", Game: "superial-chess", Options: []string{"vs-chess"}, As: "black"},
		"challenge alice superial-chess ruleset=vs-chess as WHITE": {Verb: notation.CmdChallenge, Arg: "alice", Game: "superial-chess", Options: []string{"ruleset=vs-chess"}, As: "white"},
		"open imperial-chess as white days 5":                      {Verb: notation.CmdOpen, Game: "imperial-chess", As: "white", Clock: "days 5"},
		"challenge bob conflagration as third":                     {Verb: notation.CmdChallenge, Arg: "bob", Game: "conflagration", As: "third"},
	})
}

// The clock commands of issue 4: time controls, claims, vacations and the
// reminder setting.
func TestParseClockCommands(t *testing.T) {
	parsesAs(t, map[string]notation.Command{
		"challenge bob initiative bank 7+1/14": {Verb: notation.CmdChallenge, Arg: "bob", Game: "initiative", Clock: "bank 7+1/14"},
		"open conflagration as second Untimed": {Verb: notation.CmdOpen, Game: "conflagration", As: "second", Clock: "untimed"},
		"claim 12":                             {Verb: notation.CmdClaim, ID: 12},
		"challenge bot initiative Level 3":     {Verb: notation.CmdChallenge, Arg: "bot", Game: "initiative", Level: 3},
		"Vacation 10":                          {Verb: notation.CmdVacation, Value: "10"},
		"vacation OFF":                         {Verb: notation.CmdVacation, Value: "off"},
		"set Reminders Digest":                 {Verb: notation.CmdSet, Setting: "reminders", Value: "digest"},
	})
}

// The commands of issue 15: addresses and a new key. "key new" is no key
// (a key has 20 characters), so it cannot be mistaken for one.
func TestParseTrustCommands(t *testing.T) {
	for line, want := range map[string]notation.Command{
		"address":                            {Verb: notation.CmdAddress},
		"Address ADD Alice@Home.Example.NET": {Verb: notation.CmdAddress, Setting: "add", Arg: "alice@home.example.net"},
		"address remove bob@x.org":           {Verb: notation.CmdAddress, Setting: "remove", Arg: "bob@x.org"},
		"key new":                            {Verb: notation.CmdKey, Value: "new"},
		"key NEW":                            {Verb: notation.CmdKey, Value: "new"},
		"key abcdefghjkmnpqrstuvw":           {Verb: notation.CmdKey, Arg: "abcdefghjkmnpqrstuvw"},
		"Key: abcdefghjkmnpqrstuvw":          {Verb: notation.CmdKey, Arg: "abcdefghjkmnpqrstuvw"}, // as a header
	} {
		got, err := notation.ParseCommand(line, notation.ParseOptions{Language: lang})
		if err != nil {
			t.Errorf("%q: %v", line, err)
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%q = %#v, want %#v", line, got, want)
		}
		roundTrip(t, line, false)
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		line   string
		tagged bool
		col    int
		word   string
		msg    string
	}{
		{"mvoe 17 C3-D4", false, 1, "mvoe", `unknown command "mvoe" (did you mean "move"?`},
		{"C3-D4", false, 1, "C3-D4", `unknown command "C3-D4" (to move, write "move ID MOVE"`},
		{"move 17 #x C3-D4", false, 9, "#x", `move number guard "#x"`},
		{"move 17 #", false, 9, "#", `move number guard "#"`},
		{"move 17", false, 9, "", "move needs a move"},
		{"register 9lives", false, 10, "9lives", `"9lives" is not a valid name`},
		{"register", false, 10, "", "missing a player name"},
		{"challenge bob conflagration as days 5", false, 32, "days", `"days" is not a side: "as" takes first, second, a side's name`},
		{"challenge bob conflagration as", false, 32, "", `"as" needs first, second, a side's name (like black or north) or random`},
		{"challenge bob carol superial-chess multiplayer as 3rd", false, 51, "3rd", `"3rd" is not a side`},
		{"challenge bob carol@ superial-chess multiplayer", false, 15, "carol@", `"carol@" is not an email address`},
		{"challenge bob conflagration days 0", false, 34, "0", `"0" is not a number of days`},
		{"challenge bob conflagration days 5 backfire", false, 36, "backfire", `the ruleset and options come before`},
		{"challenge bob@ conflagration", false, 11, "bob@", `"bob@" is not an email address`},
		{"open conflagration =5", false, 20, "=5", `neither a ruleset nor an option`},
		{"status now", false, 8, "now", `unexpected "now" after the command`},
		{"accept 0", false, 8, "0", `"0" is not an ID`},
		{"  games  please", false, 8, "please", `unexpected "please"`},
		{"move 5", true, 8, "", "move needs a move"},
		{"move #3 #4", true, 9, "#4", "needs the game ID first"},
		{"challenge bob initiative bank 7+1/3", false, 31, "7+1/3", "its cap, 3 days, is below its start, 7"},
		{"challenge bob initiative bank 7+1/400", false, 31, "7+1/400", "its cap, 400 days, is over a year"},
		{"challenge bob initiative bank 7-1/14", false, 31, "7-1/14", "is not START+INCREMENT/CAP in whole days"},
		{"challenge bob initiative bank 0+1/14", false, 31, "0+1/14", "is not START+INCREMENT/CAP in whole days"},
		{"challenge bob initiative days 3 untimed", false, 33, "untimed", "the time control is given twice"},
		{"vacation 0", false, 10, "0", "neither a number of days"},
		{"challenge bot initiative level two", false, 32, "two", `"two" is not a level`},
		{"challenge bot initiative level", false, 32, "", `"level" needs a number`},
		{"open initiative level 2", false, 17, "level", `"level" belongs to a challenge to the bot`},
		{"challenge bot conflagration level 2 backfire", false, 37, "backfire", `the ruleset and options come before "level"`},
		{"vacation", false, 10, "", "vacation needs a number of days"},
		{"set colour blue", false, 5, "colour", `"colour" cannot be set`},
		{"set reminders weekly", false, 15, "weekly", `"weekly" is not each, digest or none`},
		{"address frob", false, 9, "frob", `"frob" is neither add nor remove`},
		{"address add", false, 13, "", "address add needs an email address"},
		{"address remove nobody", false, 16, "nobody", `"nobody" is not an email address`},
	} {
		_, err := notation.ParseCommand(tc.line, notation.ParseOptions{Language: lang, Tagged: tc.tagged})
		ce, ok := err.(*notation.CommandError)
		if !ok {
			t.Errorf("%q: got %v, want a *CommandError", tc.line, err)
			continue
		}
		if ce.Col != tc.col || ce.Word != tc.word || !strings.Contains(ce.Msg, tc.msg) {
			t.Errorf("%q: got col %d word %q msg %q; want col %d word %q msg containing %q", tc.line, ce.Col, ce.Word, ce.Msg, tc.col, tc.word, tc.msg)
		}
	}
}

func TestCaret(t *testing.T) {
	_, err := notation.ParseCommand("move 17 #x C3-D4", notation.ParseOptions{Language: lang})
	want := "move 17 #x C3-D4\n        ^"
	if got := err.(*notation.CommandError).Caret(); got != want {
		t.Errorf("caret:\n%s\nwant\n%s", got, want)
	}
	if got := err.Error(); !strings.HasPrefix(got, "1:9: ") {
		t.Errorf("Error() = %q, want a 1:9: prefix", got)
	}
}

func TestTaggedBareMove(t *testing.T) {
	c, err := notation.ParseCommand("C3-D4", notation.ParseOptions{Language: lang, Tagged: true})
	if err != nil || c.Verb != notation.CmdMove || c.Move != "C3-D4" || c.ID != 0 {
		t.Fatalf("got %#v, %v", c, err)
	}
	if _, err := notation.ParseCommand("C3-D4", notation.ParseOptions{Language: lang}); err == nil {
		t.Fatal("bare move accepted without a game tag")
	}
}

func TestTruncated(t *testing.T) {
	body := strings.Repeat("status\n", 5)
	got, trunc := notation.ParseCommands(body, notation.ParseOptions{Language: lang, MaxLines: 3})
	if len(got) != 3 || !trunc {
		t.Fatalf("got %d lines, truncated %v; want 3, true", len(got), trunc)
	}
}

func TestUsageCoversVerbs(t *testing.T) {
	if len(lang.Specs()) == 0 {
		t.Fatal("the club's language has no verbs")
	}
	for _, s := range lang.Specs() {
		if !strings.HasPrefix(s.Usage, string(s.Verb)) {
			t.Errorf("usage of %s is %q", s.Verb, s.Usage)
		}
	}
}

// roundTrip checks parse → String → parse for one line.
func roundTrip(t *testing.T, line string, tagged bool) {
	c, err := notation.ParseCommand(line, notation.ParseOptions{Language: lang, Tagged: tagged})
	if err != nil {
		if _, ok := err.(*notation.CommandError); !ok {
			t.Fatalf("%q: error of type %T", line, err)
		}
		return
	}
	s := lang.String(c)
	c2, err := notation.ParseCommand(s, notation.ParseOptions{Language: lang, Tagged: tagged})
	if err != nil {
		t.Fatalf("%q → %q: %v", line, s, err)
	}
	if !reflect.DeepEqual(c, c2) {
		t.Fatalf("%q → %q: %#v != %#v", line, s, c, c2)
	}
	if s2 := lang.String(c2); s2 != s {
		t.Fatalf("String not stable: %q then %q", s, s2)
	}
}

var seeds = []string{
	"register alice", "key abcd1234", "help", "help move", "rules conflagration", "games", "status",
	"challenge bob conflagration", "challenge Bob@Example.ORG initiative as random days 7",
	"challenge bob superial-chess standard clock=off as second", "open imperial-chess days 3 as first",
	"challenge bob carol Dave@X.org superial-chess multiplayer as North days 4", "open superial-chess multiplayer players=3 as west",
	"accept 12", "decline 3", "cancel 4", "cancel", "cancel cup", "CANCEL Cup the server lost a week", "move 17 #12 C3-D4", "move C3-D4", "move 17 a1 b2 c3",
	"preview 2 C3xD4", "moves", "moves 9", "board 1", "record 7", "resign", "draw 17",
	"claim 3", "claim", "vacation 12", "vacation off", "set reminders digest", "challenge bob initiative bank 7+1/14 as first", "open conflagration untimed",
	"challenge bot conflagration mosey level 3 as second days 2",
	"observe 5", "unobserve 5", "C3-D4", "12 C3", "#4 C3", "MOVE 1 #1 ü", "Δ x", "move\t1\t#2\tx",
	"address", "address add alice@home.example.net", "ADDRESS Remove Bob@X.org", "key new", "KEY New", "key newer",
	"if e5 Nf3", "if 17 C3-D4 E5-F6 A1-A2 B1-B2", "IF clear", "if 3 clear", "if", "if 4", "conditions", "conditions 9",
	"preview if e5 Nf3", "preview 2 if throw c4 Wx d1-d2", "say Good luck,  have fun!", "SAY 12 moves to mate", "note clear",
	"note knight to f5 next", "if clear e4", "if e4", "set publish-messages OFF", "set publish-conditions on",
}

func TestRoundTrip(t *testing.T) {
	for _, s := range seeds {
		roundTrip(t, s, false)
		roundTrip(t, s, true)
	}
}

func FuzzCommand(f *testing.F) {
	for _, s := range seeds {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, line string, tagged bool) {
		if strings.ContainsAny(line, "\r\n") {
			return
		}
		roundTrip(t, line, tagged)
	})
}

// FuzzCommands checks that every line of any body yields a command or an
// error with a position inside the body.
func FuzzCommands(f *testing.F) {
	f.Add("register alice\nmove 1 #2 x\n> q\n--\nhelp", true)
	f.Add(strings.Join(seeds[:8], "\n"), false)
	f.Fuzz(func(t *testing.T, body string, tagged bool) {
		lines := strings.Split(body, "\n")
		got, _ := notation.ParseCommands(body, notation.ParseOptions{Language: lang, Tagged: tagged})
		for _, p := range got {
			if p.Line < 1 || p.Line > len(lines) {
				t.Fatalf("line %d outside the body", p.Line)
			}
			if p.Prose {
				if p.Err != nil || p.Cmd.Verb != "" {
					t.Fatalf("prose line %q with a command or an error", p.Text)
				}
				continue
			}
			if p.Err != nil {
				if p.Err.Col < 1 || p.Err.Col > len([]rune(p.Err.Text))+2 {
					t.Fatalf("%q: column %d outside the line", p.Err.Text, p.Err.Col)
				}
				continue
			}
			if s := lang.String(p.Cmd); strings.Contains(s, "\n") {
				roundTripBody(t, s)
			} else {
				roundTrip(t, s, true)
			}
		}
	})
}

func ExampleParseCommands() {
	body := "move 17 #12 C3-D4\nresign 18\nmvoe 3"
	cmds, _ := notation.ParseCommands(body, notation.ParseOptions{Language: lang})
	for _, p := range cmds {
		if p.Err != nil {
			fmt.Println("error:", p.Err)
			continue
		}
		fmt.Println(lang.String(p.Cmd))
	}
	// Output:
	// move 17 #12 C3-D4
	// resign 18
	// error: 3:1: unknown command "mvoe" (did you mean "move"? "help" lists every command)
}
