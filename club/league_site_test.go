package club

import (
	"context"
	"fmt"
	"log/slog"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"postal/archive"
	"postal/club/clock"
	"postal/docs"
	"postal/site"
	"postal/site/browsertest"
	"postal/site/clubarchive"
)

// leagueClub is a club with a league and a ladder under way, played by
// mail: spring (eight players in two divisions of four) in season 2, two
// of its games over; top (four players), where dave took bob's place and
// carol climbs bob.
func leagueClub(t *testing.T) *club {
	c := newClub(t, Options{ReminderPoints: []clock.Point{}})
	id := newLeague(c, 8, "spring", "takeaway pile=99 size 4 promote 1 break 0 days 5")
	c.as("alice", "start spring")
	playSeason(c, t, id, 1)
	for _, g := range seasonGames(c, id, 2)[:2] {
		playOut(c, t, g.ID)
	}
	c.as("alice", "ladder top takeaway pile=99 reach 2 days 3")
	for _, p := range leaguers[1:4] {
		c.as(p, "join top")
	}
	c.as("dave", "climb top bob")
	g := eventGames(c, tournamentID(c, "top"))[0]
	moveEach(c, t, g.ID)
	c.as("bob", fmt.Sprintf("resign %d", g.ID))
	c.as("carol", "climb top bob")
	return c
}

// siteOf builds the site of c's archive into a new directory.
func siteOf(t *testing.T, c *club) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "site")
	opts := site.Options{OutDir: out, Title: "League club", Club: "postal@demo.test", Rules: docs.Rules(), Logger: slog.New(slog.DiscardHandler)}
	if _, err := site.Build(context.Background(), clubarchive.Source{DB: c.db, Club: "postal@demo.test"}, opts); err != nil {
		t.Fatal(err)
	}
	return out
}

// Issue 37: a league's page shows the season in play (each division's
// standings, how each player came there, its crosstable and games) and the
// seasons played with where each player went; a ladder's its order, the
// climbs in play and its history. Both are in the index of tournaments and
// the feed.
func TestLeagueAndLadderPages(t *testing.T) {
	out := siteOf(t, leagueClub(t))
	read := func(p string) string {
		b, err := os.ReadFile(filepath.Join(out, p))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	page := read("tournaments/spring.html")
	for _, want := range []string{"<h2>Season 2</h2>", `id="division-1"`, `id="division-2"`, "<h3 id=\"division-1-title\">Division 1</h3>",
		"erin</a> <span class=\"muted move\">up from 2</span>", "dave</a> <span class=\"muted move\">down from 1</span>", "carol</a> <span class=\"muted move\">stays</span>",
		"<table class=\"cross\">", "<h2>Seasons played</h2>", "<h3>Season 1</h3>", "<caption>Division 2</caption>", "<td>erin</a></td>", "<td>up to 1</td>", "<td>down to 2</td>",
		"Season 2 is under way; it ends with its last game.", "season 2 began: 2 divisions, 8 players", "season 1 is over: alice won division 1; erin won division 2"} {
		if !strings.Contains(strings.ReplaceAll(page, `<a href="../players/erin.html">`, ""), want) && !strings.Contains(page, want) {
			t.Errorf("the league's page lacks %q", want)
		}
	}
	page = read("tournaments/top.html")
	for _, want := range []string{"<h2>The ladder</h2>", "<td>1</td><td><a href=\"../players/alice.html\">alice</a></td>", "<td>2</td><td><a href=\"../players/dave.html\">dave</a></td>",
		"climbs bob (#", "defends against carol (#", "carol (4) climbs bob (3)", "dave beat bob and took 2nd place (from 4th)", "<h2>History</h2>"} {
		if !strings.Contains(page, want) {
			t.Errorf("the ladder's page lacks %q", want)
		}
	}
	// A game's page names its league or ladder and its place there, with
	// a link, as its mails do.
	games, _ := filepath.Glob(filepath.Join(out, "games", "*.html"))
	named := map[string]bool{}
	for _, g := range games {
		page := read(strings.TrimPrefix(g, out+string(filepath.Separator)))
		for _, want := range []string{`Played in the league <a href="../tournaments/spring.html">spring</a>, season 1, division 1.`, `Played in the ladder <a href="../tournaments/top.html">top</a>, climb 1.`} {
			if strings.Contains(page, want) {
				named[want] = true
			}
		}
	}
	if len(named) != 2 {
		t.Errorf("of a league's and a ladder's games, the pages name their event: %v", named)
	}
	index := read("tournaments/index.html")
	for _, want := range []string{`href="spring.html"`, `href="top.html"`, "league in divisions of 4, 1 up and down", "ladder: climb up to 2 places"} {
		if !strings.Contains(index, want) {
			t.Errorf("the index of tournaments lacks %q", want)
		}
	}
	feed := read("feed.atom")
	for _, want := range []string{"spring: season 2 began: 2 divisions, 8 players", "top: dave beat bob and took 2nd place (from 4th)"} {
		if !strings.Contains(feed, want) {
			t.Errorf("the feed lacks %q", want)
		}
	}
}

// Issue 37: the league's and the ladder's pages in a real Chromium, at a
// phone's width and a desktop's: nothing wider than the screen (a wide
// table scrolls in its box), nothing logged, no axe violation at all.
// Screenshots go to $POSTAL_SCREENSHOTS when set, else to the test's
// artifact directory. make test leaves it to make test-long (the
// Makefile's LONG_ONLY and LONG_CLUB).
func TestLeagueAndLadderPagesInChromium(t *testing.T) {
	b := browsertest.Start(t)
	srv := httptest.NewServer(site.Handler(siteOf(t, leagueClub(t))))
	defer srv.Close()
	shots := os.Getenv("POSTAL_SCREENSHOTS")
	if shots == "" {
		shots = t.ArtifactDir()
	} else if err := os.MkdirAll(shots, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, width := range []int64{400, 1280} {
		for _, page := range []string{"spring", "top", "index"} {
			ctx, cancel := context.WithTimeout(b.Ctx, 60*time.Second)
			err := chromedp.Do(ctx, chromedp.EmulateViewport(width, 900), chromedp.Navigate(srv.URL+"/tournaments/"+page+".html"))
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
				t.Errorf("%s at %d px is %d px wider than the screen", page, width, wide)
			}
			png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
			if err == nil {
				err = os.WriteFile(filepath.Join(shots, fmt.Sprintf("%s-%d.png", page, width)), png, 0o644)
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
				t.Errorf("%s at %d px: axe: %s", page, width, v)
			}
			if p := b.Problems(); len(p) > 0 {
				t.Errorf("%s at %d px: %v", page, width, p)
			}
		}
	}
}

// The page of a league that ended says no one is "leaving after this
// season", and its history tells a player out on time from one who left.
func TestEndedLeaguePage(t *testing.T) {
	c := newClub(t, Options{ReminderPoints: []clock.Point{}})
	id := newLeague(c, 3, "spring", "takeaway pile=99 size 3 promote 1 break 0 days 5")
	c.as("alice", "start spring")
	says(t, c.reply(c.as("carol", "leave spring")), "spring")
	games := seasonGames(c, id, 1)
	playOut(c, t, gameOfPair(c, games, "alice", "carol"))
	// bob to move in both of his games, then out of time.
	for _, other := range []string{"alice", "carol"} {
		g := gameOfPair(c, games, "bob", other)
		pos := positionOf(c, t, g)
		if side := pos.ToMove()[0]; c.names(c.game(g))[side] != "bob" {
			says(t, c.reply(c.as(other, fmt.Sprintf("move %d %s", g, pos.Legal(side)[0]))), fmt.Sprintf("played in game #%d", g))
		}
	}
	for i := 0; i < 3 && c.game(gameOfPair(c, games, "alice", "bob")).Status == archive.GameActive; i++ {
		c.now = c.now.Add(6 * clock.Day)
		c.tick()
	}
	if tr := read(c, func(tx *archive.Tx) (*archive.Tournament, error) { return tx.TournamentByID(id) }); tr.Status != archive.TournamentOver {
		t.Fatalf("spring is %s", tr.Status)
	}
	b, err := os.ReadFile(filepath.Join(siteOf(t, c), "tournaments/spring.html"))
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	if strings.Contains(page, "Leaving after this season") {
		t.Error("the ended league's page still lists players leaving after this season")
	}
	for _, want := range []string{"<td>timed out</td>", "<td>left</td>"} {
		if !strings.Contains(page, want) {
			t.Errorf("the league's page lacks %q", want)
		}
	}
}
