package conflagration

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"postal/engine"
	"postal/engine/enginetest"
	"postal/engine/enginetest/long"
)

// build makes a position from piece lists (cell names as R2).
func build(t testing.TB, rs ruleset, order int, turn engine.Player, lights, darks []string) *Position {
	t.Helper()
	g := geoms[order]()
	p := &Position{g: g, rs: rs, turn: turn}
	for col, names := range map[uint8][]string{light: lights, dark: darks} {
		for _, n := range names {
			m, err := parseMove(n+"-"+n, anyBoard)
			if err != nil {
				t.Fatal(err)
			}
			c := g.at(int(m.fromRow), int(m.fromCol))
			if c < 0 {
				t.Fatalf("no cell %s on Order %d", n, order)
			}
			p.b[c] = col
		}
	}
	return p
}

func parse(t testing.TB, text string) *Position {
	t.Helper()
	p, err := Game{}.ParsePosition(text)
	if err != nil {
		t.Fatalf("ParsePosition(%q): %v", text, err)
	}
	return p.(*Position)
}

func legalTexts(p *Position) []string { return moveTexts(p.Legal(p.turn)) }

// play applies the moves (texts) in turn, failing on any error.
func play(t testing.TB, p engine.Position, moves ...string) engine.Position {
	t.Helper()
	for _, text := range moves {
		next, _, err := engine.Play(p, p.ToMove()[0], text)
		if err != nil {
			t.Fatalf("%s: %v (position %s)", text, err, p)
		}
		p = next
	}
	return p
}

// illegal checks that text is refused as illegal with a reason holding want.
func illegal(t testing.TB, p engine.Position, text, want string) {
	t.Helper()
	_, _, err := engine.Play(p, p.ToMove()[0], text)
	var ie *engine.IllegalMoveError
	if !errors.As(err, &ie) {
		t.Fatalf("%s: got %v, want an illegal-move error (position %s)", text, err, p)
	}
	if !strings.Contains(ie.Reason, want) {
		t.Errorf("%s: reason %q does not mention %q", text, ie.Reason, want)
	}
}

func TestInfo(t *testing.T) {
	g, err := engine.Lookup("conflagration")
	if err != nil {
		t.Fatal(err)
	}
	info := g.Info()
	var names []string
	for _, r := range info.Rulesets {
		names = append(names, r.Name)
	}
	want := []string{"conflagration", "firestorm", "backfire", "keep-a-riding", "mosey", "dont-mosey", "shakattrition", "shakattrition-misere"}
	if !slices.Equal(names, want) {
		t.Errorf("rulesets %v, want %v", names, want)
	}
	if !slices.Equal(info.Sides, []string{"Light", "Dark"}) || info.Chance || info.Unlisted != "" {
		t.Errorf("bad info %+v", info)
	}
	if len(info.Options) != 1 || info.Options[0].Name != "order" || info.Options[0].Default != "4" ||
		!slices.Equal(info.Options[0].Values, []string{"4", "5", "6"}) {
		t.Errorf("bad options %+v", info.Options)
	}
	if _, _, _, err := engine.New("conflagration", engine.Config{Options: map[string]string{"order": "7"}}); err == nil {
		t.Error("order 7 accepted")
	}
}

// TestR11_DefaultGameAndFigures pins the rulings' table of figures from
// Ludii: the start's legal-move count and perft(2) for every ruleset on
// every order; the default game is conflagration on Order 4, 78 moves.
func TestR11_DefaultGameAndFigures(t *testing.T) {
	_, cfg, pos, err := engine.New("conflagration", engine.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if cfg.String() != "conflagration order=4" || len(pos.Legal(engine.First)) != 78 {
		t.Errorf("default game %s has %d moves, want conflagration order=4 with 78", cfg, len(pos.Legal(engine.First)))
	}
	figures := map[string][3][2]int64{
		"keep-a-riding": {{27, 735}, {51, 2607}, {81, 6555}},
		"firestorm":     {{27, 735}, {51, 2607}, {81, 6555}},
		"conflagration": {{78, 5580}, {150, 21417}, {228, 50286}},
		"backfire":      {{51, 2208}, {99, 8994}, {147, 20364}},
		"mosey":         {{45, 1773}, {108, 11091}, {171, 28401}},
		"dont-mosey":    {{45, 1773}, {108, 11091}, {171, 28401}},
	}
	for rs, fig := range figures {
		for i, order := range []string{"4", "5", "6"} {
			t.Run(rs+"/order="+order, func(t *testing.T) {
				_, _, pos, err := engine.New("conflagration", engine.Config{Ruleset: rs, Options: map[string]string{"order": order}})
				if err != nil {
					t.Fatal(err)
				}
				enginetest.Perft(t, pos, fig[i][0], fig[i][1])
			})
		}
	}
}

// TestPerftStart pins perft(3) from the Order 4 start, beyond the rulings'
// table (the depth-1 and depth-2 figures are Ludii's, above).
func TestPerftStart(t *testing.T) {
	for rs, want := range map[ruleset][3]int64{
		rsConflagration: {78, 5580, 341673},
		rsFirestorm:     {27, 735, 21258},
		rsBackfire:      {51, 2208, 81618},
		rsKeepARiding:   {27, 735, 21258},
	} {
		enginetest.Perft(t, newStart(rs, 4), want[:]...)
	}
}

// TestPerftMidgame pins perft(1..3) from positions reached by random play.
// The depth-1 counts were checked against the naive second implementation
// in reference_test.go, and the smallest one by hand: in the keep-a-riding
// position Light's group of six (C4 C5 D6 E6 E7 F8) cannot step (no cell
// touches six other Light pieces) so its pieces capture: C4xC3 C4xG4 C5xE5
// D6xD2 E6xE5 E6xF7 E7xF7 F8xF7 F8xG8; the lone pieces have joining steps
// and so may not capture (firestorm priority, R9): G5-F4 (F4 touches E3),
// E3-D3 (touches C2), E3-F4 (touches G5), C2-D3 (touches E3): 13 moves.
func TestPerftMidgame(t *testing.T) {
	for _, c := range []struct {
		text string
		want []int64
	}{
		{"keep-a-riding 4 1LDD/1LDD1/1LL3/1L1DDL1/1L3D/1D1L1/1LD1 L 18 D4xG4", []int64{13, 129, 1735}},
		{"conflagration 4 1L2/1D1D1/L1DL2/5D1/LD3L/L4/1DD1 L 12 D5xC4", []int64{14, 202, 2300}},
		{"firestorm 5 LD2D/D2DLL/2D1L2/L1L1L1D1/D1DL1LD1L/LD1LD1D1/2LDLDD/DL3L/LD1LD L 14 B5xC5", []int64{35, 1126, 39233}},
		{"backfire 6 L1DD2/1DL2L1/DL1LL1L1/L2L1DD1D/1LD1L5/LL1DL4DL/1D2DL1LD1/2DD1DD1D/DL2L1DD/1D3L1/2LL2 L 16 F1xH3", []int64{53, 2712, 133959}},
		{"mosey 5 L2LD/3LD1/1DD4/DD2L1LD/D1D4L1/L4DLD/1L2D2/L1DL2/1D1L1 L 20 B4xF4", []int64{21, 220, 3694}},
		{"dont-mosey 6 2D2D/1LL1D2/DL1LLLDL/L1DD1L2D/1DL1DD1D2/DL1LL1DDL1L/1DLLDD2L1/D2DD1D1L/3L4/LD2DL1/2DLD1 L 22 A3xA4", []int64{44, 3135, 135210}},
	} {
		enginetest.Perft(t, parse(t, c.text), c.want...)
	}
}

// TestR8_ShakattritionPerft pins perft(1..3) of the two slide-join
// rulesets from small positions whose first moves were enumerated by hand.
func TestR8_ShakattritionPerft(t *testing.T) {
	// Shakattrition, Light to move; Light C6 D4 F6, Dark E5 E7 G4, all
	// lone pieces, so a stop is legal when it touches another Light piece
	// (R5's test with O = 1). C6: east D6 E6 (E6 touches F6), NNE D7 E8,
	// SSW B5, SSE C5 C4 C3 C2 (C4 and C3 touch D4): C6-E6 C6-C4 C6-C3.
	// D4: east E4 F4, NNW D5 D6 D7 (D6 and D7 touch C6), west C4 B4, SSW C3
	// B2, SSE D3 D2, NNE blocked by E5: D4-D6 D4-D7. F6: east G6 H6, NNE G7
	// H8, NNW F7 F8, west E6 D6 (D6 touches C6), SSE F5 F4 F3, SSW blocked:
	// F6-D6. Every piece can join, so no capture is allowed (R8): 6 moves.
	p := build(t, rsShakattrition, 4, engine.First, []string{"C6", "D4", "F6"}, []string{"E5", "E7", "G4"})
	if p.String() != "shakattrition 4 4/1D3/L2L2/3D3/2L2D/5/4 L 0 -" {
		t.Fatalf("text %s", p)
	}
	if got := legalTexts(p); !slices.Equal(got, []string{"C6-C3", "C6-C4", "C6-E6", "D4-D6", "D4-D7", "F6-D6"}) {
		t.Errorf("moves %v", got)
	}
	enginetest.Perft(t, p, 6, 31, 88)

	// Shakattrition (misere), Dark to move; Light D4 E4 G7, Dark D6 F5.
	// D6 must come to touch F5: east E6 F6 G6 H6 (F6 and G6 touch F5); the
	// other lines (E7 F8, D7, C6, C5 B4, D5 then Light D4) touch nothing.
	// F5 must touch D6: west E5 D5 C5 B5 (D5 and C5 touch D6); east G5 H5,
	// NNE G6 H7, NNW F6 F7 F8, SSE F4 F3 touch nothing, SSW is blocked by
	// E4. So D6-F6 D6-G6 F5-C5 F5-D5: 4 moves.
	q := build(t, rsShakattritionMisere, 4, engine.Second, []string{"D4", "E4", "G7"}, []string{"D6", "F5"})
	if q.String() != "shakattrition-misere 4 4/3L1/1D4/4D2/2LL2/5/4 D 0 -" {
		t.Fatalf("text %s", q)
	}
	enginetest.Perft(t, q, 4, 9, 17)

	// Two mid-game positions of random play.
	enginetest.Perft(t, parse(t, "shakattrition 4 2LD/1DL1D/DL2L1/3LLDD/1LD1L1/D2L1/D3 L 24 C3xB2"), 21, 284, 5063)
	enginetest.Perft(t, parse(t, "shakattrition-misere 5 1DLLD/1DD1DL/LLD1LD1/LL3L1D/DDD3D2/L2D2LL/1LDD3/DLL2L/2LLD L 26 F3-F8"), 42, 1964, 77465)
}

// TestR1_BoardSizes: Order 5 and 6 are hexagons of side 5 and 6; Order 4 is
// the inner side-4 hexagon of the side-5 board with its names.
func TestR1_BoardSizes(t *testing.T) {
	for order, n := range map[int]int{4: 37, 5: 61, 6: 91} {
		if geoms[order]().n != n {
			t.Errorf("Order %d has %d cells, want %d", order, geoms[order]().n, n)
		}
	}
	g := geoms[4]()
	var names []string
	for _, c := range g.rows[1] {
		names = append(names, g.name[c])
	}
	if !slices.Equal(names, []string{"B2", "C2", "D2", "E2"}) || len(g.rows[0]) != 0 || len(g.rows[8]) != 0 {
		t.Errorf("Order 4 bottom row %v", names)
	}
	// The outer ring is never used: no move reaches it.
	p := newStart(rsConflagration, 4)
	illegal(t, p, "B8-B7", "no cell B8 on the Order 4 board")
	if _, err := p.ParseMove(engine.First, "B2-A1"); err == nil || !strings.Contains(err.Error(), "this board has no column A: columns run from B to H") {
		t.Errorf("B2-A1 on the Order 4 board: %v", err)
	}
	illegal(t, p, "C3-B2", "")
}

// TestR2_CellNames checks names, rows and neighbours on the side-5 board.
func TestR2_CellNames(t *testing.T) {
	g := geoms[5]()
	row := func(r int) string {
		var s []string
		for _, c := range g.rows[r] {
			s = append(s, g.name[c])
		}
		return strings.Join(s, " ")
	}
	if row(0) != "A1 B1 C1 D1 E1" || row(4) != "A5 B5 C5 D5 E5 F5 G5 H5 I5" || row(8) != "E9 F9 G9 H9 I9" {
		t.Errorf("rows %q %q %q", row(0), row(4), row(8))
	}
	e5 := g.cell[4][4]
	var nb []string
	for _, c := range g.nb[e5] {
		nb = append(nb, g.name[c])
	}
	// E, NNE, NNW, W, SSW, SSE.
	if !slices.Equal(nb, []string{"F5", "F6", "E6", "D5", "D4", "E4"}) {
		t.Errorf("neighbours of E5: %v", nb)
	}
	// Names are read case-insensitively and written upper case.
	m, err := parseMove(" c3-d4 ", anyBoard)
	if err != nil || m.String() != "C3-D4" {
		t.Errorf("parse c3-d4: %v %v", m, err)
	}
	m, err = parseMove("c3XF3", anyBoard)
	if err != nil || m.String() != "C3xF3" {
		t.Errorf("parse c3XF3: %v %v", m, err)
	}
}

// TestR3_Setup: every third cell, no friendly neighbours, Light first, no
// passing.
func TestR3_Setup(t *testing.T) {
	for order, want := range map[int]string{
		4: "conflagration 4 1LD1/LD1LD/D1LD1L/1LD1LD1/D1LD1L/LD1LD/1LD1 L 0 -",
		5: "conflagration 5 LD1LD/D1LD1L/1LD1LD1/LD1LD1LD/D1LD1LD1L/LD1LD1LD/1LD1LD1/D1LD1L/LD1LD L 0 -",
		6: "conflagration 6 L1DL1D/1DL1DL1/DL1DL1DL/L1DL1DL1D/1DL1DL1DL1/DL1DL1DL1DL/1DL1DL1DL1/L1DL1DL1D/DL1DL1DL/1DL1DL1/L1DL1D L 0 -",
	} {
		p := newStart(rsConflagration, order)
		if p.String() != want {
			t.Errorf("Order %d start %s", order, p)
		}
		if !slices.Equal(p.ToMove(), []engine.Player{engine.First}) {
			t.Errorf("Light does not move first")
		}
		g := p.g
		nl, nd := 0, 0
		for c := 0; c < g.n; c++ {
			if p.b[c] == empty {
				continue
			}
			if p.b[c] == light {
				nl++
			} else {
				nd++
			}
			for _, y := range g.nb[c] {
				if y >= 0 && p.b[y] == p.b[c] {
					t.Errorf("Order %d: friendly pieces on %s and %s", order, g.name[c], g.name[y])
				}
			}
		}
		if nl != nd {
			t.Errorf("Order %d: %d Light and %d Dark pieces", order, nl, nd)
		}
	}
	// Orders 4 and 5: Light on (r+c) mod 3 = 0 (A1, C5), Dark on 1 (B1),
	// nothing on 2 (C1, the centre E5).
	p := newStart(rsMosey, 5)
	if p.b[p.g.cell[0][0]] != light || p.b[p.g.cell[4][2]] != light || p.b[p.g.cell[0][1]] != dark ||
		p.b[p.g.cell[0][2]] != empty || p.b[p.g.cell[4][4]] != empty {
		t.Error("Order 5 setup")
	}
	// Order 6: Dark on k = 2 (C1).
	q := newStart(rsMosey, 6)
	if q.b[q.g.cell[0][2]] != dark || q.b[q.g.cell[0][1]] != empty {
		t.Error("Order 6 setup")
	}
	if _, err := p.ParseMove(engine.First, "pass"); err == nil {
		t.Error("pass accepted")
	}
}

// TestR4_LoneGroupsNotExempt: a lone piece is a group of one and must still
// come to touch a friendly piece to step (Light B2 here can step nowhere).
func TestR4_LoneGroupsNotExempt(t *testing.T) {
	p := build(t, rsConflagration, 4, engine.First, []string{"B2", "G7"}, []string{"E5"})
	for _, m := range legalTexts(p) {
		if strings.Contains(m, "-") {
			t.Errorf("lone pieces stepped: %s", m)
		}
	}
	illegal(t, p, "B2-C3", "B2 would not join a larger group: its group has 1 pieces and at C3 it would join only 0 others")
	if got := legalTexts(p); !slices.Equal(got, []string{"B2xE5", "G7xE5"}) {
		t.Errorf("moves %v", got)
	}
	if sizes := p.g.groupSizes(&p.b, light); !slices.Equal(sizes, []int{1, 1}) {
		t.Errorf("groups %v", sizes)
	}
}

// TestR5_StepJoin: the new group must be strictly larger; the mover and
// paths through its origin do not count.
func TestR5_StepJoin(t *testing.T) {
	// Light E4 E5 form a group of 2. E4-D4 touches only E5 (D = 1 < 2).
	p := build(t, rsConflagration, 4, engine.First, []string{"E4", "E5"}, []string{"H8"})
	illegal(t, p, "E4-D4", "its group has 2 pieces and at D4 it would join only 1 others")
	// With Light C3 as well, D4 touches E5 and C3: D = 2 >= O = 2.
	q := build(t, rsConflagration, 4, engine.First, []string{"E4", "E5", "C3"}, []string{"H8"})
	r := play(t, q, "E4-D4")
	if sizes := r.(*Position).g.groupSizes(&r.(*Position).b, light); !slices.Equal(sizes, []int{3}) {
		t.Errorf("groups after E4-D4: %v", sizes)
	}
	// A line D4 E4 F4: E4-E5 touches D4 only; F4 is joined only through the
	// origin E4, which does not count (D = 1 < 3).
	s := build(t, rsConflagration, 4, engine.First, []string{"D4", "E4", "F4"}, []string{"H8"})
	illegal(t, s, "E4-E5", "at E5 it would join only 1 others")
	illegal(t, s, "E4-E6", "E6 is not adjacent to E4")
}

// TestR6_SlideCapture: over empty cells to the first piece, if an enemy.
func TestR6_SlideCapture(t *testing.T) {
	p := build(t, rsConflagration, 4, engine.First, []string{"B2"}, []string{"E5"})
	next := play(t, p, "B2xE5").(*Position)
	if next.String() != "conflagration 4 4/5/6/3L3/6/5/4 D 1 B2xE5" {
		t.Errorf("after B2xE5: %s", next)
	}
	q := build(t, rsConflagration, 4, engine.First, []string{"B2", "D4"}, []string{"E5", "E7"})
	illegal(t, q, "B2xE5", "")
	illegal(t, q, "B2xD4", "D4 holds your own piece: own pieces are never captured")
	illegal(t, q, "D4xE7", "E7 is not in line with D4")
	illegal(t, q, "B2-E5", "write B2xE5")
	r := build(t, rsConflagration, 4, engine.First, []string{"B2", "H8"}, []string{"C3", "E5"})
	illegal(t, r, "B2xE5", "the line from B2 to E5 is blocked at C3")
	if got := legalTexts(r); !slices.Equal(got, []string{"B2xC3", "H8xE5"}) {
		t.Errorf("moves %v", got)
	}
}

// TestR7_Mosey: slides toward a friendly piece in line.
func TestR7_Mosey(t *testing.T) {
	// Light B5 and G5 on row 5 with Dark E5 between; Light D6 above. B5
	// may stop on C5 or D5 (both touch D6, and G5 lies beyond) or take E5
	// (G5 lies beyond it).
	p := build(t, rsMosey, 4, engine.First, []string{"B5", "G5", "D6"}, []string{"E5"})
	got := legalTexts(p)
	for _, m := range []string{"B5-C5", "B5-D5", "B5xE5"} {
		if !slices.Contains(got, m) {
			t.Errorf("%s missing from %v", m, got)
		}
	}
	// B4 lies on column B, where no friendly piece stands further down.
	illegal(t, p, "B5-B4", "no friendly piece lies beyond B4")
	// Without G5 no friendly piece stands beyond E5: no capture, and the
	// stops C5 and D5 lose their target.
	q := build(t, rsMosey, 4, engine.First, []string{"B5", "D6", "H6", "H8"}, []string{"E5"})
	illegal(t, q, "B5xE5", "needs a friendly piece beyond E5")
	illegal(t, q, "B5-C5", "no friendly piece lies beyond C5")
	// The friendly piece beyond may be far off and hidden behind an enemy
	// (H5 behind E5), but a stop still needs the group test: C5 touches no
	// Light piece. The captures need no group test.
	r := build(t, rsDontMosey, 4, engine.First, []string{"B5", "H5"}, []string{"E5"})
	illegal(t, r, "B5-C5", "would not join a larger group")
	if got := legalTexts(r); !slices.Equal(got, []string{"B5xE5", "H5xE5"}) {
		t.Errorf("moves %v", got)
	}
	// A piece never passes its own piece.
	s := build(t, rsMosey, 4, engine.First, []string{"B5", "C5", "G5"}, []string{"H8"})
	illegal(t, s, "B5-D5", "blocked at C5")
	if got := legalTexts(s); !slices.Equal(got, []string{"G5-D5"}) {
		t.Errorf("moves %v", got)
	}
}

// TestR8_SlideJoinBeforeCapture: a piece that can slide to join may not
// capture; one that cannot join may.
func TestR8_SlideJoinBeforeCapture(t *testing.T) {
	// Light B2 and F5, Dark C2 and H8. B2 slides NNE over C3 D4 to E5 or F6,
	// both touching F5, so B2 may not capture C2 next to it. F5 can reach
	// no cell touching B2 (B3 or C3), so it captures: SSW over E4 D3 to C2.
	p := build(t, rsShakattrition, 4, engine.First, []string{"B2", "F5"}, []string{"C2", "H8"})
	if got := legalTexts(p); !slices.Equal(got, []string{"B2-E5", "B2-F6", "F5xC2"}) {
		t.Errorf("moves %v", got)
	}
	illegal(t, p, "B2xC2", "the piece on B2 can slide to join a larger group, so it may not capture")
	illegal(t, p, "B2-D4", "B2 would not join a larger group")
	// A slide may cover several cells; D4 slides east over E4 to F4,
	// touching G5, so its captures of D6 and B2 are not allowed.
	q := build(t, rsShakattrition, 4, engine.First, []string{"D4", "G5"}, []string{"D6", "B2"})
	got := legalTexts(q)
	if !slices.Contains(got, "D4-F4") || slices.Contains(got, "D4xD6") || slices.Contains(got, "D4xB2") {
		t.Errorf("moves %v", got)
	}
	illegal(t, q, "D4xD6", "can slide to join a larger group, so it may not capture")
	if r := play(t, q, "D4-F4").(*Position); r.last.String() != "D4-F4" {
		t.Error(r.last)
	}
}

// TestR9_PriorityPerPiece: firestorm and backfire priorities bind each
// piece on its own.
func TestR9_PriorityPerPiece(t *testing.T) {
	// Light C3 E4 G7, Dark E6 G4, all lone pieces.
	pos := func(rs ruleset) *Position {
		return build(t, rs, 4, engine.First, []string{"C3", "E4", "G7"}, []string{"E6", "G4"})
	}
	// C3 can step to D3 or D4 (touching E4) and capture nothing; E4 can
	// step to D3 or D4 (touching C3) and capture E6 (NNW, over E5) or G4
	// (east, over F4); G7 can step nowhere and capture G4 (SSE, over G6 G5).
	fs := legalTexts(pos(rsFirestorm))
	if !slices.Equal(fs, []string{"C3-D3", "C3-D4", "E4-D3", "E4-D4", "G7xG4"}) {
		t.Errorf("firestorm %v", fs)
	}
	illegal(t, pos(rsFirestorm), "E4xE6", "must step: firestorm priority")
	illegal(t, pos(rsKeepARiding), "E4xG4", "must step: keep-a-riding priority")
	bf := legalTexts(pos(rsBackfire))
	if !slices.Equal(bf, []string{"C3-D3", "C3-D4", "E4xE6", "E4xG4", "G7xG4"}) {
		t.Errorf("backfire %v", bf)
	}
	illegal(t, pos(rsBackfire), "E4-D4", "must capture: backfire priority")
	cf := legalTexts(pos(rsConflagration))
	if len(cf) != 7 {
		t.Errorf("conflagration %v", cf)
	}
}

// TestR10_NoPiecesNoMove: a side without pieces cannot move; the ruleset
// says whether that wins.
func TestR10_NoPiecesNoMove(t *testing.T) {
	for rs := ruleset(0); rs < numRulesets; rs++ {
		p := build(t, rs, 5, engine.Second, []string{"E5"}, nil)
		r := p.Result()
		if !r.Over() || len(p.ToMove()) != 0 || p.Legal(engine.Second) != nil {
			t.Fatalf("%s: not over", p)
		}
		if rs.cannotMoveWins() {
			if r.Winner != engine.Second || r.Reason != "Dark cannot move, which wins in "+rulesetNames[rs] {
				t.Errorf("%s: %+v", rulesetNames[rs], r)
			}
		} else if r.Winner != engine.First || r.Reason != "Dark cannot move" {
			t.Errorf("%s: %+v", rulesetNames[rs], r)
		}
	}
}

// TestR11_EveryGameEnds checks R11's measure along random games: every
// non-capture raises the mover's descending group sizes lexicographically,
// every capture removes a piece.
func TestR11_EveryGameEnds(t *testing.T) {
	for rs := ruleset(0); rs < numRulesets; rs++ {
		rng := rand.New(rand.NewPCG(uint64(rs), 11))
		for game := 0; game < 10; game++ {
			p := newStart(rs, 5)
			for !p.Result().Over() {
				ms := p.legal()
				m := ms[rng.IntN(len(ms))]
				col := p.b[m.from]
				before := p.g.groupSizes(&p.b, col)
				q := p.play(m)
				after := q.g.groupSizes(&q.b, col)
				if m.cap {
					if slices.Equal(p.g.groupSizes(&p.b, 3-col), q.g.groupSizes(&q.b, 3-col)) {
						t.Fatalf("capture removed nothing: %s", q)
					}
				} else if slices.Compare(after, before) <= 0 {
					t.Fatalf("%s: groups %v -> %v", q, before, after)
				}
				p = q
			}
		}
	}
}

// TestSeedWinners replays the seed's goals: in Conflagration being
// eliminated, or contained so that no piece can move, is a win; Mosey and
// Shakattrition are won by the last to move, their misere forms lost.
func TestSeedWinners(t *testing.T) {
	// Light B2 captures Dark's last piece: Dark is eliminated.
	for rs, winner := range map[ruleset]engine.Player{
		rsConflagration: engine.Second, rsFirestorm: engine.Second, rsBackfire: engine.Second,
		rsKeepARiding: engine.First,
	} {
		p := build(t, rs, 4, engine.First, []string{"B2"}, []string{"E5"})
		r := play(t, p, "B2xE5").Result()
		if !r.Over() || r.Winner != winner {
			t.Errorf("%s: %+v", rulesetNames[rs], r)
		}
	}
	// Containment: Dark's last piece B2 has no friend to join and no enemy
	// on its lines (row 2, column B, the diagonal C3-H8), so Dark cannot
	// move: a win in Conflagration, a loss in Keep-a-riding.
	for rs, winner := range map[ruleset]engine.Player{rsConflagration: engine.Second, rsKeepARiding: engine.First} {
		p := build(t, rs, 4, engine.Second, []string{"F4", "G4"}, []string{"B2"})
		if r := p.Result(); !r.Over() || r.Winner != winner {
			t.Errorf("%s: contained Dark: %+v", rulesetNames[rs], r)
		}
	}
	// Mosey-type slides: the last to move wins, misere: loses.
	for rs, winner := range map[ruleset]engine.Player{
		rsMosey: engine.First, rsDontMosey: engine.Second,
		rsShakattrition: engine.First, rsShakattritionMisere: engine.Second,
	} {
		p := build(t, rs, 4, engine.First, []string{"B5", "H5"}, []string{"E5"})
		r := play(t, p, "B5xE5").Result()
		if !r.Over() || r.Winner != winner {
			t.Errorf("%s: %+v", rulesetNames[rs], r)
		}
	}
}

func TestParseMoveErrors(t *testing.T) {
	p := newStart(rsConflagration, 5)
	for _, c := range []struct {
		text string
		off  int
	}{
		{"", 0},
		{"   ", 3},
		{"3C-D4", 0},
		{"C-D4", 1},
		{"C3", 2},
		{"C3+D4", 2},
		{"C3-", 3},
		{"C3-D", 4},
		{"C3-D4x", 5},
		{"L3-D4", 0},
		{"C12-D4", 1},
		{"C0-D4", 1},
		{"C03-D4", 1},
		{" C3 - D4", 3},
		{"C3-D4 E5", 6},
	} {
		_, err := p.ParseMove(engine.First, c.text)
		var se *engine.SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("%q: %v, want a syntax error", c.text, err)
			continue
		}
		if se.Offset != c.off {
			t.Errorf("%q: offset %d (%s), want %d", c.text, se.Offset, se.Msg, c.off)
		}
	}
	if _, err := p.Apply(engine.Second, Move{}); !errors.As(err, new(*engine.NotYourTurnError)) {
		t.Errorf("Dark moved in Light's turn: %v", err)
	}
	illegal(t, p, "F1-F2", "no cell F1 on the Order 5 board")
	illegal(t, p, "C1-D2", "there is no piece on C1")
	illegal(t, p, "B1-B2", "B1 holds a Dark piece; Light is to move")
	illegal(t, p, "A1-A1", "must leave")
}

func TestParsePositionErrors(t *testing.T) {
	for _, text := range []string{
		"",
		"conflagration 4 1LD1/LD1LD/D1LD1L/1LD1LD1/LD1LD1/D1LD1/1LD1 L 0",
		"blaze 4 1LD1/LD1LD/D1LD1L/1LD1LD1/LD1LD1/D1LD1/1LD1 L 0 -",
		"conflagration 7 1LD1/LD1LD/D1LD1L/1LD1LD1/LD1LD1/D1LD1/1LD1 L 0 -",
		"conflagration 4 1LD1/LD1LD/D1LD1L/1LD1LD1/LD1LD1/D1LD1 L 0 -",
		"conflagration 4 1LD/LD1LD/D1LD1L/1LD1LD1/LD1LD1/D1LD1/1LD1 L 0 -",
		"conflagration 4 1LD11/LD1LD/D1LD1L/1LD1LD1/LD1LD1/D1LD1/1LD1 L 0 -",
		"conflagration 4 1LX1/LD1LD/D1LD1L/1LD1LD1/LD1LD1/D1LD1/1LD1 L 0 -",
		"conflagration 4 1LD1/LD1LD/D1LD1L/1LD1LD1/LD1LD1/D1LD1/1LD1 W 0 -",
		"conflagration 4 1LD1/LD1LD/D1LD1L/1LD1LD1/LD1LD1/D1LD1/1LD1 L -1 -",
		"conflagration 4 1LD1/LD1LD/D1LD1L/1LD1LD1/LD1LD1/D1LD1/1LD1 L 1 A1-B2",
		"conflagration 4 1LD1/LD1LD/D1LD1L/1LD1LD1/LD1LD1/D1LD1/1LD1 L 1 C3+D4",
	} {
		if _, err := (Game{}).ParsePosition(text); err == nil {
			t.Errorf("accepted %q", text)
		}
	}
	// Lower case is read too.
	p := parse(t, "Backfire 5 ld1ld/d1ld1l/1ld1ld1/ld1ld1ld/d1ld1ld1l/1ld1ld1l/ld1ld1l/d1ld1l/1ld1l d 3 c3xf3")
	if p.String() != "backfire 5 LD1LD/D1LD1L/1LD1LD1/LD1LD1LD/D1LD1LD1L/1LD1LD1L/LD1LD1L/D1LD1L/1LD1L D 3 C3xF3" {
		t.Errorf("lower case read as %s", p)
	}
}

// TestRandomGames plays 10,000 random games, spread evenly over every
// ruleset and order (go test: 300; under the race detector, make test:
// 100), checking text round trips on the way; every game must end with a
// win (R11).
func TestRandomGames(t *testing.T) {
	n := long.Sized(10000, 300, 100)
	per := (n + 23) / 24
	total := 0
	for rs := ruleset(0); rs < numRulesets; rs++ {
		for _, order := range []int{4, 5, 6} {
			scores := enginetest.RandomGames(t, Game{}, func(*rand.Rand) engine.Position {
				return newStart(rs, order)
			}, per, 3000, 37)
			if scores["1-0"]+scores["0-1"] != per {
				t.Errorf("%s order %d: scores %v", rulesetNames[rs], order, scores)
			}
			total += per
			t.Logf("%-20s order %d: Light %4d, Dark %4d", rulesetNames[rs], order, scores["1-0"], scores["0-1"])
		}
	}
	t.Logf("%d games", total)
}

// BenchmarkRandomPlayout plays random games from the Order 5 start of each
// ruleset, then from the Orders 4 and 6 starts of the conflagration ruleset.
func BenchmarkRandomPlayout(b *testing.B) {
	for rs := ruleset(0); rs < numRulesets; rs++ {
		b.Run(rulesetNames[rs], func(b *testing.B) {
			enginetest.Playouts(b, newStart(rs, 5))
		})
	}
	for _, order := range []int{4, 6} {
		b.Run(fmt.Sprintf("conflagration-order%d", order), func(b *testing.B) {
			enginetest.Playouts(b, newStart(rsConflagration, order))
		})
	}
}

// A cell name off the board is answered with the range of the board being
// played (issue 29: on the Order 4 board it said "columns run from A to
// K"); a record's move, read before any board is known, with the largest's.
func TestParseMoveNamesThisBoardsRange(t *testing.T) {
	for _, c := range []struct {
		order int
		move  string
		want  string
	}{
		{4, "L3-B2", "this board has no column L: columns run from B to H"},
		{4, "A3-B2", "this board has no column A: columns run from B to H"},
		{4, "B9-B2", "this board has no row 9: rows run from 2 to 8"},
		{5, "K3-B2", "this board has no column K: columns run from A to I"},
		{6, "K11-K10", ""},
	} {
		_, _, pos, err := engine.New("conflagration", engine.Config{Options: map[string]string{"order": strconv.Itoa(c.order)}})
		if err != nil {
			t.Fatal(err)
		}
		_, err = pos.ParseMove(engine.First, c.move)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("order %d %s: %v", c.order, c.move, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("order %d %s: %v, want %q", c.order, c.move, err, c.want)
		}
	}
	if _, err := parseMove("L3-B2", anyBoard); err == nil || !strings.Contains(err.Error(), "no board has a column L: columns run from A to K") {
		t.Errorf("any board: %v", err)
	}
}
