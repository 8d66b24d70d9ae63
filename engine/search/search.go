// Package search chooses moves for a computer player of any game of the
// engine contract: Monte Carlo tree search (UCT) with random playouts.
//
// The searcher knows no game. It reads positions through [engine.Position]
// and the optional fast paths of the engine package: [engine.RandomMover]
// for playouts, [engine.UnlistedSampler] for moves Legal does not list (an
// Imperial Shuffle arrangement, an Imperial Chess charge), [engine.Evaluator]
// to score a playout cut short in a game whose end is far away.
//
//   - Chance: a chance node draws its outcome with [engine.Position.Sample]
//     from the searcher's own source, never from the game's seed, so the
//     game's future draws stay hidden from the bot. Outcomes drawn become
//     children; past a number that grows with the visits (progressive
//     widening), a visit replays an outcome already drawn, in proportion to
//     how often each was drawn.
//   - Simultaneous moves (ToMove lists several players): the searcher treats
//     them as sequential, the searching player first. Nothing is leaked: the
//     opponent's choice is not made yet, and in Imperial Shuffle the player
//     who submits first is shown to the other at once (R5), which is what the
//     tree then models.
//   - Playouts: moves are drawn at random, two at a time, and the one whose
//     average reward for its player, over every iteration of this search
//     that played it, is better is played (MAST). A game that
//     plays its playouts whole ([engine.Playouter]) plays them uniformly.
//   - Long games: playouts stop after a number of plies; a game with an
//     Evaluator scores the position reached, others count it as a draw.
//   - Players: rewards are kept per player (a win 1, a loss 0, a draw 1/2;
//     in a game of more, 1 the first place and 0 the last; mapped in one
//     place, [Outcome]), and each node is judged by the player who acts
//     there (max^n): the search plays any seat of a game of three or four.
//
// A search runs in the caller's goroutine and starts no other: the CPU a
// bot uses is bounded by how many searches run at once. The same position,
// player, options and seed choose the same move, unless MaxTime or the
// context cut the search short.
package search

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"postal/engine"
)

// Level is the budget of one strength of the searcher.
type Level struct {
	// Iterations is the number of playouts per move.
	Iterations int
	// PlayoutPlies caps a playout in a game with an Evaluator, which then
	// scores the position reached. Games without one play on to the end
	// (up to MaxPlayoutPlies).
	PlayoutPlies int
}

// levels are the searcher's strengths, weakest first: level n is
// levels[n-1]. The strength table of `postal arena` measures them.
var levels = [...]Level{
	{Iterations: 200, PlayoutPlies: 20},
	{Iterations: 600, PlayoutPlies: 20},
	{Iterations: 1500, PlayoutPlies: 20},
	{Iterations: 3000, PlayoutPlies: 20},
}

// MaxLevel is the strongest level.
const MaxLevel = len(levels)

// Levels returns the budget of every level, weakest (level 1) first.
func Levels() []Level { return slices.Clone(levels[:]) }

// DefaultLevel is the level of Options{}.
const DefaultLevel = 2

// MaxPlayoutPlies caps a playout of a game without an Evaluator; one cut
// there counts as a draw.
const MaxPlayoutPlies = 2000

// Options choose a search's budget. The zero value searches at DefaultLevel
// with seed 0 and no time cap.
type Options struct {
	// Level is the strength, 1 (weakest) to MaxLevel; 0 means DefaultLevel.
	Level int
	// Iterations, when positive, replaces the level's number of playouts.
	Iterations int
	// MaxTime, when positive, stops the search after that much wall time
	// with the best move found so far; a search it cuts short is not
	// deterministic.
	MaxTime time.Duration
	// Seed seeds the searcher's random source (playouts, chance outcomes,
	// the order moves are tried in).
	Seed uint64

	// tune, when set (by the package's tests), replaces the searcher's
	// tuning: the strength tests measure one change at a time against the
	// searcher as it was.
	tune *tuning
}

// tuning is how the searcher picks children; current is what it plays.
type tuning struct {
	// explore is UCT's exploration constant, for rewards in [0, 1]; with
	// UCB1-Tuned, 1 is the formula as published.
	explore float64
	// tuned selects UCB1-Tuned (Auer et al. 2002): the exploration term
	// is scaled by the child's observed reward variance (capped at 1/4, the
	// variance of a fair coin), so moves whose playouts agree are explored
	// less.
	tuned bool
	// mast, when above 1, is MAST (Move-Average Sampling Technique,
	// Finnsson and Björnsson 2008): every move played in an
	// iteration, in the tree or the playout, adds the iteration's reward
	// for its player to the move's average, keyed by the player and the
	// move's text. A playout then draws mast moves at random and plays the
	// one of best average (a tournament), and a node tries its untried
	// moves best average first. Games with a whole-playout fast path
	// (engine.Playouter) keep it and go without MAST.
	mast int
}

// current is the searcher's tuning.
var current = tuning{explore: 1, tuned: true, mast: 2}

// before27 is the tuning before MAST, which the strength tests
// measure the current one against.
var before27 = tuning{explore: explore}

// Result is the outcome of a search.
type Result struct {
	Move       engine.Move
	Iterations int           // playouts run
	Value      float64       // the chosen move's mean reward for the player, 0 to 1
	Elapsed    time.Duration // wall time of the search
}

// ErrNoMove is returned when the player may not act or has no move.
var ErrNoMove = errors.New("search: the player has no move to choose")

// Choose returns the move p should play in pos. It is [Search] without the
// figures.
func Choose(ctx context.Context, pos engine.Position, p engine.Player, opt Options) (engine.Move, error) {
	r, err := Search(ctx, pos, p, opt)
	return r.Move, err
}

// Search runs a Monte Carlo tree search for p in pos within opt's budget
// and returns the most visited move. A cancelled ctx stops it within a few
// playouts, with ctx's error. A player with a single move gets it at once.
func Search(ctx context.Context, pos engine.Position, p engine.Player, opt Options) (Result, error) {
	start := time.Now()
	if p == engine.Chance || !engine.Acts(pos, p) {
		return Result{}, ErrNoMove
	}
	lv, err := opt.level()
	if err != nil {
		return Result{}, err
	}
	if opt.Iterations > 0 {
		lv.Iterations = opt.Iterations
	}
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}
	s := &searcher{
		rng:   rand.New(rand.NewPCG(opt.Seed, 0x5ea4c4)),
		me:    p,
		seats: seatsOf(pos),
		plies: lv.PlayoutPlies,
		tune:  current,
	}
	if opt.tune != nil {
		s.tune = *opt.tune
	}
	if _, fast := pos.(engine.Playouter); fast {
		// A game that plays its playouts whole (Conflagration) shows
		// MAST no playout move; on the tree's moves alone it ordered the
		// untried moves worse than at random (9/20 against the searcher
		// without MAST, 15/20 without).
		s.tune.mast = 0
	}
	root := s.newNode(pos, nil)
	if err := s.expandRoot(root); err != nil {
		return Result{}, err
	}
	switch {
	case len(root.children) == 0:
		return Result{}, ErrNoMove
	case len(root.children) == 1 || root.proven:
		// One move, or one that wins at once: no need to think.
		return Result{Move: root.best().move, Value: root.best().outcome[p], Elapsed: time.Since(start)}, nil
	}
	var deadline time.Time
	if opt.MaxTime > 0 {
		deadline = start.Add(opt.MaxTime)
	}
	n := 0
	for n < lv.Iterations && !root.proven {
		if n%checkEvery == 0 {
			if err := ctx.Err(); err != nil {
				return Result{}, err
			}
			if !deadline.IsZero() && n > 0 && time.Now().After(deadline) {
				break
			}
		}
		if err := s.iterate(root); err != nil {
			return Result{}, err
		}
		n++
	}
	best := root.best()
	if best.visits == 0 {
		return Result{Move: best.move, Value: best.outcome[p], Iterations: n, Elapsed: time.Since(start)}, nil
	}
	return Result{
		Move:       best.move,
		Iterations: n,
		Value:      best.reward[p] / float64(best.visits),
		Elapsed:    time.Since(start),
	}, nil
}

// expandRoot makes every child of the root at once, in a random order:
// a move that wins at once is found however many moves there are (and
// proves the root), and no move is left untried.
func (s *searcher) expandRoot(root *node) error {
	s.expand(root)
	s.rng.Shuffle(len(root.untried), func(i, j int) {
		root.untried[i], root.untried[j] = root.untried[j], root.untried[i]
	})
	for len(root.untried) > 0 {
		c, err := s.tryMove(root, len(root.untried)-1)
		if err != nil {
			return err
		}
		if c.proven {
			root.prove(c)
		}
	}
	return nil
}

// level returns the Level opt asks for.
func (opt Options) level() (Level, error) {
	n := opt.Level
	if n == 0 {
		n = DefaultLevel
	}
	if n < 1 || n > MaxLevel {
		return Level{}, fmt.Errorf("search: no level %d (levels 1 to %d)", n, MaxLevel)
	}
	return levels[n-1], nil
}

const (
	// explore is UCT's exploration constant, for rewards in [0, 1].
	explore = 0.7
	// unlistedPerNode is how many moves Legal does not list a node
	// considers besides the listed ones.
	unlistedPerNode = 8
	// checkEvery is how many playouts run between looks at the context
	// and the clock.
	checkEvery = 16
)

// ucb is UCT's score of a child for the player acting at its parent.
func ucb(mean float64, visits, parentVisits int, c float64) float64 {
	return mean + c*math.Sqrt(math.Log(float64(parentVisits))/float64(visits))
}

// ucbTuned is UCB1-Tuned's score of a child: meanSq is the mean of the
// squared rewards, so meanSq-mean² is their variance.
func ucbTuned(mean, meanSq float64, visits, parentVisits int, c float64) float64 {
	logN := math.Log(float64(parentVisits)) / float64(visits)
	v := meanSq - mean*mean + math.Sqrt(2*logN)
	return mean + c*math.Sqrt(logN*min(0.25, v))
}
