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

func TestNotationParse(t *testing.T) {
	p := start(t, "random", nil)
	for _, c := range []struct{ in, want string }{
		{"b1-b2", "b1-b2"},
		{"  B1-B2=X ", "b1-b2=x"},
		{"a1-c3-e5", "a1-c3-e5"},
		{"c3-d4[d3]", "c3-d4[d3]"},
		{"C3-D4[D3]-e4[D4]=o", "c3-d4[d3]-e4[d4]=o"},
		{"b2=+", "b2=+"},
		{"RANDOM", "random"},
		{"\tf6-a1\n", "f6-a1"},
	} {
		m, err := p.ParseMove(engine.First, c.in)
		if err != nil {
			t.Errorf("ParseMove(%q): %v", c.in, err)
			continue
		}
		if m.String() != c.want {
			t.Errorf("ParseMove(%q) = %q, want %q", c.in, m, c.want)
		}
	}
	m, err := p.ParseMove(engine.Chance, " Throw C4  wX ")
	if err != nil || m.String() != "throw c4 Wx" {
		t.Errorf("throw: %v %v", m, err)
	}
}

func TestNotationSyntaxErrors(t *testing.T) {
	p := start(t, "classic", nil)
	for _, c := range []struct {
		pl     engine.Player
		in     string
		offset int
		msg    string
	}{
		{engine.First, "", 0, "empty move"},
		{engine.First, "b1", 2, "expected -square"},
		{engine.First, "b1-", 3, "expected a square"},
		{engine.First, "b1-g2", 3, "file g is not on the 6x6 board"},
		{engine.First, "b1-b7", 4, "rank 7 is not on the 6x6 board"},
		{engine.First, "b1-b02", 4, "rank 02"},
		{engine.First, "b1-b2=q", 6, "expected an aspect"},
		{engine.First, "b1-b2 x", 5, "unexpected"},
		{engine.First, "c3-d4[d3", 8, "expected ]"},
		{engine.First, "1b-b2", 0, "expected a square"},
		{engine.First, "b=x", 1, "expected a rank number"},
		{engine.First, "b2=x-b3", 4, "unexpected text after the aspect change"},
		{engine.First, "throw c4 Wx", 0, "thrown by the server"},
		{engine.Chance, "c4 Wx", 0, "throw c4 Wx"},
		{engine.Chance, "throw c4 Wq", 10, "expected an aspect"},
		{engine.Chance, "throw c4 Qx", 9, "expected the thrown team"},
		{engine.Chance, "throwc4 Wx", 5, "expected a space"},
	} {
		_, err := p.ParseMove(c.pl, c.in)
		var se *engine.SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("ParseMove(%q): want a syntax error, got %v", c.in, err)
			continue
		}
		if se.Offset != c.offset || !strings.Contains(se.Msg, c.msg) {
			t.Errorf("ParseMove(%q): offset %d %q, want %d %q", c.in, se.Offset, se.Msg, c.offset, c.msg)
		}
	}
	// 10x10 boards reach j10.
	q := start(t, "classic", map[string]string{"size": "10"})
	if m, err := q.ParseMove(engine.First, "J10-j9"); err != nil || m.String() != "j10-j9" {
		t.Errorf("j10-j9: %v %v", m, err)
	}
}

func TestPositionTextErrors(t *testing.T) {
	for _, bad := range []string{
		"",
		"classic 6 1p1p1p/p1p1p1/6/6/P1P1P1/1P1P1P w - 0 0 -",
		"chess 6 1p1p1p/p1p1p1/6/6/P1P1P1/1P1P1P w - 0 0 - -",
		"classic 7 1p1p1p/p1p1p1/6/6/P1P1P1/1P1P1P w - 0 0 - -",
		"random 8 8/8/8/8/8/8/8/8 w 1:1:1 0 0 - -",
		"classic 6 1p1p1p/p1p1p1/6/6/P1P1P1 w - 0 0 - -",
		"classic 6 1p1p1p/p1p1p1/7/6/P1P1P1/1P1P1P w - 0 0 - -",
		"classic 6 1p1p1p/p1p1p1/6/6/P1P1Q1/1P1P1P w - 0 0 - -",
		"classic 6 1p1p1p/p1p1p1/6/6/P1P1P1/1P1P1P x - 0 0 - -",
		"classic 6 1p1p1p/p1p1p1/6/6/P1P1P1/1P1P1P w* - 0 0 - -",
		"classic 6 1p1p1p/p1p1p1/6/6/P1P1P1/1P1P1P w 1:1:1 0 0 - -",
		"random 6 1p1p1p/p1p1p1/6/6/P1P1P1/1P1P1P w 1:2:1 0 0 - -",
		"classic 6 1p1p1p/p1p1p1/6/6/P1P1P1/1P1P1P w - 0 1 - -",
		"classic 6 1p1p1p/p1p1p1/6/6/P1P1P1/1P1P1P w - 1 0 z9-a1 -",
		"classic 6 1p1p1p/p1p1p1/6/6/P1P1P1/1P1P1P w - 1 0 - 12",
		"classic 6 1p1p1p/p1p1p1/6/6/P1P1P1/1P1P1P w - 0 0 - 0123456789abcdef",
	} {
		if _, err := (Game{}).ParsePosition(bad); err == nil {
			t.Errorf("accepted %q", bad)
		}
	}
}

// Perft counts. Depth 1 from the start, by hand: all six White pushers
// stand on white squares with empty neighbours, and every step lands on a
// black square, off home, so each step comes plain, =+ and =x (R5): b1 has
// 3 steps (a1 b2 c1), d1 3, f1 2, a2 3, c2 4, e2 4: 19 steps x 3 = 57. The
// random ruleset adds the move random (58). 8x8: 26 steps x 3 = 78; 10x10:
// 33 x 3 = 99.
func TestPerftStart(t *testing.T) {
	// Depth 3 visits 1.8 million positions: a long test.
	depth := func(want ...int64) []int64 {
		if !long.Enabled() {
			return want[:min(2, len(want))]
		}
		return want
	}
	enginetest.Perft(t, start(t, "classic", nil), depth(57, 3249, 290322)...)
	enginetest.Perft(t, start(t, "random", nil), depth(58, 3522, 322389)...)
	enginetest.Perft(t, start(t, "classic", map[string]string{"size": "8"}), depth(78, 6084, 1179435)...)
	enginetest.Perft(t, start(t, "classic", map[string]string{"size": "10"}), depth(99, 9801)...)
}

// Perft counts from mid-game positions. Depth 1 by hand:
//
//   - hopper: the White hopper c2 sits on its home color (no aspect change)
//     among Black b2 c3 d2 d3: c2-a2 over b2; side hops b1[b2], b3[b2],
//     b3[c3], d1[d2]; straight hops c4 (over c3), e2 (over d2); chains
//     b3[b2]-c4[c3], b3[c3]-a2[b2], b3[c3]-b1 (over b2): 10 moves, all
//     ending on white squares (hops keep the square colour).
//   - slasher: the White slasher c1 (off home) among Black b2 d2 b4 d4:
//     steps b6 d6 (across the bottom edge), chains a3, a3-c5, a3-c5-e3, e3,
//     e3-c5, e3-c5-a3: 8 endings x 3 aspects + c1=o, c1=+ = 26.
//   - random: White pusher c1 (off home) under Black c2 c3: c1-b1, c1-d1,
//     c1-c2 (pushing both; all end on White's home), c1=+, c1=x, random = 6.
//   - 8x8: White slasher c1 and hopper e1, both off home, Black b2 d2 f2:
//     slasher endings a3, b8, d8 (wrapped steps), e3, e3-g1 x 3 + 2 = 17;
//     hopper plain moves e3, g1 x 3 + 2 = 8; 25 in all.
func TestPerftMidgame(t *testing.T) {
	for _, c := range []struct {
		name, text string
		want       []int64
	}{
		{"hopper", "classic 6 6/6/6/2pp2/1pHp2/6 w - 20 3 - -", []int64{10, 404, 3352}},
		{"slasher", "classic 6 6/6/1p1p2/6/1p1p2/2S3 w - 31 0 - -", []int64{26, 816, 12888}},
		{"random", "random 6 6/6/6/2p3/2p3/2P3 w 1:1:0 12 0 - -", []int64{6, 292, 4974}},
		{"8x8", "classic 8 8/8/8/8/8/8/1p1p1p2/2S1H3 w - 40 2 - -", []int64{25, 756, 17535}},
	} {
		t.Run(c.name, func(t *testing.T) {
			enginetest.Perft(t, at(t, c.text), c.want...)
		})
	}
}

func randomStart(rng *rand.Rand) engine.Position {
	cfg := engine.Config{Ruleset: "classic"}
	if rng.IntN(5) < 2 {
		cfg = engine.Config{Ruleset: "random", Options: map[string]string{"random-moves": fmt.Sprint(1 + rng.IntN(3))}}
	}
	_, _, p, err := engine.New("superial-chess", cfg)
	if err != nil {
		panic(err)
	}
	return p
}

// TestRandomGames plays 10,000 random games (make test: 100; 60% classic,
// 40% random with 1-3 random moves) to their end (R10).
func TestRandomGames(t *testing.T) {
	n := long.Size(10000, 100)
	// Listing every stopping point of every chain allocates a lot: collect
	// garbage less often.
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	t0 := time.Now()
	scores := enginetest.RandomGames(t, Game{}, randomStart, n, 5000, 50)
	t.Logf("%d games in %v: %v", n, time.Since(t0), scores)
}

// TestRandomGamesLargeBoards plays random games on 8x8 and 10x10 (R12).
func TestRandomGamesLargeBoards(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	for _, size := range []string{"8", "10"} {
		n := long.Size(30, 3)
		st := func(*rand.Rand) engine.Position {
			_, _, p, _ := engine.New("superial-chess", engine.Config{Options: map[string]string{"size": size}})
			return p
		}
		scores := enginetest.RandomGames(t, Game{}, st, n, 40000, 200)
		t.Logf("size %s: %d games: %v", size, n, scores)
	}
}

func BenchmarkRandomPlayout(b *testing.B) {
	enginetest.Playouts(b, start(&testing.T{}, "classic", nil))
}

// midgame is a 6x6 game whose last move wraps around the board.
func midgame(t *testing.T) engine.Position {
	return play(t, start(t, "classic", nil), "b1-b2=x", "a5-a4", "b2-a1", "c5-c4", "a1-f2", "c4-c3", "c2-c3=+", "d6-d5")
}

func TestGolden(t *testing.T) {
	randomPending := play(t, start(t, "random", nil), "c2-c3", "random")
	thrown, _, err := engine.Play(randomPending, engine.Chance, "throw d4 Wx")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		pos  engine.Position
	}{
		{"start", start(t, "classic", nil)},
		{"midgame", midgame(t)},
		{"hopchain", play(t, midgame(t), "c3-c5-d6[d5]")},
		{"random-pending", randomPending},
		{"random-thrown", thrown},
		{"start10", start(t, "classic", map[string]string{"size": "10"})},
	} {
		enginetest.Golden(t, c.name+".txt", []byte(c.pos.ASCII()))
		enginetest.Golden(t, c.name+".svg", c.pos.Picture().SVG())
		for i, line := range strings.Split(c.pos.ASCII(), "\n") {
			if len(line) > 78 {
				t.Errorf("%s: line %d has %d columns", c.name, i+1, len(line))
			}
		}
		if os.Getenv("SUPERIAL_SVG") != "" {
			os.WriteFile("/tmp/superial-"+c.name+".svg", c.pos.Picture().SVG(), 0o644)
		}
	}
}

func TestRoundTrips(t *testing.T) {
	for _, p := range []engine.Position{
		start(t, "classic", nil), midgame(t),
		play(t, start(t, "random", nil), "random"),
		start(t, "classic", map[string]string{"size": "10"}),
	} {
		enginetest.RoundTrip(t, Game{}, p)
		enginetest.MoveRoundTrip(t, p)
	}
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"b1-b2", "b1-b2=x", "a1-c3-e5", "c3-d4[d3]", "c3-d4[d3]-e4[d4]=o", "b2=+", "random", "throw c4 Wx", "f6-a1", "j10-a1", " B1-B2 ", "c3-c5[c4]"} {
		for _, n := range []byte{6, 8, 10} {
			f.Add(s, n, s[0] == 't')
		}
	}
	f.Fuzz(func(t *testing.T, text string, n byte, chance bool) {
		size := []int8{6, 8, 10}[int(n)%3]
		pl := engine.First
		if chance {
			pl = engine.Chance
		}
		m, err := parseMove(size, pl, text)
		if err != nil {
			var se *engine.SyntaxError
			if !errors.As(err, &se) || se.Offset < 0 || se.Offset > len(text) {
				t.Fatalf("%q: bad error %v", text, err)
			}
			return
		}
		back, err := parseMove(size, pl, m.String())
		if err != nil || back.String() != m.String() {
			t.Fatalf("%q -> %q -> %v %v", text, m, back, err)
		}
	})
}

func FuzzParsePosition(f *testing.F) {
	f.Add("classic 6 1p1p1p/p1p1p1/6/6/P1P1P1/1P1P1P w - 0 0 - -")
	f.Add("random 6 1p1p1p/p1p1p1/6/6/P1P1P1/1P1P1P b* 2:1:2 3 0 random -")
	f.Add("classic 6 1p1p1p/4p1/p1p3/6/P1P1PS/3P1P b - 5 4 a1-f2 9e6b2204aa934345,d7bee52e6d1e1ff0,7ec3c0a30c355a3b,79e46ee41402eb9e,7767f7d6fb5977a9")
	f.Add("random 6 1p1p1p/p1p1p1/2S3/6/P1P1P1/1P1P1P b 1:0:1 2 0 throw_c4_Wx -")
	f.Add("classic 10 1p1p1p1p1p/p1p1p1p1p1/10/10/10/10/10/10/P1P1P1P1P1/1P1P1P1P1P w - 0 0 - -")
	f.Add("classic 8 8/8/8/8/8/8/1p1p1p2/2S1H3 w - 40 2 c3-d4[d3] -")
	f.Add("vs-chess 1o1o1o1o/o1o1o1o1/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - abcdefgh 0 0 - -")
	f.Add("vs-chess 1o1o1o1o/o1o1o1o1/8/8/4P3/1P6/P1PP1PPP/RNBQKBNR b KQ - acdfgh 3 0 b2-b3 -")
	f.Add("vs-chess 7o/8/8/4[+b]3/8/8/8/4R2K b - - - 20 0 - -")
	f.Add("vs-chess [on]7/8/8/8/3pP3/8/8/7K b - e3 - 21 0 e2-e4 -")
	f.Add("vs-chess 1o1o1o1o/o1o1o1o1/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQ - abcdefgh 1 1 Ng1-f3 0123456789abcdef")
	// The multiplayer ruleset (R13-R13f).
	f.Add("multiplayer 4 3No1No1No2/2No1No1No3/1Wo6Eo1/Wo8Eo/1Wo6Eo1/Wo8Eo/1Wo6Eo1/Wo8Eo/2So1So1So3/3So1So1So2 s - 0 0 - -")
	f.Add("multiplayer 3 3No1No1No2/2No1No1No3/1Wo8/Wo9/1Wo8/Wo9/1Wo8/Wo9/2So1So1So3/3So1So1So2 w - 1 0 s:d1-d2 -")
	f.Add("multiplayer 4 10/10/7No2/10/10/1Wo8/4So5/9Eo/10/10 n wr,er 40 3 e:resign 0123456789abcdef")
	f.Add("multiplayer 3 2N+7/10/10/10/10/10/10/10/10/Sx9 s wp,nm 12 0 s:c3-e5=x -")
	f.Fuzz(func(t *testing.T, text string) {
		p, err := Game{}.ParsePosition(text)
		if err != nil {
			return
		}
		back, err := Game{}.ParsePosition(p.String())
		if err != nil || back.String() != p.String() {
			t.Fatalf("%q -> %q -> %v", text, p, err)
		}
		_ = p.ASCII()
		_ = p.Picture()
	})
}

func Example() {
	_, _, pos, _ := engine.New("superial-chess", engine.Config{})
	for _, text := range []string{"b1-b2=x", "a5-a4", "b2-a1", "c5-c4", "a1-f2"} {
		var err error
		if pos, _, err = engine.Play(pos, pos.ToMove()[0], text); err != nil {
			fmt.Println(err)
			return
		}
	}
	fmt.Print(pos.ASCII())
	_, _, err := engine.Play(pos, engine.Second, "e5-e3")
	fmt.Println(err)
	// Output:
	// Superial Chess (classic, 6x6)
	//
	//      a   b   c   d   e   f
	//    +------------------------+
	//  6 |    :Bo:    :Bo:    :Bo:| 6
	//  5 |::::    ::::    :Bo:    | 5
	//  4 | Bo :::: Bo ::::    ::::| 4
	//  3 |::::    ::::    ::::    | 3
	//  2 | Wo :::: Wo :::: Wo :Wx:| 2
	//  1 |::::    :::: Wo :::: Wo | 1
	//    +------------------------+
	//      a   b   c   d   e   f
	//
	// Black to move.
	// Last move: a1-f2 (White).
	// Pieces: White 6, Black 6.
	// Legend: W White, B Black; o pusher, + hopper, x slasher; ':' dark squares.
	// White's home is the light squares, Black's the dark ones. Slashers wrap.
	// illegal move e5-e3: e3 is not orthogonally next to e5: a pusher steps one square
}

// TestGenerationOrder checks that the generator lists moves in the order of
// their texts up to 8x8, so that Legal need not sort them.
func TestGenerationOrder(t *testing.T) {
	for i := 0; i < 40; i++ {
		rng := rand.New(rand.NewPCG(uint64(i), 9))
		pos := randomStart(rng)
		if i%4 == 3 {
			pos = start(t, "classic", map[string]string{"size": "8"})
		}
		for ply := 0; ply < 300 && !pos.Result().Over(); ply++ {
			if p := pos.(*Position); !p.pending {
				var texts []string
				p.b.gen(int(p.side), func(from sq, ls []leg, aspect int) bool {
					texts = append(texts, string(appendMove(nil, from, ls, aspect)))
					return true
				})
				if !slices.IsSorted(texts) {
					t.Fatalf("unsorted generation at %s: %v", p, texts)
				}
			}
			pos, _, _ = engine.RandomGame(pos, rng, 1)
		}
	}
}
