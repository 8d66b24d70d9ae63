// Package enginetest holds the checks every game's tests share: perft with
// the position left unchanged, canonical text round trips, random games to
// the end, and golden files with an -update flag.
package enginetest

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"postal/engine"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata/")

// Golden compares got with testdata/name, or rewrites the file under -update.
func Golden(t testing.TB, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (run go test -update after checking):\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

// Perft checks the move-tree counts of pos for depths 1..len(want) and that
// pos still prints the same afterwards (positions are immutable).
func Perft(t *testing.T, pos engine.Position, want ...int64) {
	t.Helper()
	before := pos.String()
	for i, w := range want {
		if got := engine.Perft(pos, i+1); got != w {
			t.Errorf("perft(%d) = %d, want %d (position %s)", i+1, got, w, before)
		}
	}
	if after := pos.String(); after != before {
		t.Errorf("position changed by perft:\nbefore %s\nafter  %s", before, after)
	}
}

// RoundTrip checks that pos's text reads back to a position with the same
// text, the same players to move and the same listed moves.
func RoundTrip(t testing.TB, g engine.Game, pos engine.Position) {
	t.Helper()
	text := pos.String()
	back, err := g.ParsePosition(text)
	if err != nil {
		t.Fatalf("ParsePosition(%q): %v", text, err)
	}
	if back.String() != text {
		t.Fatalf("position text does not round-trip:\n%s\n%s", text, back.String())
	}
	for _, p := range pos.ToMove() {
		if p == engine.Chance {
			continue
		}
		a, b := moveTexts(pos.Legal(p)), moveTexts(back.Legal(p))
		if len(a) != len(b) {
			t.Fatalf("round-tripped position lists %d moves, not %d: %s", len(b), len(a), text)
		}
		for i := range a {
			if a[i] != b[i] {
				t.Fatalf("round-tripped position lists %s where the original lists %s: %s", b[i], a[i], text)
			}
		}
	}
}

// MoveRoundTrip checks that every listed move of every player prints to a
// text that parses back to the same text.
func MoveRoundTrip(t testing.TB, pos engine.Position) {
	t.Helper()
	for _, p := range pos.ToMove() {
		for _, m := range pos.Legal(p) {
			back, err := pos.ParseMove(p, m.String())
			if err != nil {
				t.Fatalf("ParseMove(%q): %v (position %s)", m, err, pos)
			}
			if back.String() != m.String() {
				t.Fatalf("move %q reads back as %q (position %s)", m, back, pos)
			}
		}
	}
}

func moveTexts(ms []engine.Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.String()
	}
	return out
}

// RandomGames plays n random games from start (called once per game, with
// that game's rng) to their end, checking on the way every position's text
// and move round trips every check-th ply. Every fourth game draws each move
// from the moves Legal lists ([engine.RandomGame], the contract alone), the
// others through the game's fast path ([engine.Playout]), as the bot's
// playouts do. Each game must end within maxPlies with a result. It returns
// how the games ended, by Score. The games run on every CPU; game i draws
// from its own rng, so the games and the scores are the same however they
// are shared out.
func RandomGames(t *testing.T, g engine.Game, start func(rng *rand.Rand) engine.Position, n, maxPlies, check int) map[string]int {
	t.Helper()
	workers := max(1, min(runtime.GOMAXPROCS(0), n))
	tallies := make([]map[string]int, workers)
	errs := make([]error, workers)
	var failed atomic.Bool
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			tallies[w] = map[string]int{}
			errs[w] = Catch(func(tb testing.TB) {
				for i := w; i < n && !failed.Load(); i += workers {
					tallies[w][randomGame(tb, g, start, i, maxPlies, check)]++
				}
			})
			if errs[w] != nil {
				failed.Store(true)
			}
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	scores := map[string]int{}
	for _, tl := range tallies {
		for k, v := range tl {
			scores[k] += v
		}
	}
	return scores
}

// randomGame plays game i of RandomGames and returns its score.
func randomGame(tb testing.TB, g engine.Game, start func(rng *rand.Rand) engine.Position, i, maxPlies, check int) string {
	rng := rand.New(rand.NewPCG(uint64(i), 7))
	pos := start(rng)
	for ply := 0; !pos.Result().Over(); ply++ {
		if ply >= maxPlies {
			tb.Fatalf("game %d did not end within %d plies: %s", i, maxPlies, pos)
		}
		if check > 0 && ply%check == 0 {
			RoundTrip(tb, g, pos)
			MoveRoundTrip(tb, pos)
		}
		var next engine.Position
		var err error
		if i%4 == 0 {
			next, _, err = engine.RandomGame(pos, rng, 1)
		} else {
			next, _, err = engine.Playout(pos, rng, 1)
		}
		if err != nil {
			tb.Fatalf("game %d: %v", i, err)
		}
		pos = next
	}
	r := pos.Result()
	if r.Reason == "" {
		tb.Fatalf("game %d ended with no reason: %s", i, pos)
	}
	return r.Score()
}

// Catch runs f with a testing.TB whose Fatalf, Fatal, Errorf and Error stop
// f and come back as Catch's error. Checks that take a testing.TB can so run
// on goroutines other than the test's, where FailNow may not be called.
func Catch(f func(tb testing.TB)) (err error) {
	defer func() {
		if r := recover(); r != nil {
			c, ok := r.(caught)
			if !ok {
				panic(r)
			}
			err = errors.New(string(c))
		}
	}()
	f(catcher{})
	return nil
}

// catcher is Catch's testing.TB; the methods it does not define are nil
// and must not be called.
type catcher struct{ testing.TB }

// caught is what a catcher panics with.
type caught string

func (catcher) Helper()                           {}
func (catcher) Fatalf(format string, args ...any) { panic(caught(fmt.Sprintf(format, args...))) }
func (catcher) Errorf(format string, args ...any) { panic(caught(fmt.Sprintf(format, args...))) }
func (catcher) Fatal(args ...any)                 { panic(caught(fmt.Sprint(args...))) }
func (catcher) Error(args ...any)                 { panic(caught(fmt.Sprint(args...))) }

// Playouts is a game's random-playout benchmark: whole random games from
// start, reported as plies per second and plies per playout. It runs twice:
// "fast" plays as the searcher's playouts do ([engine.Playout], with the
// game's fast paths), "legal" through the contract alone ([engine.RandomGame],
// a uniform pick from the sorted Legal list every ply).
func Playouts(b *testing.B, start engine.Position) {
	b.Helper()
	b.Run("fast", func(b *testing.B) {
		rng := rand.New(rand.NewPCG(1, 2))
		plies := 0
		for b.Loop() {
			_, n, err := engine.Playout(start, rng, 1_000_000)
			if err != nil {
				b.Fatal(err)
			}
			plies += n
		}
		reportPlies(b, plies)
	})
	b.Run("legal", func(b *testing.B) {
		rng := rand.New(rand.NewPCG(1, 2))
		plies := 0
		for b.Loop() {
			_, steps, err := engine.RandomGame(start, rng, 1_000_000)
			if err != nil {
				b.Fatal(err)
			}
			plies += len(steps)
		}
		reportPlies(b, plies)
	})
}

func reportPlies(b *testing.B, plies int) {
	b.ReportMetric(float64(plies)/b.Elapsed().Seconds(), "plies/s")
	b.ReportMetric(float64(plies)/float64(b.N), "plies/playout")
}

// PlaySides starts game with cfg and plays moves written as a record
// writes them in a game of more than two players, "Side: move" (a side of
// the game's seats, "North: c9-c8", "West: resign"). It returns the config
// as the game completed it, the steps played with each move's canonical
// text, and the last position.
func PlaySides(t testing.TB, game string, cfg engine.Config, moves ...string) (engine.Config, []engine.Step, engine.Position) {
	t.Helper()
	g, cfg, pos, err := engine.New(game, cfg)
	if err != nil {
		t.Fatal(err)
	}
	seats := g.Info().Seats(cfg)
	var steps []engine.Step
	for _, mv := range moves {
		side, text, _ := strings.Cut(mv, ": ")
		p := engine.Player(slices.Index(seats, side))
		next, m, err := engine.Play(pos, p, text)
		if err != nil {
			t.Fatalf("%s: %v", mv, err)
		}
		steps = append(steps, engine.Step{Player: p, Move: m})
		pos = next
	}
	return cfg, steps, pos
}

// PerftBench is a game's perft benchmark: [engine.Perft] of depth from pos,
// every listed move of every player who may act, reported as nodes/s (the
// leaves counted a second) and nodes/op. Beside [Playouts], it measures
// move generation and Apply alone, with no random choice.
func PerftBench(b *testing.B, pos engine.Position, depth int) {
	b.Helper()
	var n int64
	for b.Loop() {
		n += engine.Perft(pos, depth)
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(n)/float64(b.N), "nodes/op")
}

// Midgame is a middle-game position for benchmarks: the one after plies
// uniformly random listed moves from start ([engine.RandomGame], a fixed
// seed), so the same while the game's Legal lists the same moves.
func Midgame(tb testing.TB, start engine.Position, plies int) engine.Position {
	tb.Helper()
	pos, steps, err := engine.RandomGame(start, rand.New(rand.NewPCG(1, 2)), plies)
	if err != nil {
		tb.Fatal(err)
	}
	if pos.Result().Over() || len(steps) < plies {
		tb.Fatalf("the random game ended after %d plies, before the middle game (%d)", len(steps), plies)
	}
	return pos
}
