package imperialchess

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"postal/engine"
	"postal/engine/enginetest"
)

// chargePos: White pawns a5-f5 face Black pawns a7-f7; each White pawn can
// step to rank 6 and then capture diagonally, so six frontline pieces are
// within one move of a capture (R14). White has nothing on files g-l.
const chargeSetup = "f1 f12 g12 a3>a5' b3>b5' c3>c5' d3>d5' e3>e5' f3>f5' a10>a7' b10>b7' c10>c7' d10>d7' e10>e7' f10>f7'"

func TestR14_ChargeAvailable(t *testing.T) {
	if start(t).ChargeAvailable() {
		t.Error("charge available at the start")
	}
	illegal(t, start(t), "charge Pa3-a4, Pb3-b4", "no charge is available: only 0 frontline pieces")
	pos := mk(t, white, chargeSetup)
	if !pos.ChargeAvailable() || !strings.Contains(pos.ASCII(), "Charge: POSSIBLE (files within a move of a capture: 6 of") {
		t.Fatalf("charge not available:\n%s", pos.ASCII())
	}
	// Black's frontline pawns can capture right now: also a charge.
	if n := pos.st.chargeCount(black); n != 6 {
		t.Errorf("Black has %d charging files, want 6", n)
	}
	// Five are not enough.
	p5 := mk(t, white, "f1>a1 f12 g12 a3>a5' b3>b5' c3>c5' d3>d5' e3>e5' a10>a7' b10>b7' c10>c7' d10>d7' e10>e7'")
	if p5.ChargeAvailable() || p5.st.chargeCount(white) != 5 {
		t.Error("charge available with five files")
	}
}

func TestR14_ChargeIsOneTurn(t *testing.T) {
	pos := mk(t, white, chargeSetup)
	after := play(t, pos, "charge Pa5-a6, Pb5-b6, Pc5-c6, Pd5-d6, Pe5-e6, Ef1-f2")
	if after.ToMove()[0] != black || after.Ply() != pos.Ply()+1 {
		t.Fatal("a charge is one turn")
	}
	if got := after.last.String(); got != "charge Pa5-a6, Pb5-b6, Pc5-c6, Pd5-d6, Pe5-e6, Ef1-f2" {
		t.Errorf("recorded %s", got)
	}
	// A charge may answer a charge: Black's pawns now capture.
	if !after.ChargeAvailable() {
		t.Fatal("Black may not answer with a charge")
	}
	back := play(t, after, "charge Pa7xb6, Pb7xa6, Pc7xd6, Pd7xc6, Pe7xe6, Pf7-f6, Mg12-g11")
	if back.st.pool.has(sq(t, "a3")) == false || !strings.Contains(back.ASCII(), "[") {
		t.Error("Black's charge")
	}
	// Order matters: each sub-move is legal when made.
	if got := play(t, pos, "charge Pf5-f6, Pb5-b6, Pa5-a6, Pe5-e6, Pd5-d6, Pc5-c6").last.String(); got != "charge Pf5-f6, Pb5-b6, Pa5-a6, Pe5-e6, Pd5-d6, Pc5-c6" {
		t.Errorf("written order lost: %s", got)
	}
}

func TestR14_ChargeRules(t *testing.T) {
	pos := mk(t, white, chargeSetup)
	illegal(t, pos, "charge Pa5-a6, Pb5-b6", "file f is skipped but the Emperor on f1 can still move")
	illegal(t, pos, "charge Pa5-a6, Pa6xb7", "file a has already charged")
	illegal(t, pos, "charge Pa5-a6, Pb5-b6, Pc5-c6, Pd5-d6, Pe5-e6, Pf5-f7", "sub-move 6 (Pf5-f7)")
	illegal(t, pos, "charge Pa5-a6, Pb5-b6, Pc5-c6, Pd5-d6, Pe5-e6, Pf5-f6, Ef1-f2", "file f has already charged")
	// File f may be skipped when none of its pieces can move any more.
	pos2 := mk(t, white, "f1>a1 f12 g12 b1>a2 a3>a5' b3>b5' c3>c5' d3>d5' e3>e5' f3>f5' a10>a7' b10>b7' c10>c7' d10>d7' e10>e7' f10>f6' h10>e4'")
	if !pos2.ChargeAvailable() {
		t.Fatalf("charge not available:\n%s", pos2.ASCII())
	}
	play(t, pos2, "charge Pa5-a6, Pb5-b6, Pc5-c6, Pd5-d6, Pe5xf6")
	illegal(t, pos2, "charge Pa5-a6, Pb5-b6, Pc5-c6, Pd5-d6", "file e is skipped")
	// Rides are not part of a charge.
	pos3 := mk(t, white, chargeSetup+" c1>c2 e1>d2")
	illegal(t, pos3, "charge Nc2-c3 ride Qd2, Pa5-a6", "a ride is not part of a charge")
}

func TestR14_ChargeEndsTheGameAtOnce(t *testing.T) {
	// Black's only Imperial piece is the Emperor on f12; White's Catapult,
	// frontline in file f, shoots it with the first sub-move.
	pos := mk(t, white, "f1 f12 b1>f9 a3>a5' b3>b5' c3>c5' d3>d5' e3>e5' a10>a7' b10>b7' c10>c7' d10>d7' e10>e7'")
	if !pos.ChargeAvailable() {
		t.Fatalf("charge not available:\n%s", pos.ASCII())
	}
	illegal(t, pos, "charge Cf9*f12, Pa5-a6", "the game ended with sub-move 1")
	end := play(t, pos, "charge Cf9*f12")
	if r := end.Result(); r.Kind != engine.Win || r.Winner != white || !strings.Contains(r.Reason, "Black has no piece of the Imperial family") {
		t.Errorf("result %+v", r)
	}
}

func TestR14_ChargeAppliesReplacementAndSuccession(t *testing.T) {
	pos := mk(t, white, chargeSetup+" h3>h11'")
	// Files a-f charge; the g pawn reaches the far rank and brings back a
	// Queen; the new Queen (not on the board at the start) may not move.
	after := play(t, pos, "charge Ph11-h12 =Qe1, Pa5-a6, Pb5-b6, Pc5-c6, Pd5-d6, Pe5-e6, Pf5-f6")
	if after.st.at[sq(t, "e1")] != uint8(sq(t, "h12")) || after.st.at[sq(t, "h3")] != uint8(sq(t, "h3")) {
		t.Fatalf("replacement inside a charge: %s", after)
	}
	illegal(t, pos, "charge Ph11-h12 =Qe1, Qh12-h11, Pa5-a6, Pb5-b6, Pc5-c6, Pd5-d6, Pe5-e6, Pf5-f6", "was not on the board when the charge began")
}

func TestR17_NoCheckNoCastling(t *testing.T) {
	// White's Emperor stands attacked by a Rook; White may ignore it, and
	// may even step onto another attacked square.
	pos := mk(t, white, "f1 f12 g12 a12>a1 a3")
	play(t, pos, "Pa3-a4")
	play(t, pos, "Ef1-e1")
	if _, err := pos.ParseMove(white, "O-O"); err == nil {
		t.Error("castling parsed")
	}
}

func TestR18_NoImperialFamilyLoses(t *testing.T) {
	pos := mk(t, white, "f1>f6 f12>f5 g12 a3")
	if r := play(t, pos, "Ef6xf5").Result(); r.Over() {
		t.Fatalf("over with a Black Empress left: %+v", r)
	}
	pos = play(t, pos, "Pa3-a4", "Ef5xf6")
	if r := pos.Result(); r.Kind != engine.Win || r.Winner != black || r.Reason != "White has no piece of the Imperial family left" {
		t.Errorf("result %+v", r)
	}
	if pos.ToMove() != nil || pos.Legal(white) != nil {
		t.Error("moves after the end")
	}
	illegal(t, pos, "Pa3-a4", "the game is over")
}

func TestR18_NoLegalMoveLoses(t *testing.T) {
	// White's Imperial Princess on a12 is walled in by White pawns that
	// cannot move (R11: never backwards).
	pos := mk(t, white, "g2>a12 a3>a11' b3>b11' c3>b12' f12")
	if r := pos.Result(); r.Kind != engine.Win || r.Winner != black || r.Reason != "White cannot move" {
		t.Errorf("result %+v", r)
	}
}

func TestR18_ThreefoldRepetition(t *testing.T) {
	pos := mk(t, white, "f1 f12 a3")
	cycle := []string{"Ef1-e1", "Ef12-e12", "Ee1-f1", "Ee12-f12"}
	p := play(t, pos, cycle...)
	if p.Result().Over() {
		t.Fatal("over after the second occurrence")
	}
	p = play(t, p, cycle...)
	if r := p.Result(); r.Kind != engine.Draw || !strings.Contains(r.Reason, "third time") {
		t.Fatalf("no draw on the third occurrence: %+v", r)
	}
	// A pawn move starts the count afresh.
	q := play(t, pos, append(cycle, "Pa3-a4", "Ef12-e12", "Ef1-e1", "Ee12-f12", "Ee1-f1", "Ef12-e12")...)
	if q.Result().Over() {
		t.Fatal("repetition counted across a pawn move")
	}
	if f := strings.Fields(q.String()); strings.Count(f[len(f)-1], ",") != 4 {
		t.Errorf("history after the pawn move: %s", q)
	}
}

// The notation of the rulings, each example played in a position where it
// is legal.
func TestNotationExamplesOfTheRulings(t *testing.T) {
	s := start(t)
	play(t, s, "Pa3-a4")
	play(t, s, "He2-f4 ride Sd2")
	play(t, s, "deploy 3")
	play(t, mk(t, white, "f1 f12 g12 e2>d2 a10>f5'"), "Hd2xf5")
	play(t, mk(t, white, "f1 f12 g12 b1 a10>b5'"), "Cb1*b5")
	play(t, mk(t, white, "f1 f12 g12 a3>a11'"), "Pa11-a12 =Qe1")
	play(t, mk(t, white, chargeSetup), "charge Pa5-a6, Pb5-b6, Pc5-c6, Pd5-d6, Pe5-e6, Pf5-f6")
}

// The seed's examples: "Emperor killed" (succession by a horseman from the
// home rows) and "Hitching a ride" (a lady near the enemy's back row fast).
func TestSeedExamples(t *testing.T) {
	// Hitching a ride: the Queen rides with the Prince from e2 to e5, then
	// with it again to e8 (e5 -> e8 is (0,+3)).
	p := play(t, start(t), "He2-e5 ride Qe1", "Pa10-a9", "He5-e8 ride Qe4")
	if p.st.at[sq(t, "e1")] != uint8(sq(t, "e7")) {
		t.Errorf("Queen not on e7: %s", p)
	}
	// Emperor killed: see TestR16_Succession; here with the rulings' order:
	// the Emperor returns to the captured pool's Emperor identity.
	pos := mk(t, black, "f12 g12 f1 f2>d3 c1 a10>e2'")
	pos = play(t, pos, "Pe2xf1", "Nc1-c2")
	if pos.st.at[sq(t, "f1")] != uint8(sq(t, "d3")) || !strings.Contains(pos.String(), "E(f1)") {
		t.Errorf("no new Emperor on e3: %s", pos)
	}
}

func TestParseMoveErrors(t *testing.T) {
	pos := start(t)
	for _, c := range []struct {
		text string
		off  int
		msg  string
	}{
		{"", 0, "empty"},
		{"pa3-a4", 0, "upper case"},
		{"a3-a4", 0, "begins with its piece's letter (EMKQAIHSNRBCXYP), then the square: Pa3 for the pawn on a3"},
		{"b11-b9", 0, "Xb11 for the crossbowman on b11"}, // the piece that stands there
		{"e6-e5", 0, "Pe6 for the pawn on e6"},           // none stands there: a pawn
		{"Za3-a4", 0, "piece letter"},
		{"PA3-a4", 1, "lower case"},
		{"Pa3a4", 3, "expected -, x or *"},
		{"Pa3Xa4", 3, "lower-case x"},
		{"Pa3-a13", 5, "not on the board"},
		{"Pa3-a0", 5, "not on the board"},
		{"Pa3-m4", 4, "file a to l"},
		{"Pa3-a4 junk", 7, "unexpected"},
		{"He2-f4 ride", 11, "space after ride"},
		{"He2-f4 ride sd2", 12, "upper case"},
		{"Pa11-a12 =", 10, "piece letter"},
		{"deploy", 6, "a space and a rank"},
		{"deploy 13", 7, "rank 1 to 12"},
		{"charge", 6, "expected a space"},
		{"charge Pa3-a4,", 14, "piece letter"},
		{"charge deploy 3", 7, "single moves"},
	} {
		_, err := pos.ParseMove(white, c.text)
		var se *engine.SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("%q: got %v, want a syntax error", c.text, err)
			continue
		}
		if se.Offset != c.off || !strings.Contains(se.Msg, c.msg) {
			t.Errorf("%q: error at %d %q, want at %d %q", c.text, se.Offset, se.Msg, c.off, c.msg)
		}
	}
	for text, want := range map[string]string{
		"  Pa3-a4  ":                 "Pa3-a4",
		"He2-f4   RIDE Sd2":          "He2-f4 ride Sd2",
		"Pa11-a12=Qe1":               "Pa11-a12 =Qe1",
		"Pa11-a12 = Q":               "Pa11-a12 =Q",
		"CHARGE Pa5-a6,Pb5-b6 ":      "charge Pa5-a6, Pb5-b6",
		"Deploy 3":                   "deploy 3",
		"He2-f4 ride Sd2 =Qe1":       "He2-f4 ride Sd2 =Qe1",
		"charge Pa5-a6 , Pb5-b6 =Q ": "charge Pa5-a6, Pb5-b6 =Q",
	} {
		m, err := pos.ParseMove(white, text)
		if err != nil || m.String() != want {
			t.Errorf("%q: %v %v, want %s", text, m, err, want)
		}
	}
}

func TestApplyErrors(t *testing.T) {
	pos := start(t)
	illegal(t, pos, "Pa4-a5", "there is no piece on a4")
	illegal(t, pos, "Pa10-a9", "is Black's")
	illegal(t, pos, "Qa3-a4", "a3 holds a Pawn (P), not a Queen (Q)")
	illegal(t, pos, "Pa3xa4", "write Pa3-a4: a4 is empty")
	illegal(t, pos, "Pa3-a6", "cannot reach a6 (forward one, two on its first move")
	illegal(t, pos, "Ra1-a2", "occupied by your own piece")
	illegal(t, pos, "Pa3*a10", "only a Catapult shoots")
	illegal(t, pos, "Sd2-d4", "cannot reach d4 (1 or 2 steps")
}

func TestParsePositionErrors(t *testing.T) {
	good := start(t).String()
	for _, c := range []struct{ text, msg string }{
		{"", "7 fields"},
		{strings.Replace(good, "standard", "other", 1), "unknown ruleset"},
		{strings.Replace(good, " w ", " x ", 1), "w or b"},
		{strings.Replace(good, "rcnbqemqbncr/", "rcnbqemqbnc/", 1), "not '/'"},
		{strings.Replace(good, "rcnbqemqbncr/", "rcnbqemqbncrr/", 1), "expected /"},
		{strings.Replace(good, "/12/12/", "/13/12/", 1), "more than 12"},
		{strings.Replace(good, "RCNBQEMQBNCR", "RCNBQQMQBNCR", 1), "no White Queen starts on f1"},
		{strings.Replace(good, "/12/12/", "/Q(e1)11/12/", 1), "appears twice"},
		{strings.Replace(good, "/12/12/", "/Q(e13)11/12/", 1), "not on the board"},
		{strings.Replace(good, "/12/12/", "/B(d1)'11/12/", 1), "only a pawn"},
		{strings.Replace(good, " - 0", " Qe1 0", 1), "appears twice"},
		{strings.Replace(good, " 0 -", " x -", 1), "ply"},
		{strings.Replace(good, " 0 - -", " 0 Pa3-a4 -", 1), ""},
		{strings.Replace(good, " 0 - -", " 0 Pa3-a4 zz", 1), "hex"},
		{strings.Replace(good, " 0 - -", " 0 pa3-a4 -", 1), "last move"},
	} {
		_, err := Game{}.ParsePosition(c.text)
		if c.msg == "" {
			if err != nil {
				t.Errorf("%q: %v", c.text, err)
			}
			continue
		}
		var se *engine.SyntaxError
		if !errors.As(err, &se) || !strings.Contains(se.Msg, c.msg) {
			t.Errorf("%q: got %v, want a syntax error saying %q", c.text, err, c.msg)
		}
	}
}

func TestRoundTripStart(t *testing.T) {
	pos := start(t)
	enginetest.RoundTrip(t, Game{}, pos)
	enginetest.MoveRoundTrip(t, pos)
	p := play(t, pos, "He2-f4 ride Sd2", "deploy 10")
	enginetest.RoundTrip(t, Game{}, p)
}

// Legal must list moves sorted by their text; the numeric order keys must
// agree with it on positions of random games.
func TestLegalSortedByText(t *testing.T) {
	for g := 0; g < 20; g++ {
		pos := engine.Position(start(t))
		rng := rand.New(rand.NewPCG(uint64(g), 3))
		for i := 0; i < 2000 && !pos.Result().Over(); i++ {
			ms := pos.Legal(pos.ToMove()[0])
			for j := 1; j < len(ms); j++ {
				if ms[j-1].String() >= ms[j].String() {
					t.Fatalf("not sorted: %s before %s", ms[j-1], ms[j])
				}
			}
			pos, _ = pos.Apply(pos.ToMove()[0], ms[rng.IntN(len(ms))])
		}
	}
}
