package site_test

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"postal/archive"
	"postal/archive/archivegen"
	"postal/site"
	"postal/site/clubarchive"
	"postal/site/explorer"
)

// cpuTime is the CPU time (user and system) this process has used.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkExplorerBuild is a full build of the generated archives of
// 11,000 and 110,000 games (-bench 'ExplorerBuild/games=11000$' for the
// first alone) in this process, reading every game from SQLite: the
// explorer's share of the build's CPU, its largest file and the largest
// first view of a book's page, each beside its bound of issue 44 (20%,
// 50 KB, 30 KB gzipped). The explorer's CPU is measured apart, on one
// thread (explorerCPU): within the build its work is spread over the
// workers among the rest, and their wall time counts the waits of a busy
// machine.
func BenchmarkExplorerBuild(b *testing.B) {
	for _, n := range []int{*benchGames, *benchGamesLarge} {
		b.Run(fmt.Sprintf("games=%d", n+n/10), func(b *testing.B) {
			db := benchArchive(b, n)
			out := filepath.Join(b.TempDir(), "site")
			var st site.Stats
			var cpu time.Duration
			for b.Loop() {
				b.StopTimer()
				os.RemoveAll(out)
				os.RemoveAll(filepath.Join(filepath.Dir(out), ".site.gen"))
				b.StartTimer()
				before := cpuTime(b)
				var err error
				if st, err = site.Build(context.Background(), clubarchive.Source{DB: db}, benchOptions(out)); err != nil {
					b.Fatal(err)
				}
				cpu = cpuTime(b) - before
			}
			dir, err := filepath.EvalSymlinks(out)
			if err != nil {
				b.Fatal(err)
			}
			largest, files := 0, 0
			var books []string
			filepath.WalkDir(filepath.Join(dir, "explorer"), func(p string, d fs.DirEntry, err error) error {
				if err != nil || d.IsDir() {
					return err
				}
				info, err := d.Info()
				if err != nil {
					return err
				}
				files++
				largest = max(largest, int(info.Size()))
				if rel, _ := filepath.Rel(filepath.Join(dir, "explorer"), p); strings.HasSuffix(rel, ".html") {
					books = append(books, filepath.ToSlash(strings.TrimSuffix(rel, ".html")))
				}
				return nil
			})
			slices.Sort(books)
			view, viewOf := 0, ""
			for _, bk := range books {
				if v, _ := site.ExplorerFirstView(b, dir, bk); v > view {
					view, viewOf = v, bk
				}
			}
			exCPU, heap := explorerCPU(b, db)
			b.ReportMetric(heap, "explorer-heap-MB")
			b.ReportMetric(cpu.Seconds(), "build-cpu-s")
			b.ReportMetric(exCPU.Seconds(), "explorer-cpu-s")
			b.ReportMetric(float64(files), "explorer-files")
			b.ReportMetric(float64(len(books)), "books")
			b.ReportMetric(float64(st.Games), "games")
			target(b, 100*exCPU.Seconds()/cpu.Seconds(), "explorer-share-%", 20)
			// The same share inside the build: the time its workers spent on
			// the explorer (Stats.Explorer: replaying and counting each
			// game, making each book's nodes, writing their files), of the
			// build's CPU. That is wall time, the CPU's on a quiet machine
			// only (a worker waiting for a core counts it), hence no bound.
			b.ReportMetric(st.Explorer.Seconds(), "explorer-in-build-s")
			b.ReportMetric(100*st.Explorer.Seconds()/cpu.Seconds(), "explorer-in-build-share-%")
			target(b, float64(largest)/1e3, "explorer-max-file-kB", 50)
			target(b, float64(view)/1e3, "explorer-max-first-view-kB", 30)
			b.Logf("the largest first view: %s", viewOf)
		})
	}
}

// threadCPU is the CPU time the calling thread has used.
func threadCPU(b *testing.B) time.Duration {
	var ru syscall.Rusage
	const rusageThread = 1 // Linux's RUSAGE_THREAD
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// explorerCPU is the CPU time of the explorer's part of a full build of
// db, on one thread: each finished game counted in its book (replayed up to
// the book's depth), each node file encoded; reading the games, which the
// build does anyway, is not in it. And the memory the books hold.
func explorerCPU(b *testing.B, db *archive.DB) (time.Duration, float64) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var before runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	books := map[string]*explorer.Book{}
	var cpu time.Duration
	err := clubarchive.Source{DB: db}.Games(context.Background(), nil, func(g *site.Game) error {
		start := threadCPU(b)
		defer func() { cpu += threadCPU(b) - start }()
		r := g.Record
		if r == nil || !r.Result.Over() {
			return nil
		}
		name := explorer.BookOf(r.Game, r.Config)
		bk := books[name]
		if bk == nil {
			var err error
			if bk, err = explorer.NewBook(r.Game, r.Config, 0); err != nil {
				return nil
			}
			books[name] = bk
		}
		eg := explorer.Game{ID: g.ID, Record: r, Finished: g.Finished}
		if g.Rating != nil {
			for _, s := range g.Rating.Seats {
				eg.Ratings = append(eg.Ratings, s.Before)
			}
		}
		bk.Add(eg)
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	start := threadCPU(b)
	for _, bk := range books {
		bk.Each(func(n *explorer.Node) error {
			_, _, err := explorer.Encode(n)
			return err
		})
	}
	cpu += threadCPU(b) - start
	// What the books hold, which a publisher keeps between updates.
	var after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(books)
	return cpu, float64(after.HeapAlloc-before.HeapAlloc) / 1e6
}

// finishGame ends game id of db as the club ends a game its player
// resigns, a minute after its last change.
func finishGame(ctx context.Context, db *archive.DB, id int64) error {
	return db.Tx(ctx, func(tx *archive.Tx) error {
		g, err := tx.GameByID(id)
		if err != nil {
			return err
		}
		g.Status, g.Result, g.Termination = archive.GameOver, "0-1", "resigned"
		g.Updated = g.Updated.Add(time.Minute)
		g.Finished, g.Deadline = g.Updated, time.Time{}
		return tx.UpdateGame(g)
	})
}

// BenchmarkExplorerUpdate is the daemon's update of its site after a game
// of two players finishes, in the archive of benchgames (11,000 games):
// the whole update and the explorer's part of it (counting the game in its
// book, writing the files of its path and the book's page), each median
// beside its bound of issue 44, 30 ms.
func BenchmarkExplorerUpdate(b *testing.B) {
	n := *benchGames
	b.Run(fmt.Sprintf("games=%d", n+n/10), func(b *testing.B) {
		ctx := context.Background()
		db := benchArchive(b, n)
		pub := site.NewPublisher(clubarchive.Source{DB: db}, benchOptions(filepath.Join(b.TempDir(), "site")))
		if _, err := pub.Build(ctx); err != nil {
			b.Fatal(err)
		}
		var ids []int64
		for _, id := range archivegen.InProgress(n) {
			var two bool
			db.ReadTx(ctx, func(tx *archive.Tx) error {
				g, err := tx.GameByID(id)
				two = err == nil && len(g.Players) == 2 && g.Ply > 0
				return err
			})
			if two {
				ids = append(ids, id)
			}
		}
		var took, explorer []time.Duration
		written := 0
		for b.Loop() {
			b.StopTimer()
			if len(ids) == 0 {
				b.Fatal("no game of two going on left to finish")
			}
			if err := finishGame(ctx, db, ids[0]); err != nil {
				b.Fatal(err)
			}
			ids = ids[1:]
			b.StartTimer()
			st, err := pub.Update(ctx)
			if err != nil {
				b.Fatal(err)
			}
			if st.Full || st.Changed != 1 {
				b.Fatalf("the update after a game finished: %+v", st)
			}
			took, explorer = append(took, st.Duration), append(explorer, st.Explorer)
			written += st.Written
		}
		slices.Sort(took)
		slices.Sort(explorer)
		b.ReportMetric(float64(written)/float64(len(took)), "files/op")
		target(b, float64(took[len(took)/2].Microseconds())/1e3, "median-update-ms", 30)
		target(b, float64(explorer[len(explorer)/2].Microseconds())/1e3, "median-explorer-ms", 30)
	})
}
