package superial

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"postal/engine"
)

// at reads a position from its board (rank 6 first) with side to move.
func at(t *testing.T, text string) *Position {
	t.Helper()
	p, err := parsePosition(text)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// board6 is a classic 6x6 position from its board text, White to move.
func board6(t *testing.T, b string) *Position {
	t.Helper()
	return at(t, "classic 6 "+b+" w - 0 0 - -")
}

func play(t *testing.T, p engine.Position, moves ...string) engine.Position {
	t.Helper()
	for _, m := range moves {
		who := p.ToMove()
		if len(who) != 1 {
			t.Fatalf("before %s: players to move %v (%s)", m, who, p)
		}
		next, _, err := engine.Play(p, who[0], m)
		if err != nil {
			t.Fatalf("%s: %v\n%s", m, err, p.ASCII())
		}
		p = next
	}
	return p
}

// boardOf is the board field of a position's text.
func boardOf(p engine.Position) string { return strings.Fields(p.String())[2] }

func illegal(t *testing.T, p engine.Position, move, reason string) {
	t.Helper()
	pl := p.ToMove()[0]
	m, err := p.ParseMove(pl, move)
	if err != nil {
		t.Fatalf("ParseMove(%q): %v", move, err)
	}
	_, err = p.Apply(pl, m)
	var ie *engine.IllegalMoveError
	if !errors.As(err, &ie) {
		t.Fatalf("%s: want an illegal move error, got %v", move, err)
	}
	if !strings.Contains(ie.Reason, reason) {
		t.Errorf("%s: reason %q does not say %q", move, ie.Reason, reason)
	}
}

func legalTexts(p engine.Position) []string {
	var out []string
	for _, m := range p.Legal(p.ToMove()[0]) {
		out = append(out, m.String())
	}
	return out
}

func start(t *testing.T, rs string, opts map[string]string) engine.Position {
	t.Helper()
	_, _, p, err := engine.New("superial-chess", engine.Config{Ruleset: rs, Options: opts})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestInfoRegistered(t *testing.T) {
	g, err := engine.Lookup("superial-chess")
	if err != nil {
		t.Fatal(err)
	}
	info := g.Info()
	if info.Rulesets[0].Name != "classic" || len(info.Rulesets) != 4 || info.Rulesets[1].Name != "random" || info.Rulesets[2].Name != "vs-chess" || info.Rulesets[3].Name != "multiplayer" {
		t.Errorf("rulesets %v", info.Rulesets)
	}
	if !info.Chance || info.Unlisted != "" {
		t.Errorf("chance %v unlisted %q", info.Chance, info.Unlisted)
	}
	cfg, err := engine.Normalize(info, engine.Config{})
	if err != nil || cfg.String() != "classic size=6" {
		t.Errorf("defaults %q %v", cfg, err)
	}
	// Records of classic games written before options had rulesets carry
	// random-moves=1: it is read and dropped; under vs-chess it is refused.
	cfg, err = engine.Normalize(info, engine.Config{Ruleset: "classic", Options: map[string]string{"random-moves": "1", "size": "6"}})
	if err != nil || cfg.String() != "classic size=6" {
		t.Errorf("an old classic record's options: %q %v", cfg, err)
	}
	if _, err := engine.Normalize(info, engine.Config{Ruleset: "vs-chess", Options: map[string]string{"random-moves": "1"}}); err == nil {
		t.Error("random-moves accepted under vs-chess")
	}
}

func TestR1_A1IsDark(t *testing.T) {
	if !dark(sq{0, 0}) || dark(sq{1, 0}) || dark(sq{0, 1}) || !dark(sq{5, 5}) {
		t.Error("a1 and f6 are dark, b1 and a2 light (R1)")
	}
	a := start(t, "", nil).ASCII()
	if !strings.Contains(a, " 1 |:::: Wo :::: Wo :::: Wo | 1") {
		t.Errorf("rank 1 should start with a dark a1:\n%s", a)
	}
}

func TestR3_Setup(t *testing.T) {
	p := start(t, "classic", nil)
	// White b1 d1 f1 a2 c2 e2; Black a5 c5 e5 b6 d6 f6, all pushers.
	if got := boardOf(p); got != "1p1p1p/p1p1p1/6/6/P1P1P1/1P1P1P" {
		t.Errorf("start board %s", got)
	}
	if p.ToMove()[0] != engine.First {
		t.Error("White moves first")
	}
	if p.String() != "classic 6 1p1p1p/p1p1p1/6/6/P1P1P1/1P1P1P w - 0 0 - -" {
		t.Errorf("start text %s", p)
	}
}

func TestR2_PiecesShowTeamAndAspect(t *testing.T) {
	p := board6(t, "6/6/6/1h1s2/6/P1H1S1")
	a := p.ASCII()
	for _, want := range []string{" 1 |:Wo:    :W+:    :Wx:    | 1", " B+ ", " Bx "} {
		if !strings.Contains(a, want) {
			t.Errorf("ASCII lacks %q:\n%s", want, a)
		}
	}
}

func TestR4_CaptureTurnsTheCube(t *testing.T) {
	// A White slasher on a1 jumps the Black hopper on b2: the cube stays on
	// b2, turned to a White hopper.
	p := board6(t, "6/6/6/6/1h4/S5")
	q := play(t, p, "a1-c3")
	if got := boardOf(q); got != "6/6/6/2S3/1H4/6" {
		t.Errorf("after the capture %s", got)
	}
	if c := q.(*Position).b.count(); c != [2]int{2, 0} {
		t.Errorf("counts %v", c)
	}
}

func TestR5_AspectChanges(t *testing.T) {
	p := start(t, "classic", nil)
	// b2 is dark: White ends off home and may change aspect with its move.
	q := play(t, p, "b1-b2=x")
	if got := boardOf(q); got != "1p1p1p/p1p1p1/6/6/PSP1P1/3P1P" {
		t.Errorf("b1-b2=x gives %s", got)
	}
	// b2-b1 ends on b1, a white square: White's home.
	illegal(t, play(t, p, "b1-b2", "a5-a4"), "b2-b1=+", "home color")
	illegal(t, p, "b1-b2=o", "already a pusher")
	// A piece that starts the turn off home may change aspect alone.
	q = play(t, q, "a5-a4", "b2=+")
	if got := boardOf(q); got != "1p1p1p/2p1p1/p5/6/PHP1P1/3P1P" {
		t.Errorf("b2=+ gives %s", got)
	}
	illegal(t, q, "b6=x", "home color")
	illegal(t, play(t, q, "b6-b5"), "c2=x", "home color")
	// A pushed piece never changes aspect: only the mover's aspect changes.
	p = board6(t, "6/6/6/6/p5/S5")
	illegal(t, p, "a1-a2=x", "not a slasher's move")
	// b1 pushes the Black pusher b2 onto b3, a white square: captured, it
	// keeps its aspect; only the mover becomes a slasher.
	p = board6(t, "6/6/6/6/1p4/1P4")
	q = play(t, p, "b1-b2=x")
	if got := boardOf(q); got != "6/6/6/1P4/1S4/6" {
		t.Errorf("b1-b2=x gives %s", got)
	}
}

func TestR6_PushCapturesSeveral(t *testing.T) {
	// A White pusher on c1 pushes four Black pushers c2-c5 one square up:
	// those landing on white squares (c4, c6) are captured, those landing on
	// black squares (their home) are only moved.
	p := board6(t, "6/2p3/2p3/2p3/2p3/2P3")
	q := play(t, p, "c1-c2")
	if got := boardOf(q); got != "2P3/2p3/2P3/2p3/2P3/6" {
		t.Errorf("after the push %s", got)
	}
	// Nothing is pushed off the board.
	p = board6(t, "2p3/2p3/2p3/2p3/2P3/6")
	illegal(t, p, "c2-c3", "nothing is pushed off the board")
	// Own pieces in the line only move.
	p = board6(t, "6/6/6/p5/P5/P5")
	q = play(t, p, "a1-a2")
	if got := boardOf(q); got != "6/6/P5/P5/P5/6" {
		t.Errorf("own and enemy pieces in one line: %s", got)
	}
	// A pusher steps one square orthogonally, no more.
	illegal(t, start(t, "", nil), "b1-c2", "not orthogonally next")
	illegal(t, start(t, "", nil), "b1-b2-b3", "no chains")
}

func TestR6_SeedPushExample(t *testing.T) {
	// The seed: "a white pusher will capture a black piece by pushing it onto
	// a white square ... If an opposing piece is pushed onto its home color
	// it is only moved."
	p := board6(t, "6/6/6/6/6/Pp4") // White a1, Black b1 (white square)
	q := play(t, p, "a1-b1")        // b1 -> c1, a black square: only moved
	if got := boardOf(q); got != "6/6/6/6/6/1Pp3" {
		t.Errorf("pushed onto its home: %s", got)
	}
	p = board6(t, "6/6/6/6/6/1Pp3") // White b1, Black c1 on its home
	q = play(t, p, "b1-c1")
	if got := boardOf(q); got != "6/6/6/6/6/2PP2" {
		t.Errorf("pushed onto a white square: %s", got)
	}
}

func TestR7_HopperMoves(t *testing.T) {
	// White hopper c2 (white square), Black b2 c3 d3 d2.
	p := board6(t, "6/6/6/2pp2/1pHp2/6")
	want := []string{"c2-a2", "c2-b1[b2]", "c2-b3[b2]", "c2-b3[b2]-c4[c3]", "c2-b3[c3]", "c2-b3[c3]-a2[b2]", "c2-b3[c3]-b1", "c2-c4", "c2-d1[d2]", "c2-e2"}
	if got := legalTexts(p); !slices.Equal(got, want) {
		t.Errorf("legal %v\nwant  %v", got, want)
	}
	// A hopper on its home color captures nothing (the seed): all the
	// pieces it jumps stand on the other color.
	q := play(t, p, "c2-b3[c3]-a2[b2]")
	if got := boardOf(q); got != "6/6/6/2pp2/Hp1p2/6" {
		t.Errorf("no capture from home: %s", got)
	}
}

func TestR7_HopperCapturesOnItsColor(t *testing.T) {
	// White hopper on c3 (black square): the pieces around it stand on white
	// squares, White's color, and are captured when jumped.
	p := board6(t, "6/6/2p3/2Hp2/6/6")
	q := play(t, p, "c3-d4[d3]")
	if got := boardOf(q); got != "6/6/2pH2/3P2/6/6" {
		t.Errorf("side hop over d3: %s", got)
	}
	q = play(t, p, "c3-c5")
	if got := boardOf(q); got != "6/2H3/2P3/3p2/6/6" {
		t.Errorf("straight hop over c4: %s", got)
	}
}

func TestR7_HopperRestrictions(t *testing.T) {
	p := board6(t, "6/6/2p3/2Hp2/6/6")
	illegal(t, p, "c3-d4", "ambiguous hop from c3 to d4")
	illegal(t, p, "c3-d4[c4]-b4", "twice")
	illegal(t, p, "c3-d4[d3]-c3[c4]", "may not land on c3 again")
	illegal(t, p, "c3-d4[e4]", "cannot go over e4")
	illegal(t, p, "c3-e4", "not a hopper's move")
	// A plain two-square move ends the turn and never follows a hop.
	illegal(t, p, "c3-a3-a5", "plain two-square move ends the turn")
	illegal(t, p, "c3-c5-e5", "never moves over an empty square")
	q := play(t, p, "c3-a3")
	if got := boardOf(q); got != "6/6/2p3/H2p2/6/6" {
		t.Errorf("plain move: %s", got)
	}
	// Rulings notation: the jumped square written on a straight hop is
	// accepted and dropped from the record.
	q = play(t, p, "c3-c5[c4]")
	if q.(*Position).last.Text() != "c3-c5" {
		t.Errorf("recorded %q", q.(*Position).last.Text())
	}
}

func TestR8_SlasherWraps(t *testing.T) {
	// White slasher a1; Black f6 (across the corner) and e5 empty.
	p := board6(t, "5p/6/6/6/6/S5")
	want := []string{"a1-b2", "a1-b2=+", "a1-b2=o", "a1-b6", "a1-b6=+", "a1-b6=o", "a1-e5", "a1-e5=+", "a1-e5=o", "a1-f2", "a1-f2=+", "a1-f2=o", "a1=+", "a1=o"}
	if got := legalTexts(p); !slices.Equal(got, want) {
		t.Errorf("legal %v\nwant  %v", got, want)
	}
	// The jump over f6 wraps on both axes and captures whatever the color.
	q := play(t, p, "a1-e5")
	if got := boardOf(q); got != "5P/4S1/6/6/6/6" {
		t.Errorf("after a1-e5: %s", got)
	}
	// Only slashers wrap: a pusher on a1 cannot step to a6.
	illegal(t, board6(t, "5p/6/6/6/6/P5"), "a1-a6", "not orthogonally next")
}

func TestR8_SlasherJumpsAPieceTwice(t *testing.T) {
	// White slasher c1, Black b2 d2 f2: c1-a3 over b2 (captured), a3-e1
	// over f2 across the left edge, e1-c3 over d2, c3-a1 over b2 again (now
	// White: jumped, not captured).
	p := board6(t, "6/6/6/6/1p1p1p/2S3")
	q := play(t, p, "c1-a3-e1-c3-a1")
	if got := boardOf(q); got != "6/6/6/6/1P1P1P/S5" {
		t.Errorf("after the chain: %s", got)
	}
	illegal(t, p, "c1-a3-c1", "may not land on c1 again")
	illegal(t, p, "c1-b6-a5", "a slasher's step ends its move")
	illegal(t, p, "c1-a3-e1-c3-a1-c3", "may not land on c3 again")
	illegal(t, p, "c1-d2", "occupied")
	illegal(t, p, "c1-b3", "not a slasher's move")
	illegal(t, p, "c1-a3[b2]", "only a hopper's side hop")
}

func TestR8_SlasherMayNotLandTwice(t *testing.T) {
	p := board6(t, "6/6/1p1p2/6/1p1p2/2S3")
	illegal(t, p, "c1-a3-c5-e3-c1", "may not land on c1 again")
	play(t, p, "c1-a3-c5-e3")
}

func TestR9_ChainsStopAnywhere(t *testing.T) {
	// Every stopping point of a chain is a move of its own, and no capture is
	// compulsory: the slasher may simply step away.
	p := board6(t, "6/6/1p1p2/6/1p1p2/2S3")
	got := legalTexts(p)
	for _, m := range []string{"c1-a3", "c1-a3-c5", "c1-a3-c5-e3", "c1-e3", "c1-e3-c5", "c1-e3-c5-a3", "c1-b6", "c1-d6"} {
		if !slices.Contains(got, m) {
			t.Errorf("%s not listed: %v", m, got)
		}
	}
	// The captures of the chosen move always happen.
	q := play(t, p, "c1-a3-c5")
	if got := boardOf(q); got != "6/2S3/1P1p2/6/1P1p2/6" {
		t.Errorf("after c1-a3-c5: %s", got)
	}
}

func TestR10_WinByCapturingAll(t *testing.T) {
	q := play(t, board6(t, "6/6/6/6/1p4/S5"), "a1-c3")
	r := q.Result()
	if r.Kind != engine.Win || r.Winner != engine.First || r.Reason != "Black owns no pieces" {
		t.Errorf("result %+v", r)
	}
	if q.ToMove() != nil || q.Legal(engine.Second) != nil {
		t.Error("nobody moves after the end")
	}
	m, _ := q.ParseMove(engine.Second, "b2-b3")
	if _, err := q.Apply(engine.Second, m); err == nil {
		t.Error("a move after the end was accepted")
	}
}

func TestR10_WinWhenOpponentCannotMove(t *testing.T) {
	// Black pusher a1 on its home color, boxed in by White pushers it
	// cannot push (every line reaches the edge).
	p := at(t, "classic 6 P5/P5/P5/P5/P5/pPPPPP b - 0 0 - -")
	r := p.Result()
	if r.Kind != engine.Win || r.Winner != engine.First || r.Reason != "Black cannot move" {
		t.Errorf("result %+v", r)
	}
	// With a random move left a player always has a turn (R10, R11).
	p = at(t, "random 6 P5/P5/P5/P5/P5/pPPPPP b 1:0:1 0 0 - -")
	if p.Result().Over() || !slices.Equal(legalTexts(p), []string{"random"}) {
		t.Errorf("result %+v, legal %v", p.Result(), legalTexts(p))
	}
}

func TestR10_ThirdRepetitionDraws(t *testing.T) {
	p := start(t, "classic", nil)
	q := play(t, p, "b1-b2", "a5-a4", "b2-b1", "a4-a5", "b1-b2", "a5-a4", "b2-b1")
	if q.Result().Over() {
		t.Fatal("over too early")
	}
	q = play(t, q, "a4-a5")
	if r := q.Result(); r.Kind != engine.Draw || !strings.Contains(r.Reason, "third time") {
		t.Errorf("result %+v", r)
	}
	// The history survives the position text.
	back := at(t, play(t, p, "b1-b2", "a5-a4", "b2-b1", "a4-a5", "b1-b2", "a5-a4", "b2-b1").String())
	if r := play(t, back, "a4-a5").Result(); r.Kind != engine.Draw {
		t.Errorf("after the round trip: %+v", r)
	}
}

func TestR10_QuietDrawLimit(t *testing.T) {
	// This project's rule (Info.Provisional): 100 plies without a capture,
	// an aspect change or a random move draw.
	p := at(t, "classic 6 1p1p1p/p1p1p1/6/6/P1P1P1/1P1P1P w - 99 98 - -")
	q := play(t, p, "b1-b2")
	if q.Result().Over() {
		t.Fatal("over after 99 quiet plies")
	}
	q = play(t, q, "a5-a4")
	if r := q.Result(); r.Kind != engine.Draw || !strings.Contains(r.Reason, "100 moves in a row") {
		t.Errorf("result %+v", r)
	}
	q = play(t, p, "b1-b2=x", "a5-a4")
	if q.Result().Over() {
		t.Error("an aspect change restarts the count")
	}
}

func TestR11_RandomMove(t *testing.T) {
	p := start(t, "random", map[string]string{"random-moves": "2"})
	if !strings.Contains(p.String(), " 2:2:2 ") {
		t.Errorf("random moves: %s", p)
	}
	q := play(t, p, "random")
	if !slices.Equal(q.ToMove(), []engine.Player{engine.Chance}) {
		t.Fatalf("to move %v", q.ToMove())
	}
	outs := q.Legal(engine.Chance)
	if len(outs) != 216 || outs[0].String() != "throw a1 B+" || outs[215].String() != "throw f6 Wx" {
		t.Errorf("%d outcomes from %s to %s", len(outs), outs[0], outs[len(outs)-1])
	}
	// A player may not act while the cube is thrown.
	var nyt *engine.NotYourTurnError
	if _, err := q.Apply(engine.First, randomMove); !errors.As(err, &nyt) {
		t.Errorf("move during the throw: %v", err)
	}
	// On an empty square a new piece appears.
	r, _, err := engine.Play(q, engine.Chance, "throw c4 wx")
	if err != nil {
		t.Fatal(err)
	}
	if got := boardOf(r); got != "1p1p1p/p1p1p1/2S3/6/P1P1P1/1P1P1P" {
		t.Errorf("after the throw %s", got)
	}
	if r.ToMove()[0] != engine.Second || !strings.Contains(r.String(), " 2:1:2 ") {
		t.Errorf("after the throw: %s", r)
	}
	// On an occupied square the piece takes the aspect and keeps its team.
	r, _, err = engine.Play(q, engine.Chance, "throw a5 W+")
	if err != nil {
		t.Fatal(err)
	}
	if got := boardOf(r); got != "1p1p1p/h1p1p1/6/6/P1P1P1/1P1P1P" {
		t.Errorf("after the throw on a5 %s", got)
	}
	// Sample throws file, rank, face; the record replays without the seed.
	s, steps, err := engine.ResolveChance(q, 42)
	if err != nil || len(steps) != 1 || !strings.HasPrefix(steps[0].Move.String(), "throw ") {
		t.Fatalf("resolve: %v %v", steps, err)
	}
	again, _, err := engine.Play(q, engine.Chance, steps[0].Move.String())
	if err != nil || again.String() != s.String() {
		t.Errorf("replay %v: %s vs %s", err, again, s)
	}
	// Spent random moves run out; the classic game has none.
	r = play(t, s, "a5-a4", "random", "throw a1 Bo", "b6-b5")
	illegal(t, r, "random", "no random move left")
	illegal(t, start(t, "classic", nil), "random", "random ruleset only")
}

func TestR11_RandomOnlyOn6x6(t *testing.T) {
	_, _, _, err := engine.New("superial-chess", engine.Config{Ruleset: "random", Options: map[string]string{"size": "8"}})
	if err == nil || !strings.Contains(err.Error(), "6x6 board only") {
		t.Errorf("random on 8x8: %v", err)
	}
}

func TestR12_LargerBoards(t *testing.T) {
	p := start(t, "classic", map[string]string{"size": "8"})
	if got := boardOf(p); got != "1p1p1p1p/p1p1p1p1/8/8/8/8/P1P1P1P1/1P1P1P1P" {
		t.Errorf("8x8 start %s", got)
	}
	p = start(t, "classic", map[string]string{"size": "10"})
	if got := boardOf(p); got != "1p1p1p1p1p/p1p1p1p1p1/10/10/10/10/10/10/P1P1P1P1P1/1P1P1P1P1P" {
		t.Errorf("10x10 start %s", got)
	}
	if c := p.(*Position).b.count(); c != [2]int{10, 10} {
		t.Errorf("counts %v", c)
	}
	// Slashers wrap modulo N: a1 to h8 on 8x8.
	q := at(t, "classic 8 8/8/8/8/8/8/8/S6p w - 0 0 - -")
	play(t, q, "a1-h8")
	illegal(t, q, "a1-f6", "not a slasher's move")
	if _, err := q.ParseMove(engine.First, "a1-i9"); err == nil {
		t.Error("i9 accepted on 8x8")
	}
}

func TestNotTheirTurn(t *testing.T) {
	p := start(t, "", nil)
	m, _ := p.ParseMove(engine.Second, "a5-a4")
	var nyt *engine.NotYourTurnError
	if _, err := p.Apply(engine.Second, m); !errors.As(err, &nyt) {
		t.Errorf("Black moving first: %v", err)
	}
	illegal(t, p, "a5-a4", "Black's")
	illegal(t, p, "c3-c4", "no piece on c3")
}
