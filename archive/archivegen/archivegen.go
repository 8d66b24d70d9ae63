// Package archivegen writes realistic archives for benchmarks and scale
// tests: games of every game and ruleset played by random moves, finished or
// in progress, stored through the archive API into a real SQLite database
// the way the club stores them (players, game rows with their positions and
// clocks, the moves of record), so the code reading them is the code that
// reads a club's archive.
package archivegen

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"
	"time"

	"postal/archive"
	"postal/engine"
)

// Options say what to generate. Games go round every game and ruleset
// (import postal/engine/allgames for the real ones).
type Options struct {
	// Games names the games to play; nil means every game registered.
	Games []string
	// Finished and Active are the numbers of finished games and of games in
	// progress. The games in progress are the newest.
	Finished, Active int
	// Players is how many players share the games; 0 means 40.
	Players int
	// MaxPlies ends a random game that has not ended by itself: a finished
	// game is then resigned, drawn by agreement or lost on time, as club
	// games end; 0 means 500. Games in progress stop at a random ply below
	// it.
	MaxPlies int
	// Seed makes the archive reproducible: the same options give the same
	// archive (with the same engines).
	Seed uint64
	// Start is when the first game began; zero means 2020-01-01. Games
	// begin two hours apart and each ply takes a few hours.
	Start time.Time
	// Deadline is the deadline of the games in progress; zero means three
	// days after their last move (long past, for an archive of the past:
	// a daemon would end them on time at once).
	Deadline time.Time
	// Workers play games at once; 0 means GOMAXPROCS.
	Workers int
	// Progress, when set, is called after each batch of games is stored.
	Progress func(done, total int)
	// Rate, when set, is called with each finished game once every game
	// is stored, in the order the games ended, as the club rates them
	// when they end (club.Service.RateEnded): a generated archive then
	// holds the ratings a club would.
	Rate func(tx *archive.Tx, row *archive.Game) error
}

// Stats say what was generated.
type Stats struct {
	Games, Plies int
	Duration     time.Duration
}

// game is one generated game, ready to store.
type game struct {
	row   *archive.Game
	moves []archive.Move
}

// Generate adds the games to db, numbered after its last game. Players
// gen001... are registered when missing.
func Generate(ctx context.Context, db *archive.DB, o Options) (Stats, error) {
	start := time.Now()
	o.fill()
	kinds, err := variants(o.Games)
	if err != nil {
		return Stats{}, err
	}
	var players []int64
	var first int64
	err = db.Tx(ctx, func(tx *archive.Tx) error {
		var err error
		if players, err = addPlayers(tx, o.Players, o.Start); err != nil {
			return err
		}
		first, err = tx.LastGameID()
		return err
	})
	if err != nil {
		return Stats{}, err
	}

	total := o.Finished + o.Active
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	// Workers play the games; one writer stores them in order, a batch to a
	// transaction.
	jobs := make(chan int)
	results := make([]chan game, total)
	for i := range results {
		results[i] = make(chan game, 1)
	}
	var wg sync.WaitGroup
	var playErr error
	var errOnce sync.Once
	for range o.Workers {
		wg.Go(func() {
			for i := range jobs {
				g, err := play(i, first+int64(i)+1, i >= o.Finished, kinds.pick(i), players, o)
				if err != nil {
					errOnce.Do(func() { playErr = err; cancel() })
					return
				}
				results[i] <- g
			}
		})
	}
	go func() {
		defer close(jobs)
		for i := range total {
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	var st Stats
	const batch = 100
	for from := 0; from < total; from += batch {
		var games []game
		for i := from; i < min(total, from+batch); i++ {
			select {
			case g := <-results[i]:
				games = append(games, g)
			case <-ctx.Done():
				wg.Wait()
				if playErr != nil {
					return st, playErr
				}
				return st, ctx.Err()
			}
		}
		err := db.Tx(ctx, func(tx *archive.Tx) error {
			for _, g := range games {
				if err := store(tx, g); err != nil {
					return err
				}
			}
			// New challenges take ids past these games (a challenge's id
			// becomes its game's).
			return tx.RaiseSequences()
		})
		if err != nil {
			cancel()
			wg.Wait()
			return st, err
		}
		for _, g := range games {
			st.Games++
			st.Plies += len(g.moves)
		}
		if o.Progress != nil {
			o.Progress(st.Games, total)
		}
	}
	wg.Wait()
	if o.Rate != nil {
		if err := rate(ctx, db, first, o.Rate); err != nil {
			return st, err
		}
	}
	st.Duration = time.Since(start)
	return st, nil
}

// fill gives the options left zero their defaults.
func (o *Options) fill() {
	if o.Players <= 0 {
		o.Players = 40
	}
	if o.MaxPlies <= 0 {
		o.MaxPlies = 500
	}
	if o.Start.IsZero() {
		o.Start = time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
	}
	if o.Workers <= 0 {
		o.Workers = runtime.GOMAXPROCS(0)
	}
}

// rate calls fn with each finished game numbered above first, in the order
// they ended, a batch of games to a transaction.
func rate(ctx context.Context, db *archive.DB, first int64, fn func(*archive.Tx, *archive.Game) error) error {
	var ended []archive.Ended
	err := db.Tx(ctx, func(tx *archive.Tx) error {
		var err error
		ended, _, err = tx.EndedGames(nil)
		return err
	})
	if err != nil {
		return err
	}
	const batch = 500
	for from := 0; from < len(ended); from += batch {
		err := db.Tx(ctx, func(tx *archive.Tx) error {
			for _, e := range ended[from:min(len(ended), from+batch)] {
				if e.ID <= first {
					continue
				}
				row, err := tx.GameByID(e.ID)
				if err != nil {
					return err
				}
				if err := fn(tx, row); err != nil {
					return fmt.Errorf("archivegen: rate game %d: %w", e.ID, err)
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// variant is a game and one of its rulesets.
type variant struct {
	info    engine.Info
	ruleset string
}

// kinds are the registered games, each with its rulesets.
type kinds []struct {
	info     engine.Info
	rulesets []string
}

func variants(names []string) (kinds, error) {
	var games []engine.Game
	if names == nil {
		games = engine.Games()
	}
	for _, name := range names {
		g, err := engine.Lookup(name)
		if err != nil {
			return nil, fmt.Errorf("archivegen: %w", err)
		}
		games = append(games, g)
	}
	if len(games) == 0 {
		return nil, fmt.Errorf("archivegen: no game to play")
	}
	var out kinds
	for _, g := range games {
		info := g.Info()
		var rs []string
		for _, r := range info.Rulesets {
			rs = append(rs, r.Name)
		}
		out = append(out, struct {
			info     engine.Info
			rulesets []string
		}{info, rs})
	}
	return out, nil
}

// pick is the variant of game number i: the games take turns, and each
// game's rulesets take turns among its games, so every game has as many
// games as the others whatever its number of rulesets.
func (k kinds) pick(i int) variant {
	g := k[i%len(k)]
	return variant{g.info, g.rulesets[i/len(k)%len(g.rulesets)]}
}

func addPlayers(tx *archive.Tx, n int, at time.Time) ([]int64, error) {
	ids := make([]int64, n)
	for i := range n {
		name := fmt.Sprintf("gen%03d", i+1)
		p, err := tx.PlayerByName(name)
		if err == archive.ErrNotFound {
			p, err = tx.AddPlayer(name, name+"@gen.test", "gen-key-"+name, at)
		}
		if err != nil {
			return nil, err
		}
		ids[i] = p.ID
	}
	return ids, nil
}

// play plays game number i (id in the archive) by random moves.
func play(i int, id int64, active bool, v variant, players []int64, o Options) (game, error) {
	rng := rand.New(rand.NewPCG(o.Seed, uint64(i)))
	seed := rng.Uint64()
	_, cfg, pos, err := engine.New(v.info.Name, engine.Config{Ruleset: v.ruleset, Seed: seed})
	if err != nil {
		return game{}, fmt.Errorf("archivegen: %s %s: %w", v.info.Name, v.ruleset, err)
	}
	created := o.Start.Add(time.Duration(i) * 2 * time.Hour)
	row := &archive.Game{ID: id, Game: v.info.Name, Config: cfg.String(), Seed: seed, Players: seat(rng, players, len(v.info.Seats(cfg))),
		Status: archive.GameActive, Result: "*", DaysPerMove: 3, Control: "days 3", Created: created, TurnStarted: created}
	limit := o.MaxPlies
	if active {
		limit = rng.IntN(o.MaxPlies)
	}
	at := created
	var moves []archive.Move
	var before engine.Position // the position before the last ply
	for len(moves) < limit && !pos.Result().Over() {
		to := pos.ToMove()
		if len(to) == 0 {
			return game{}, fmt.Errorf("archivegen: %s game %d: nobody may act in %s", v.info.Name, id, pos)
		}
		p := to[rng.IntN(len(to))]
		var m engine.Move
		if p == engine.Chance {
			// As the club draws: from the game's seed, so the record agrees
			// with the seed once it is revealed.
			m = pos.Sample(engine.ChanceSource(seed, pos.Ply()))
		} else {
			legal := pos.Legal(p)
			if len(legal) == 0 {
				return game{}, fmt.Errorf("archivegen: %s game %d: player %d has no listed move in %s", v.info.Name, id, p, pos)
			}
			m = legal[rng.IntN(len(legal))]
		}
		next, err := pos.Apply(p, m)
		if err != nil {
			return game{}, fmt.Errorf("archivegen: %s game %d: %s refused: %w", v.info.Name, id, m, err)
		}
		if active && next.Result().Over() {
			break // a game in progress stops short of its end
		}
		at = at.Add(time.Duration(1+rng.IntN(6*60)) * time.Minute)
		moves = append(moves, archive.Move{Ply: len(moves) + 1, Player: int(p), Text: m.String(), MessageID: fmt.Sprintf("<gen-%d-%d@gen.test>", id, len(moves)+1), At: at})
		before, pos = pos, next
	}
	row.Position, row.Ply, row.Updated, row.TurnStarted = pos.String(), len(moves), at, at
	if before != nil {
		row.Previous = before.String()
	}
	if !active {
		r := pos.Result()
		if !r.Over() {
			if r, err = ending(rng, pos, players, row, &moves, &at); err != nil {
				return game{}, fmt.Errorf("archivegen: %s game %d: %w", v.info.Name, id, err)
			}
		}
		row.Status, row.Result, row.Termination = archive.GameOver, r.Score(), r.Reason
		row.Finished = at.Add(time.Duration(rng.IntN(24*60)) * time.Minute)
		row.Updated = row.Finished
	} else {
		row.Deadline = o.Deadline
		if row.Deadline.IsZero() {
			row.Deadline = at.Add(3 * 24 * time.Hour)
		}
	}
	return game{row, moves}, nil
}

// seat draws the players of the seats of a game: two different players
// (one, when there is one), or as many as there are seats, all different
// while the pool allows.
func seat(rng *rand.Rand, players []int64, seats int) []int64 {
	if seats == 2 {
		a := rng.IntN(len(players))
		b := (a + 1 + rng.IntN(len(players)-1)) % len(players)
		if len(players) == 1 {
			b = a
		}
		return []int64{players[a], players[b]}
	}
	out := make([]int64, seats)
	perm := rng.Perm(len(players))
	for i := range out {
		out[i] = players[perm[i%len(perm)]]
	}
	return out
}

// ending ends a game that did not end on the board, as club games do. In a
// game where players leave and the others play on (Superial Chess R13d),
// the players to move leave, resigning or on time, each a move of the
// record, until one is left or those left agree a draw.
func ending(rng *rand.Rand, pos engine.Position, players []int64, row *archive.Game, moves *[]archive.Move, at *time.Time) (engine.Result, error) {
	if engine.OthersPlayOn(len(row.Players)) {
		for !pos.Result().Over() {
			if rng.IntN(4) == 0 {
				return pos.Result().Drawn("draw agreed"), nil
			}
			p, how := pos.ToMove()[0], engine.Resign
			if rng.IntN(2) == 0 {
				how = engine.Timeout
			}
			next, _, err := engine.Forfeit(pos, p, how)
			if err != nil {
				return engine.Result{}, err
			}
			*at = at.Add(time.Duration(1+rng.IntN(3*24*60)) * time.Minute)
			*moves = append(*moves, archive.Move{Ply: len(*moves) + 1, Player: int(p), Text: how.String(), At: *at})
			row.Previous = pos.String()
			pos = next
			row.Position, row.Ply = pos.String(), len(*moves)
		}
		return pos.Result(), nil
	}
	return endingOfTwo(rng, pos, players, row)
}

// endingOfTwo ends a game of two that did not end on the board: the
// player to move resigns, runs out of time, or the two agree a draw.
func endingOfTwo(rng *rand.Rand, pos engine.Position, players []int64, row *archive.Game) (engine.Result, error) {
	side := engine.First
	if to := pos.ToMove(); len(to) > 0 && to[0] == engine.Second {
		side = engine.Second
	}
	name := fmt.Sprintf("gen%03d", indexOf(players, row.Players[side])+1)
	how, reason := engine.Resign, " resigned"
	switch rng.IntN(3) {
	case 1:
		return engine.Result{Kind: engine.Draw, Reason: "draw agreed"}, nil
	case 2:
		how, reason = engine.Timeout, " ran out of time"
	}
	_, r, err := engine.Forfeit(pos, side, how)
	r.Reason = name + reason
	return r, err
}

func indexOf(ids []int64, id int64) int {
	for i, x := range ids {
		if x == id {
			return i
		}
	}
	return 0
}

// store writes a game as the club does: the row as it began, its moves,
// then the row as it stands.
func store(tx *archive.Tx, g game) error {
	final := *g.row
	begun := *g.row
	begun.Position, begun.Previous, begun.Ply, begun.Status, begun.Result, begun.Termination = "", "", 0, archive.GameActive, "*", ""
	if err := tx.AddGame(&begun); err != nil {
		return err
	}
	if err := tx.AddMoves(g.row.ID, g.moves); err != nil {
		return err
	}
	return tx.UpdateGame(&final)
}
