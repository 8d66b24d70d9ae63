package site_test

import (
	"context"
	"flag"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

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
var (
	benchGames      = flag.Int("benchgames", 10000, "finished games in the benchmarks' archive")
	benchGamesLarge = flag.Int("benchgames-large", 100000, "finished games in the large archive of BenchmarkBuild and BenchmarkUpdateOneMove")
)

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

// benchArchivePath is a copy of the generated archive of n finished games
// (and n/10 in progress), in the benchmark's directory.
func benchArchivePath(b *testing.B, n int) string {
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
	return path
}

// benchArchive opens a copy of the generated archive of n finished games.
func benchArchive(b *testing.B, n int) *archive.DB {
	db, err := archive.Open(context.Background(), benchArchivePath(b, n))
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

// buildSizes are the archives of BenchmarkBuild and BenchmarkUpdateOneMove,
// by finished games (a tenth as many more in progress), with the bounds of
// issue 36 for a full build: wall and CPU time, bytes on disk, peak RSS;
// zero where the issue sets none.
type buildSize struct {
	finished             int
	wall, cpu            time.Duration
	diskMB, rssMB        float64
	medianPageKB, viewKB float64
}

func buildSizes() []buildSize {
	return []buildSize{
		{finished: *benchGames, wall: 10 * time.Second, cpu: 15 * time.Second, diskMB: 500, rssMB: 200, medianPageKB: 25, viewKB: 30},
		{finished: *benchGamesLarge, wall: 120 * time.Second, diskMB: 5000, rssMB: 250},
	}
}

// BenchmarkBuild is "postal site build" of the generated archives of 11,000
// and 110,000 games, run as the command (built here) as people run it,
// reading every game from SQLite: wall and CPU time (user and system) and
// peak RSS of the process, the site's bytes on disk (blocks, as du counts
// them) and written, its files, the sizes of the game pages and the median
// first view of a game page (the page and what it names, gzipped as
// served), each beside its bound of issue 36.
func BenchmarkBuild(b *testing.B) {
	bin := postalBinary(b)
	for _, size := range buildSizes() {
		n := size.finished
		b.Run(fmt.Sprintf("games=%d", n+n/10), func(b *testing.B) {
			db := benchArchivePath(b, n)
			out := filepath.Join(b.TempDir(), "site")
			var wall, cpu time.Duration
			var rss int64
			for b.Loop() {
				// A build from scratch each time, as a first build is.
				b.StopTimer()
				os.RemoveAll(out)
				os.RemoveAll(filepath.Join(filepath.Dir(out), ".site.gen"))
				b.StartTimer()
				cmd := exec.Command(bin, "site", "build", "--db", db, "--out", out)
				start := time.Now()
				if msg, err := cmd.CombinedOutput(); err != nil {
					b.Fatalf("postal site build: %v\n%s", err, msg)
				}
				wall = time.Since(start)
				ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
				cpu = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
				rss = ru.Maxrss * 1024
			}
			dir, err := filepath.EvalSymlinks(out)
			if err != nil {
				b.Fatal(err)
			}
			var pages []int
			var disk, bytes int64
			files := 0
			filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
				if err != nil || d.IsDir() {
					return err
				}
				info, err := d.Info()
				if err != nil {
					return err
				}
				files++
				bytes += info.Size()
				disk += info.Sys().(*syscall.Stat_t).Blocks * 512
				if rel, _ := filepath.Rel(dir, p); strings.HasPrefix(rel, "games/") && strings.HasSuffix(p, ".html") {
					pages = append(pages, int(info.Size()))
				}
				return nil
			})
			slices.Sort(pages)
			b.ReportMetric(float64(bytes)/1e6, "MB-written")
			b.ReportMetric(float64(files), "files")
			b.ReportMetric(float64(pages[len(pages)-1])/1e3, "max-page-kB")
			target(b, wall.Seconds(), "wall-s", size.wall.Seconds())
			target(b, cpu.Seconds(), "cpu-s", size.cpu.Seconds())
			target(b, float64(disk)/1e6, "disk-MB", size.diskMB)
			target(b, float64(rss)/1e6, "peak-rss-MB", size.rssMB)
			target(b, float64(pages[len(pages)/2])/1e3, "median-page-kB", size.medianPageKB)
			// The first view of every 50th game page.
			var views []int
			for id := int64(1); id <= int64(n+n/10); id += 50 {
				views = append(views, site.FirstView(b, dir, id))
			}
			slices.Sort(views)
			target(b, float64(views[len(views)/2])/1e3, "median-first-view-kB", size.viewKB)
			b.ReportMetric(float64(views[len(views)-1])/1e3, "max-first-view-kB")
		})
	}
}

// target is site.Target, a figure beside its bound; none when the bound
// is zero.
func target(b *testing.B, value float64, unit string, bound float64) {
	b.Helper()
	if bound == 0 {
		b.ReportMetric(value, unit)
		return
	}
	site.Target(b, value, unit, bound)
}

var (
	binOnce sync.Once
	binPath string
	binErr  error
)

// postalBinary builds the postal command once, for the benchmarks that run
// it as people do.
func postalBinary(b *testing.B) string {
	binOnce.Do(func() {
		dir, err := os.MkdirTemp("", "postal-bin-")
		if err != nil {
			binErr = err
			return
		}
		binPath = filepath.Join(dir, "postal")
		if out, err := exec.Command("go", "build", "-o", binPath, "postal/cmd/postal").CombinedOutput(); err != nil {
			binErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if binErr != nil {
		b.Fatal(binErr)
	}
	return binPath
}

// BenchmarkUpdateOneMove is the daemon's update of its site after one move,
// stored through the archive as the club stores it, in archives of a tenth
// of benchgames, of benchgames and of benchgames-large (1,100, 11,000 and
// 110,000 games): its cost should not grow with the archive. The median
// update is beside its bound of issue 36, 30 ms.
func BenchmarkUpdateOneMove(b *testing.B) {
	for _, n := range []int{*benchGames / 10, *benchGames, *benchGamesLarge} {
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
			var took []time.Duration
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
				took = append(took, st.Duration)
			}
			b.ReportMetric(float64(written)/float64(i), "files/op")
			b.ReportMetric(float64(bytes)/float64(i)/1e3, "kB/op")
			slices.Sort(took)
			target(b, float64(took[len(took)/2].Microseconds())/1e3, "median-update-ms", 30)
		})
	}
}
