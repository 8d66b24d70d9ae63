package tournaments

import (
	"strings"

	"postal/archive"
	"postal/club/reply"
	"postal/club/work"
)

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
