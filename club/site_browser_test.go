package club

import (
	"context"
	"fmt"
	"html"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"postal/archive"
	"postal/club/clock"
	"postal/site"
	"postal/site/browsertest"
)

// Issue 35, findings 7 and 8: the pages of a rated Swiss played by mail
// (its tournament page, its rating list, a player's page, the page of a
// rated game of it) at a phone's width and a desktop's: axe finds nothing
// serious; no page is wider than the screen, and no table wider than its
// box but the crosstable, which scrolls; no word of a table is broken
// across lines ("2/7", "Confla/gration", "4.0/0"); the game page says it
// was rated, each player's rating before and after; every page's menu has
// Tournaments and Ratings. Screenshots go to $POSTAL_SCREENSHOTS, else to
// the test's artifact directory. make test leaves it to make test-long (the
// Makefile's LONG_ONLY and LONG_CLUB).
func TestTournamentSiteInBrowser(t *testing.T) {
	c := newClub(t, Options{ReminderPoints: []clock.Point{}})
	players := []string{"alexandra-konstantinova", "bob", "carol", "dave", "erin"}
	for _, p := range players {
		c.register(p)
	}
	c.as("alexandra-konstantinova", "tournament conflagration-open conflagration swiss 3 players 5")
	for _, p := range players[1:] {
		c.as(p, "join conflagration-open")
	}
	// Three rounds, every game played by both and then resigned or
	// drawn: every game rated.
	for round := 1; round <= 3; round++ {
		for i, g := range eventGames(c, 1) {
			if g.Status != archive.GameActive {
				continue
			}
			moveEach(c, t, g.ID)
			n := c.names(g)
			if i%3 == 2 {
				c.as(n[0], fmt.Sprintf("draw %d", g.ID))
				c.as(n[1], fmt.Sprintf("draw %d", g.ID))
				continue
			}
			c.as(n[i%2], fmt.Sprintf("resign %d", g.ID))
		}
	}
	tr := read(c, func(tx *archive.Tx) (*archive.Tournament, error) { return tx.TournamentByName("conflagration-open") })
	if tr.Status != archive.TournamentOver {
		t.Fatalf("the Swiss is %s after three rounds", tr.Status)
	}
	game := eventGames(c, 1)[0]
	if len(ratedSeats(c, game.ID)) != 2 {
		t.Fatalf("game #%d is not rated", game.ID)
	}
	dir := buildClubSite(t, c)
	srv := httptest.NewServer(site.Handler(dir))
	defer srv.Close()
	shots := os.Getenv("POSTAL_SCREENSHOTS")
	if shots == "" {
		shots = t.ArtifactDir()
	} else if err := os.MkdirAll(shots, 0o755); err != nil {
		t.Fatal(err)
	}

	page := readFile(t, filepath.Join(dir, "games", fmt.Sprint(game.ID)+".html"))
	// The page names its event and links to it, as its mails name it (a
	// stranger's trial found no way from a game to its tournament).
	if want := `<p class="event">Played in the Swiss <a href="../tournaments/conflagration-open.html">conflagration-open</a>, round 1.</p>`; !strings.Contains(page, want) {
		t.Errorf("game #%d's page does not name its event: want %s", game.ID, want)
	}
	at := strings.Index(page, `<p class="rated">`)
	if at < 0 {
		t.Fatalf("game #%d's page says nothing of its rating", game.ID)
	}
	rated := html.UnescapeString(squash(page[at:]))
	rated = rated[:strings.Index(rated, "</p>")]
	seats := ratedSeats(c, game.ID)
	for i, name := range c.names(game) {
		s := seats[i]
		want := fmt.Sprintf("%s %.0f? → %.0f? (%+.0f)", name, s.RatingBefore, s.Rating, s.Rating-s.RatingBefore)
		if !strings.Contains(rated, want) {
			t.Errorf("the game page's rated line lacks %q: %s", want, rated)
		}
	}

	b := browsertest.Start(t)
	pages := map[string]string{
		"tournament": "tournaments/conflagration-open.html",
		"ratings":    "ratings/conflagration.html",
		"player":     "players/alexandra-konstantinova.html",
		"game":       fmt.Sprintf("games/%d.html", game.ID),
		"home":       "index.html",
	}
	for _, width := range []int64{400, 1280} {
		for name, path := range pages {
			ctx, cancel := context.WithTimeout(b.Ctx, 90*time.Second)
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(width, 860), chromedp.Navigate(srv.URL+"/"+path)); err != nil {
				t.Fatal(err)
			}
			st, err := chromedp.Run(ctx, chromedp.Evaluate[pageChecked](pageCheck))
			if err != nil {
				t.Fatal(err)
			}
			if st.Wide > 0 {
				t.Errorf("%s is %d px wider than a %d px screen", path, st.Wide, width)
			}
			if len(st.Tables) > 0 {
				t.Errorf("%s at %d px: tables wider than their box: %v", path, width, st.Tables)
			}
			if len(st.Split) > 0 {
				t.Errorf("%s at %d px: words broken across lines: %q", path, width, st.Split)
			}
			if !strings.Contains(st.Menu, "Tournaments") || !strings.Contains(st.Menu, "Ratings") {
				t.Errorf("%s: the menu lacks Tournaments or Ratings: %q", path, st.Menu)
			}
			vs, err := browsertest.Axe(ctx)
			if err != nil {
				t.Fatal(err)
			}
			for _, v := range vs {
				if v.Serious() {
					t.Errorf("%s at %d px: axe: %s", path, width, v)
				}
			}
			shot(t, ctx, width, false, filepath.Join(shots, fmt.Sprintf("site-%s-%d.png", name, width)))
			cancel()
			for _, p := range b.Problems() {
				t.Errorf("%s: %s", path, p)
			}
		}
	}
}

// pageChecked is what pageCheck reads.
type pageChecked struct {
	Wide   int
	Tables []string
	Split  []string
	Menu   string
}

// pageCheck reads what TestTournamentSiteInBrowser checks of a page: by
// how much it is wider than the window; the tables wider than their box
// (the crosstable may scroll in its own); the words of the tables broken
// across lines (a name may break at its hyphens, as between words); the
// menu's text.
const pageCheck = `(() => {
	const tables = [];
	for (const t of document.querySelectorAll('table:not(.cross)')) {
		const box = t.parentElement;
		if (t.getBoundingClientRect().width > box.clientWidth + 1) tables.push(t.className || t.tagName);
	}
	const split = [];
	for (const cell of document.querySelectorAll('td, th')) {
		const walk = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
		for (let n = walk.nextNode(); n; n = walk.nextNode()) {
			const re = /[^\s\-]+/g;
			let m;
			while ((m = re.exec(n.data))) {
				const r = document.createRange();
				r.setStart(n, m.index);
				r.setEnd(n, m.index + m[0].length);
				const tops = new Set(Array.from(r.getClientRects()).filter(x => x.width > 0).map(x => Math.round(x.top)));
				if (tops.size > 1) split.push(m[0]);
			}
		}
	}
	const nav = document.querySelector('header nav');
	return {Wide: document.documentElement.scrollWidth - window.innerWidth, Tables: tables, Split: split, Menu: nav ? nav.textContent : ''};
})()`
