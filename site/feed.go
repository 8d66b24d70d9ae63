package site

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"net/url"
	"postal/docs/words"
	"strings"
	"time"
)

// url is the address of a page: absolute under SiteURL, else relative.
func (b *builder) url(path string) string {
	if b.opts.SiteURL == "" {
		return path
	}
	return strings.TrimSuffix(b.opts.SiteURL, "/") + "/" + path
}

// tagPrefix starts the Atom ids of the site's things (RFC 4151 tag: URIs):
// the site's host, else the club's address, and the date the archive's
// first game began, so ids are absolute, and stay the same wherever the site
// is served.
func (b *builder) tagPrefix() string {
	authority := "postal.invalid"
	if u, err := url.Parse(b.opts.SiteURL); err == nil && u.Hostname() != "" {
		authority = u.Hostname()
	} else if a := strings.ToLower(strings.TrimSpace(b.opts.Club)); a != "" && !strings.ContainsAny(a, " ,:/") {
		authority = a
	}
	day := "2000-01-01"
	if f := b.ix.first(); f != nil && !f.Started().IsZero() {
		day = f.Started().UTC().Format("2006-01-02")
	}
	return "tag:" + authority + "," + day + ":"
}

const feedEntries = 50

type atomLink struct {
	Href string `xml:"href,attr"`
	Rel  string `xml:"rel,attr,omitempty"`
	Type string `xml:"type,attr,omitempty"`
}

type atomEntry struct {
	Title   string   `xml:"title"`
	ID      string   `xml:"id"`
	Updated string   `xml:"updated"`
	Link    atomLink `xml:"link"`
	Summary string   `xml:"summary"`
}

type atomFeed struct {
	XMLName xml.Name    `xml:"http://www.w3.org/2005/Atom feed"`
	Title   string      `xml:"title"`
	ID      string      `xml:"id"`
	Updated string      `xml:"updated"`
	Author  string      `xml:"author>name"`
	Links   []atomLink  `xml:"link"`
	Entries []atomEntry `xml:"entry"`
}

// feed is the Atom feed of the latest finished games. Its dates come from
// the games, so an unchanged archive gives an unchanged feed.
func (b *builder) feed() ([]byte, error) {
	latest := b.ix.ended.newest(feedEntries)
	tag := b.tagPrefix()
	f := atomFeed{Title: b.title + ": finished games", ID: tag + "feed", Author: "postal",
		Updated: atomDate(b.ix.lastMove()),
		Links:   []atomLink{{Href: b.url("feed.atom"), Rel: "self"}, {Href: b.url("index.html"), Rel: "alternate", Type: "text/html"}}}
	for _, g := range latest {
		page := b.url(gamePath(g.ID))
		f.Entries = append(f.Entries, atomEntry{
			Title:   fmt.Sprintf("%s #%d: %s, %s", g.Type.Title, g.ID, strings.Join(g.Players, " – "), g.ResultText()),
			ID:      tag + fmt.Sprintf("game/%d", g.ID),
			Updated: atomDate(finished(g).time()),
			Link:    atomLink{Href: page, Rel: "alternate", Type: "text/html"},
			Summary: feedSummary(g),
		})
	}
	// The tournaments' entries (new, rounds, winners) join the games'.
	if tours := b.tournamentEntries(tag); len(tours) > 0 {
		f.Entries = newestEntries(append(f.Entries, tours...), &f.Updated)
	}
	return xmlDoc(f)
}

// feedSummary says how game g ended and after how many moves, counted as
// players count them (chance steps not); the count is left out when the
// summary does not know it (read without the moves, after a restart).
func feedSummary(g *summary) string {
	if g.Moves < 0 {
		return fmt.Sprintf("%s%s.", g.ResultText(), reasonSuffix(g.Reason()))
	}
	return fmt.Sprintf("%s after %s%s.", g.ResultText(), words.Plural(g.Moves, "move"), reasonSuffix(g.Reason()))
}

func xmlDoc(v any) ([]byte, error) {
	var buf bytes.Buffer
	buf.WriteString(xml.Header)
	enc := xml.NewEncoder(&buf)
	enc.Indent("", " ")
	if err := enc.Encode(v); err != nil {
		return nil, fmt.Errorf("site: %w", err)
	}
	buf.WriteString("\n")
	return buf.Bytes(), nil
}

func reasonSuffix(r string) string {
	if r == "" {
		return ""
	}
	return " (" + r + ")"
}

func atomDate(t time.Time) string {
	if t.IsZero() {
		t = time.Unix(0, 0)
	}
	return t.UTC().Format(time.RFC3339)
}

type sitemapURL struct {
	Loc     string `xml:"loc"`
	LastMod string `xml:"lastmod,omitempty"`
}

type sitemapSet struct {
	XMLName xml.Name     `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 urlset"`
	URLs    []sitemapURL `xml:"url"`
}

type sitemapIndex struct {
	XMLName  xml.Name     `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 sitemapindex"`
	Sitemaps []sitemapURL `xml:"sitemap"`
}

// The sitemap (it needs SiteURL, as sitemaps take absolute URLs) is an
// index of sitemaps: one of the pages that are not games', and one per
// shard of game numbers, so a move rewrites only its game's shard.
func (b *builder) sitemap() ([]byte, error) {
	s := sitemapIndex{Sitemaps: []sitemapURL{{Loc: b.url("sitemaps/pages.xml")}}}
	for k := range b.ix.shards() {
		s.Sitemaps = append(s.Sitemaps, sitemapURL{Loc: b.url(sitemapPath(k))})
	}
	return xmlDoc(s)
}

func (b *builder) sitemapPages() ([]byte, error) {
	s := sitemapSet{URLs: []sitemapURL{{Loc: b.url("index.html")}}}
	for _, t := range b.ix.listed() {
		s.URLs = append(s.URLs, sitemapURL{Loc: b.url(typePath(t.Name))})
		for k := range blocks(len(t.games)) {
			s.URLs = append(s.URLs, sitemapURL{Loc: b.url(typeListPath(t.Name, k))})
		}
	}
	for _, p := range b.ix.sortedPlayers() {
		s.URLs = append(s.URLs, sitemapURL{Loc: b.url(playerPath(p.Slug))})
		for k := range blocks(len(p.games)) {
			s.URLs = append(s.URLs, sitemapURL{Loc: b.url(playerListPath(p.Slug, k))})
		}
	}
	return xmlDoc(s)
}

func (b *builder) sitemapGames(k int64) ([]byte, error) {
	var s sitemapSet
	for _, g := range b.ix.shard(k) {
		s.URLs = append(s.URLs, sitemapURL{Loc: b.url(gamePath(g.ID)), LastMod: day(g.Updated())})
	}
	return xmlDoc(s)
}

func day(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format("2006-01-02")
}

// searchShard is the search index of the games numbered in shard k, a
// script that hands its rows to the search box (search.js); a script, not
// JSON, so the search works from a site opened from disk, where pages may
// not fetch files. A row is [number, game, ruleset, first player, second
// player, result, words, plies, date], then the players of the seats from
// the third on (Superial Chess for three or four).
// An update keeps the rows it made (searchRows), for the next.
func (b *builder) searchShard(k int64, keep bool) ([]byte, error) {
	var kept map[int64]searchRow
	if keep {
		kept = b.ix.search.shard(k)
	}
	games := b.ix.shard(k)
	// The same bytes as json.Marshal of the rows as one array: its
	// elements are encoded alike, joined by commas.
	out := fmt.Appendf(nil, "postalSearch(%d, [", k)
	for i, g := range games {
		row, ok := kept[g.ID]
		if !ok || row.of != g {
			data, err := searchRowJSON(g)
			if err != nil {
				return nil, err
			}
			row = searchRow{of: g, json: data}
			if kept != nil {
				kept[g.ID] = row
			}
		}
		if i > 0 {
			out = append(out, ',')
		}
		out = append(out, row.json...)
	}
	if len(kept) > len(games) {
		// Games gone from the shard: their rows go too.
		for id, row := range kept {
			if b.ix.games[id] != row.of {
				delete(kept, id)
			}
		}
	}
	return append(out, "]);\n"...), nil
}
