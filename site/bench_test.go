package site_test

import (
	"context"
	"flag"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"postal/archive"
	"postal/archive/archivegen"
	"postal/docs"
	"postal/engine"
	"postal/site"
	"postal/site/clubarchive"
)

// benchGames is the size of the benchmarks' archive: that many finished
// games and a tenth as many in progress, generated into SQLite (shared by
// the packages' benchmarks in POSTAL_BENCH_DIR, as "make bench" sets it).
var benchGames = flag.Int("benchgames", 10000, "finished games in the benchmarks' archive")

var (
	benchDirOnce sync.Once
	benchDir     string
)

func TestMain(m *testing.M) {
	flag.Parse()
	code := m.Run()
	if benchDir != "" && os.Getenv("POSTAL_BENCH_DIR") == "" {
		os.RemoveAll(benchDir)
	}
	os.Exit(code)
}

// benchArchive opens a copy of the generated archive of n finished games.
func benchArchive(b *testing.B, n int) *archive.DB {
	benchDirOnce.Do(func() {
		if benchDir = os.Getenv("POSTAL_BENCH_DIR"); benchDir == "" {
			var err error
			if benchDir, err = os.MkdirTemp("", "postal-bench-"); err != nil {
				b.Fatal(err)
			}
		}
	})
	path, err := archivegen.Cached(context.Background(), benchDir, archivegen.Bench(n, realGames()))
	if err != nil {
		b.Fatal(err)
	}
	if path, err = archivegen.Copy(path, b.TempDir()); err != nil {
		b.Fatal(err)
	}
	db, err := archive.Open(context.Background(), path)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	return db
}

// realGames names the games the daemon plays: not the tests' Nim.
func realGames() []string {
	var names []string
	for _, g := range engine.Games() {
		if name := g.Info().Name; name != "test-nim" {
			names = append(names, name)
		}
	}
	return names
}

func benchOptions(out string) site.Options {
	return site.Options{OutDir: out, Title: "Bench club", Club: "postal@bench.example", Rules: docs.Rules(), Logger: slog.New(slog.DiscardHandler)}
}

// BenchmarkBuild is "postal site build" of the generated archive: a full
// build, reading every game from SQLite. It reports the bytes and files
// written and the sizes of the game pages.
func BenchmarkBuild(b *testing.B) {
	n := *benchGames
	b.Run(fmt.Sprintf("games=%d", n+n/10), func(b *testing.B) {
		db := benchArchive(b, n)
		out := filepath.Join(b.TempDir(), "site")
		var st site.Stats
		for b.Loop() {
			var err error
			if st, err = site.Build(context.Background(), clubarchive.Source{DB: db}, benchOptions(out)); err != nil {
				b.Fatal(err)
			}
		}
		var pages []int
		filepath.WalkDir(filepath.Join(out, "games"), func(p string, d fs.DirEntry, err error) error {
			if info, err := os.Stat(p); err == nil && strings.HasSuffix(p, ".html") {
				pages = append(pages, int(info.Size()))
			}
			return nil
		})
		slices.Sort(pages)
		b.ReportMetric(float64(st.Bytes)/1e6, "MB")
		b.ReportMetric(float64(st.Written), "files")
		if len(pages) > 0 {
			b.ReportMetric(float64(pages[len(pages)/2])/1e3, "median-page-kB")
			b.ReportMetric(float64(pages[len(pages)-1])/1e3, "max-page-kB")
		}
	})
}

// BenchmarkUpdateOneMove is the daemon's update of its site after one move,
// stored through the archive as the club stores it, in archives of a tenth
// of benchgames and of benchgames: its cost should not grow with the
// archive.
func BenchmarkUpdateOneMove(b *testing.B) {
	for _, n := range []int{*benchGames / 10, *benchGames} {
		b.Run(fmt.Sprintf("games=%d", n+n/10), func(b *testing.B) {
			ctx := context.Background()
			db := benchArchive(b, n)
			pub := site.NewPublisher(clubarchive.Source{DB: db}, benchOptions(filepath.Join(b.TempDir(), "site")))
			if _, err := pub.Build(ctx); err != nil {
				b.Fatal(err)
			}
			active := archivegen.InProgress(n)
			var st site.Stats
			written, bytes := 0, int64(0)
			i := 0
			for b.Loop() {
				b.StopTimer()
				var err error
				if active, err = archivegen.MoveSome(ctx, db, active, i); err != nil {
					b.Fatal(err)
				}
				i++
				b.StartTimer()
				if st, err = pub.Update(ctx); err != nil {
					b.Fatal(err)
				}
				if st.Full || st.Changed != 1 {
					b.Fatalf("the update after one move: %+v", st)
				}
				written += st.Written
				bytes += st.Bytes
			}
			b.ReportMetric(float64(written)/float64(i), "files/op")
			b.ReportMetric(float64(bytes)/float64(i)/1e3, "kB/op")
		})
	}
}
