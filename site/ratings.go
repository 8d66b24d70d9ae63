package site

import (
	"context"
	"fmt"
	"html/template"
	"math"
	"slices"
	"strings"
	"time"

	"postal/club/rating"
	"postal/site/view"
)

// Ratings: a page per rating list, and each player's ratings, with a plot
// of each over time, on their page. A source that keeps ratings (the
// club's archive) is a RatingSource; the site of any other source has an
// empty ratings page. An update reads again the lists of the games that
// finished and the histories of their players, and rewrites those lists'
// pages; the players' pages are rewritten for their games.

// RatingSource is a Source that keeps rating lists.
type RatingSource interface {
	Source
	// RatingLists returns the lists named (every list when nil), each
	// best rating first.
	RatingLists(ctx context.Context, lists []string) ([]view.RatingList, error)
	// RatingHistory returns the rated games of the players named (every
	// player when nil), in the order they were rated.
	RatingHistory(ctx context.Context, players []string) ([]view.RatingPoint, error)
}

// ratings is what the site knows of the ratings between builds.
type ratings struct {
	lists   map[string]view.RatingList
	history map[string][]view.RatingPoint // by player (page)
}

// loadRatings reads every list and history, when src keeps ratings.
func (b *builder) loadRatings(ctx context.Context, src Source) error {
	b.rt = ratings{lists: map[string]view.RatingList{}, history: map[string][]view.RatingPoint{}}
	rs, ok := src.(RatingSource)
	if !ok {
		return nil
	}
	lists, err := rs.RatingLists(ctx, nil)
	if err != nil {
		return err
	}
	for _, l := range lists {
		b.rt.lists[l.Name] = l
	}
	points, err := rs.RatingHistory(ctx, nil)
	if err != nil {
		return err
	}
	for _, p := range points {
		b.rt.history[p.Player] = append(b.rt.history[p.Player], p)
	}
	return nil
}

// updateRatings reads again the lists of the finished games among
// changed, and their players' histories; it returns the lists read.
func (b *builder) updateRatings(ctx context.Context, src Source, changed []*summary) (map[string]bool, error) {
	rs, ok := src.(RatingSource)
	if !ok {
		return nil, nil
	}
	touched := map[string]bool{}
	var lists, players []string
	for _, s := range changed {
		if !s.over() {
			continue
		}
		if l := rating.ListOf(s.Type.Name, s.Ruleset); !touched[l] {
			touched[l] = true
			lists = append(lists, l)
		}
		for _, p := range s.Players {
			if !slices.Contains(players, p) {
				players = append(players, p)
			}
		}
	}
	if len(lists) == 0 {
		return nil, nil
	}
	read, err := rs.RatingLists(ctx, lists)
	if err != nil {
		return nil, err
	}
	for _, l := range lists {
		delete(b.rt.lists, l)
	}
	for _, l := range read {
		b.rt.lists[l.Name] = l
	}
	points, err := rs.RatingHistory(ctx, players)
	if err != nil {
		return nil, err
	}
	for _, p := range players {
		delete(b.rt.history, p)
	}
	for _, p := range points {
		b.rt.history[p.Player] = append(b.rt.history[p.Player], p)
	}
	return touched, nil
}

func ratingsPath(list string) string { return "ratings/" + slug(list) + ".html" }

const ratingsIndex = "ratings/index.html"

// ratingJobs are the ratings pages: the index and every list when only is
// nil, else those of the lists an update read again.
func (b *builder) ratingJobs(w *writer, only *touched) []job {
	var jobs []job
	if only == nil || len(only.ratings) > 0 {
		jobs = append(jobs, b.file(w, ratingsIndex, b.ratingsIndexPage))
	}
	for name := range b.rt.lists {
		if only == nil || only.ratings[name] {
			jobs = append(jobs, b.file(w, ratingsPath(name), func() ([]byte, error) { return b.ratingsPage(name) }))
		}
	}
	return jobs
}

// listNames are the lists, by name.
func (b *builder) listNames() []string {
	var names []string
	for n := range b.rt.lists {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// listTitle is a list's name for people: its game's title, with the
// ruleset of a list of its own ("Superial Chess: vs-chess").
func (b *builder) listTitle(list string) (title, typeName string) {
	for _, t := range b.ix.listed() {
		if list == t.Name {
			return t.Title, t.Name
		}
		if rest, ok := strings.CutPrefix(list, t.Name+"-"); ok {
			return t.Title + ": " + rest, t.Name
		}
	}
	return list, ""
}

// shownEntry is a list's entry as the pages show it.
type shownEntry struct{ view.RatingEntry }

// Shown is the rating as people see it: "1523?" while provisional.
func (e shownEntry) Shown() string { return rating.Rating{Rating: e.Rating, RD: e.RD}.String() }

// Day is the date of the player's last rated game.
func (e shownEntry) Day() string { return e.Last.UTC().Format("2006-01-02") }

type ratingsRow struct {
	Rank int
	shownEntry
	Slug string
}

func (b *builder) ratingsIndexPage() ([]byte, error) {
	type listRow struct {
		Name, Title string
		Players     int
		Top         []ratingsRow
	}
	var lists []listRow
	for _, n := range b.listNames() {
		l := b.rt.lists[n]
		title, _ := b.listTitle(n)
		row := listRow{Name: n, Title: title, Players: len(l.Entries)}
		for i, e := range l.Entries[:min(3, len(l.Entries))] {
			row.Top = append(row.Top, ratingsRow{i + 1, shownEntry{e}, slug(e.Player)})
		}
		lists = append(lists, row)
	}
	return execute("ratings.html", struct {
		common
		Index bool
		Lists []listRow
	}{b.common("Ratings", "../"), true, lists})
}

func (b *builder) ratingsPage(list string) ([]byte, error) {
	l := b.rt.lists[list]
	title, typeName := b.listTitle(list)
	rows := make([]ratingsRow, len(l.Entries))
	for i, e := range l.Entries {
		rows[i] = ratingsRow{i + 1, shownEntry{e}, slug(e.Player)}
	}
	return execute("ratings.html", struct {
		common
		Index       bool
		Name, Title string
		Type        string
		Rows        []ratingsRow
	}{b.common("Ratings: "+title, "../"), false, list, title, typeName, rows})
}

// playerRating is a row of a player's ratings on their page.
type playerRating struct {
	shownEntry
	List, Title string
}

// playerRatings are name's standings, by list, and a plot of each list.
func (b *builder) playerRatings(name string) ([]playerRating, []template.HTML) {
	var rows []playerRating
	var plots []template.HTML
	for _, n := range b.listNames() {
		title, _ := b.listTitle(n)
		for _, e := range b.rt.lists[n].Entries {
			if e.Player == name {
				rows = append(rows, playerRating{shownEntry{e}, n, title})
			}
		}
	}
	byList := map[string][]view.RatingPoint{}
	var order []string
	for _, p := range b.rt.history[name] {
		if byList[p.List] == nil {
			order = append(order, p.List)
		}
		byList[p.List] = append(byList[p.List], p)
	}
	slices.Sort(order)
	for _, l := range order {
		title, _ := b.listTitle(l)
		plots = append(plots, ratingPlot(title, byList[l]))
	}
	return rows, plots
}

// ratingPlot draws the ratings of points (of one list; the bot's levels
// each a line of its own) over time: a line through the rating after each
// game, on a band of plus or minus the deviation, dates below.
func ratingPlot(title string, points []view.RatingPoint) template.HTML {
	const h, left, right, top, bottom = 200, 44, 10, 28, 30
	var names []string
	series := map[string][]view.RatingPoint{}
	for _, p := range points {
		if series[p.Name] == nil {
			names = append(names, p.Name)
		}
		series[p.Name] = append(series[p.Name], p)
	}
	lo, hi := points[0].Rating, points[0].Rating
	t0, t1 := points[0].At, points[0].At
	for _, p := range points {
		lo, hi = min(lo, p.Rating-p.RD), max(hi, p.Rating+p.RD)
		if p.At.Before(t0) {
			t0 = p.At
		}
		if p.At.After(t1) {
			t1 = p.At
		}
	}
	// Round the scale out to hundreds, at least 200 high.
	lo, hi = math.Floor(lo/100)*100, math.Ceil(hi/100)*100
	if hi-lo < 200 {
		hi = lo + 200
	}
	span := t1.Sub(t0)
	if span <= 0 {
		span = time.Hour
	}
	x := func(t time.Time) float64 {
		if t1.Equal(t0) {
			return float64(left+plotW-right) / 2
		}
		return left + float64(plotW-left-right)*float64(t.Sub(t0))/float64(span)
	}
	y := func(r float64) float64 { return top + float64(h-top-bottom)*(hi-r)/(hi-lo) }
	var b strings.Builder
	esc := template.HTMLEscapeString
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" role="img" font-family="sans-serif" font-size="11"><title>Rating over time: %s</title>`, plotW, h, plotW, h, esc(title))
	fmt.Fprintf(&b, `<text x="0" y="16" font-size="14" font-weight="bold">%s</text>`, esc(title))
	step := 100.0
	if hi-lo > 800 {
		step = 200
	}
	for r := lo; r <= hi; r += step {
		fmt.Fprintf(&b, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#eee"/><text x="%d" y="%.1f" text-anchor="end" fill="#666">%.0f</text>`,
			left, y(r), plotW-right, y(r), left-4, y(r)+4, r)
	}
	fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#888"/>`, left, h-bottom, plotW-right, h-bottom)
	fmt.Fprintf(&b, `<text x="%d" y="%d" fill="#666">%s</text>`, left, h-bottom+16, t0.UTC().Format("2006-01-02"))
	if !t1.Equal(t0) {
		fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="end" fill="#666">%s</text>`, plotW-right, h-bottom+16, t1.UTC().Format("2006-01-02"))
	}
	for i, name := range names {
		ps := series[name]
		color := placeShades[i%len(placeShades)]
		// The band of plus or minus RD: up along the top, back along the
		// bottom.
		var band []string
		for _, p := range ps {
			band = append(band, fmt.Sprintf("%.1f,%.1f", x(p.At), y(p.Rating+p.RD)))
		}
		for j := len(ps) - 1; j >= 0; j-- {
			band = append(band, fmt.Sprintf("%.1f,%.1f", x(ps[j].At), y(ps[j].Rating-ps[j].RD)))
		}
		fmt.Fprintf(&b, `<polygon points="%s" fill="%s" fill-opacity="0.12"/>`, strings.Join(band, " "), color)
		var line []string
		for _, p := range ps {
			line = append(line, fmt.Sprintf("%.1f,%.1f", x(p.At), y(p.Rating)))
		}
		fmt.Fprintf(&b, `<polyline points="%s" fill="none" stroke="%s" stroke-width="2"/>`, strings.Join(line, " "), color)
		for _, p := range ps {
			fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="2.5" fill="%s"><title>%s: %s after game %d (%s)</title></circle>`,
				x(p.At), y(p.Rating), color, esc(p.Name), rating.Rating{Rating: p.Rating, RD: p.RD}, p.Game, p.At.UTC().Format("2006-01-02"))
		}
		if len(names) > 1 { // a legend right of the title
			lx := plotW - right - (len(names)-i)*58
			fmt.Fprintf(&b, `<rect x="%d" y="7" width="10" height="10" fill="%s"/><text x="%d" y="16">%s</text>`, lx, color, lx+13, esc(name))
		}
	}
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}
