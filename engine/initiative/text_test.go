package initiative

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"postal/engine"
	"postal/engine/enginetest"
)

var seedMoves = []string{
	"My", "My sac Mk up", "Sb call", "Sb sac Lr down call", "vLb", "vSb call", "  mb  SAC lr UP ", "Lb sac Sg",
	"draft", "draft M", "draw", "draw M", "place row 2", "take row 3", "take row 1 return Mb", "TAKE ROW 2 RETURN lk",
	"stack bgkyr", "drafter first", "lead second", "die M/L draw Lb", "die S/M", "draw Mb", "die s draw sb",
	"", "Xb", "My sac", "My sac Mk sideways", "place row 4", "take row", "die Q", "stack bgkyb", "vLbb",
}

func FuzzParseMove(f *testing.F) {
	for _, s := range seedMoves {
		f.Add(s)
	}
	var positions []engine.Position
	for _, pos := range perftPositions(f) {
		positions = append(positions, pos)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, pos := range positions {
			for _, p := range []engine.Player{engine.First, engine.Second, engine.Chance} {
				m, err := pos.ParseMove(p, text)
				if err != nil {
					if _, ok := err.(*engine.SyntaxError); !ok {
						t.Fatalf("%q: %T %v, want a *SyntaxError", text, err, err)
					}
					continue
				}
				back, err := pos.ParseMove(p, m.String())
				if err != nil {
					t.Fatalf("%q reads as %q, which does not parse: %v", text, m, err)
				}
				if back.String() != m.String() {
					t.Fatalf("%q reads as %q, which reads back as %q", text, m, back)
				}
				_, _ = pos.Apply(p, m) // must not panic
			}
		}
	})
}

func FuzzParsePosition(f *testing.F) {
	for _, pos := range perftPositions(f) {
		f.Add(pos.String())
	}
	f.Add(perftPummel)
	f.Add(moves(f, deal(f, newGame(f), basicAlison, basicKristin, "first"), basicPlay...).String())
	f.Add("initiative draft=yes stack=random stage=stack ply=0 bag=- inv1=- inv2=- last=-")
	g := Game{}
	f.Fuzz(func(t *testing.T, text string) {
		pos, err := g.ParsePosition(text)
		if err != nil {
			return
		}
		back, err := g.ParsePosition(pos.String())
		if err != nil {
			t.Fatalf("%q reads as %q, which does not parse: %v", text, pos, err)
		}
		if back.String() != pos.String() {
			t.Fatalf("%q reads as %q, which reads back as %q", text, pos, back)
		}
		for _, p := range pos.ToMove() {
			_ = pos.Legal(p) // must not panic
		}
		_ = pos.ASCII()
		_ = pos.Picture()
	})
}

func TestParseMoveErrors(t *testing.T) {
	pos := newGame(t)
	for _, c := range []struct {
		p    engine.Player
		text string
		off  int
	}{
		{engine.First, "", 0},
		{engine.First, "Xb", 0},
		{engine.First, "My sac", 6},
		{engine.First, "My sac Qq", 7},
		{engine.First, "My sac Mk sideways", 10},
		{engine.First, "My call now", 8},
		{engine.First, "place row 4", 10},
		{engine.First, "take rows 1", 5},
		{engine.First, "take row 1 keep Mb", 11},
		{engine.First, "draw X", 5},
		{engine.Chance, "stack bgkyb", 6},
		{engine.Chance, "die Q", 4},
		{engine.Chance, "die S take Sb", 6},
		{engine.Chance, "lead third", 5},
		{engine.Chance, "My", 0},
	} {
		_, err := pos.ParseMove(c.p, c.text)
		se, ok := err.(*engine.SyntaxError)
		if !ok {
			t.Errorf("%q: %v, want a syntax error", c.text, err)
			continue
		}
		if se.Offset != c.off {
			t.Errorf("%q: offset %d (%s), want %d", c.text, se.Offset, se.Msg, c.off)
		}
	}
	for _, s := range seedMoves[:21] {
		p := engine.First
		if strings.Contains("stack drafter lead die draw Mb", strings.Fields(s)[0]) && (strings.HasPrefix(s, "stack") ||
			strings.HasPrefix(s, "drafter") || strings.HasPrefix(s, "lead") || strings.HasPrefix(strings.ToLower(s), "die") || s == "draw Mb") {
			p = engine.Chance
		}
		m, err := pos.ParseMove(p, s)
		if err != nil {
			t.Errorf("%q: %v", s, err)
			continue
		}
		if back, _ := pos.ParseMove(p, m.String()); back == nil || back.String() != m.String() {
			t.Errorf("%q -> %q does not round-trip", s, m)
		}
	}
	m, _ := pos.ParseMove(engine.First, "  mb  SAC lr UP ")
	if m.String() != "Mb sac Lr up" {
		t.Errorf("canonical %q", m)
	}
}

func TestParsePositionErrors(t *testing.T) {
	for _, text := range []string{
		"", "chess", "initiative draft=no",
		strings.Replace(perftSacParry, "stage=parry", "stage=attack", 1),
		strings.Replace(perftSacParry, "inv1=SbSg", "inv1=SbSb", 1),
		strings.Replace(perftSacParry, "turn=4", "turn=11", 1),
		strings.Replace(perftSacParry, "last=second:Mk", "last=second:Mk extra=1", 1),
		strings.Replace(perftDraft, "mover=first", "mover=second", 1),
		perftSacParry + " round=1",
	} {
		if _, err := (Game{}).ParsePosition(text); err == nil {
			t.Errorf("accepted %q", text)
		}
	}
}

func TestGolden(t *testing.T) {
	start := newGame(t, "stack=random")
	basic := moves(t, deal(t, newGame(t), basicAlison, basicKristin, "first"), basicPlay[:11]...)
	sac := moves(t, deal(t, newGame(t), sacAlison, sacKristin, "first"), sacPlay[:8]...)
	call := moves(t, deal(t, newGame(t), callAlison, callKristin, "first"), callPlay[:6]...)
	pummel := moves(t, deal(t, newGame(t), pummelWinner, pummelLoser, "first"), pummelPlay[:16]...)
	draft, _ := Game{}.ParsePosition(perftDraft)
	round2 := moves(t, deal(t, newGame(t), basicAlison, basicKristin, "first"), basicPlay...)
	if !strings.Contains(round2.ASCII(), "Round 1 as it ended:") || moves(t, round2, "Sb").ASCII() == round2.ASCII() {
		t.Error("round one's rows must show until round two's first play")
	}
	over := moves(t, deal(t, newGame(t), basicAlison, basicKristin, "first"), append(append([]string{}, basicPlay...), basicPlay...)...)
	for name, pos := range map[string]engine.Position{"start": start, "basic": basic, "sacrifice": sac, "call": call,
		"pummel": pummel, "draft": draft, "round2": round2, "over": over} {
		ascii := pos.ASCII()
		for _, l := range strings.Split(ascii, "\n") {
			if len(l) > 78 {
				t.Errorf("%s: line longer than 78 columns: %q", name, l)
			}
		}
		enginetest.Golden(t, name+".txt", []byte(ascii))
		svg := pos.Picture().SVG()
		enginetest.Golden(t, name+".svg", svg)
		if os.Getenv("INITIATIVE_SVG") != "" {
			_ = os.WriteFile("/tmp/initiative-"+name+".svg", svg, 0o644)
		}
	}
}

// Example plays the first turns of the seed's sacrifice example from text.
func Example() {
	_, _, pos, _ := engine.New("initiative", engine.Config{Options: map[string]string{"stack": "bgkyr"}})
	play := func(p engine.Player, text string) {
		next, _, err := engine.Play(pos, p, text)
		if err != nil {
			fmt.Println(err)
			return
		}
		pos = next
	}
	for _, w := range strings.Fields(sacAlison + " " + sacKristin) {
		play(engine.Chance, "die "+w[:1]+" draw "+w)
	}
	play(engine.Chance, "lead first")
	play(engine.First, "Mb")
	play(engine.Second, "Mg")
	play(engine.First, "Lb")
	play(engine.Second, "Lg")
	play(engine.First, "My sac Mk up")
	play(engine.Second, "Lg") // refused: a medium must be met by a medium (R7)
	play(engine.Second, "Mb")
	fmt.Print(pos.ASCII())
	// Output:
	// illegal move Lg: you hold a medium pyramid, so you must parry with one
	// Initiative - round 1 of 2, turn 4 of 10
	// To move: Second has the initiative and attacks
	// Last move: Second: Mb
	// Stack, top to bottom: 1 b blue  2 y yellow  3 g green  4 k black  5 r red
	// Start order: bgkyr   Calls: 0   Virtual: First 0, Second 0
	// Totals: First 0, Second 0
	//
	// Turn             1     2     3     4     5     6     7     8     9    10
	// First  play    *Mb   *Lb   *My
	//        sac                  Mk
	// Second play     Mg    Lg    Mb
	//        sac
	//
	// First  holds  6: Sb Sg My Mr Mr Lr
	// Second holds  7: Mg Mk Lg Lk Lk Ly Ly
	// Legend: S M L small medium large (1 2 3 pips); b g k y r blue green
	// black yellow red; * attack, ! colour called, v virtual play (pummel),
	// sac: the pyramid sacrificed under the one played.
}
