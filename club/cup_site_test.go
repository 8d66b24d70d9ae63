package club

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"postal/site"
	"postal/site/browsertest"
)

// cupClub is a club whose cup of six (two groups of three, the winner of
// each through) has played its group stage, the first seat winning every
// game, and plays its final.
func cupClub(t *testing.T) *club {
	c, _ := sixInMug(t)
	for _, g := range eventGames(c, 1) {
		c.as(c.names(g)[1], fmt.Sprintf("resign %d", g.ID))
	}
	if n := len(eventGames(c, 1)); n != 7 {
		t.Fatalf("%d games after the groups, want the final too", n)
	}
	return c
}

// A cup's page shows a table per group (its standings, its crosstable,
// its games), then its knockout by stage, not its group games as "round
// 1"; a game's page names the cup and the game's place in it, as a
// league's and a ladder's do theirs: "the cup mug, group B", "the cup mug,
// final".
func TestCupPage(t *testing.T) {
	out := siteOf(t, cupClub(t))
	read := func(p string) string {
		b, err := os.ReadFile(filepath.Join(out, p))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	page := read("tournaments/mug.html")
	for _, want := range []string{"<h2>Groups</h2>", `<h3 id="group-1-title">Group A</h3>`, `<h3 id="group-2-title">Group B</h3>`, `<span class="muted move">through</span>`, "Through to the knockout: alice; alice is ahead of dave as the higher seed", `<table class="standings">`, `<table class="cross">`,
		"<h2>Knockout</h2>", "<h3>Final</h3>", "the knockout, final", "In a group: A win scores 1 point, a draw ½; ties are broken by Sonneborn-Berger"} {
		if !strings.Contains(page, want) {
			t.Errorf("the cup's page lacks %q", want)
		}
	}
	if n := strings.Count(page, `<table class="cross">`); n != 2 {
		t.Errorf("the cup's page has %d crosstables, want one a group", n)
	}
	if strings.Contains(page, "<h3>Round 1</h3>") || strings.Contains(page, "<h2>Crosstable</h2>") {
		t.Error("the cup's page lists its group games as a round, or crosstables all its players")
	}
	games, _ := filepath.Glob(filepath.Join(out, "games", "*.html"))
	named := map[string]bool{}
	for _, g := range games {
		page := read(strings.TrimPrefix(g, out+string(filepath.Separator)))
		for _, want := range []string{`Played in the cup <a href="../tournaments/mug.html">mug</a>, group A.`, `Played in the cup <a href="../tournaments/mug.html">mug</a>, group B.`,
			`Played in the cup <a href="../tournaments/mug.html">mug</a>, final.`, `<dd>cup <a href="../tournaments/mug.html">mug</a>, final</dd>`} {
			if strings.Contains(page, want) {
				named[want] = true
			}
		}
	}
	if len(named) != 4 {
		t.Errorf("of a cup's games, the pages name the cup and their places: %v", named)
	}
}

// The cup's page in a real Chromium at a phone's width and a desktop's:
// nothing wider than the screen, nothing logged, no axe violation.
// Screenshots go to $POSTAL_SCREENSHOTS when set, else to the test's
// artifact directory.
func TestCupPageInChromium(t *testing.T) {
	b := browsertest.Start(t)
	srv := httptest.NewServer(site.Handler(siteOf(t, cupClub(t))))
	defer srv.Close()
	shots := os.Getenv("POSTAL_SCREENSHOTS")
	if shots == "" {
		shots = t.ArtifactDir()
	} else if err := os.MkdirAll(shots, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, width := range []int64{400, 1280} {
		ctx, cancel := context.WithTimeout(b.Ctx, 60*time.Second)
		err := chromedp.Do(ctx, chromedp.EmulateViewport(width, 900), chromedp.Navigate(srv.URL+"/tournaments/mug.html"))
		if err != nil {
			cancel()
			t.Fatal(err)
		}
		wide, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.documentElement.scrollWidth - window.innerWidth`))
		if err != nil {
			cancel()
			t.Fatal(err)
		}
		if wide > 0 {
			t.Errorf("the cup's page at %d px is %d px wider than the screen", width, wide)
		}
		png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		if err == nil {
			err = os.WriteFile(filepath.Join(shots, fmt.Sprintf("cup-%d.png", width)), png, 0o644)
		}
		if err != nil {
			t.Error(err)
		}
		vs, err := browsertest.Axe(ctx)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range vs {
			t.Errorf("the cup's page at %d px: axe: %s", width, v)
		}
		if p := b.Problems(); len(p) > 0 {
			t.Errorf("the cup's page at %d px: %v", width, p)
		}
	}
}
