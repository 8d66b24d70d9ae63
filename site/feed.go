package site

import (
	"bytes"
	"cmp"
	"encoding/xml"
	"fmt"
	"slices"
	"strings"
	"time"
)

// finishedNewest sorts finished games by the date they ended, newest first.
func finishedNewest(games []*gameInfo) []*gameInfo {
	out := slices.Clone(games)
	slices.SortStableFunc(out, func(x, y *gameInfo) int {
		return cmp.Or(y.Finished.Compare(x.Finished), cmp.Compare(y.ID, x.ID))
	})
	return out
}

// url is the address of a page: absolute under SiteURL, else relative.
func (b *builder) url(path string) string {
	if b.opts.SiteURL == "" {
		return path
	}
	return strings.TrimSuffix(b.opts.SiteURL, "/") + "/" + path
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
	var finished []*gameInfo
	for _, g := range b.a.games {
		if g.over() {
			finished = append(finished, g)
		}
	}
	finished = finishedNewest(finished)
	f := atomFeed{Title: b.title + ": finished games", ID: b.url("feed.atom"), Author: "postal",
		Updated: atomDate(b.a.built),
		Links:   []atomLink{{Href: b.url("feed.atom"), Rel: "self"}, {Href: b.url("index.html"), Rel: "alternate", Type: "text/html"}}}
	for _, g := range finished[:min(len(finished), feedEntries)] {
		when := g.Finished
		if when.IsZero() {
			when = g.Updated
		}
		page := b.url(fmt.Sprintf("games/%d.html", g.ID))
		f.Entries = append(f.Entries, atomEntry{
			Title:   fmt.Sprintf("%s #%d: %s – %s, %s", g.TypeTitle, g.ID, g.Players[0], g.Players[1], g.ResultText()),
			ID:      page,
			Updated: atomDate(when),
			Link:    atomLink{Href: page, Rel: "alternate", Type: "text/html"},
			Summary: fmt.Sprintf("%s in %d plies%s.", g.ResultText(), g.Plies, reasonSuffix(g.Reason)),
		})
	}
	var buf bytes.Buffer
	buf.WriteString(xml.Header)
	enc := xml.NewEncoder(&buf)
	enc.Indent("", " ")
	if err := enc.Encode(f); err != nil {
		return nil, fmt.Errorf("site: feed: %w", err)
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

// sitemap lists every page; it needs SiteURL, as sitemaps take absolute URLs.
func (b *builder) sitemap() ([]byte, error) {
	s := sitemapSet{URLs: []sitemapURL{{Loc: b.url("index.html"), LastMod: day(b.a.built)}}}
	for _, t := range b.a.types {
		s.URLs = append(s.URLs, sitemapURL{Loc: b.url("types/" + t.Name + ".html")})
	}
	for _, p := range b.a.players {
		s.URLs = append(s.URLs, sitemapURL{Loc: b.url("players/" + p.Slug + ".html")})
	}
	ids := make([]*gameInfo, len(b.a.games))
	copy(ids, b.a.games)
	slices.SortFunc(ids, func(x, y *gameInfo) int { return cmp.Compare(x.ID, y.ID) })
	for _, g := range ids {
		s.URLs = append(s.URLs, sitemapURL{Loc: b.url(fmt.Sprintf("games/%d.html", g.ID)), LastMod: day(g.Updated)})
	}
	var buf bytes.Buffer
	buf.WriteString(xml.Header)
	enc := xml.NewEncoder(&buf)
	enc.Indent("", " ")
	if err := enc.Encode(s); err != nil {
		return nil, fmt.Errorf("site: sitemap: %w", err)
	}
	buf.WriteString("\n")
	return buf.Bytes(), nil
}

func day(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format("2006-01-02")
}
