package site

import (
	"bytes"
	"context"
	"encoding/xml"
	"net/url"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"postal/engine"
)

var (
	linkAttr = regexp.MustCompile(`\s(?:href|src)="([^"]*)"`)
	idAttr   = regexp.MustCompile(`\sid="([^"]*)"`)
	plyLink  = regexp.MustCompile(`^ply-(\d+)$`)
)

// checkLinks reports every link of the site's pages, feed and sitemaps that
// points to no file, or to no element of its page, and every link leaving
// the site. A game page's "#ply-N" is the viewer's: it must name a ply of
// the game.
func checkLinks(t *testing.T, site map[string][]byte, siteURL string) (checked int) {
	t.Helper()
	return checkLinksInto(site, siteURL, t.Errorf)
}

func checkLinksInto(site map[string][]byte, siteURL string, errorf func(string, ...any)) (checked int) {
	ids := map[string]map[string]bool{}
	idsOf := func(p string) map[string]bool {
		if ids[p] == nil {
			ids[p] = map[string]bool{}
			for _, m := range idAttr.FindAllSubmatch(site[p], -1) {
				ids[p][string(m[1])] = true
			}
		}
		return ids[p]
	}
	check := func(from, link string) {
		checked++
		u, err := url.Parse(strings.ReplaceAll(link, "&amp;", "&"))
		if err != nil {
			errorf("%s: bad link %q", from, link)
			return
		}
		if u.Scheme != "" || u.Host != "" {
			errorf("%s: link %q leaves the site", from, link)
			return
		}
		target := from
		if u.Path != "" {
			target = path.Join(path.Dir(from), u.Path)
		}
		if _, ok := site[target]; !ok {
			errorf("%s: broken link %q (no %s)", from, link, target)
			return
		}
		if u.Fragment == "" || !strings.HasSuffix(target, ".html") {
			return
		}
		if m := plyLink.FindStringSubmatch(u.Fragment); m != nil && strings.HasPrefix(target, "games/") {
			n, _ := strconv.Atoi(m[1])
			if plies := bytes.Count(site[target], []byte(`<li id="ply-`)) - 1; n > plies {
				errorf("%s: link %q: the game has %d plies", from, link, plies)
			}
			return
		}
		if !idsOf(target)[u.Fragment] {
			errorf("%s: link %q: %s has no element %q", from, link, target, u.Fragment)
		}
	}
	for p, data := range site {
		switch {
		case strings.HasSuffix(p, ".html"):
			for _, m := range linkAttr.FindAllSubmatch(data, -1) {
				check(p, string(m[1]))
			}
		case p == "feed.atom" || strings.HasSuffix(p, ".xml"):
			var doc struct {
				Links []struct {
					Href string `xml:"href,attr"`
				} `xml:"link"`
				Entries []struct {
					Link struct {
						Href string `xml:"href,attr"`
					} `xml:"link"`
				} `xml:"entry"`
				URLs []struct {
					Loc string `xml:"loc"`
				} `xml:"url"`
				Sitemaps []struct {
					Loc string `xml:"loc"`
				} `xml:"sitemap"`
			}
			if err := xml.Unmarshal(data, &doc); err != nil {
				errorf("%s: %v", p, err)
				continue
			}
			var links []string
			for _, l := range doc.Links {
				links = append(links, l.Href)
			}
			for _, e := range doc.Entries {
				links = append(links, e.Link.Href)
			}
			for _, u := range doc.URLs {
				links = append(links, u.Loc)
			}
			for _, u := range doc.Sitemaps {
				links = append(links, u.Loc)
			}
			for _, l := range links {
				if !strings.HasPrefix(l, siteURL) {
					errorf("%s: link %q is not under %s", p, l, siteURL)
					continue
				}
				check("index.html", strings.TrimPrefix(l, siteURL))
			}
		}
	}
	return checked
}

// TestLinks builds a site of random games of every registered game and
// checks every link in it.
func TestLinks(t *testing.T) {
	games := append(fixedArchive(t), randomArchive(t, 3*len(engine.Games()), 7)...)
	for i := range games {
		games[i].ID = int64(i + 1)
	}
	t.Logf("games: %v", gameNames(games))
	out := filepath.Join(t.TempDir(), "site")
	opts := testOptions(out)
	st, err := Build(context.Background(), NewMemory(games...), opts)
	if err != nil {
		t.Fatal(err)
	}
	if st.Unreplayable != 0 {
		t.Errorf("%d records of random games do not replay", st.Unreplayable)
	}
	site := files(t, out)
	if n := checkLinks(t, site, opts.SiteURL); n < 100 {
		t.Errorf("only %d links checked", n)
	}
}
