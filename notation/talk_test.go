package notation_test

import (
	"postal/notation"
	"reflect"
	"strings"
	"testing"
)

// roundTripBody checks String → ParseCommands → String for a command whose
// canonical form is a whole body (a say of several lines).
func roundTripBody(t *testing.T, body string) {
	t.Helper()
	got, _ := notation.ParseCommands(body, notation.ParseOptions{Language: lang, Tagged: true})
	if len(got) != 1 || got[0].Err != nil {
		t.Fatalf("%q reads as %+v", body, got)
	}
	if s := lang.String(got[0].Cmd); s != body {
		t.Fatalf("%q → %q", body, s)
	}
}

func TestTalkCommands(t *testing.T) {
	for _, tc := range []struct {
		line string
		want notation.Command
	}{
		{"if e5 Nf3", notation.Command{Verb: notation.CmdIf, Move: "e5 Nf3"}},
		{"if 17 c2 revive a4  b1-b2", notation.Command{Verb: notation.CmdIf, ID: 17, Move: "c2 revive a4 b1-b2"}},
		{"if clear", notation.Command{Verb: notation.CmdIf, Setting: "clear"}},
		{"if 4 CLEAR", notation.Command{Verb: notation.CmdIf, ID: 4, Setting: "clear"}},
		{"if", notation.Command{Verb: notation.CmdIf}},
		{"conditions 3", notation.Command{Verb: notation.CmdConditions, ID: 3}},
		{"preview 2 if e5 Nf3", notation.Command{Verb: notation.CmdPreview, ID: 2, Setting: "if", Move: "e5 Nf3"}},
		{"say  Nice move, Ä!  {really}", notation.Command{Verb: notation.CmdSay, Text: "Nice move, Ä!  {really}"}},
		{"say 3 moves to mate", notation.Command{Verb: notation.CmdSay, Text: "3 moves to mate"}},
		{"note watch the f-file", notation.Command{Verb: notation.CmdNote, Text: "watch the f-file"}},
		{"note Clear", notation.Command{Verb: notation.CmdNote, Setting: "clear"}},
	} {
		c, err := notation.ParseCommand(tc.line, notation.ParseOptions{Language: lang, Tagged: true})
		if err != nil || !reflect.DeepEqual(c, tc.want) {
			t.Errorf("%q: %#v, %v; want %#v", tc.line, c, err, tc.want)
		}
	}
}

// A parse error points at the word: the ID before a move that starts with
// a number, a line of one move, an empty say, a message too long.
func TestTalkErrors(t *testing.T) {
	for _, tc := range []struct {
		line string
		col  int
		msg  string
	}{
		{"if 12", 0, ""}, // the list of game 12's conditions
		{"if e5", 7, "if needs a move of the others and your answer"},
		{"if #3 e4", 4, "needs the game ID first"},
		{"if 0 e4 e5", 4, "is not an ID"},
		{"say", 1, "say needs a text"},
		{"  note", 1, "note needs a text"},
		{"say " + strings.Repeat("x", notation.MaxText+1), 1, "2001 characters long; the most is 2000"},
		{"preview if e4", 0, ""},
		{"preview 3 if", 14, "preview needs the moves of a line"},
		{"conditions e4", 12, "unexpected \"e4\""},
	} {
		_, err := notation.ParseCommand(tc.line, notation.ParseOptions{Language: lang, Tagged: true})
		if tc.msg == "" {
			if err != nil {
				t.Errorf("%q: %v", tc.line, err)
			}
			continue
		}
		ce, ok := err.(*notation.CommandError)
		if !ok || ce.Col != tc.col || !strings.Contains(ce.Msg, tc.msg) {
			t.Errorf("%q: %v; want column %d and %q", tc.line, err, tc.col, tc.msg)
		}
	}
}

// A bare say takes the lines below it up to an empty line; quoted lines
// and the signature end it too. Its lines are not read as commands.
func TestSayBlock(t *testing.T) {
	body := "e4\nsay\nGood game so far.\n  resign is not a command here\n\nresign\nsay\n\nnote\nremember\n> quoted\nsay hi"
	got, _ := notation.ParseCommands(body, notation.ParseOptions{Language: lang, Tagged: true})
	var verbs []string
	for _, p := range got {
		if p.Err != nil {
			verbs = append(verbs, "error:"+p.Err.Msg[:8])
			continue
		}
		verbs = append(verbs, string(p.Cmd.Verb))
	}
	if want := []string{"move", "say", "resign", "error:say need", "note", "say"}; !reflect.DeepEqual(verbs, want) {
		t.Fatalf("verbs %q, want %q", verbs, want)
	}
	if s := got[1].Cmd.Text; s != "Good game so far.\nresign is not a command here" {
		t.Errorf("say text %q", s)
	}
	if got[1].Line != 2 || got[2].Line != 6 {
		t.Errorf("lines %d, %d", got[1].Line, got[2].Line)
	}
	if s := got[4].Cmd.Text; s != "remember" {
		t.Errorf("note text %q", s)
	}
	roundTripBody(t, lang.String(got[1].Cmd))
	long := "say\n" + strings.Repeat("y", notation.MaxText) + "\nz"
	if got, _ := notation.ParseCommands(long, notation.ParseOptions{Language: lang}); len(got) != 1 || got[0].Err == nil || !strings.Contains(got[0].Err.Msg, "2002 characters") {
		t.Errorf("a long block: %+v", got)
	}
}

// FuzzTalk: any text said, on one line or several, reads back as said.
func FuzzTalk(f *testing.F) {
	f.Add("say", "Good luck!\nand have fun")
	f.Add("note", "knight to f5")
	f.Add("if", "e5 Nf3 Nc6 Bb5")
	f.Fuzz(func(t *testing.T, verb, text string) {
		body := verb + " " + text
		if strings.Contains(text, "\n") {
			body = verb + "\n" + text
		}
		got, _ := notation.ParseCommands(body, notation.ParseOptions{Language: lang, Tagged: true})
		for _, p := range got {
			if p.Err != nil {
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
