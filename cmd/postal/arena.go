package main

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
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
	// beat, tied and behind count A's pairings with each B of each game:
	// placed ahead of that B, level with it, or behind it (or the game
	// unfinished). In a game of two they are the wins, draws and losses
	// (unfinished included); in a game of more, A meets every other seat.
	beat, tied, behind int
}

func (s *arenaScore) games() int { return s.wins + s.draws + s.losses + s.unfinished }

func (s *arenaScore) wonPercent() float64 { return 100 * float64(s.wins) / float64(s.games()) }

// beatPercent is the share of A's pairings in which A placed ahead: the
// strength table's measure, its wins in a game of two.
func (s *arenaScore) beatPercent() float64 {
	return 100 * float64(s.beat) / float64(s.beat+s.tied+s.behind)
}

// scorePercent is A's score: its shares of the results, a draw of two
// counting a half, a place among more its engine share.
func (s *arenaScore) scorePercent() float64 { return 100 * s.share / float64(s.games()) }

// The strength table's bars: the weakest level wins this share
// of its games against random play, the strongest this share against the
// weakest. In a game of more seats the bar holds for A's pairings: A must
// place ahead of that share of the Bs it meets.
const (
	barWeakestVsRandom    = 90.0
	barStrongestVsWeakest = 65.0
)

// strengthTable plays the two matches of the strength table in every
// ruleset of the named game (of every game when none is named; only the
// ruleset named, when one is), with each ruleset's default options, and
// writes one Markdown row per ruleset as it is done.
func strengthTable(w io.Writer, names []string, ruleset string, seed uint64, games, parallel, maxPlies int) error {
	var gs []engine.Game
	for _, g := range engine.Games() {
		if len(names) == 0 || g.Info().Name == names[0] {
			gs = append(gs, g)
		}
	}
	if len(gs) == 0 {
		return usageError{fmt.Sprintf("unknown game %q; the games are %s", names[0], strings.Join(gameNames(), ", "))}
	}
	weakest, strongest, random := arenaPlayer{1}, arenaPlayer{search.MaxLevel}, arenaPlayer{}
	fmt.Fprintf(w, "%d games a match, seed %d, sides alternating; bars: %s wins %.0f%% against %s, %s %.0f%% against %s\n\n",
		games, seed, weakest, barWeakestVsRandom, random, strongest, barStrongestVsWeakest, weakest)
	fmt.Fprintf(w, "| game | ruleset | %s vs %s: won (W-D-L) | %s vs %s: won (W-D-L) | plies a game | time |\n", weakest, random, strongest, weakest)
	fmt.Fprintln(w, "|---|---|---|---|---|---|")
	failed := 0
	for _, g := range gs {
		for _, rs := range g.Info().Rulesets {
			if ruleset != "" && !strings.EqualFold(ruleset, rs.Name) {
				continue
			}
			_, cfg, _, err := engine.New(g.Info().Name, engine.Config{Ruleset: rs.Name, Seed: seed})
			if err != nil {
				return err
			}
			start := time.Now()
			cells := make([]string, 0, 2)
			plies, n := 0, 0
			seats := len(g.Info().Seats(cfg))
			for _, m := range []struct {
				a, b arenaPlayer
				bar  float64
			}{{weakest, random, barWeakestVsRandom}, {strongest, weakest, barStrongestVsWeakest}} {
				match := arenaMatch{game: g.Info().Name, cfg: cfg, seats: seats, a: m.a, b: m.b, maxPlies: maxPlies}
				score, err := match.play(context.Background(), games, parallel, func(int, arenaGame) {})
				if err != nil {
					return fmt.Errorf("%s %s, %s against %s: %w", g.Info().Name, rs.Name, m.a, m.b, err)
				}
				mark := ""
				if engine.OthersPlayOn(seats) {
					mark = fmt.Sprintf(" (pairings: %d seats, A against each of %d)", seats, seats-1)
				}
				if score.beatPercent() < m.bar {
					mark += " **below the bar**"
					failed++
				}
				cells = append(cells, fmt.Sprintf("%.0f%% (%d-%d-%d)%s", score.beatPercent(), score.beat, score.tied, score.behind, mark))
				plies += score.plies
				n += score.games()
			}
			fmt.Fprintf(w, "| %s | %s | %s | %s | %.0f | %s |\n", g.Info().Name, rs.Name, cells[0], cells[1],
				float64(plies)/float64(n), time.Since(start).Round(time.Second))
		}
	}
	if failed > 0 {
		return fmt.Errorf("%d matches below their bar", failed)
	}
	return nil
}

func runArena(args []string, w io.Writer) error {
	gf := newGameFlags("arena")
	games := gf.fs.Int("games", 10, "how many games to play")
	aFlag := gf.fs.String("a", "1", "player A: a level of the bot, or random")
	bFlag := gf.fs.String("b", "random", "player B: a level of the bot, or random")
	maxPlies := gf.fs.Int("max-plies", 3000, "stop a game after this many plies: unfinished, not won")
	parallel := gf.fs.Int("parallel", 1, "games played at once (one core each)")
	verbose := gf.fs.Bool("v", false, "print every game's result")
	table := gf.fs.Bool("table", false, "the strength table: in every ruleset (of GAME, or of every game), the weakest level against random play and the strongest against the weakest, as Markdown")
	pos, err := gf.parse(args)
	if err != nil {
		return err
	}
	if *table {
		if len(pos) > 1 || *games < 1 || *parallel < 1 || *maxPlies < 1 {
			return usageError{"--table takes at most one game, and --games, --parallel and --max-plies must be positive"}
		}
		return strengthTable(w, pos, gf.ruleset, gf.seed, *games, *parallel, *maxPlies)
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
	if !engine.OthersPlayOn(m.seats) {
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
		case engine.OthersPlayOn(m.seats) && g.place > 0:
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
		a, score.wins, score.draws, score.losses, score.unfinished, score.wonPercent(), score.scorePercent())
	if engine.OthersPlayOn(m.seats) {
		fmt.Fprintf(w, "A %s against each B: ahead in %d pairings, level in %d, behind in %d: %.1f%% ahead\n",
			a, score.beat, score.tied, score.behind, score.beatPercent())
	}
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
	// A's pairings with the Bs of the game (see arenaScore).
	beat, tied, behind int
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
					score.beat += g.beat
					score.tied += g.tied
					score.behind += g.behind
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
		g.outcome, g.behind = "unfinished", m.seats-1
		return g, nil
	case r.Kind == engine.Win && r.Winner == aSide:
		g.outcome = "win"
	case r.Place(aSide) == 1:
		g.outcome = "draw" // sharing the first place
	}
	g.share, g.place = r.Shares()[aSide], r.Place(aSide)
	for q := range engine.Player(m.seats) {
		switch bp := r.Place(q); {
		case q == aSide:
		case g.place < bp:
			g.beat++
		case g.place == bp:
			g.tied++
		default:
			g.behind++
		}
	}
	return g, nil
}
