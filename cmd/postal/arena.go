package main

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"sync"
	"time"

	"postal/engine"
	"postal/engine/search"
)

// arenaPlayer is one side of an arena match: a level of the searcher, or
// uniformly random play (level 0).
type arenaPlayer struct{ level int }

func (a arenaPlayer) String() string {
	if a.level == 0 {
		return "random"
	}
	return "level " + strconv.Itoa(a.level)
}

func parseArenaPlayer(v string) (arenaPlayer, error) {
	if v == "random" {
		return arenaPlayer{}, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > search.MaxLevel {
		return arenaPlayer{}, usageError{fmt.Sprintf("a player is random or a level 1 to %d, not %q", search.MaxLevel, v)}
	}
	return arenaPlayer{n}, nil
}

// arenaScore counts the games of a match from A's side.
type arenaScore struct {
	wins, draws, losses, unfinished int
	plies                           int
	// share sums A's shares of the finished games (engine.Result.Shares:
	// a win 1, a loss 0, a draw 1/2 of two; by place among more).
	share float64
}

func (s *arenaScore) games() int { return s.wins + s.draws + s.losses + s.unfinished }

func runArena(args []string, w io.Writer) error {
	gf := newGameFlags("arena")
	games := gf.fs.Int("games", 10, "how many games to play")
	aFlag := gf.fs.String("a", "1", "player A: a level of the bot, or random")
	bFlag := gf.fs.String("b", "random", "player B: a level of the bot, or random")
	maxPlies := gf.fs.Int("max-plies", 3000, "stop a game after this many plies: unfinished, not won")
	parallel := gf.fs.Int("parallel", 1, "games played at once (one core each)")
	verbose := gf.fs.Bool("v", false, "print every game's result")
	pos, err := gf.parse(args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usageError{"name one game (postal games lists them)"}
	}
	a, err := parseArenaPlayer(*aFlag)
	if err != nil {
		return err
	}
	b, err := parseArenaPlayer(*bFlag)
	if err != nil {
		return err
	}
	if *games < 1 || *parallel < 1 || *maxPlies < 1 {
		return usageError{"--games, --parallel and --max-plies must be positive"}
	}
	g, cfg, _, err := gf.start(pos[0])
	if err != nil {
		return err
	}
	m := arenaMatch{game: g.Info().Name, cfg: cfg, seats: len(g.Info().Seats(cfg)), a: a, b: b, maxPlies: *maxPlies}
	if m.seats == 2 {
		fmt.Fprintf(w, "%s %s: A %s against B %s, %d games, seed %d (A moves first in games 1, 3, 5...)\n",
			m.game, cfg, a, b, *games, cfg.Seed)
	} else {
		fmt.Fprintf(w, "%s %s: A %s against %d B %s, %d games, seed %d (A takes each seat in turn, the first in games 1, %d, %d...)\n",
			m.game, cfg, a, m.seats-1, b, *games, cfg.Seed, m.seats+1, 2*m.seats+1)
	}
	start := time.Now()
	score, err := m.play(context.Background(), *games, *parallel, func(i int, g arenaGame) {
		switch {
		case !*verbose:
		case m.seats > 2 && g.place > 0:
			fmt.Fprintf(w, "game %d: %s, place %d of %d, in %d plies\n", i+1, g.outcome, g.place, m.seats, g.plies)
		default:
			fmt.Fprintf(w, "game %d: %s in %d plies\n", i+1, g.outcome, g.plies)
		}
	})
	if err != nil {
		return err
	}
	n := score.games()
	fmt.Fprintf(w, "A %s: %d wins, %d draws, %d losses, %d unfinished: %.1f%% won, score %.1f%%\n",
		a, score.wins, score.draws, score.losses, score.unfinished,
		100*float64(score.wins)/float64(n), 100*score.share/float64(n))
	el := time.Since(start)
	fmt.Fprintf(w, "%.0f plies a game, %s (%s a game)\n", float64(score.plies)/float64(n), el.Round(time.Second), (el / time.Duration(n)).Round(time.Millisecond))
	return nil
}

// arenaMatch is a match of games between two players, sides alternating;
// in a game of more seats, A takes each in turn and B every other.
type arenaMatch struct {
	game     string
	cfg      engine.Config
	seats    int
	a, b     arenaPlayer
	maxPlies int
}

// arenaGame is how one game went for A.
type arenaGame struct {
	outcome string  // win, draw, loss or unfinished
	share   float64 // A's share of the result, 0 unfinished
	place   int     // A's place, 0 unfinished
	plies   int
}

// play plays games 0..n-1, par at a time; each game depends only on its
// number and the seed, so the score is the same whatever par is. done is
// called after each game (from one goroutine at a time).
func (m arenaMatch) play(ctx context.Context, n, par int, done func(i int, g arenaGame)) (arenaScore, error) {
	var (
		mu    sync.Mutex
		score arenaScore
		first error
		wg    sync.WaitGroup
		next  = make(chan int)
	)
	for range min(par, n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				g, err := m.playGame(ctx, i)
				mu.Lock()
				switch {
				case err != nil:
					if first == nil {
						first = fmt.Errorf("game %d: %w", i+1, err)
					}
				default:
					score.plies += g.plies
					score.share += g.share
					switch g.outcome {
					case "win":
						score.wins++
					case "draw":
						score.draws++
					case "loss":
						score.losses++
					default:
						score.unfinished++
					}
					done(i, g)
				}
				mu.Unlock()
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	return score, first
}

// playGame plays game i: A sits at seat i mod seats (A moves first in
// even games of two).
func (m arenaMatch) playGame(ctx context.Context, i int) (arenaGame, error) {
	cfg := m.cfg
	cfg.Seed = m.cfg.Seed + uint64(i)
	_, _, pos, err := engine.New(m.game, cfg)
	if err != nil {
		return arenaGame{}, err
	}
	aSide := engine.Player(i % m.seats)
	rng := rand.New(rand.NewPCG(m.cfg.Seed, uint64(i)))
	for {
		if pos, _, err = engine.ResolveChance(pos, cfg.Seed); err != nil {
			return arenaGame{}, err
		}
		if pos.Result().Over() || pos.Ply() >= m.maxPlies {
			break
		}
		// In a simultaneous phase the first player listed moves first.
		p := pos.ToMove()[0]
		player := m.b
		if p == aSide {
			player = m.a
		}
		var mv engine.Move
		if lv := player.level; lv == 0 {
			mv = engine.RandomMove(pos, p, rng)
		} else {
			mv, err = search.Choose(ctx, pos, p, search.Options{Level: lv, Seed: rng.Uint64()})
			if err != nil {
				return arenaGame{}, err
			}
		}
		if mv == nil {
			return arenaGame{}, fmt.Errorf("no move for player %d: %s", p, pos)
		}
		if pos, err = pos.Apply(p, mv); err != nil {
			return arenaGame{}, err
		}
	}
	r := pos.Result()
	g := arenaGame{outcome: "loss", plies: pos.Ply()}
	switch {
	case !r.Over():
		g.outcome = "unfinished"
		return g, nil
	case r.Kind == engine.Win && r.Winner == aSide:
		g.outcome = "win"
	case r.Place(aSide) == 1:
		g.outcome = "draw" // sharing the first place
	}
	g.share, g.place = r.Shares()[aSide], r.Place(aSide)
	return g, nil
}
