package site

import (
	"context"
	"encoding/json"
	"flag"
	"io"
	"log/slog"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// benchGamesN is the size of the benchmarks' archive (-benchgames).
var benchGamesN = 10000

func init() {
	flag.IntVar(&benchGamesN, "benchgames", benchGamesN, "games in the benchmarks' archive")
}

var (
	benchOnce  sync.Once
	benchGames []Game
)

// benchArchive is 10,000 games played at random across every registered
// game, made once per test binary.
func benchArchive(b *testing.B) []Game {
	benchOnce.Do(func() { benchGames = randomArchive(b, benchGamesN, 42) })
	return benchGames
}

func benchOptions(out string) Options {
	o := testOptions(out)
	o.Workers = 0
	o.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	return o
}

// BenchmarkBuildFull is the full build of an archive of 10,000 finished or
// ongoing games.
func BenchmarkBuildFull(b *testing.B) {
	games := benchArchive(b)
	b.Logf("games: %v", gameNames(games))
	dir := b.TempDir()
	var st Stats
	for b.Loop() {
		var err error
		if st, err = Build(context.Background(), games, benchOptions(filepath.Join(dir, "site"))); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(st.Written), "files")
}

// BenchmarkUpdateOneMove is the incremental rebuild after one move of one
// game of the same archive.
func BenchmarkUpdateOneMove(b *testing.B) {
	games := benchArchive(b)
	out := filepath.Join(b.TempDir(), "site")
	if _, err := Build(context.Background(), games, benchOptions(out)); err != nil {
		b.Fatal(err)
	}
	// An ongoing game: every tenth game of randomArchive is left unfinished.
	var g *Game
	for i := range games {
		if !games[i].Record.Result.Over() && len(games[i].Record.Moves) > 0 {
			g = &games[i]
			break
		}
	}
	if g == nil {
		b.Fatal("no ongoing game in the archive")
	}
	b.Logf("game %d (%s)", g.ID, g.Record.Game)
	positions, err := g.Record.Replay()
	if err != nil {
		b.Fatal(err)
	}
	orig := len(g.Record.Moves)
	var st Stats
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		// Alternate between the game with and without one more move, so every
		// iteration is a real change.
		b.StopTimer()
		if i%2 == 0 {
			pos := positions[len(positions)-1]
			p := pos.ToMove()[0]
			var m string
			if legal := pos.Legal(p); len(legal) > 0 {
				m = legal[0].String()
			} else {
				b.Fatalf("game %d: no listed move", g.ID)
			}
			g.Record.Add(p, m)
		} else {
			g.Record.Moves = g.Record.Moves[:orig]
		}
		g.Updated = g.Updated.Add(time.Minute)
		b.StartTimer()
		st, err = Update(context.Background(), games, []int64{g.ID}, benchOptions(out))
		if err != nil {
			b.Fatal(err)
		}
		if st.Full {
			b.Fatal("the update built in full")
		}
	}
	g.Record.Moves = g.Record.Moves[:orig]
	b.ReportMetric(float64(st.Written), "files/op")
}

// BenchmarkPliesSize measures the two ways to embed every position of a game
// in its page: the SVGs side by side (as a JSON array, or as one file per
// ply) and the table of distinct lines that the pages use.
func BenchmarkPliesSize(b *testing.B) {
	games := randomArchive(b, 20, 5)
	var raw, dict int
	for b.Loop() {
		raw, dict = 0, 0
		for _, g := range games {
			positions, err := g.Record.Replay()
			if err != nil {
				b.Fatal(err)
			}
			svgs := make([][]byte, len(positions))
			strs := make([]string, len(positions))
			for i, p := range positions {
				svgs[i] = p.Picture().SVG()
				strs[i] = string(svgs[i])
			}
			r, _ := json.Marshal(strs)
			d, _ := json.Marshal(encodePlies(svgs))
			raw += len(r)
			dict += len(d)
		}
	}
	b.ReportMetric(float64(raw)/float64(len(games)), "raw-bytes/game")
	b.ReportMetric(float64(dict)/float64(len(games)), "dict-bytes/game")
}
