package site

import (
	"context"
	"html/template"
	"path/filepath"
	"strings"
	"testing"
)

// Issue 32, second round, found 3: a player called bob.html broke every
// build of the site (its list pages' folder, players/bob.html/, took the
// path of bob's page). The club refuses such names now, but an older
// archive may hold them: every player's pages are written at a path that
// no other name, and no page of the site, can take.
func TestPlayerNamesThatLookLikePaths(t *testing.T) {
	out := filepath.Join(t.TempDir(), "site")
	pairs := [][2]string{{"bob", "bob.html"}, {"index", "../x"}, {"Bob", "players"}, {"a/b", ".hidden"}, {"bob_2Ehtml", "feed"}}
	var games []Game
	id := int64(1)
	for _, pair := range pairs {
		g := fixedArchive(t)[0]
		g.ID = id
		id++
		r := *g.Record
		r.Players = []string{pair[0], pair[1]}
		g.Record = &r
		games = append(games, g)
	}
	// bob.html plays enough games to have list pages, in their folder.
	for range listSize + 5 {
		g := fixedArchive(t)[0]
		g.ID = id
		id++
		r := *g.Record
		r.Players = []string{"bob.html", "alice"}
		g.Record = &r
		games = append(games, g)
	}
	if _, err := Build(context.Background(), NewMemory(games...), testOptions(out)); err != nil {
		t.Fatalf("the build failed: %v", err)
	}
	site := files(t, out)
	seen := map[string]string{}
	for _, pair := range pairs {
		for _, name := range pair {
			p := playerPath(slug(name))
			page, ok := site[p]
			if !ok {
				t.Errorf("no page for %q at %s", name, p)
				continue
			}
			if other, ok := seen[p]; ok {
				t.Errorf("%q and %q share %s", name, other, p)
			}
			seen[p] = name
			if !strings.Contains(string(page), "<h1>"+template.HTMLEscapeString(name)+"</h1>") {
				t.Errorf("%s is not %q's page", p, name)
			}
			if strings.Contains(p[len("players/"):], "/") || strings.Count(p, ".") != 1 {
				t.Errorf("%q's page is at %s", name, p)
			}
		}
	}
	if _, ok := site[playerListPath(slug("bob.html"), 1)]; !ok {
		t.Errorf("no second list page of bob.html's games")
	}
	checkLinks(t, site, testOptions(out).SiteURL)
}
