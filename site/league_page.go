package site

import (
	"fmt"
	"strings"

	"postal/docs/words"
	"postal/site/view"
)

// The pages of leagues and ladders, at a tournament's path: a
// league's with the divisions of the season in play (standings,
// crosstables, games) and the seasons before with the moves between them;
// a ladder's with its order, the climbs in play and its history.

// selfRunningPage is the page of t, a league or a ladder.
func (b *builder) selfRunningPage(t *view.Tournament) ([]byte, error) {
	link := func(name string) string {
		if b.ix.players[name] == nil {
			return ""
		}
		return "../" + playerPath(slug(name))
	}
	if t.Ladder != nil {
		type rung struct {
			view.Rung
			Href string
		}
		var order []rung
		for _, r := range t.Ladder.Order {
			order = append(order, rung{r, link(r.Name)})
		}
		return execute("ladder.html", struct {
			common
			T      *view.Tournament
			L      *view.Ladder
			Order  []rung
			Status string
		}{b.common("Ladder "+t.Name, "../"), t, t.Ladder, order, ladderStatus(t)})
	}
	type cell struct {
		Text  string
		Class string
	}
	type row struct {
		Seed    int
		Name    string
		Href    string
		Arrived string
		Cells   []cell
	}
	type standing struct {
		view.Standing
		Href    string
		Points  string
		SB      string
		Arrived string
	}
	type division struct {
		view.Division
		Rows      []row
		Standings []standing
		Seeds     []int
	}
	type line struct {
		view.SeasonLine
		Href   string
		Points string
	}
	type season struct {
		Number    int
		Divisions [][]line
	}
	arrived := map[string]string{}
	var divs []division
	for _, d := range t.League.Divisions {
		dv := division{Division: d, Seeds: seeds(len(d.Players))}
		for i, name := range d.Players {
			arrived[name] = d.Arrived[i]
			r := row{Seed: i + 1, Name: name, Href: link(name), Arrived: d.Arrived[i]}
			if i < len(d.Cross) {
				for j, c := range d.Cross[i] {
					class := ""
					if i == j {
						class = "self"
					}
					r.Cells = append(r.Cells, cell{c, class})
				}
			}
			dv.Rows = append(dv.Rows, r)
		}
		for _, s := range d.Standings {
			st := standing{Standing: s, Href: link(s.Name), Points: points(s.Points), Arrived: arrived[s.Name]}
			if len(s.TieBreaks) > 0 {
				st.SB = fmt.Sprintf("%.2f", s.TieBreaks[0])
			}
			dv.Standings = append(dv.Standings, st)
		}
		divs = append(divs, dv)
	}
	var past []season
	for _, s := range t.League.Past {
		ps := season{Number: s.Number}
		for _, d := range s.Divisions {
			var lines []line
			for _, l := range d {
				lines = append(lines, line{l, link(l.Name), points(l.Points)})
			}
			ps.Divisions = append(ps.Divisions, lines)
		}
		past = append(past, ps)
	}
	return execute("league.html", struct {
		common
		T         *view.Tournament
		L         *view.League
		Divisions []division
		Past      []season
		Status    string
		Rules     string
	}{b.common("League "+t.Name, "../"), t, t.League, divs, past, leagueStatus(t), leagueRules(t.League)})
}

// leagueStatus says where league t stands, in a line.
func leagueStatus(t *view.Tournament) string {
	l := t.League
	switch {
	case t.Status == "open":
		return fmt.Sprintf("Open for entries since %s: %d entered. Season 1 starts when its director says.", date(t.Created), len(t.Entrants))
	case t.Status == "over":
		return fmt.Sprintf("Finished %s, after season %d.", date(t.Finished), l.Season)
	case l.Between:
		return fmt.Sprintf("Season %d is over; season %d begins %s.", l.Season, l.Season+1, date(l.NextSeason))
	case !l.Deadline.IsZero():
		return fmt.Sprintf("Season %d is under way; its deadline is %s.", l.Season, date(l.Deadline))
	}
	return fmt.Sprintf("Season %d is under way; it ends with its last game.", l.Season)
}

// leagueRules says how a league goes from season to season.
func leagueRules(l *view.League) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Each division plays a %s a season. ", map[bool]string{false: "round robin", true: "double round robin"}[l.Double])
	if l.Promote > 0 {
		fmt.Fprintf(&b, "After it the top %d of each division move up and the bottom %d move down (ties broken by Sonneborn-Berger, then games won, then the result between the tied, then rating; players level on all share a place, and their seed decides who moves); ", l.Promote, l.Promote)
	}
	b.WriteString("newcomers enter at the bottom, placed by rating, and the divisions are rebalanced as players come and go. ")
	if l.BreakDays == 0 {
		b.WriteString("The next season begins as soon as the last game of a season ends.")
	} else {
		fmt.Fprintf(&b, "The next season begins %s after the last game of a season ends.", words.Plural(l.BreakDays, "day"))
	}
	return b.String()
}

// ladderStatus says where ladder t stands, in a line.
func ladderStatus(t *view.Tournament) string {
	l := t.Ladder
	s := fmt.Sprintf("%s on the ladder since %s; %s in play. A player climbs one at most %s above: a win takes the defender's place, those between moving down one.",
		words.Plural(len(l.Order), "player"), date(t.Started), words.Plural(len(l.Open), "climb"), words.Plural(l.Reach, "place"))
	if l.IdleDays > 0 {
		s += fmt.Sprintf(" A player idle for %s drops one place, then one more every 30 days.", words.Plural(l.IdleDays, "day"))
	}
	return s
}

// selfRunningNews reports whether act a is news of a league or a ladder
// for the feed: a season begun after the first, a place taken on a ladder.
func selfRunningNews(a view.Act) bool {
	return a.Kind == "season" && !strings.HasPrefix(a.Text, "season 1 ") || a.Kind == "climbed"
}

// selfRunningEntries are the feed's entries of the news of s, a league or
// a ladder.
func selfRunningEntries(s *tourSummary, tag string, link atomLink) []atomEntry {
	var out []atomEntry
	for i, a := range s.News {
		title := fmt.Sprintf("%s: %s", s.Name, a.Text)
		out = append(out, atomEntry{Title: title, ID: tag + fmt.Sprintf("tournament/%d/news/%d", s.ID, i), Updated: atomDate(a.At), Link: link, Summary: title + "."})
	}
	return out
}
