package site

import (
	"fmt"
	"slices"
	"strings"

	"postal/site/view"
)

// tournamentPage is a tournament's page: what it is, the winner once it
// ended, the entrants with their ratings, the standings with their
// tie-breaks, a round robin's crosstable, the rounds with each game linked,
// and the record of the director's acts.
func (b *builder) tournamentPage(t *view.Tournament) ([]byte, error) {
	type cell struct {
		Text  string
		Class string
	}
	type row struct {
		Seed  int
		Name  string
		Href  string
		Cells []cell
	}
	link := func(name string) string {
		if b.ix.players[name] == nil {
			return ""
		}
		return "../" + playerPath(slug(name))
	}
	// crossOf is a crosstable's rows, each headed by its entrant's seed,
	// or by its place in the table (its column) when byPlace.
	crossOf := func(lines [][]string, es []view.Entrant, byPlace bool) []row {
		var cross []row
		for i, line := range lines {
			e := es[i]
			r := row{Seed: e.Seed, Name: e.Name, Href: link(e.Name)}
			if byPlace {
				r.Seed = i + 1
			}
			for j, c := range line {
				class := ""
				if i == j {
					class = "self"
				}
				r.Cells = append(r.Cells, cell{c, class})
			}
			cross = append(cross, r)
		}
		return cross
	}
	cross := crossOf(t.Cross, t.Entrants, false)
	type standing struct {
		view.Standing
		Href      string
		Points    string
		TieBreaks []string
		Through   bool // went through to a cup's knockout
	}
	standingsOf := func(ss []view.Standing) []standing {
		var out []standing
		for _, s := range ss {
			st := standing{Standing: s, Href: link(s.Name), Points: points(s.Points)}
			for _, tb := range s.TieBreaks {
				st.TieBreaks = append(st.TieBreaks, fmt.Sprintf("%.2f", tb))
			}
			out = append(out, st)
		}
		return out
	}
	standings := standingsOf(t.Standings)
	// A cup's groups: each a round robin's table, its crosstable by the
	// players' places in the group (1, 2, ...: its columns).
	type group struct {
		view.Group
		Standings []standing
		Cross     []row
		Seeds     []int
	}
	var groups []group
	for _, g := range t.Groups {
		st := standingsOf(g.Standings)
		for i := range st {
			st[i].Through = slices.Contains(g.Through, st[i].Name)
		}
		groups = append(groups, group{g, st, crossOf(g.Cross, g.Entrants, true), seeds(len(g.Cross))})
	}
	type entrant struct {
		view.Entrant
		Href   string
		Rating string
	}
	var entrants []entrant
	for _, e := range t.Entrants {
		r := "–"
		if e.Rating > 0 {
			r = fmt.Sprintf("%.0f", e.Rating)
		}
		entrants = append(entrants, entrant{e, link(e.Name), r})
	}
	return execute("tournament.html", struct {
		common
		T         *view.Tournament
		Entrants  []entrant
		Standings []standing
		Cross     []row
		Seeds     []int
		Groups    []group
		Status    string
		Buchholz  bool // ties broken by Buchholz (a Swiss's), else Sonneborn-Berger
	}{b.common("Tournament "+t.Name, "../"), t, entrants, standings, cross, seeds(len(t.Cross)), groups, tournamentStatus(t), len(t.TieBreaks) > 0 && t.TieBreaks[0] == "Buchholz"})
}

func seeds(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i + 1
	}
	return out
}

// points writes a score: 2, 2½, ½.
func points(x float64) string {
	whole := int(x)
	half := x-float64(whole) >= 0.5
	switch {
	case half && whole == 0:
		return "½"
	case half:
		return fmt.Sprintf("%d½", whole)
	}
	return fmt.Sprint(whole)
}

// tournamentStatus says where t stands, in a line.
func tournamentStatus(t *view.Tournament) string {
	switch {
	case t.Status == "open":
		return fmt.Sprintf("Open for entries since %s: %d entered.", date(t.Created), len(t.Entrants))
	case t.Status == "over":
		return fmt.Sprintf("Finished %s.", date(t.Finished))
	case t.Where != "":
		return fmt.Sprintf("Under way since %s: %s.", date(t.Started), t.Where)
	}
	return fmt.Sprintf("Under way since %s.", date(t.Started))
}

// tournamentsPage is the index of tournaments, newest first.
func (b *builder) tournamentsPage() ([]byte, error) {
	type line struct {
		*tourSummary
		Href  string
		State string
	}
	var lines []line
	for _, s := range b.sortedTournaments() {
		state := s.Status
		switch {
		case s.Status == "over" && s.Winner != "":
			state = "won by " + s.Winner
		case s.Status == "running":
			state = "under way"
		}
		lines = append(lines, line{s, strings.TrimPrefix(tournamentPath(s.ID, s.Name), "tournaments/"), state})
	}
	return execute("tournaments.html", struct {
		common
		Tournaments []line
	}{b.common("Tournaments", "../"), lines})
}

// tournamentEntries are the feed's entries of tournaments: each new one,
// each round started, each winner.
func (b *builder) tournamentEntries(tag string) []atomEntry {
	var out []atomEntry
	for _, s := range b.sortedTournaments() {
		page := b.url(tournamentPath(s.ID, s.Name))
		link := atomLink{Href: page, Rel: "alternate", Type: "text/html"}
		out = append(out, atomEntry{Title: fmt.Sprintf("New tournament: %s (%s, %s)", s.Name, s.Title, s.Format),
			ID: tag + fmt.Sprintf("tournament/%d", s.ID), Updated: atomDate(s.Created), Link: link,
			Summary: fmt.Sprintf("%s, a %s of %s, is open for entries: write \"join %s\".", s.Name, s.Format, s.Title, s.Name)})
		for i, a := range s.Rounds {
			title := fmt.Sprintf("%s has started", s.Name)
			if a.Kind == "round" && !strings.HasPrefix(a.Text, "round 1") {
				title = fmt.Sprintf("%s: %s has started", s.Name, a.Text)
			} else if a.Kind == "round" {
				continue // round 1 is the start
			}
			out = append(out, atomEntry{Title: title, ID: tag + fmt.Sprintf("tournament/%d/round/%d", s.ID, i), Updated: atomDate(a.At), Link: link, Summary: title + "."})
		}
		out = append(out, selfRunningEntries(s, tag, link)...) // league_page.go
		if s.Status == "over" && s.Winner != "" {
			out = append(out, atomEntry{Title: fmt.Sprintf("%s wins %s", s.Winner, s.Name), ID: tag + fmt.Sprintf("tournament/%d/winner", s.ID),
				Updated: atomDate(s.Finished), Link: link, Summary: fmt.Sprintf("%s is over: %s wins.", s.Name, s.Winner)})
		}
	}
	return out
}

// newestEntries keeps the feedEntries newest entries, newest first (a
// stable order: games before tournaments at the same time), and moves the
// feed's date on to the newest.
func newestEntries(entries []atomEntry, updated *string) []atomEntry {
	slices.SortStableFunc(entries, func(a, b atomEntry) int { return strings.Compare(b.Updated, a.Updated) })
	if len(entries) > feedEntries {
		entries = entries[:feedEntries]
	}
	if len(entries) > 0 && entries[0].Updated > *updated {
		*updated = entries[0].Updated
	}
	return entries
}
