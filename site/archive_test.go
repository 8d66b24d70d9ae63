package site

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"postal/engine"
	_ "postal/engine/allgames" // every real game, picked up as games land
	"postal/notation"
)

var base = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)

// fixedArchive is the small archive of the golden tests: test-nim games
// only, so the pages change only when the site does.
func fixedArchive(t testing.TB) []Game {
	t.Helper()
	mk := func(id int64, players [2]string, stones string, moves []string, comment string) Game {
		r := &notation.Record{Game: "test-nim", Config: engine.Config{Ruleset: "standard", Options: map[string]string{"stones": stones}}, Players: players[:]}
		for i, m := range moves {
			r.Add(engine.Player(i%2), m)
		}
		if comment != "" && len(r.Moves) > 0 {
			r.Moves[0].Comment = comment
		}
		ps, err := r.Replay()
		if err != nil {
			t.Fatalf("game %d: %v", id, err)
		}
		r.Result = ps[len(ps)-1].Result()
		g := Game{ID: id, Record: r, Started: base.Add(time.Duration(id) * time.Hour), Updated: base.Add(time.Duration(id)*time.Hour + time.Duration(len(moves))*time.Minute)}
		if r.Result.Over() {
			g.Finished = g.Updated
			r.SetTag("Termination", r.Result.Reason)
		}
		return g
	}
	games := []Game{
		mk(1, [2]string{"alice", "bob"}, "5", []string{"take2", "take3"}, ""),
		mk(2, [2]string{"bob", "carol"}, "9", []string{"take1", "take3", "take1", "take1", "take3"}, "a <b>bold</b> opening & more"),
		mk(3, [2]string{"<script>alert(1)</script>", "alice"}, "9", []string{"take3", "take2"}, "</script><script>alert(2)</script>"),
		mk(4, [2]string{"carol", "alice"}, "5", []string{"take1", "take1", "take3"}, ""),
	}
	// A draw agreed by the players, as the club records it.
	d := mk(5, [2]string{"alice", "carol"}, "15", []string{"take1", "take2"}, "")
	d.Record.Result = engine.Result{Kind: engine.Draw, Reason: "draw agreed"}
	d.Finished = d.Updated
	return append(games, d)
}

var names = []string{"alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan", "judy",
	"mallory", "niaj", "olivia", "peggy", "rupert", "sybil", "trent", "victor", "walter", "yolanda"}

// randomArchive plays n games by random moves, spread over every registered
// game, so each game that lands is tested and measured here too. Every tenth
// game is left unfinished.
func randomArchive(t testing.TB, n int, seed uint64) []Game {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	all := engine.Games()
	out := make([]Game, 0, n)
	for i := range n {
		g := all[i%len(all)]
		info := g.Info()
		cfg := engine.Config{Ruleset: info.Rulesets[i/len(all)%len(info.Rulesets)].Name, Seed: rng.Uint64()}
		_, cfg, pos, err := engine.New(info.Name, cfg)
		if err != nil {
			t.Fatalf("%s: %v", info.Name, err)
		}
		limit := 300
		if i%10 == 9 {
			limit = 1 + rng.IntN(20)
		}
		final, steps, err := engine.RandomGame(pos, rng, limit)
		if err != nil {
			t.Fatalf("%s: %v", info.Name, err)
		}
		p := rng.Perm(len(names))
		var players []string
		for i := range info.Seats(cfg) {
			players = append(players, names[p[i]])
		}
		r := &notation.Record{Game: info.Name, Config: cfg, Players: players}
		for _, s := range steps {
			r.Add(s.Player, s.Move.String())
		}
		r.Result = final.Result()
		id := int64(i + 1)
		start := base.Add(time.Duration(i) * time.Hour)
		gm := Game{ID: id, Record: r, Started: start, Updated: start.Add(time.Duration(len(steps)) * time.Minute)}
		if r.Result.Over() {
			gm.Finished = gm.Updated
			r.SetTag("Termination", r.Result.Reason)
		}
		out = append(out, gm)
	}
	return out
}

// gameNames lists the games of an archive, for test logs.
func gameNames(games []Game) []string {
	var out []string
	for _, g := range games {
		if !slices.Contains(out, g.Record.Game) {
			out = append(out, g.Record.Game)
		}
	}
	slices.Sort(out)
	return out
}
