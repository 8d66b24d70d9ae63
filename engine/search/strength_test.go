package search_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"postal/engine"
	"postal/engine/enginetest/long"
	"postal/engine/search"
)

// chooser picks the move of p in pos; seed makes it reproducible.
type chooser func(pos engine.Position, p engine.Player, seed uint64) (engine.Move, error)

// postalAt is the searcher with a fixed number of playouts per move.
func postalAt(playouts int) chooser {
	return func(pos engine.Position, p engine.Player, seed uint64) (engine.Move, error) {
		return search.Choose(context.Background(), pos, p, search.Options{Iterations: playouts, Seed: seed})
	}
}

// uctAt is the reference plain UCT with a fixed number of playouts per move.
func uctAt(playouts int) chooser {
	return func(pos engine.Position, p engine.Player, seed uint64) (engine.Move, error) {
		return newPlainUCT(playouts, seed).choose(pos, p)
	}
}

// strengthVariants are the two-player games the strength match plays
// (issue 27), each in the ruleset named.
var strengthVariants = []variant{
	{"conflagration", ""},
	{"imperial-chess", ""},
	{"imperial-shuffle", ""},
	{"initiative", ""},
	{"superial-chess", "classic"},
}

// matchScore is A's score over a match: a win 1, a draw (or a game cut at
// the ply cap) 1/2.
type matchScore struct {
	games, wins, draws, losses, cut int
}

func (s matchScore) points() float64 { return float64(s.wins) + float64(s.draws+s.cut)/2 }

func (s matchScore) String() string {
	return fmt.Sprintf("%.1f/%d (+%d =%d -%d, %d cut)", s.points(), s.games, s.wins, s.draws, s.losses, s.cut)
}

// match plays games games of v between a and b, sides alternating (a moves
// first in even games), each game cut after maxPlies plies. Every game
// depends only on its number, so a match replays exactly.
func match(t testing.TB, v variant, a, b chooser, games, maxPlies int) matchScore {
	t.Helper()
	var s matchScore
	for i := range games {
		seed := uint64(1000 + i)
		pos := resolve(t, v.start(t, seed), seed)
		aSide := engine.Player(i % 2)
		rng := rand.New(rand.NewPCG(seed, 27))
		for !pos.Result().Over() && pos.Ply() < maxPlies {
			p := pos.ToMove()[0]
			who := b
			if p == aSide {
				who = a
			}
			m, err := who(pos, p, rng.Uint64())
			if err != nil {
				t.Fatalf("%s game %d ply %d: %v", v, i, pos.Ply(), err)
			}
			next, err := pos.Apply(p, m)
			if err != nil {
				t.Fatalf("%s game %d: move %s refused: %v", v, i, m, err)
			}
			pos = resolve(t, next, seed)
		}
		s.games++
		r := pos.Result()
		switch {
		case !r.Over():
			s.cut++
		case r.Kind == engine.Draw:
			s.draws++
		case r.Winner == aSide:
			s.wins++
		default:
			s.losses++
		}
	}
	return s
}

// TestAgainstPlainUCT plays the searcher against the reference plain UCT
// at equal playouts in every two-player game (issue 27). The quick version
// plays two short games of Conflagration at few playouts and checks only
// that both play whole legal games; POSTAL_TEST_LONG plays 20 games of 400
// playouts a move in each game and logs the scores.
// allStrength says whether the matches play every game: with
// POSTAL_TEST_STRENGTH=1, which takes the better part of an hour (plain
// UCT plays Imperial Chess out to the end), so that neither make test nor
// make test-long (CI) does. Both play Conflagration: make test two short
// games, make test-long the 20 games of 400 playouts of the table.
func allStrength() bool { return os.Getenv("POSTAL_TEST_STRENGTH") == "1" }

// strengthGames is the number of games of a long match: 20, or
// POSTAL_TEST_GAMES (issue 27 asks for 100 games a game).
func strengthGames() int {
	if n, err := strconv.Atoi(os.Getenv("POSTAL_TEST_GAMES")); err == nil && n > 0 && long.Enabled() {
		return n
	}
	return long.Size(20, 2)
}

func TestAgainstPlainUCT(t *testing.T) {
	playouts, games, maxPlies := long.Size(400, 40), strengthGames(), long.Size(300, 60)
	vs := strengthVariants
	if !allStrength() {
		vs = vs[:1]
	}
	for _, v := range vs {
		t.Run(v.String(), func(t *testing.T) {
			s := match(t, v, postalAt(playouts), uctAt(playouts), games, maxPlies)
			t.Logf("postal vs plain UCT, %d playouts each: %s", playouts, s)
			if s.games != games {
				t.Fatalf("played %d games, want %d", s.games, games)
			}
			// The bar of issue 27: at least even against plain UCT at
			// equal playouts (measured: 12/20 to 20/20, DEVELOPERS.md).
			if long.Enabled() && s.points() < float64(games)/2 {
				t.Errorf("postal scored %s against plain UCT, under half", s)
			}
		})
	}
}

// postalBefore27 is the searcher as it was before issue 27, at a fixed
// number of playouts per move.
func postalBefore27(playouts int) chooser {
	return func(pos engine.Position, p engine.Player, seed uint64) (engine.Move, error) {
		return search.Choose(context.Background(), pos, p, search.Before27(search.Options{Iterations: playouts, Seed: seed}))
	}
}

// TestAgainstBefore27 plays the searcher against itself as it was before
// issue 27 at equal playouts: the quick version two short games of
// Conflagration, POSTAL_TEST_LONG 20 games of 400 playouts in every
// two-player game, scores logged.
func TestAgainstBefore27(t *testing.T) {
	playouts, games, maxPlies := long.Size(400, 40), strengthGames(), long.Size(300, 60)
	vs := strengthVariants
	if !allStrength() {
		vs = vs[:1]
	}
	for _, v := range vs {
		t.Run(v.String(), func(t *testing.T) {
			s := match(t, v, postalAt(playouts), postalBefore27(playouts), games, maxPlies)
			t.Logf("postal vs postal before issue 27, %d playouts each: %s", playouts, s)
			if s.games != games {
				t.Fatalf("played %d games, want %d", s.games, games)
			}
			// What UCB1-Tuned and MAST reached (10/20 to 17/20,
			// DEVELOPERS.md): no game lost ground beyond a half point.
			if long.Enabled() && s.points() < float64(games)/2-0.5 {
				t.Errorf("postal scored %s against itself before issue 27", s)
			}
		})
	}
}
