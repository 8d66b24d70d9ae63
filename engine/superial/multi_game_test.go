package superial

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"postal/engine"
	"postal/engine/enginetest"
	"postal/engine/enginetest/long"
)

// Perft counts of the multiplayer ruleset from the start. Depth 1 by hand:
// South's six pushers stand on white squares with empty neighbours, and
// every step lands on a black square, off home, so each comes plain, =+ and
// =x (R5): d1, f1 and h1 step to three squares each, c2, e2 and g2 to four
// (c2 to the empty corner square b2 too): 21 steps x 3 = 63. In the first
// rounds no player's move touches another's pieces, and every player has
// the same 63 moves: 63^2, 63^3. Three players begin alike.
func TestMultiPerftStart(t *testing.T) {
	depth := func(want ...int64) []int64 {
		if !long.Enabled() {
			return want[:2]
		}
		return want
	}
	enginetest.Perft(t, mstart(t, 4), depth(63, 3969, 250047)...)
	enginetest.Perft(t, mstart(t, 3), depth(63, 3969, 250047)...)
}

// Perft counts from mid-game positions. Depth 1 by hand:
//
//   - three: South's slasher c3 (off home) steps to b2, d2 and b4, or
//     jumps West's d4 to e5 (it may not jump d4 back to its start): 4
//     endings x 3 aspects + c3=o, c3=+ = 14; its pusher h2 (off home) steps
//     to h1, h3, g2, i2, white squares, its home: 4, + h2=+, h2=x = 6; 20.
//   - four, West out: South's hopper g6 stands on its home colour next to
//     East's g7: plain moves to g4, e6, i6, hops over g7 to g8, f7, h7, all
//     at home: 6; its pusher e2 steps to e1, e3, d2, f2, off home: 12; 18.
//     After it North moves (12 steps, all off home: 216), then East:
//     West's turns are skipped (R13d).
//   - played: a four-player game after 60 random plies.
func TestMultiPerftMidgame(t *testing.T) {
	three := func(t *testing.T) engine.Position {
		return mpos(t, 3, map[string]string{"c3": "Sx", "h2": "So", "d4": "Wo", "b6": "Wo", "f9": "No"}, "s", "-")
	}
	four := func(t *testing.T) engine.Position {
		return mpos(t, 4, map[string]string{"e2": "So", "g6": "S+", "g7": "Eo", "j3": "Eo", "c9": "No", "a5": "Wo"}, "s", "wr")
	}
	played := func(t *testing.T) engine.Position {
		pos := mstart(t, 4)
		rng := rand.New(rand.NewPCG(60, 4))
		for range 60 {
			pos, _, _ = engine.RandomGame(pos, rng, 1)
		}
		if pos.Result().Over() {
			t.Fatal("over")
		}
		return pos
	}
	for _, c := range []struct {
		name  string
		pos   func(*testing.T) engine.Position
		want  []int64
		quick int // depths checked by make test (all of them by make test-long)
	}{
		{"three", three, []int64{20, 444, 2664, 52452}, 3},
		{"four", four, []int64{18, 216, 3240, 54972}, 3},
		{"played", played, []int64{75, 6843, 240906}, 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			want := c.want
			if !long.Enabled() {
				want = want[:c.quick]
			}
			enginetest.Perft(t, c.pos(t), want...)
		})
	}
}

// checkPlaces checks the result of a finished game of players (R13d,
// R13e): a place for each, the first shared by a draw or held by the one
// winner, the players out placed each alone, and a record's score that
// reads back to the same result.
func checkPlaces(pos engine.Position, players int) error {
	r := pos.Result()
	if !r.Over() || len(r.Places) != players || r.Reason == "" {
		return fmt.Errorf("result %+v", r)
	}
	back, err := engine.ParseScore(r.Score(), players)
	if err != nil || !slices.Equal(back.Places, r.Places) || back.Kind != r.Kind || back.Winner != r.Winner {
		return fmt.Errorf("score %s reads back as %+v (%v), not %+v", r.Score(), back, err, r)
	}
	p := pos.(*multiPosition)
	for t := range players {
		switch {
		case p.in(t) && r.Places[t] != 1:
			return fmt.Errorf("%s is in and placed %d", multiSides[t], r.Places[t])
		case !p.in(t) && r.Places[t] == 1:
			return fmt.Errorf("%s is out and placed first", multiSides[t])
		}
	}
	return nil
}

// TestMultiRandomGames plays 2,000 random games (make test: 4), three and
// four players in turn, to their end, and checks that each ends with
// placings (R13d, R13e). Every move is drawn uniformly among the listed
// ones, by RandomMove; every 400th ply the move must be a listed one, and
// in every 8th game the position's text and moves round-trip there. The
// games run on every CPU.
func TestMultiRandomGames(t *testing.T) {
	// A game of three or four runs to 1,900 plies on average: 2,000 games
	// are 4 million plies, a minute of both CPUs of CI's machine (10,000
	// took five, a quarter of CI's 20 minutes).
	n := long.Size(2000, 4)
	// Every check-th ply RandomMove's move must be listed; in every
	// textsEvery-th game the position's text (its repetition history is the
	// whole game since the last player went out: thousands of hashes, a third
	// of the test's time when every game checked it) and the moves' texts
	// round-trip there too.
	const check, textsEvery = 400, 8
	type tally struct {
		scores  map[string]int
		reasons map[string]int
		plies   int
	}
	workers := runtime.GOMAXPROCS(0)
	tallies := make([]tally, workers)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var failures []error
	fail := func(err error) {
		mu.Lock()
		defer mu.Unlock()
		failures = append(failures, err)
	}
	t0 := time.Now()
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			tl := tally{scores: map[string]int{}, reasons: map[string]int{}}
			for i := w; i < n; i += workers {
				players := 3 + i%2
				rng := rand.New(rand.NewPCG(uint64(i), 13))
				var pos engine.Position = multiStart(players)
				for ply := 0; !pos.Result().Over(); ply++ {
					if ply > 200_000 {
						fail(fmt.Errorf("game %d did not end in %d plies: %s", i, ply, pos))
						return
					}
					pl := pos.ToMove()[0]
					m := pos.(*multiPosition).RandomMove(pl, rng)
					if ply%check == 0 {
						if err := checkListed(pos, m, i%textsEvery == 0); err != nil {
							fail(fmt.Errorf("game %d: %v", i, err))
							return
						}
					}
					next, err := pos.Apply(pl, m)
					if err != nil {
						fail(fmt.Errorf("game %d: %s refused: %v\n%s", i, m, err, pos))
						return
					}
					pos = next
					tl.plies++
				}
				if err := checkPlaces(pos, players); err != nil {
					fail(fmt.Errorf("game %d: %v\n%s", i, err, pos.ASCII()))
					return
				}
				tl.scores[fmt.Sprintf("%d players %s", players, kindWord(pos.Result()))]++
				reason, _, _ := strings.Cut(pos.Result().Reason, " ")
				if reason == "South" || reason == "West" || reason == "North" || reason == "East" {
					reason = "the last out " + strings.TrimPrefix(pos.Result().Reason, reason+" ")
				}
				tl.reasons[reason]++
			}
			tallies[w] = tl
		}()
	}
	wg.Wait()
	if len(failures) > 0 {
		t.Fatal(errors.Join(failures...))
	}
	scores, reasons, plies := map[string]int{}, map[string]int{}, 0
	for _, tl := range tallies {
		for k, v := range tl.scores {
			scores[k] += v
		}
		for k, v := range tl.reasons {
			reasons[k] += v
		}
		plies += tl.plies
	}
	t.Logf("%d games, %d plies (%d a game) in %v: %v; ends: %v", n, plies, plies/n, time.Since(t0), scores, reasons)
}

func kindWord(r engine.Result) string {
	if r.Kind == engine.Win {
		return "won"
	}
	return "drawn"
}

// checkListed checks, at pos, that m (RandomMove's) is one of the moves
// Legal lists and, with texts, the text and moves' round trips.
func checkListed(pos engine.Position, m engine.Move, texts bool) error {
	if texts {
		if err := enginetest.Catch(func(tb testing.TB) {
			enginetest.RoundTrip(tb, Game{}, pos)
			enginetest.MoveRoundTrip(tb, pos)
		}); err != nil {
			return err
		}
	}
	legal := pos.Legal(pos.ToMove()[0])
	if !slices.ContainsFunc(legal, func(l engine.Move) bool { return l.String() == m.String() }) {
		return fmt.Errorf("RandomMove drew %s, which Legal does not list: %s", m, pos)
	}
	return nil
}

func TestMultiRandomMoveIsUniform(t *testing.T) {
	// Every listed move comes up, and nothing else.
	pos := mpos(t, 4, map[string]string{"e2": "So", "g6": "S+", "g7": "Eo", "j3": "Eo", "c9": "No", "a5": "Wo"}, "s", "wr")
	legal := legalTexts(pos)
	seen := map[string]int{}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 100 * len(legal) {
		seen[pos.RandomMove(0, rng).String()]++
	}
	if len(seen) != len(legal) {
		t.Errorf("drew %d different moves, %d listed", len(seen), len(legal))
	}
	for _, m := range legal {
		if seen[m] < 50 || seen[m] > 150 {
			t.Errorf("%s drawn %d times in %d", m, seen[m], 100*len(legal))
		}
	}
	if pos.RandomMove(2, rng) != nil {
		t.Error("a move for North, not to move")
	}
}

func TestMultiGolden(t *testing.T) {
	mid := mplay(t, mpos(t, 4, map[string]string{"e2": "So", "g6": "S+", "g7": "Eo", "j3": "Eo", "c9": "No", "a5": "Wo", "f4": "Nx", "e4": "Wo"}, "s", "wr"), "g6-g8", "c9-c8", "j3-j4")
	over := mplay(t, mpos(t, 3, map[string]string{"d3": "So", "d4": "Wo", "h10": "So", "j8": "So", "j10": "N+"}, "s", "-"), "d3-d4")
	for _, c := range []struct {
		name string
		pos  engine.Position
	}{
		{"multi-start", mstart(t, 4)},
		{"multi-start3", mstart(t, 3)},
		{"multi-midgame", mid},
		{"multi-over", over},
	} {
		goldenBoard(t, c.name, c.pos)
	}
}

// FuzzMultiMove plays a text as the move of a seat in a four-player game
// after some random plies: reading never judges, Apply refuses or plays,
// and what it plays reads back and leaves a position whose text reads back.
func FuzzMultiMove(f *testing.F) {
	for _, s := range []string{"d1-d2", "d1-d2=x", "c2-b2", "resign", "timeout", "random", "e2-e4", "a3-b3", "j10-a1", "c3-d4[d3]-e4[d4]=o"} {
		f.Add(uint8(0), uint8(0), s)
		f.Add(uint8(40), uint8(2), s)
	}
	f.Fuzz(func(t *testing.T, plies, seat uint8, text string) {
		pos := engine.Position(multiStart(3 + int(plies)%2))
		rng := rand.New(rand.NewPCG(uint64(plies), 1))
		for range int(plies) {
			if pos.Result().Over() {
				break
			}
			pl := pos.ToMove()[0]
			pos, _ = pos.Apply(pl, pos.(*multiPosition).RandomMove(pl, rng))
		}
		pl := engine.Player(seat % 5)
		next, m, err := engine.Play(pos, pl, text)
		if err != nil {
			return
		}
		if _, ok := engine.ParseLeaving(m.String()); !ok {
			back, err := pos.ParseMove(pl, m.String())
			if err != nil || back.String() != m.String() {
				t.Fatalf("%q played as %q reads back as %v %v", text, m, back, err)
			}
		}
		again, err := Game{}.ParsePosition(next.String())
		if err != nil || again.String() != next.String() {
			t.Fatalf("after %q: %s -> %v", m, next, err)
		}
	})
}

// BenchmarkMultiRandomPlayout plays random games of four (R13) from the
// start to their end: what each of the random games of the long tests costs.
func BenchmarkMultiRandomPlayout(b *testing.B) {
	enginetest.Playouts(b, multiStart(4))
}
