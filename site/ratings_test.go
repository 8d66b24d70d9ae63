package site_test

import (
	"context"
	"fmt"
	"log/slog"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"postal/archive"
	"postal/archive/archivegen"
	"postal/club"
	"postal/site"
	"postal/site/browsertest"
	"postal/site/clubarchive"
)

// ratedArchive is a club archive of generated games rated as the club
// rates them when they end.
func ratedArchive(t *testing.T, finished int) (*archive.DB, *club.Service) {
	t.Helper()
	ctx := context.Background()
	db, err := archive.Open(ctx, filepath.Join(t.TempDir(), "postal.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	svc, err := club.New(db, club.Options{Address: "postal@club.example", Log: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := archivegen.Generate(ctx, db, archivegen.Options{Finished: finished, Active: 3, MaxPlies: 40, Players: 6, Seed: 25, Rate: svc.RateEnded}); err != nil {
		t.Fatal(err)
	}
	return db, svc
}

func siteFile(t *testing.T, out, path string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(path)))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestRatingsPages: a page per rating list (rank, the player linked, the
// rating with "?" while provisional, games, last played) and the ratings
// of each player, with a plot of each list, on their page; a game's end
// rewrites its list and its players' pages, not the site.
func TestRatingsPages(t *testing.T) {
	ctx := context.Background()
	db, svc := ratedArchive(t, 80)
	out := filepath.Join(t.TempDir(), "site")
	opts := site.Options{OutDir: out, Club: "postal@club.example", Title: "Rated Club", Workers: 2, Logger: slog.New(slog.DiscardHandler)}
	src := clubarchive.Source{DB: db, Club: "postal@club.example"}
	p := site.NewPublisher(src, opts)
	if _, err := p.Build(ctx); err != nil {
		t.Fatal(err)
	}
	var top archive.Standing
	var names map[int64]string
	err := db.Tx(ctx, func(tx *archive.Tx) error {
		ss, err := tx.Standings("imperial-chess")
		if err != nil || len(ss) == 0 {
			t.Fatalf("no standings of imperial-chess: %v", err)
		}
		top = ss[0]
		names, err = tx.PlayerNames()
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	index := siteFile(t, out, "ratings/index.html")
	for _, want := range []string{`<a href="imperial-chess.html">Imperial Chess</a>`, `<a href="superial-chess-vs-chess.html">Superial Chess: vs-chess</a>`, `<a href="conflagration.html">Conflagration</a>`} {
		if !strings.Contains(index, want) {
			t.Errorf("ratings/index.html lacks %s", want)
		}
	}
	list := siteFile(t, out, "ratings/imperial-chess.html")
	first := regexp.MustCompile(`<tr><td class="num">1</td><td><a href="../players/([^"]+).html">([^<]+)</a></td><td class="num">([0-9]+\??)</td>`).FindStringSubmatch(list)
	if first == nil || first[2] != names[top.PlayerID] || strings.TrimSuffix(first[3], "?") != fmt.Sprintf("%.0f", top.Rating) {
		t.Fatalf("the first row of imperial-chess: %v; want %s (%.1f)", first, names[top.PlayerID], top.Rating)
	}
	if (top.RD > 110) != strings.HasSuffix(first[3], "?") {
		t.Errorf("rating %s shown with RD %.1f: provisional means RD above 110", first[3], top.RD)
	}
	player := siteFile(t, out, "players/"+first[1]+".html")
	for _, want := range []string{"<h2>Ratings</h2>", `<a href="../ratings/imperial-chess.html">Imperial Chess</a>`, "<svg", "<title>Rating over time: Imperial Chess</title>", "<polyline"} {
		if !strings.Contains(player, want) {
			t.Errorf("the page of %s lacks %s", first[1], want)
		}
	}
	if strings.Contains(player, "<script") && strings.Contains(player[strings.Index(player, "<h2>Ratings</h2>"):], "<script") {
		t.Errorf("the ratings of a player need a script")
	}

	// One more game ends: its list and its players' pages change, the
	// other lists' pages are not rewritten.
	before := map[string]time.Time{}
	for _, l := range []string{"ratings/conflagration.html", "ratings/imperial-chess.html", "ratings/initiative.html"} {
		fi, err := os.Stat(filepath.Join(out, l))
		if err != nil {
			entries, _ := os.ReadDir(filepath.Join(out, "ratings"))
			t.Fatalf("%v; ratings/ holds %v", err, entries)
		}
		before[l] = fi.ModTime()
	}
	time.Sleep(10 * time.Millisecond)
	more := archivegen.Options{Games: []string{"imperial-chess"}, Finished: 1, MaxPlies: 40, Players: 6, Seed: 26, Start: time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC), Rate: svc.RateEnded}
	if _, err := archivegen.Generate(ctx, db, more); err != nil {
		t.Fatal(err)
	}
	st, err := p.Update(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if st.Full || st.Changed != 1 || st.Written > 20 {
		t.Errorf("update after one game: %+v; want one game changed and a few pages written", st)
	}
	for l, mod := range before {
		fi, _ := os.Stat(filepath.Join(out, l))
		if changed := !fi.ModTime().Equal(mod); changed != (l == "ratings/imperial-chess.html") {
			t.Errorf("%s rewritten: %v; only the list of the game that ended should be", l, changed)
		}
	}
	if now := siteFile(t, out, "ratings/imperial-chess.html"); !strings.Contains(now, "<td>2030-") {
		t.Errorf("the list does not show the game of 2030")
	}
}

// TestRatingsPagesInBrowser looks at the ratings pages in headless
// Chromium at desktop width and at 400 px: no problem in the console, no
// table wider than the window; screenshots for people to look at go to
// the test's artifacts (go test -artifacts). make test leaves it to make
// test-long (the Makefile's LONG_ONLY and LONG_SITE).
func TestRatingsPagesInBrowser(t *testing.T) {
	b := browsertest.Start(t, chromedp.WindowSize(1280, 900))
	db, _ := ratedArchive(t, 120)
	out := filepath.Join(t.TempDir(), "site")
	opts := site.Options{OutDir: out, Club: "postal@club.example", Title: "Rated Club", Workers: 2, Logger: slog.New(slog.DiscardHandler)}
	if _, err := site.Build(context.Background(), clubarchive.Source{DB: db, Club: "postal@club.example"}, opts); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(site.Handler(out))
	defer srv.Close()
	run := func(actions ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		ctx, cancel := context.WithTimeout(b.Ctx, 60*time.Second)
		defer cancel()
		if err := chromedp.Do(ctx, actions...); err != nil {
			t.Fatalf("chromium: %v", err)
		}
	}
	for _, size := range []struct {
		name string
		w, h int64
	}{{"desktop", 1280, 900}, {"phone", 400, 860}} {
		run(chromedp.EmulateViewport(size.w, size.h))
		for _, page := range []string{"ratings/index.html", "ratings/conflagration.html", "players/gen001.html"} {
			run(chromedp.Navigate("about:blank"), chromedp.Navigate(srv.URL+"/"+page))
			ctx, cancel := context.WithTimeout(b.Ctx, 60*time.Second)
			wide, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.documentElement.scrollWidth > window.innerWidth + 1`))
			png, err2 := chromedp.Run(ctx, chromedp.FullScreenshot(100))
			cancel()
			if err != nil || err2 != nil {
				t.Fatalf("chromium: %v %v", err, err2)
			}
			if wide {
				t.Errorf("%s at %s: wider than the window", page, size.name)
			}
			name := size.name + "-" + strings.NewReplacer("/", "-", ".html", "").Replace(page) + ".png"
			if err := os.WriteFile(filepath.Join(t.ArtifactDir(), name), png, 0o644); err != nil {
				t.Error(err)
			}
		}
	}
	if p := b.Problems(); len(p) > 0 {
		t.Errorf("problems in the pages: %v", p)
	}
}

// BenchmarkUpdateRatedEnd is the daemon's update of its site after a rated
// game ends, in a rated archive of benchgames finished games: the game's
// page, its list's page, the list of lists and its players' pages with
// their plots (issue 25: under 100 ms at 10,000 games).
func BenchmarkUpdateRatedEnd(b *testing.B) {
	ctx := context.Background()
	n := *benchGames
	db, err := archive.Open(ctx, filepath.Join(b.TempDir(), "postal.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	svc, err := club.New(db, club.Options{Address: "postal@bench.example", Log: slog.New(slog.DiscardHandler)})
	if err != nil {
		b.Fatal(err)
	}
	gen := archivegen.Bench(n, realGames())
	gen.Rate = svc.RateEnded
	if _, err := archivegen.Generate(ctx, db, gen); err != nil {
		b.Fatal(err)
	}
	pub := site.NewPublisher(clubarchive.Source{DB: db}, benchOptions(filepath.Join(b.TempDir(), "site")))
	if _, err := pub.Build(ctx); err != nil {
		b.Fatal(err)
	}
	start := time.Date(2040, 1, 1, 0, 0, 0, 0, time.UTC)
	i := 0
	for b.Loop() {
		b.StopTimer()
		i++
		one := archivegen.Options{Games: []string{"imperial-chess"}, Finished: 1, MaxPlies: 60, Players: gen.Players, Seed: uint64(1000 + i), Start: start.Add(time.Duration(i) * 24 * time.Hour), Rate: svc.RateEnded}
		if _, err := archivegen.Generate(ctx, db, one); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		st, err := pub.Update(ctx)
		if err != nil || st.Full || st.Changed != 1 {
			b.Fatalf("update: %+v, %v", st, err)
		}
	}
}
