package imperialshuffle

import (
	"fmt"
	"testing"

	"postal/engine"
	"postal/engine/enginetest"
)

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{
		"d1", "a3 revive c2", "NE", "sw", " C3  REVIVE  A4 ", "setup random",
		exampleYellow, exampleBlue, "setup CgNbCyCr/CbNgCgHr/NyNbEyCy/CrNgCbNy",
		"setup Cg Nb Cy Cr/Cb Ng Cg/Ny Nb Ey Cy/Cr Ng Cb Ny", "c3 revive", "e5", "",
	} {
		f.Add(s)
	}
	positions := []engine.Position{start(f, nil), parse(f, exampleStart), parse(f, cycleStart), parse(f, midC)}
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
	f.Add(exampleStart)
	f.Add(cycleStart)
	f.Add(midA)
	f.Add(midB)
	f.Add(midC)
	f.Add("standard nobles=ygb - - setup 0 - -")
	f.Add("standard nobles=ryg - CgCbCbNr/HgCrCyCg/CyNgNyNr/EbCrNyNg random1 2 1:random -")
	f.Add("standard nobles=ygb cgNbCyCr/CbNgCgHr/NyNbnyCy/CrNgCbEy CgCbCbNb/EbCrCyCg/HgNgNyNb/CyCrNyNg move1 4 2:a4-a3+c2xc2a4 a64cda53d2e5,dd4320b83542")
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
			t.Fatalf("%q reads as\n%s\nwhich reads back as\n%s", text, pos, back)
		}
		_ = pos.ASCII()
		_ = pos.Picture()
		for _, p := range pos.ToMove() {
			for _, m := range pos.Legal(p) {
				if _, err := pos.Apply(p, m); err != nil {
					t.Fatalf("listed move %s refused: %v (%s)", m, err, pos)
				}
			}
		}
	})
}

func TestGolden(t *testing.T) {
	cases := map[string]engine.Position{
		"start":    start(t, nil),
		"halfset":  play(t, start(t, nil), "2:"+exampleBlue),
		"drawing":  play(t, start(t, nil), "2:"+exampleBlue, "1:setup random"),
		"exchange": play(t, parse(t, exampleStart), "1:d1", "2:a3 revive c2"),
		"walledin": parse(t, "standard nobles=ygb CgNbCyCr/CbNgCgHr/nynbCyNy/EyngCbCr EbCbCbNb/HgCrCyCg/CyNgNyNb/CgCrNyNg move1 9 2:b4-a4 -"),
	}
	for name, pos := range cases {
		enginetest.Golden(t, name+".txt", []byte(pos.ASCII()))
		enginetest.Golden(t, name+".svg", pos.Picture().SVG())
		for _, line := range splitLines(pos.ASCII()) {
			if len(line) > 78 {
				t.Errorf("%s: line of %d columns: %q", name, len(line), line)
			}
		}
	}
}

func splitLines(s string) []string {
	var out []string
	for len(s) > 0 {
		i := 0
		for i < len(s) && s[i] != '\n' {
			i++
		}
		out = append(out, s[:i])
		if i < len(s) {
			i++
		}
		s = s[i:]
	}
	return out
}

// Example plays the rulings' worked exchange from text.
func Example() {
	_, _, pos, err := engine.New("imperial-shuffle", engine.Config{})
	if err != nil {
		panic(err)
	}
	for _, mv := range []struct {
		p    engine.Player
		text string
	}{
		{engine.First, "setup Cg Nb Cy Cr/Cb Ng Cg Hr/Ny Nb Ey Cy/Cr Ng Cb Ny"},
		{engine.Second, "setup Eb Cb Cb Nb/Hg Cr Cy Cg/Cy Ng Ny Nb/Cg Cr Ny Ng"},
		{engine.First, "d1"},
		{engine.Second, "a3 revive c2"},
	} {
		if pos, _, err = engine.Play(pos, mv.p, mv.text); err != nil {
			panic(err)
		}
	}
	fmt.Print(pos.ASCII())
	// Output:
	// Imperial Shuffle (nobles ygb)
	// Yellow to move
	// Last move: Blue a3 revive c2 (Emperor a4-a3); Yellow lost Ny c2, Cg a4
	//
	//     Yellow (2 dead) to move         Blue (0 dead)
	//        a    b    c    d                a    b    c    d
	//     +----+----+----+----+           +----+----+----+----+
	//   4 |!cg!| Nb | Cy | Cr | 4       4 |(Cg)| Cb | Cb | Nb | 4
	//     +----+----+----+----+           +----+----+----+----+
	//   3 | Cb | Ng | Cg | Hr | 3       3 |[Eb]| Cr | Cy | Cg | 3
	//     +----+----+----+----+           +----+----+----+----+
	//   2 | Ny | Nb |!ny!| Cy | 2       2 | Hg | Ng |*Ny*| Nb | 2
	//     +----+----+----+----+           +----+----+----+----+
	//   1 | Cr | Ng | Cb | Ey | 1       1 | Cy | Cr | Ny | Ng | 1
	//     +----+----+----+----+           +----+----+----+----+
	//        a    b    c    d                a    b    c    d
	//
	// C commoner (small), N noble (medium), H high priest (large), E emperor
	// (large capped); colours r red, y yellow, g green, b blue; lower-case type
	// = dead, lying down. Last move: [Ey] Emperor's new square, (Ny) square it
	// left, *Ny* revived, !ny! killed.
}
