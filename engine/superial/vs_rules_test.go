package superial

import (
	"slices"
	"strings"
	"testing"

	"postal/engine"
)

// Tests of the vs-chess ruleset, rulings R14-R17. Boards are written in the
// position text (rank 8 first): White's men PNBRQK, Black's men pnbrqk, its
// cubes o + x, its king [xn] (a knight on a slasher). Square colours: a1 is
// dark, so a square is dark when file+rank (from 1) is even: the cubes' home.

// vs reads a vs-chess position from its board, side to move and castling
// rights (no en passant, no two-step pawns).
func vs(t *testing.T, boardText, side, castling string) *vsPosition {
	t.Helper()
	p, err := parseVsPosition("vs-chess " + boardText + " " + side + " " + castling + " - - 20 0 - -")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func vsStartT(t *testing.T) engine.Position {
	t.Helper()
	return start(t, "vs-chess", nil)
}

// legalSet is the set of the texts of the legal moves of the side to move.
func legalSet(p engine.Position) map[string]bool {
	out := map[string]bool{}
	for _, m := range legalTexts(p) {
		out[m] = true
	}
	return out
}

func wantLegal(t *testing.T, p engine.Position, want, notWant []string) {
	t.Helper()
	set := legalSet(p)
	for _, m := range want {
		if !set[m] {
			t.Errorf("%s is not listed: %v", m, legalTexts(p))
		}
	}
	for _, m := range notWant {
		if set[m] {
			t.Errorf("%s is listed", m)
		}
	}
}

func TestVsR14_Setup(t *testing.T) {
	p := vsStartT(t)
	if got, want := p.String(), "vs-chess 1o1o1o1o/o1o1o1o1/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - abcdefgh 0 0 - -"; got != want {
		t.Errorf("start\n got %s\nwant %s", got, want)
	}
	if p.ToMove()[0] != engine.First {
		t.Error("White, the chess army, moves first (R14)")
	}
	// The chess side's first moves are those of chess: 16 pawn moves, 4
	// knight moves.
	if got := legalTexts(p); len(got) != 20 || got[0] != "Nb1-a3" || got[19] != "h2-h4" {
		t.Errorf("White's first moves: %v", got)
	}
	// The cubes move by R5-R9 on 8x8: 26 pusher steps from ranks 7-8,
	// every one onto a light square, off home, so each comes three ways.
	p = play(t, p, "e2-e4")
	if got := len(legalTexts(p)); got != 78 {
		t.Errorf("Black's first moves: %d, want 78", got)
	}
	wantLegal(t, p, []string{"a7-a6", "a7-a6=+", "a7-a6=x", "h8-g8", "d8-d7=x"}, []string{"h8-h9", "a7-b6"})
}

func TestVsR14_NoSizeOption(t *testing.T) {
	info := Game{}.Info()
	cfg, err := engine.Normalize(info, engine.Config{Ruleset: "vs-chess"})
	if err != nil || cfg.String() != "vs-chess" {
		t.Errorf("vs-chess defaults %q %v: the board is 8x8, no size nor random moves", cfg, err)
	}
	if _, err := engine.Normalize(info, engine.Config{Ruleset: "vs-chess", Options: map[string]string{"size": "8"}}); err == nil || !strings.Contains(err.Error(), "does not apply") {
		t.Errorf("size given to vs-chess: %v", err)
	}
}

func TestVsR15_ChessTakesACubeOffTheBoard(t *testing.T) {
	p := play(t, vsStartT(t), "e2-e4", "b8-b7", "Bf1-a6", "h8-h7", "Ba6xb7")
	if p.String() == "" || !strings.Contains(p.ASCII(), "Black: 7 cubes, 0 men.") {
		t.Errorf("the bishop should have removed the cube on b7:\n%s", p.ASCII())
	}
	if got := p.(*vsPosition).b.at(sq{1, 6}); got != manCell(white, cBishop) {
		t.Errorf("b7 holds %v", got)
	}
}

func TestVsR15_CubeCaptureTurnsTheManOver(t *testing.T) {
	// A later capture (the cubes have their king on h8): the hopper on c4
	// (light) hops over the White knight on d4 (dark, the hopper's colour)
	// and the knight joins Black where it stands.
	p := vs(t, "7[on]/8/8/8/2+N4/8/8/K7", "b", "-")
	next := play(t, p, "c4-e4")
	b := next.(*vsPosition).b
	if b.at(sq{3, 3}) != manCell(black, cKnight) || b.at(sq{4, 3}) != piece(black, hopper) {
		t.Fatalf("d4 should hold Black's knight, e4 the hopper:\n%s", next.ASCII())
	}
	// The knight now moves as Black's, and its victims leave the board.
	next = play(t, next, "Ka1-a2", "Nd4-b3")
	if got := legalTexts(next); !slices.Contains(got, "Ka2xb3") {
		t.Errorf("the knight on b3 should be White's to take: %v", got)
	}
}

// R16: the man from f1, the first the cubes take, is crowned; the queen
// taken on d1 in the same chain joins Black in place. Then the king stands
// on the cube where the chain ended, c8.
func TestVsR16_FirstCaptureCrownsAndTheOthersChangeSides(t *testing.T) {
	p := play(t, vsStartT(t), "e2-e4", "g7-g8=x", "b2-b3")
	// The slasher's chain wraps: g8 over f1 (f9) onto e2 (e10), then over
	// d1 onto c8. Crowned where the man stood, next to White's king, the
	// king would stand in check: only the crowning on c8 is legal.
	wantLegal(t, p, []string{"g8-e2-c8(Kf1>c8)", "g8-e2-c8(Kd1>c8)"}, []string{"g8-e2-c8(Kf1)", "g8-e2-c8(Kd1)", "g8-e2-c8"})
	illegal(t, p, "g8-e2-c8", "say where the king stands, g8-e2-c8(Kf1>c8) or g8-e2-c8(Kd1>c8)")
	illegal(t, p, "g8-e2-c8(Kf1)", "in check")
	illegal(t, p, "g8-e2-c8(Kb1)", "captures no man on b1")
	illegal(t, p, "g8-e2-c8(Kf1>d4)", "not on d4")
	next := play(t, p, "g8-e2-c8(Kf1>c8)")
	b := next.(*vsPosition).b
	if b.at(sq{2, 7}) != stackCell(black, slasher, cBishop) || b.at(sq{5, 0}) != 0 || b.at(sq{3, 0}) != manCell(black, cQueen) {
		t.Fatalf("want the bishop on the slasher at c8, f1 empty, a Black queen on d1:\n%s", next.ASCII())
	}
	// The queen on d1 and the slasher's threats leave White's king no way
	// out (R17).
	if r := next.Result(); r.Kind != engine.Win || r.Winner != engine.Second || !strings.Contains(r.Reason, "checkmated") {
		t.Errorf("result %+v", r)
	}
}

// R16: a first capture is illegal when the new king would stand in check on
// both squares.
func TestVsR16_FirstCaptureIllegalInCheckOnBothSquares(t *testing.T) {
	p := play(t, vsStartT(t), "e2-e4", "g7-g8=x", "b2-b3")
	// g8 over f1 onto e2, and stop: the king on f1 or on e2 stands next to
	// White's king.
	illegal(t, p, "g8-e2", "their new king would stand in check on either square")
	illegal(t, p, "g8-e2(Kf1>e2)", "in check by a White man")
	for _, m := range legalTexts(p) {
		if strings.HasPrefix(m, "g8-e2(") || strings.HasPrefix(m, "g8-e2=") {
			t.Errorf("listed: %s", m)
		}
	}
}

// R16: the king goes on the captured man's square (the cube moves there)
// or on the cube where it ended, the cube player's choice; (Kd5), naming
// the cube's own square, is understood as the latter.
func TestVsR16_CrownOnEitherSquare(t *testing.T) {
	// The pusher on d6 steps onto d5 and pushes White's knight onto d4, a
	// dark square: captured.
	p := vs(t, "8/8/3o4/3N4/8/8/8/7K", "b", "-")
	onMan := play(t, p, "d6-d5(Kd4)")
	if b := onMan.(*vsPosition).b; b.at(sq{3, 3}) != stackCell(black, pusher, cKnight) || b.at(sq{3, 4}) != 0 {
		t.Errorf("(Kd4): want the stack on d4, d5 empty:\n%s", onMan.ASCII())
	}
	onCube := play(t, p, "d6-d5(Kd4>d5)")
	if b := onCube.(*vsPosition).b; b.at(sq{3, 4}) != stackCell(black, pusher, cKnight) || b.at(sq{3, 3}) != 0 {
		t.Errorf("(Kd4>d5): want the stack on d5, d4 empty:\n%s", onCube.ASCII())
	}
	short, m, err := engine.Play(p, engine.Second, "d6-d5(Kd5)")
	if err != nil || short.String() != onCube.String() || !strings.Contains(short.String(), " d6-d5(Kd4>d5) ") {
		t.Errorf("(Kd5): %v %v %s", m, err, short)
	}
	// The cube may change aspect as part of the move, judged where it ended
	// (d5, light: off home, R5).
	play(t, p, "d6-d5=x(Kd4)")
	if !strings.Contains(onMan.(*vsPosition).kingLine(), "knight on its pusher cube, d4") {
		t.Errorf("king line: %s", onMan.(*vsPosition).kingLine())
	}
}

// R16: the king's stack moves as its man (with its letter) or as its cube,
// and the cube may still change aspect.
func TestVsR16_StackMovesAsManOrCube(t *testing.T) {
	// The knight on a pusher on e4 (light: off home).
	p := vs(t, "7o/8/8/8/4[on]3/8/8/K7", "b", "-")
	// Its steps all end on dark squares, home: no aspect change with them.
	wantLegal(t, p, []string{"Ne4-f6", "Ne4-c3", "e4-e5", "e4-d4", "e4=x", "e4=+"}, []string{"e4-f6", "e4-e5=x"})
	next := play(t, p, "Ne4-f6")
	if b := next.(*vsPosition).b; b.at(sq{5, 5}) != stackCell(black, pusher, cKnight) || b.at(sq{4, 3}) != 0 {
		t.Errorf("the whole stack moves as the knight:\n%s", next.ASCII())
	}
	next = play(t, p, "e4=x")
	if next.(*vsPosition).b.at(sq{4, 3}) != stackCell(black, slasher, cKnight) {
		t.Errorf("the stack's cube turns slasher, the knight stays on it:\n%s", next.ASCII())
	}
	illegal(t, p, "Ne4-e5", "cannot go to e5")
	// A pawn king moves as a pawn with its letter, so that its moves
	// differ from its cube's.
	q := vs(t, "7o/8/8/8/4[op]3/8/8/K7", "b", "-")
	wantLegal(t, q, []string{"Pe4-e3", "e4-e3", "e4-d4"}, nil)
	if b := play(t, q, "Pe4-e3").(*vsPosition).b; b.at(sq{4, 2}) != stackCell(black, pusher, cPawn) {
		t.Error("Pe4-e3 moves the stack as a pawn")
	}
}

// R16: a pushed king loses its castling rights, and so does a rook turned
// over by a capture.
func TestVsR16_PushedKingLosesCastling(t *testing.T) {
	// The pusher on d1 steps onto e1 and pushes the king to f1 (light:
	// not captured).
	p := vs(t, "7o/8/8/8/8/8/8/R2oK2R", "b", "KQ")
	next := play(t, p, "d1-e1").(*vsPosition)
	if next.castling != 0 || !strings.Contains(next.String(), " w - ") {
		t.Errorf("rights after the push: %d %s", next.castling, next)
	}
	// A slasher on g2 jumps the rook on h1 across the corner onto a8: the
	// rook changes sides, White keeps only O-O-O.
	p = vs(t, "8/8/8/8/8/8/6x1/R3K2R", "b", "KQ")
	next = play(t, p, "g2-a8(Kh1)").(*vsPosition)
	if next.castling != 2 {
		t.Errorf("rights after the rook was taken: %d (%s)", next.castling, next)
	}
}

// R16: a pushed pawn counts as moved: no two-square step after.
func TestVsR16_PushedPawnCountsAsMoved(t *testing.T) {
	// The pusher on c2 steps onto d2 and pushes the pawn to e2 (light: the
	// pawn only moves).
	p := vs(t, "7o/8/8/8/8/8/2oP4/K7", "b", "-")
	p.unmoved = 1 << idx(sq{3, 1})
	if !strings.Contains(p.String(), " d 20 ") {
		t.Fatalf("setup: %s", p)
	}
	next := play(t, p, "c2-d2")
	wantLegal(t, next, []string{"e2-e3"}, []string{"e2-e4"})
	illegal(t, next, "e2-e4", "cannot go to e4")
	if !strings.Contains(next.String(), " - - - ") {
		t.Errorf("no pawn may step two now: %s", next)
	}
}

// R16: a pawn pushed onto its last rank becomes a queen, for either side.
func TestVsR16_PushedPawnPromotesToQueen(t *testing.T) {
	// The pusher on e6 (light) steps onto e7 and pushes White's pawn onto
	// e8 (light: not captured).
	p := vs(t, "7o/4P3/4o3/8/8/8/8/K7", "b", "-")
	if b := play(t, p, "e6-e7").(*vsPosition).b; b.at(sq{4, 7}) != manCell(white, cQueen) {
		t.Errorf("e8 should hold a White queen:\n%s", play(t, p, "e6-e7").ASCII())
	}
	// Black's pawn on d2 pushed onto d1 by its own pusher.
	p = vs(t, "[on]7/8/8/8/8/3o4/3p4/7K", "b", "-")
	if b := play(t, p, "d3-d2").(*vsPosition).b; b.at(sq{3, 0}) != manCell(black, cQueen) {
		t.Errorf("d1 should hold a Black queen:\n%s", play(t, p, "d3-d2").ASCII())
	}
}

// R17: a push onto the cubes' colour is check. White's king on e4 (light)
// with a Black pusher on d4: the pusher could step onto e4 and push the
// king onto f4, dark. The king must leave the line or take the pusher; d3
// and d5 are light squares in the pusher's file, in check too. By hand,
// White's 6 moves: Ke3, Ke5, Kf4 (dark squares), Kf3, Kf5 (light, out of
// any pusher's line) and Kxd4.
func TestVsR17_CheckByPush(t *testing.T) {
	p := vs(t, "7o/8/8/8/3oK3/8/8/8", "w", "-")
	if !p.threatened(white) || !strings.Contains(p.status(), "check") {
		t.Fatalf("White should be in check: %s", p.status())
	}
	if got, want := legalTexts(p), []string{"Ke4-e3", "Ke4-e5", "Ke4-f3", "Ke4-f4", "Ke4-f5", "Ke4xd4"}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	illegal(t, p, "Ke4-d3", "it leaves your king in check: the pusher on d4 could push it onto d2, a dark square")
}

// R17: a hop over the king on a dark square is check, also at the end of a
// chain: the hopper on a4 hops over the pawn on b4 onto c4, then over the
// king on d4. By hand, the king's 8 squares: c3 and c5 (dark) are in reach
// of the hopper's chains (a4 over b4 onto b3 or b5, then over the king),
// e3 and e5 (dark) are not, and c4, d3, d5, e4 are light, where no hopper
// captures. And the pawn may step away: with nothing next to it the hopper
// has no chain.
func TestVsR17_CheckByHop(t *testing.T) {
	p := vs(t, "7o/8/8/8/+P1K4/8/8/8", "w", "-")
	if threat := p.kingThreat(); threat != "the hopper on a4 could jump it" {
		t.Fatalf("threat %q", threat)
	}
	if got, want := legalTexts(p), []string{"Kd4-c4", "Kd4-d3", "Kd4-d5", "Kd4-e3", "Kd4-e4", "Kd4-e5", "b4-b5"}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	illegal(t, p, "Kd4-c5", "the hopper on a4 could jump it")
	// On a light square the same king is safe from hoppers.
	q := vs(t, "7o/8/8/8/+P2K3/8/8/8", "w", "-")
	if q.threatened(white) {
		t.Errorf("a king on e4 (light) cannot be taken by a hopper: %s", q.kingThreat())
	}
}

// R17: a slash across the wrap is check: the slasher on d8 is a diagonal
// neighbour of e1 across the top edge, and could jump the king onto f2.
// By hand, White's answers: the king's five squares (the slasher has no
// other piece next to it to start a chain with), or the knight closing the
// landing square f2; the pawn's moves leave the king in check.
func TestVsR17_CheckBySlashAcrossTheWrap(t *testing.T) {
	p := vs(t, "3x3o/8/8/8/8/7N/P7/4K3", "w", "-")
	if threat := p.kingThreat(); threat != "the slasher on d8 could jump it" {
		t.Fatalf("threat %q", threat)
	}
	if got, want := legalTexts(p), []string{"Ke1-d1", "Ke1-d2", "Ke1-e2", "Ke1-f1", "Ke1-f2", "Nh3-f2"}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	illegal(t, p, "a2-a3", "it leaves your king in check: the slasher on d8 could jump it")
}

// R17: the cubes' king is in check when a White man attacks it, and must
// get out.
func TestVsR17_CubeKingInCheck(t *testing.T) {
	// Black's king, a bishop on a hopper on e5 (dark), attacked along the
	// e-file by the rook on e1. By hand, 12 moves answer: the bishop's 12
	// squares but a1 (the rook's rank) and h2 (next to White's king), and
	// the hopper's plain moves off the file, e5-c5 and e5-g5. The pusher
	// on h8 cannot help.
	p := vs(t, "7o/8/8/4[+b]3/8/8/8/4R2K", "b", "-")
	if !strings.Contains(p.status(), "Black to move: check!") {
		t.Errorf("status %q", p.status())
	}
	got := legalTexts(p)
	if len(got) != 12 || !slices.Contains(got, "e5-c5") || !slices.Contains(got, "Be5-b8") || slices.Contains(got, "Be5-a1") {
		t.Errorf("%d moves: %v", len(got), got)
	}
	illegal(t, p, "h8-g8", "it leaves your king on e5 in check by a White man")
}

func TestVsR17_CheckmateOfTheCubesKing(t *testing.T) {
	p := vs(t, "7[on]/8/5K2/6Q1/8/8/8/8", "w", "-")
	next := play(t, p, "Qg5-g7")
	if r := next.Result(); r.Kind != engine.Win || r.Winner != engine.First || r.Reason != "Black's king is checkmated" {
		t.Errorf("result %+v\n%s", r, next.ASCII())
	}
}

func TestVsR17_EveryCubeGoneBeforeTheFirstCapture(t *testing.T) {
	p := vs(t, "8/8/8/3o4/8/8/8/K2R4", "w", "-")
	next := play(t, p, "Rd1xd5")
	if r := next.Result(); r.Kind != engine.Win || r.Winner != engine.First || !strings.Contains(r.Reason, "every cube is gone") {
		t.Errorf("result %+v", r)
	}
}

// R17: a side with no legal turn that is not in check draws. The hopper on
// a1 (dark, its home: no aspect change) has no hop and no plain move once
// the bishop closes c1.
func TestVsR17_StalemateDraws(t *testing.T) {
	p := vs(t, "8/8/8/8/8/P7/PP1B4/+N5K", "w", "-")
	next := play(t, p, "Bd2-c1")
	if r := next.Result(); r.Kind != engine.Draw || !strings.Contains(r.Reason, "stalemate") {
		t.Errorf("result %+v\n%s", r, next.ASCII())
	}
}

// R10 (by R17): the third occurrence of a position draws.
func TestVsR17_RepetitionDraws(t *testing.T) {
	p := vsStartT(t)
	shuffle := []string{"Ng1-f3", "b8-a8", "Nf3-g1", "a8-b8"}
	p = play(t, p, shuffle...)
	p = play(t, p, shuffle[:3]...)
	if p.Result().Over() {
		t.Fatalf("over too soon: %v", p.Result())
	}
	p = play(t, p, shuffle[3])
	if r := p.Result(); r.Kind != engine.Draw || !strings.Contains(r.Reason, "third time") {
		t.Errorf("result %+v", r)
	}
}

// The chess side plays chess (R14): castling, refused through a square a
// cube could take the king on; promotion with a choice.
func TestVsR14_Castling(t *testing.T) {
	p := vs(t, "7o/8/8/8/8/8/8/R3K2R", "w", "KQ")
	wantLegal(t, p, []string{"O-O", "O-O-O"}, nil)
	next := play(t, p, "O-O").(*vsPosition)
	if next.b.at(sq{6, 0}) != manCell(white, cKing) || next.b.at(sq{5, 0}) != manCell(white, cRook) || next.castling != 0 {
		t.Errorf("after O-O:\n%s", next.ASCII())
	}
	// A slasher on g2 could jump a king on f1 (onto e8, across the edge):
	// the king may not cross f1.
	p = vs(t, "8/8/8/8/8/8/6x1/R3K2R", "w", "KQ")
	wantLegal(t, p, []string{"O-O-O"}, []string{"O-O", "Ke1-f1"})
	illegal(t, p, "O-O", "may not cross or land on a square where it would be in check")
}

func TestVsR14_Promotion(t *testing.T) {
	p := vs(t, "7o/4P3/8/8/8/8/8/K7", "w", "-")
	wantLegal(t, p, []string{"e7-e8=Q", "e7-e8=R", "e7-e8=B", "e7-e8=N"}, []string{"e7-e8"})
	illegal(t, p, "e7-e8", "say what the pawn becomes")
	if b := play(t, p, "e7-e8=N").(*vsPosition).b; b.at(sq{4, 7}) != manCell(white, cKnight) {
		t.Error("e7-e8=N makes a knight")
	}
}

// R14: en passant. Black's pawn (a man the cubes took) on d4 takes White's
// pawn that stepped e2-e4.
func TestVsR14_EnPassant(t *testing.T) {
	p, err := parseVsPosition("vs-chess [on]7/8/8/8/3p4/8/4P3/7K w - - e 20 0 - -")
	if err != nil {
		t.Fatal(err)
	}
	next := play(t, p, "e2-e4")
	if !strings.Contains(next.String(), " b - e3 - ") {
		t.Fatalf("en passant square: %s", next)
	}
	wantLegal(t, next, []string{"d4xe3", "d4-d3"}, nil)
	after := play(t, next, "d4xe3").(*vsPosition)
	if after.b.at(sq{4, 3}) != 0 || after.b.at(sq{4, 2}) != manCell(black, cPawn) {
		t.Errorf("after d4xe3:\n%s", after.ASCII())
	}
}

// Moves that are the wrong side's, or not moves of this piece.
func TestVsWrongPieces(t *testing.T) {
	p := vsStartT(t)
	illegal(t, p, "b8-b7", "the pusher on b8 is Black's")
	illegal(t, p, "e2=x", "the pawn on e2 is a chess man")
	illegal(t, p, "Ng1-g3", "cannot go to g3")
	illegal(t, p, "Bg1-f3", "is a knight, not a bishop")
	illegal(t, p, "e2-e5", "cannot go to e5")
	illegal(t, p, "O-O", "the squares between king and rook must be empty")
	illegal(t, p, "e2xe4", "nothing to take on e4")
	q := play(t, p, "e2-e4")
	illegal(t, q, "e4-e5", "the pawn on e4 is White's")
	illegal(t, q, "Nb8-c6", "not a chess man")
	illegal(t, q, "O-O", "the cubes have no chess king")
	illegal(t, q, "b8-b7(Kb7)", "captures no chess man")
}
