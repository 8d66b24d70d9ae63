package search_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"postal/engine"
	_ "postal/engine/allgames"
	"postal/engine/enginetest/long"
	"postal/engine/search"
)

// variant is one game and ruleset of the registry.
type variant struct {
	game    string
	ruleset string
}

func (v variant) String() string { return v.game + "/" + v.ruleset }

// variants lists every ruleset of every game.
func variants() []variant {
	var out []variant
	for _, g := range engine.Games() {
		for _, r := range g.Info().Rulesets {
			out = append(out, variant{g.Info().Name, r.Name})
		}
	}
	return out
}

func (v variant) start(t testing.TB, seed uint64) engine.Position {
	t.Helper()
	_, _, pos, err := engine.New(v.game, engine.Config{Ruleset: v.ruleset, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return pos
}

// resolve draws the chance outcomes pos waits for, as the club does.
func resolve(t testing.TB, pos engine.Position, seed uint64) engine.Position {
	t.Helper()
	pos, _, err := engine.ResolveChance(pos, seed)
	if err != nil {
		t.Fatal(err)
	}
	return pos
}

// winsAt reports whether m wins the game for p at once, or forces the win
// on the next ply: every reply of the opponent ends the game in p's
// favour (the Conflagration rulesets where the player who cannot move
// wins have no other wins in one).
// Only games whose Legal lists every move (twoPly) are judged on the reply.
func winsAt(t testing.TB, pos engine.Position, p engine.Player, m engine.Move, twoPly bool) bool {
	t.Helper()
	won := func(pos engine.Position) bool {
		r := pos.Result()
		return r.Kind == engine.Win && r.Winner == p
	}
	next, err := pos.Apply(p, m)
	if err != nil {
		t.Fatalf("listed move %s refused: %v", m, err)
	}
	if won(next) {
		return true
	}
	players := next.ToMove()
	if !twoPly || len(players) != 1 || players[0] == p || players[0] == engine.Chance {
		return false
	}
	replies := next.Legal(players[0])
	for _, r := range replies {
		after, err := next.Apply(players[0], r)
		if err != nil {
			t.Fatalf("listed move %s refused: %v", r, err)
		}
		if !won(after) {
			return false
		}
	}
	return len(replies) > 0
}

// winInOne walks random games of v (each seed a game) to the first
// position where the player to move has a move that wins at once among
// more moves that do not. It returns the position, the player, and how
// many of the listed moves win.
func winInOne(t *testing.T, v variant) (engine.Position, engine.Player, int, int) {
	t.Helper()
	g, _ := engine.Lookup(v.game)
	twoPly := g.Info().Unlisted == ""
	if text, ok := winsInOne[v.String()]; ok {
		pos, err := g.ParsePosition(text)
		if err != nil {
			t.Fatal(err)
		}
		p, wins, legal := pos.ToMove()[0], 0, pos.Legal(pos.ToMove()[0])
		for _, m := range legal {
			if winsAt(t, pos, p, m, twoPly) {
				wins++
			}
		}
		return pos, p, wins, len(legal)
	}
	for seed := uint64(1); seed < 200; seed++ {
		rng := rand.New(rand.NewPCG(seed, 9))
		pos := resolve(t, v.start(t, seed), seed)
		for !pos.Result().Over() && pos.Ply() < 5000 {
			p := pos.ToMove()[0]
			legal := pos.Legal(p)
			wins := 0
			for _, m := range legal {
				if winsAt(t, pos, p, m, twoPly) {
					wins++
				}
			}
			if wins > 0 && 2*wins <= len(legal) {
				return pos, p, wins, len(legal)
			}
			next, err := pos.Apply(p, engine.RandomMove(pos, p, rng))
			if err != nil {
				t.Fatal(err)
			}
			pos = resolve(t, next, seed)
		}
	}
	t.Fatalf("%s: no position with a win in one found", v)
	return nil, 0, 0, 0
}

// winsInOne are positions with a win in one for the rulesets whose random
// games reach one too late for a quick test: Superial Chess for four
// (R13d), South and West out, where North (seat 2) pushes East's last cube
// from e6 onto e5, a dark square, its own home colour, and captures it
// (R13b): the push and its two aspect changes win.
var winsInOne = map[string]string{
	"superial-chess/multiplayer": "multiplayer 4 10/10/10/4No5/4Eo5/10/10/10/10/10 n sm,wm 20 0 - -",
}

// TestFindsWinInOne checks, in every game and ruleset, that the weakest
// level plays a move that wins at once when there is one, from a position
// where most moves do not win (found along seeded random games).
func TestFindsWinInOne(t *testing.T) {
	for _, v := range variants() {
		t.Run(v.String(), func(t *testing.T) {
			t.Parallel() // the variants at once, on every core
			pos, p, wins, n := winInOne(t, v)
			g, _ := engine.Lookup(v.game)
			twoPly := g.Info().Unlisted == ""
			t.Logf("%d of %d moves win: %s", wins, n, pos)
			for seed := range uint64(3) {
				m, err := search.Choose(context.Background(), pos, p, search.Options{Level: 1, Seed: seed})
				if err != nil {
					t.Fatal(err)
				}
				if !winsAt(t, pos, p, m, twoPly) {
					t.Errorf("seed %d: played %s, which does not win (%d of %d moves win)\n%s", seed, m, wins, n, pos)
				}
			}
		})
	}
}

// TestDeterministic checks that a seed chooses the same move every time,
// in every game, and that the figures agree: searches of 150 playouts, 50
// under the race detector (make test).
func TestDeterministic(t *testing.T) {
	its := long.Sized(150, 150, 50)
	for _, v := range variants() {
		t.Run(v.String(), func(t *testing.T) {
			t.Parallel() // the variants at once, on every core
			pos := resolve(t, v.start(t, 5), 5)
			p := pos.ToMove()[0]
			opt := search.Options{Iterations: its, Seed: 42}
			a, err := search.Search(context.Background(), pos, p, opt)
			if err != nil {
				t.Fatal(err)
			}
			for range 2 {
				b, err := search.Search(context.Background(), pos, p, opt)
				if err != nil {
					t.Fatal(err)
				}
				if a.Move.String() != b.Move.String() || a.Iterations != b.Iterations || a.Value != b.Value {
					t.Errorf("same seed, different searches: %s (%d, %.4f) and %s (%d, %.4f)",
						a.Move, a.Iterations, a.Value, b.Move, b.Iterations, b.Value)
				}
			}
			if a.Iterations != its {
				t.Errorf("%d playouts, want %d", a.Iterations, its)
			}
		})
	}
}

// TestCancelledContext checks that a cancelled context stops a search
// with the context's error and no move.
func TestCancelledContext(t *testing.T) {
	pos := resolve(t, variant{"imperial-chess", "standard"}.start(t, 1), 1)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r, err := search.Search(ctx, pos, engine.First, search.Options{Iterations: 1_000_000})
	if !errors.Is(err, context.Canceled) || r.Move != nil {
		t.Fatalf("cancelled search returned %v, %v", r.Move, err)
	}
	// Cancelled while searching: the search stops within a few playouts.
	ctx, cancel = context.WithCancel(context.Background())
	go cancel()
	r, err = search.Search(ctx, pos, engine.First, search.Options{Iterations: 100_000_000})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("search of 10^8 playouts returned %v (%d playouts) when its context was cancelled", err, r.Iterations)
	}
}

// TestMaxTime checks that MaxTime ends a search early with a move: with a
// budget already spent it stops at the first look at the clock.
func TestMaxTime(t *testing.T) {
	pos := resolve(t, variant{"conflagration", "conflagration"}.start(t, 1), 1)
	r, err := search.Search(context.Background(), pos, engine.First, search.Options{Iterations: 1_000_000, MaxTime: 1})
	if err != nil {
		t.Fatal(err)
	}
	if r.Move == nil || r.Iterations >= 1_000_000 || r.Iterations == 0 {
		t.Fatalf("MaxTime 1ns: move %v after %d playouts", r.Move, r.Iterations)
	}
	if _, err := pos.Apply(engine.First, r.Move); err != nil {
		t.Fatal(err)
	}
}

// TestErrors checks the searcher's refusals: a player who may not act,
// Chance, and a level that does not exist.
func TestErrors(t *testing.T) {
	pos := resolve(t, variant{"conflagration", "conflagration"}.start(t, 1), 1)
	for _, p := range []engine.Player{engine.Second, engine.Chance} {
		if _, err := search.Choose(context.Background(), pos, p, search.Options{}); !errors.Is(err, search.ErrNoMove) {
			t.Errorf("player %d: %v, want ErrNoMove", p, err)
		}
	}
	for _, lv := range []int{-1, search.MaxLevel + 1} {
		_, err := search.Choose(context.Background(), pos, engine.First, search.Options{Level: lv})
		if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("no level %d", lv)) {
			t.Errorf("level %d: %v", lv, err)
		}
	}
}

// TestSimultaneousSetup checks Imperial Shuffle's setup, where both players
// may act: each gets an arrangement Apply accepts (or "setup random"), and
// the second to set up gets one that clashes with nothing (R6).
func TestSimultaneousSetup(t *testing.T) {
	pos := variant{"imperial-shuffle", "standard"}.start(t, 3)
	if len(pos.ToMove()) != 2 {
		t.Fatalf("setup lists %v", pos.ToMove())
	}
	opt := search.Options{Iterations: 100, Seed: 1}
	for _, p := range []engine.Player{engine.Second, engine.First} {
		m, err := search.Choose(context.Background(), pos, p, opt)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(m.String(), "setup ") {
			t.Fatalf("player %d set up with %q", p, m)
		}
		next, err := pos.Apply(p, m)
		if err != nil {
			t.Fatalf("setup %s refused: %v", m, err)
		}
		pos = resolve(t, next, 3)
	}
	if len(pos.ToMove()) != 1 || pos.ToMove()[0] == engine.Chance {
		t.Fatalf("after both setups ToMove is %v", pos.ToMove())
	}
}

// TestBotsFinishGames plays every game and ruleset to its end, a weak bot
// on both sides, each move sent as its text and chance drawn from the
// game's seed as the club does; every game must end by the rules.
func TestBotsFinishGames(t *testing.T) {
	// Whole games at 60 iterations a move in the long run, 10 daily, 8
	// under the race detector (make test), where the 10 took a minute and a
	// half: Superial Chess for four, a game without an evaluator, whose
	// every playout may run 2,000 plies, went on for 427 plies (at 8, 314).
	its := long.Sized(60, 10, 8)
	for _, v := range variants() {
		t.Run(v.String(), func(t *testing.T) {
			t.Parallel() // the variants at once, on every core
			pos := resolve(t, v.start(t, 2), 2)
			for ply := 0; !pos.Result().Over(); ply++ {
				if ply > 3000 {
					t.Fatalf("no end after %d plies: %s", ply, pos)
				}
				p := pos.ToMove()[0]
				m, err := search.Choose(context.Background(), pos, p, search.Options{Iterations: its, Seed: uint64(ply)})
				if err != nil {
					t.Fatal(err)
				}
				// As the club plays it: the move's text, read and applied.
				next, _, err := engine.Play(pos, p, m.String())
				if err != nil {
					t.Fatalf("chosen move %q refused: %v", m, err)
				}
				pos = resolve(t, next, 2)
			}
			t.Logf("%s: %s after %d plies", v, pos.Result().Reason, pos.Ply())
		})
	}
}
