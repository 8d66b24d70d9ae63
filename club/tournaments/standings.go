package tournaments

import (
	"strings"

	"postal/archive"
	"postal/club/event"
	"postal/club/published"
	"postal/club/rating"
	"postal/club/reply"
	"postal/club/work"
)

// ratingsNow is tr's event with its entrants' ratings now (Entrant.Now),
// which a league's standings show: its seasons run for long, and the
// ratings it started with say little in season 33. A rating it cannot
// read is left out (the table shows the one it started with).
func ratingsNow(u *work.Unit, tr *tournament) *event.Event {
	ev := *tr.ev
	ev.Entrants = append([]event.Entrant(nil), tr.ev.Entrants...)
	cfg, _ := published.ParseConfig(tr.t.Config, 0)
	list := rating.ListOf(tr.t.Game, cfg.Ruleset)
	for i := range ev.Entrants {
		if r, err := entrantRating(u, ev.Entrants[i].Player, list); err == nil {
			ev.Entrants[i].Now = r
		}
	}
	return &ev
}

// standingsSection is the answer to "standings NAME" and the body of the
// tournament's news: where it stands, its entrants before it starts, then
// its standings or its bracket (event.Report).
func standingsSection(u *work.Unit, tr *tournament) reply.Section {
	ev := tr.ev
	sec := reply.Section{Title: "standings of " + ev.Name, Lines: []string{ev.StatusLine()}}
	if tr.t.Status == archive.TournamentOpen {
		var names []string
		for _, e := range ev.Entrants {
			names = append(names, tr.name(e.Player))
		}
		sec.Lines = append(sec.Lines, "Entrants: "+strings.Join(names, ", ")+".")
	} else {
		if _, ok := ev.Format.(event.Seasonal); ok {
			ev = ratingsNow(u, tr)
		}
		var notes []string
		sec.Pre, notes = ev.Report()
		sec.Lines = append(sec.Lines, notes...)
	}
	if tr.t.Note != "" {
		sec.Lines = append(sec.Lines, tr.t.Note)
	}
	if url := u.Club.SiteURL; url != "" {
		sec.Lines = append(sec.Lines, "On the site: "+strings.TrimRight(url, "/")+"/tournaments/"+ev.Name+".html")
	}
	return sec
}
