package initiative

import (
	"slices"
	"strings"
	"testing"

	"postal/engine"
)

// bagWithout is the bag's 25 less the pyramids listed.
func bagWithout(t *testing.T, lists ...string) string {
	t.Helper()
	var m multiset
	for k := range m {
		m[k] = bagCopies(piece(k))
	}
	for _, l := range lists {
		for _, w := range strings.Fields(l) {
			pc, ok := parsePiece(w)
			if !ok || m[pc] == 0 {
				t.Fatalf("cannot take %q from the bag", w)
			}
			m[pc]--
		}
	}
	return m.String()
}

func compact(l string) string {
	var m multiset
	for _, w := range strings.Fields(l) {
		pc, _ := parsePiece(w)
		m[pc]++
	}
	return m.String()
}

func draftPos(t *testing.T, inv1, inv2, rows, pass, mover string) engine.Position {
	t.Helper()
	text := "initiative draft=yes stack=bgkyr start=bgkyr cur=bgkyr stage=draft ply=50 bag=" +
		bagWithout(t, inv1, inv2, strings.NewReplacer("/", " ", "x", "", ".", "").Replace(spaced(rows))) +
		" inv1=" + compact(inv1) + " inv2=" + compact(inv2) + " rows=" + rows + " pass=" + pass + " mover=" + mover + " last=-"
	pos, err := Game{}.ParsePosition(text)
	if err != nil {
		t.Fatal(err)
	}
	return pos
}

// spaced writes "MbLk/x./Sg" as "Mb Lk / x. / Sg" for bagWithout.
func spaced(rows string) string {
	var b strings.Builder
	for i := 0; i < len(rows); i++ {
		c := rows[i]
		b.WriteByte(c)
		if c >= 'a' && c <= 'z' && c != 'x' {
			b.WriteByte(' ')
		}
		if c == '/' {
			b.WriteByte(' ')
		}
	}
	return b.String()
}

func TestR13_DraftTurns(t *testing.T) {
	pos := newGame(t, "draft=yes")
	if got := legalTexts(pos, engine.Chance); !slices.Equal(got, []string{"drafter first", "drafter second"}) {
		t.Fatalf("drafter outcomes %v", got)
	}
	pos = do(t, pos, engine.Chance, "drafter first")
	if got := legalTexts(pos, engine.First); !slices.Equal(got, []string{"draft"}) {
		t.Fatalf("first draft moves %v", got)
	}
	illegal(t, pos, engine.First, "take row 1", "row 1 is empty")
	pos = do(t, pos, engine.First, "draft")
	ls := legalTexts(pos, engine.Chance)
	if !slices.Contains(ls, "die S/M") || !slices.Contains(ls, "die M draw Mb") || slices.Contains(ls, "die S/M draw Sb") {
		t.Errorf("roll outcomes %v", ls)
	}
	pos = moves(t, pos, "die M draw Mb")
	if got := legalTexts(pos, engine.First); !slices.Equal(got, []string{"place row 1", "place row 2", "place row 3"}) {
		t.Errorf("places %v", got)
	}
	pos = moves(t, pos, "place row 1")
	if got := legalTexts(pos, engine.Second); !slices.Equal(got, []string{"draft", "take row 1"}) {
		t.Errorf("second's moves %v", got)
	}
	// A two-size face: the drafter names the size.
	pos = moves(t, pos, "draft", "die S/L")
	if !slices.Equal(pos.ToMove(), []engine.Player{engine.Second}) {
		t.Fatalf("to move %v", pos.ToMove())
	}
	illegal(t, pos, engine.Second, "draft M", "the die shows S/L, not M")
	pos = moves(t, pos, "draft L")
	if got := legalTexts(pos, engine.Chance); len(got) != 5 || got[0] != "draw Lb" {
		t.Errorf("large draws %v", got)
	}
	pos = moves(t, pos, "draw Lk", "place row 1")
	illegal(t, pos, engine.First, "place row 1", "draw a pyramid (draft) or take a row")
	// First takes row 1: it closes and First passes until Second takes.
	pos = moves(t, pos, "take row 1")
	p := ip(pos)
	if p.inv[0].list() != "Mb Lk" || !p.closed[0] || !p.passed[0] || p.mover != engine.Second {
		t.Fatalf("after take: %s", pos)
	}
	pos = moves(t, pos, "draft", "die S draw Sg")
	illegal(t, pos, engine.Second, "place row 1", "row 1 is closed")
	pos = moves(t, pos, "place row 2")
	if !slices.Equal(pos.ToMove(), []engine.Player{engine.Second}) {
		t.Fatal("Second must go on while First has passed")
	}
	pos = moves(t, pos, "take row 2")
	p = ip(pos)
	if p.closed != [3]bool{} || p.passed != [2]bool{} || p.mover != engine.First {
		t.Errorf("rows must reopen after both took: %s", pos)
	}
}

// TestR13_OldDraftSpelling: records of rules version 1 wrote the draft move
// "draw" and "draw M"; they still read, as "draft" and "draft M".
func TestR13_OldDraftSpelling(t *testing.T) {
	pos := do(t, newGame(t, "draft=yes"), engine.Chance, "drafter first")
	for old, now := range map[string]string{"draw": "draft", "DRAW m": "draft M", "draft": "draft"} {
		m, err := pos.ParseMove(engine.First, old)
		if err != nil || m.String() != now {
			t.Errorf("%q reads as %v, %v; want %q", old, m, err, now)
		}
	}
}

func TestR13_MustTakeWhenNoRoom(t *testing.T) {
	pos := draftPos(t, "Sb Sg", "Sk Sy", "MbLk/MgLg/MyLy", "-", "first")
	illegal(t, pos, engine.First, "draft", "you must take a row")
	if got := legalTexts(pos, engine.First); !slices.Equal(got, []string{"take row 1", "take row 2", "take row 3"}) {
		t.Errorf("moves %v", got)
	}
	pos = draftPos(t, "Sb Sg", "Sk Sy", "MbLk/xMg/MyLy", "second", "first")
	illegal(t, pos, engine.First, "take row 2", "closed")
}

func TestR14_StopAtTenSurplusAndLeftovers(t *testing.T) {
	pos := draftPos(t, "Sb Sg Mb Mg Mk My Mr Lb Lg", "Sk Sy Sr Mb Mg", "MkLk/My/.", "-", "first")
	illegal(t, pos, engine.First, "take row 1", "name one to return")
	illegal(t, pos, engine.First, "take row 2 return My", "nothing returns")
	illegal(t, pos, engine.First, "take row 1 return Ly", "no large yellow")
	ls := legalTexts(pos, engine.First)
	want := []string{"draft", "take row 2"}
	for _, k := range []string{"Sb", "Sg", "Mb", "Mg", "Mk", "My", "Mr", "Lb", "Lg", "Lk"} {
		want = append(want, "take row 1 return "+k)
	}
	slices.Sort(want)
	if !slices.Equal(ls, want) {
		t.Errorf("moves %v\nwant %v", ls, want)
	}
	pos = moves(t, pos, "take row 1 return Sb")
	p := ip(pos)
	if p.inv[0].total() != 10 || p.inv[0][mkPiece(0, 0)] != 0 || p.bag[mkPiece(0, 0)] != 1 || p.mover != engine.Second || !p.closed[0] {
		t.Fatalf("after the surplus take: %s", pos)
	}
	// First has stopped: Second drafts alone, and rows reopen after each take.
	pos = moves(t, pos, "take row 2")
	if p := ip(pos); p.mover != engine.Second || p.closed != [3]bool{} {
		t.Errorf("after Second's take: %s", pos)
	}
	// The last take: leftovers go back to the bag, then the leader is drawn.
	pos = draftPos(t, "Sb Sg Mb Mg Mk My Mr Lb Lg Lk", "Sk Sy Sr Mb Mg Mk My Mr Lr", "LyLr/Ly/.", "-", "second")
	pos = moves(t, pos, "take row 2")
	p = ip(pos)
	if p.st != stLead || p.bag.String() != bagWithout(t, "Sb Sg Mb Mg Mk My Mr Lb Lg Lk", "Sk Sy Sr Mb Mg Mk My Mr Lr Ly") {
		t.Errorf("end of draft: %s", pos)
	}
	pos = moves(t, pos, "lead second")
	if !slices.Equal(pos.ToMove(), []engine.Player{engine.Second}) {
		t.Errorf("to move %v", pos.ToMove())
	}
}
