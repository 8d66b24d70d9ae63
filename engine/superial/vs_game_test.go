package superial

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime/debug"
	"slices"
	"strings"
	"testing"
	"time"

	"postal/engine"
	"postal/engine/enginetest"
	"postal/engine/enginetest/long"
)

// Perft of the vs-chess ruleset from the start. By hand: White's 20 chess
// moves; after each, Black's 78 (26 pusher steps, each onto a light square
// and so with its two aspect changes, R5) whatever White played: 1560. At
// depth 3 no cube can reach White's men yet, so White's replies are those
// of chess after a Black move that blocks and threatens nothing: 445 over
// White's 20 first moves, 78 times.
func TestVsPerftStart(t *testing.T) {
	enginetest.Perft(t, vsStartT(t), 20, 1560, 78*445)
}

// Perft from mid-game positions, depth 1 by hand (see the rule tests for
// the reasoning of each):
//
//   - push: White's king on e4 in check by the pusher on d4: 6 moves
//     (TestVsR17_CheckByPush).
//   - crown: Black's pusher d6 may push White's knight from d5 onto d4 and
//     capture it: steps to c6, e6, d7 (light: each plain, =+, =x) 9, and
//     d6-d5 with its three aspects times two crownings 6: 15. Depth 2 by
//     hand: after the 9 quiet moves White has its king's 3 moves and the
//     knight's 8, after the 6 captures the king's 3: 9*11 + 6*3 = 117.
//   - cube-king: Black's king (a bishop on a hopper) in check on the e-file:
//     12 moves (TestVsR17_CubeKingInCheck).
//   - slash: White's king on e1 in check across the top edge: 6 moves
//     (TestVsR17_CheckBySlashAcrossTheWrap).
//   - opening: after e2-e4 g7-g8=x b2-b3, 77 Black moves. The pushers step
//     onto light squares, each step plain, =+ or =x: a7 3 (a6 a8 b7), c7 4,
//     e7 4, b8 3, d8 3, f8 2 (e8 f7: g8-h8 cannot be pushed off the board),
//     h8 2 (h7, and g8 pushing the slasher and f8 west): 21 x 3 = 63. The
//     slasher on g8 (light, off home): steps f7 and h7, 3 ways each; the
//     aspect changes g8=o and g8=+; the chain over f1 (across the edge)
//     onto e2 and over d1 onto c8, 3 ways times the 2 legal crownings (on
//     c8; crowned on f1 or d1 the king would stand next to White's): 6;
//     stopping on e2 would crown a king in check on either square (R16).
//     63 + 6 + 2 + 6 = 77.
func TestVsPerftMidgame(t *testing.T) {
	for _, c := range []struct {
		name, text string
		want       []int64
	}{
		{"push", "vs-chess 7o/8/8/8/3oK3/8/8/8 w - - - 20 0 - -", []int64{6, 96, 681}},
		{"crown", "vs-chess 8/8/3o4/3N4/8/8/8/7K b - - - 20 0 - -", []int64{15, 117, 1491}},
		{"cube-king", "vs-chess 7o/8/8/4[+b]3/8/8/8/4R2K b - - - 20 0 - -", []int64{12, 185, 2643}},
		{"slash", "vs-chess 3x3o/8/8/8/8/7N/P7/4K3 w - - - 20 0 - -", []int64{6, 59, 572}},
		{"opening", "vs-chess 1o1o1oxo/o1o1o3/8/8/4P3/1P6/P1PP1PPP/RNBQKBNR b KQ - acdfgh 3 0 b2-b3 -", []int64{77, 2265, 283821}},
	} {
		t.Run(c.name, func(t *testing.T) {
			p, err := parseVsPosition(c.text)
			if err != nil {
				t.Fatal(err)
			}
			want := c.want
			if !long.Enabled() && want[len(want)-1] > 100000 {
				want = want[:2]
			}
			enginetest.Perft(t, p, want...)
		})
	}
}

func vsRandomStart(*rand.Rand) engine.Position { return vsStart() }

// TestVsRandomGames plays 10,000 random games (make test: 50) to their end:
// every one ends with a result and a reason, and every 50th ply the position
// and move texts round-trip.
func TestVsRandomGames(t *testing.T) {
	n := long.Size(10000, 50)
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	t0 := time.Now()
	scores := enginetest.RandomGames(t, Game{}, vsRandomStart, n, 3000, 50)
	t.Logf("%d games in %v: %v", n, time.Since(t0), scores)
	if scores["1-0"] == 0 || scores["0-1"] == 0 || scores["1/2-1/2"] == 0 {
		t.Errorf("random games should end every way: %v", scores)
	}
}

func BenchmarkVsRandomPlayout(b *testing.B) {
	enginetest.Playouts(b, vsStart())
}

// TestVsLegalMatchesApply checks, along random games, that Apply accepts
// exactly the listed moves among every candidate the generators make:
// every chess move by the men's movement, every cube move with every
// crowning.
func TestVsLegalMatchesApply(t *testing.T) {
	games := long.Sized(40, 3, 1) // 1 under the race detector (make test)
	for i := 0; i < games; i++ {
		rng := rand.New(rand.NewPCG(uint64(i), 21))
		var pos engine.Position = vsStart()
		for ply := 0; ply < 200 && !pos.Result().Over(); ply++ {
			p := pos.(*vsPosition)
			listed := legalSet(p)
			var cands []string
			for _, m := range p.pseudo(func(int8) bool { return true }) {
				cands = append(cands, p.chessMoveOf(m).text)
			}
			p.b.gen(black, func(from sq, legs []leg, aspect int) bool {
				if p.toMove != black {
					return false
				}
				m := newMove(from, slices.Clone(legs), aspect)
				cands = append(cands, m.text)
				if legs == nil {
					return true // an aspect change alone
				}
				for _, s := range p.b.occupiedBy(white) {
					cands = append(cands, m.text+"(K"+s.String()+")", m.text+"(K"+s.String()+">"+m.legs[len(m.legs)-1].to.String()+")")
				}
				return true
			})
			accepted := 0
			for _, text := range cands {
				next, _, err := engine.Play(p, p.ToMove()[0], text)
				var ie *engine.IllegalMoveError
				switch {
				case err == nil && !listed[next.(*vsPosition).last]:
					t.Fatalf("%s is accepted but not listed: %s", text, p)
				case err == nil:
					accepted++
				case !errors.As(err, &ie):
					t.Fatalf("%s: %v", text, err)
				case listed[text]:
					t.Fatalf("%s is listed but refused: %v (%s)", text, err, p)
				}
			}
			if accepted == 0 && len(listed) > 0 {
				t.Fatalf("no candidate accepted, %d listed: %s", len(listed), p)
			}
			pos, _, _ = engine.RandomGame(pos, rng, 1)
		}
	}
}

// occupiedBy lists the squares of team's pieces.
func (b *board) occupiedBy(team int) []sq {
	var out []sq
	for r := int8(0); r < b.n; r++ {
		for f := int8(0); f < b.n; f++ {
			if c := b.at(sq{f, r}); c != 0 && c.team() == team {
				out = append(out, sq{f, r})
			}
		}
	}
	return out
}

func TestVsNotationParse(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Ng1-f3", "Ng1-f3"},
		{" ng1-F3 ", "Ng1-f3"},
		{"e2-e4", "e2-e4"},
		{"e5xd6", "e5xd6"},
		{"Nf3xe5", "Nf3xe5"},
		{"e7-e8=q", "e7-e8=Q"},
		{"e7xd8=N", "e7xd8=N"},
		{"o-o", "O-O"},
		{"0-0-0", "O-O-O"},
		{"Pd4-d3", "Pd4-d3"},
		{"bb2-c3", "Bb2-c3"},
		{"b8-b7=x", "b8-b7=x"},
		{"d6=+", "d6=+"},
		{"c3-d4[d3]-e4[d4]", "c3-d4[d3]-e4[d4]"},
		{"g8-e2-c8(kf1>C8)", "g8-e2-c8(Kf1>c8)"},
		{"d6-d5=x(Kd4)", "d6-d5=x(Kd4)"},
	} {
		m, err := parseVsMove(engine.Second, c.in)
		if err != nil {
			t.Errorf("parseVsMove(%q): %v", c.in, err)
			continue
		}
		if m.String() != c.want {
			t.Errorf("parseVsMove(%q) = %q, want %q", c.in, m, c.want)
		}
	}
}

func TestVsNotationSyntaxErrors(t *testing.T) {
	for _, c := range []struct {
		in     string
		offset int
		msg    string
	}{
		{"", 0, "empty move"},
		{"random", 0, "no random moves against chess"},
		{"Zg1-f3", 0, "a man's letter"},
		{"Ng1", 3, "expected - or x"},
		{"Ng1-i3", 4, "file i is not on the 8x8 board"},
		{"e7-e8=K", 6, "Q, R, B or N"},
		{"e7-e8=", 6, "Q, R, B or N"},
		{"c3-d4[d3]=Q", 9, "only a pawn's move"},
		{"e2-e4 e5", 5, "unexpected"},
		{"b8-b7(Qb7)", 6, "expected K"},
		{"b8-b7(Kb7", 9, "expected )"},
		{"b8-b7(Kb7>)", 10, "expected a square"},
		{"Nb1=x", 3, "expected - or x"},
		{"b8", 2, "expected -square"},
	} {
		_, err := parseVsMove(engine.First, c.in)
		var se *engine.SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("parseVsMove(%q): want a syntax error, got %v", c.in, err)
			continue
		}
		if se.Offset != c.offset || !strings.Contains(se.Msg, c.msg) {
			t.Errorf("parseVsMove(%q): offset %d %q, want %d %q", c.in, se.Offset, se.Msg, c.offset, c.msg)
		}
	}
}

func TestVsPositionTextErrors(t *testing.T) {
	for _, bad := range []string{
		"vs-chess 1o1o1o1o/o1o1o1o1/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - abcdefgh 0 0 -",
		"vs-chess 1o1o1o1o/o1o1o1o1/8/8/8/8/PPPPPPPP/RNBQ1BNR w - - - 0 0 - -",         // no White king
		"vs-chess 1o1o1o1o/o1o1o1o1/8/8/8/8/PPPPPPPP/RNBQKBNk w - - - 0 0 - -",         // a Black chess king
		"vs-chess [on][xb]6/8/8/8/8/8/8/K7 w - - - 0 0 - -",                            // two cube kings
		"vs-chess 1o1o1o1o/o1o1o1o1/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQ - abcdefgh 0 0 - -", // K without its rook
		"vs-chess 1o1o1o1o/o1o1o1o1/8/8/8/8/PPPPPPP1/RNBQKBNR w KQ - abcdefgh 0 0 - -", // two-step without its pawn
		"vs-chess 1o1o1o1o/o1o1o1o1/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ e3 abcdefgh 0 0 - -",
		"vs-chess 4P3/8/8/8/8/8/8/K7 w - - - 0 0 - -", // a pawn on its last rank
		"vs-chess 1o1o1o1o/o1o1o1o1/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - hgf 0 0 - -",
		"vs-chess [oK]7/8/8/8/8/8/8/K7 w - - - 0 0 - -",
		"vs-chess 1O6/8/8/8/8/8/8/K7 w - - - 0 0 - -",
		"vs-chess 8/8/8/8/8/8/8/K7 w - - - 1 0 - 0123456789abcdef",
		"vs-chess 7o/8/8/8/3oK3/8/8/8 b - - - 20 0 - -", // White, who just moved, in check
	} {
		if _, err := (Game{}).ParsePosition(bad); err == nil {
			t.Errorf("accepted %q", bad)
		}
	}
}

func TestVsRoundTrips(t *testing.T) {
	for _, p := range []engine.Position{
		vsStartT(t),
		play(t, vsStartT(t), "e2-e4", "g7-g8=x", "b2-b3"),
		play(t, vsStartT(t), "e2-e4", "g7-g8=x", "b2-b3", "g8-e2-c8(Kf1>c8)"),
		vs(t, "7o/8/8/4[+b]3/8/8/8/4R2K", "b", "-"),
	} {
		enginetest.RoundTrip(t, Game{}, p)
		enginetest.MoveRoundTrip(t, p)
	}
}

func FuzzParseVsMove(f *testing.F) {
	for _, s := range []string{"Ng1-f3", "e2-e4", "e5xd6", "e7-e8=Q", "O-O", "0-0-0", "Pd4-d3", "b8-b7=x", "d6=+",
		"c3-d4[d3]-e4[d4]", "g8-e2-c8(Kf1>c8)", "d6-d5=x(Kd4)", "bb2xc3", " o-o-o "} {
		f.Add(s, false)
	}
	f.Fuzz(func(t *testing.T, text string, second bool) {
		pl := engine.First
		if second {
			pl = engine.Second
		}
		m, err := parseVsMove(pl, text)
		if err != nil {
			var se *engine.SyntaxError
			if !errors.As(err, &se) || se.Offset < 0 || se.Offset > len(text) {
				t.Fatalf("%q: bad error %v", text, err)
			}
			return
		}
		back, err := parseVsMove(pl, m.String())
		if err != nil || back.String() != m.String() {
			t.Fatalf("%q -> %q -> %v %v", text, m, back, err)
		}
	})
}

func TestVsGolden(t *testing.T) {
	opening := play(t, vsStartT(t), "e2-e4", "g7-g8=x", "b2-b3")
	for _, c := range []struct {
		name string
		pos  engine.Position
	}{
		{"vs-start", vsStartT(t)},
		{"vs-crowned", play(t, opening, "g8-e2-c8(Kf1>c8)")},
		{"vs-cube-check", vs(t, "7o/8/8/4[+b]3/8/8/8/4R2K", "b", "-")},
		{"vs-push-check", play(t, vs(t, "7o/8/8/8/2o1K3/8/8/8", "b", "-"), "c4-d4")},
	} {
		goldenBoard(t, c.name, c.pos)
	}
}

// goldenBoard pins pos's ASCII board and picture in testdata/name.txt and
// .svg, and checks that the board fits 78 columns; SUPERIAL_SVG names a
// directory to write the picture to, to look at.
func goldenBoard(t *testing.T, name string, pos engine.Position) {
	t.Helper()
	enginetest.Golden(t, name+".txt", []byte(pos.ASCII()))
	enginetest.Golden(t, name+".svg", pos.Picture().SVG())
	for i, line := range strings.Split(pos.ASCII(), "\n") {
		if len(line) > 78 {
			t.Errorf("%s: line %d has %d columns", name, i+1, len(line))
		}
	}
	if dir := os.Getenv("SUPERIAL_SVG"); dir != "" {
		os.WriteFile(dir+"/superial-"+name+".svg", pos.Picture().SVG(), 0o644)
	}
}

// The shortest win found by greedy random play: the slasher's chain across
// White's back rank crowns the bishop and mates at once.
func ExampleGame_vsChess() {
	_, _, pos, _ := engine.New("superial-chess", engine.Config{Ruleset: "vs-chess"})
	for _, text := range []string{"e2-e4", "g7-g8=x", "b2-b3", "g8-e2-c8(Kf1>c8)"} {
		var err error
		if pos, _, err = engine.Play(pos, pos.ToMove()[0], text); err != nil {
			fmt.Println(err)
			return
		}
	}
	fmt.Println(pos.Result().Score(), pos.Result().Reason)
	// Output:
	// 0-1 White's king is checkmated
}
