package conflagration

import (
	"fmt"
	"strings"
	"testing"

	"postal/engine"
	"postal/engine/enginetest"
)

var fuzzPositions = []string{
	"conflagration 4 1LD1/LD1LD/D1LD1L/1LD1LD1/D1LD1L/LD1LD/1LD1 L 0 -",
	"keep-a-riding 4 1LDD/1LDD1/1LL3/1L1DDL1/1L3D/1D1L1/1LD1 L 18 D4xG4",
	"backfire 6 L1DD2/1DL2L1/DL1LL1L1/L2L1DD1D/1LD1L5/LL1DL4DL/1D2DL1LD1/2DD1DD1D/DL2L1DD/1D3L1/2LL2 L 16 F1xH3",
	"shakattrition-misere 5 1DLLD/1DD1DL/LLD1LD1/LL3L1D/DDD3D2/L2D2LL/1LDD3/DLL2L/2LLD L 26 F3-F8",
	"mosey 5 ld1ld/d1ld1l/1ld1ld1/ld1ld1ld/d1ld1ld1l/ld1ld1ld/1ld1ld1/d1ld1l/ld1ld d 3 c3xf3",
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"C3-D4", "C3xF3", "e5-f6", " K11xA1 ", "I9XE9", "C10-C11", "C3", "C3-", "x", "B0-B1", "A1-A1 A2"} {
		f.Add(s)
	}
	for _, text := range fuzzPositions {
		p, err := parsePosition(text)
		if err != nil {
			f.Fatal(err)
		}
		for _, m := range p.Legal(p.turn) {
			f.Add(m.String())
		}
	}
	p := newStart(rsConflagration, 6)
	f.Fuzz(func(t *testing.T, text string) {
		m, err := p.ParseMove(engine.First, text)
		if err != nil {
			var se *engine.SyntaxError
			if !asSyntax(err, &se) || se.Offset < 0 || se.Offset > len(text) {
				t.Fatalf("%q: bad error %v", text, err)
			}
			return
		}
		back, err := p.ParseMove(engine.First, m.String())
		if err != nil || back.String() != m.String() {
			t.Fatalf("%q -> %q -> %v, %v", text, m, back, err)
		}
		// Apply never panics, whatever the cells.
		_, _ = p.Apply(engine.First, m)
	})
}

func asSyntax(err error, se **engine.SyntaxError) bool {
	s, ok := err.(*engine.SyntaxError)
	*se = s
	return ok
}

func FuzzParsePosition(f *testing.F) {
	for _, s := range fuzzPositions {
		f.Add(s)
	}
	f.Add("conflagration 4 4/5/6/3L3/6/5/4 D 1 B2xE5")
	f.Add("dont-mosey 6 11/11/11/11/11/11/11/11/11/11/11 L 0 -")
	f.Fuzz(func(t *testing.T, text string) {
		p, err := Game{}.ParsePosition(text)
		if err != nil {
			return
		}
		s := p.String()
		q, err := Game{}.ParsePosition(s)
		if err != nil || q.String() != s {
			t.Fatalf("%q -> %q -> %v, %v", text, s, q, err)
		}
		_ = p.Result()
		_ = p.ASCII()
	})
}

// TestGolden pins the ASCII and SVG drawings of a few positions.
func TestGolden(t *testing.T) {
	for _, c := range []struct{ name, text string }{
		{"start", "conflagration 4 1LD1/LD1LD/D1LD1L/1LD1LD1/D1LD1L/LD1LD/1LD1 L 0 -"},
		{"backfire5", "backfire 5 LD1LD/D1LD1L/1LD1LD1/LD1LD1LD/D1LD1LD1L/1D1LD1LD/1LD1LD1/L1LD1L/LD1LD D 1 A4xA2"},
		{"keepariding4", "keep-a-riding 4 1LDD/1LDD1/1LL3/1L1DDL1/1L3D/1D1L1/1LD1 L 18 D4xG4"},
		{"dontmosey6", "dont-mosey 6 2D2D/1LL1D2/DL1LLLDL/L1DD1L2D/1DL1DD1D2/DL1LL1DDL1L/1DLLDD2L1/D2DD1D1L/3L4/LD2DL1/2DLD1 L 22 A3xA4"},
		{"over", "conflagration 4 4/5/6/3L3/6/5/4 D 1 B2xE5"},
	} {
		p := parse(t, c.text)
		a := p.ASCII()
		for i, line := range strings.Split(a, "\n") {
			if len(line) > 78 {
				t.Errorf("%s: line %d is %d columns wide", c.name, i+1, len(line))
			}
		}
		enginetest.Golden(t, c.name+".txt", []byte(a))
		pic := p.Picture()
		if pic.Width < 400 || pic.Width > 480 || pic.Title == "" {
			t.Errorf("%s: picture %gx%g %q", c.name, pic.Width, pic.Height, pic.Title)
		}
		enginetest.Golden(t, c.name+".svg", pic.SVG())
	}
}

// TestRoundTrips checks texts of the start positions and their moves.
func TestRoundTrips(t *testing.T) {
	for rs := ruleset(0); rs < numRulesets; rs++ {
		for _, order := range []int{4, 5, 6} {
			p := newStart(rs, order)
			enginetest.RoundTrip(t, Game{}, p)
			enginetest.MoveRoundTrip(t, p)
		}
	}
}

// Example plays the first moves of a Backfire game on Order 5 from text.
func Example() {
	_, _, pos, err := engine.New("conflagration", engine.Config{Ruleset: "backfire", Options: map[string]string{"order": "5"}})
	if err != nil {
		panic(err)
	}
	fmt.Println(len(pos.Legal(engine.First)), "moves at the start")
	for _, text := range []string{"a4xa2", "B1xA1"} {
		pos, _, err = engine.Play(pos, pos.ToMove()[0], text)
		if err != nil {
			panic(err)
		}
	}
	// Dark took Light's A1; D1 can take it back along row 1, so in
	// Backfire D1 must capture rather than step (R9).
	_, _, err = engine.Play(pos, engine.First, "D1-C1")
	fmt.Println(err)
	fmt.Println(pos)
	fmt.Print(pos.ASCII())
	// Output:
	// 99 moves at the start
	// illegal move D1-C1: the piece on D1 can capture, so it must capture: backfire priority
	// backfire 5 LD1LD/D1LD1L/1LD1LD1/LD1LD1LD/D1LD1LD1L/1D1LD1LD/1LD1LD1/L1LD1L/D2LD L 2 B1xA1
	// Conflagration, backfire, Order 5
	// Light (O) to move, move 3
	//
	//          9   O   X   .   O   X
	//        8   X   .   O   X   .   O
	//      7   .   O   X   .   O   X   .
	//    6   O   X   .   O   X   .   O   X
	//  5   X   .   O   X   .   O   X   .   O
	//    4   .   X   .   O   X   .   O   X
	//      3   .   O   X   .   O   X   .
	//        2   O   .   O   X   .   O
	//          1  [X] (.)  .   O   X
	//                A   B   C   D   E   F   G   H   I
	//
	// Last move: B1xA1 by Dark, from ( ) to [ ]
	// Light: 20 pieces in 19 groups, largest 2
	// Dark:  20 pieces in 20 groups, largest 1
	// Legend: O Light, X Dark, . empty cell
}
