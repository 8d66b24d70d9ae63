package imperialchess

import (
	"testing"

	"postal/engine"
)

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"Pa3-a4", "Hd2xf5", "Cb1*b5", "He2-f4 ride Sd2", "Pa11-a12 =Qe1", "Pa11-a12 =K",
		"charge Pa3-a4, Pb3-b4", "deploy 3", "  DEPLOY 10 ", "charge Pa5-a6,Pb5xa6 =Qe1", "pa3-a4", "Pa3-a13"} {
		f.Add(s)
	}
	pos := start(f)
	f.Fuzz(func(t *testing.T, text string) {
		m, err := pos.ParseMove(engine.First, text)
		if err != nil {
			if _, ok := err.(*engine.SyntaxError); !ok {
				t.Fatalf("%q: error %T is not a SyntaxError", text, err)
			}
			return
		}
		back, err := pos.ParseMove(engine.First, m.String())
		if err != nil || back.String() != m.String() {
			t.Fatalf("%q -> %q does not read back: %v", text, m, err)
		}
		pos.Apply(engine.First, m) // must not panic
	})
}

func FuzzParsePosition(f *testing.F) {
	f.Add(start(f).String())
	f.Add(midA)
	f.Add(midB)
	f.Add(midC)
	f.Add(midGame(f).String())
	f.Fuzz(func(t *testing.T, text string) {
		pos, err := Game{}.ParsePosition(text)
		if err != nil {
			return
		}
		back, err := Game{}.ParsePosition(pos.String())
		if err != nil || back.String() != pos.String() {
			t.Fatalf("%q -> %q does not read back: %v", text, pos, err)
		}
	})
}
