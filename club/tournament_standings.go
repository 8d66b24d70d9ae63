package club

import (
	"fmt"
	"strings"

	"postal/archive"
	"postal/club/pairing"
	"postal/engine"
)

// standingLine is one entrant's line of the standings.
type standingLine struct {
	pairing.Standing
	id      int64
	counted bool // false: their results are annulled, and they are not ranked
}

// system is the tie-breaks of ev: Buchholz for a Swiss, Sonneborn-Berger
// for the others.
func (ev *event) system() pairing.System {
	if ev.t.Format == "swiss" {
		return pairing.SwissSystem
	}
	return pairing.RoundRobinSystem
}

// results are the finished games of ev as pairing reads them (entrants
// numbered by seed): a game of two as one result, a game of more as one
// between every pair of its players by their places (ahead 1, same place
// ½); a Swiss bye scores one point. The results of a player whose results
// are annulled do not count, for anyone (at a table of more, the other
// pairs of the table still count).
func (ev *event) results() []pairing.Result {
	idx := ev.index()
	annulled := map[int64]bool{}
	for _, e := range ev.entrants {
		annulled[e.PlayerID] = e.Annulled
	}
	var out []pairing.Result
	for _, g := range ev.games {
		row := g.row
		if row.Status != archive.GameOver {
			continue
		}
		r, err := engine.ParseScore(row.Result, len(row.Players))
		if err != nil || !r.Over() {
			continue
		}
		if len(row.Players) == 2 {
			if annulled[row.Players[0]] || annulled[row.Players[1]] {
				continue
			}
			score := 0.5
			if r.Kind == engine.Win {
				score = 1 - float64(r.Winner)
			}
			out = append(out, pairing.Result{First: idx[row.Players[0]], Second: idx[row.Players[1]], Score: score})
			continue
		}
		for i := range row.Players {
			for j := i + 1; j < len(row.Players); j++ {
				if annulled[row.Players[i]] || annulled[row.Players[j]] {
					continue
				}
				a, b := r.Place(engine.Player(i)), r.Place(engine.Player(j))
				score := 0.5
				switch {
				case a < b:
					score = 1
				case a > b:
					score = 0
				}
				out = append(out, pairing.Result{First: idx[row.Players[i]], Second: idx[row.Players[j]], Score: score})
			}
		}
	}
	if ev.t.Format == "swiss" {
		for _, b := range ev.byes {
			out = append(out, pairing.Result{First: idx[b.PlayerID], Second: pairing.Bye, Score: 1})
		}
	}
	return out
}

// standings ranks the entrants; those whose results are annulled come
// last, unranked.
func (ev *event) standings() []standingLine {
	var ranked, annulled []standingLine
	for _, st := range pairing.Standings(len(ev.entrants), ev.results(), ev.system()) {
		e := ev.entrants[st.Player]
		line := standingLine{Standing: st, id: e.PlayerID, counted: !e.Annulled}
		if e.Annulled {
			annulled = append(annulled, line)
		} else {
			ranked = append(ranked, line)
		}
	}
	return append(ranked, annulled...)
}

// points writes a score: 2, 2½.
func points(x float64) string {
	whole := int(x)
	s := fmt.Sprint(whole)
	if x-float64(whole) >= 0.5 {
		if whole == 0 {
			return "½"
		}
		s += "½"
	}
	return s
}

// tieBreak writes a tie-break to two places: 3.25.
func tieBreak(x float64) string { return fmt.Sprintf("%.2f", x) }

// statusLine says where ev stands.
func (ev *event) statusLine() string {
	t := ev.t
	switch {
	case t.Status == archive.TournamentOpen:
		return fmt.Sprintf("%s is open, with %s. %s", t.Name, count(len(ev.entrants), "entrant", "entrants"), startsWhen(t))
	case t.Status == archive.TournamentOver && t.WinnerID != 0:
		return fmt.Sprintf("%s is over: %s wins.", t.Name, ev.name(t.WinnerID))
	case t.Status == archive.TournamentOver:
		return fmt.Sprintf("%s is over.", t.Name)
	case t.Format == "swiss":
		return fmt.Sprintf("%s: round %d of %d, %s in play.", t.Name, t.Round, t.Rounds, count(ev.playing(t.Round), "game", "games"))
	case t.Format == "knockout":
		return fmt.Sprintf("%s: round %d, %s in play.", t.Name, t.Round, count(ev.playing(t.Round), "game", "games"))
	}
	return fmt.Sprintf("%s: %s in play of %d.", t.Name, count(ev.playing(0), "game", "games"), len(ev.games))
}

// standingsText is the table of standings, within 78 columns: rank,
// player, rating at the start, points, tie-breaks, games played.
func (ev *event) standingsText() string {
	var b strings.Builder
	swiss := ev.t.Format == "swiss"
	lines := ev.standings()
	// The name column is as wide as the longest name, so that the table
	// fits a phone's width when it can.
	w := len("player")
	for _, l := range lines {
		w = max(w, len(ev.displayName(l)))
	}
	if swiss {
		fmt.Fprintf(&b, "%3s  %-*s %6s %4s %5s %6s %5s\n", "#", w, "player", "rating", "pts", "Buch", "median", "games")
	} else {
		fmt.Fprintf(&b, "%3s  %-*s %6s %4s %5s %5s\n", "#", w, "player", "rating", "pts", "SB", "games")
	}
	for _, l := range lines {
		e := ev.entrant(l.id)
		rank, name := fmt.Sprint(l.Rank), ev.displayName(l)
		if !l.counted {
			rank = "-"
		}
		rating := "-"
		if e.Rating > 0 {
			rating = fmt.Sprintf("%.0f", e.Rating)
		}
		if swiss {
			fmt.Fprintf(&b, "%3s  %-*s %6s %4s %5s %6s %5d\n", rank, w, name, rating, points(l.Score), points(l.Buchholz), points(l.MedianBuchholz), l.Played)
		} else {
			fmt.Fprintf(&b, "%3s  %-*s %6s %4s %5s %5d\n", rank, w, name, rating, points(l.Score), tieBreak(l.SonnebornBerger), l.Played)
		}
	}
	return strings.TrimRight(b.String(), "\n")
}

// displayName is a line's player, with how they left.
func (ev *event) displayName(l standingLine) string {
	e := ev.entrant(l.id)
	switch {
	case !l.counted:
		return ev.name(l.id) + " (annulled)"
	case e.Status != archive.EntrantIn:
		return ev.name(l.id) + " (" + e.Status + ")"
	}
	return ev.name(l.id)
}

// tieBreakLine says how ties are broken.
func (ev *event) tieBreakLine() string {
	if ev.t.Format == "swiss" {
		return "Ties are broken by Buchholz (the opponents' points), then median Buchholz (without the highest and the lowest); a bye scores one point. The ratings are those the event started with."
	}
	return "Ties are broken by Sonneborn-Berger (SB): the points of the players beaten, and half those of the players drawn. The ratings are those the event started with."
}

// bracketText is a knockout's rounds, match by match.
func (ev *event) bracketText() string {
	var b strings.Builder
	for r := 1; r <= ev.t.Round; r++ {
		fmt.Fprintf(&b, "round %d\n", r)
		for _, m := range ev.matches(r) {
			if m.players[1] == 0 {
				fmt.Fprintf(&b, "  %s: a bye\n", ev.name(m.players[0]))
				continue
			}
			var games []string
			for _, g := range m.games {
				games = append(games, fmt.Sprintf("#%d %s", g.row.ID, g.row.Result))
			}
			fmt.Fprintf(&b, "  %s - %s: %s", ev.name(m.players[0]), ev.name(m.players[1]), strings.Join(games, ", "))
			if m.winner != 0 {
				fmt.Fprintf(&b, "; %s goes through (%s)", ev.name(m.winner), m.how)
			}
			b.WriteString("\n")
		}
	}
	b.WriteString("A drawn game is replayed with the seats swapped; a second draw sends the higher seed through.")
	return b.String()
}

// standingsSection is the answer to "standings NAME" and the body of the
// tournament's news.
func (w *work) standingsSection(ev *event) section {
	sec := section{Title: "standings of " + ev.t.Name, Lines: []string{ev.statusLine()}}
	switch {
	case ev.t.Status == archive.TournamentOpen:
		var names []string
		for _, e := range ev.entrants {
			names = append(names, ev.name(e.PlayerID))
		}
		sec.Lines = append(sec.Lines, "Entrants: "+strings.Join(names, ", ")+".")
	case ev.t.Format == "knockout":
		sec.Pre = ev.bracketText()
	default:
		sec.Pre = ev.standingsText()
		sec.Lines = append(sec.Lines, ev.tieBreakLine())
	}
	if ev.t.Note != "" {
		sec.Lines = append(sec.Lines, ev.t.Note)
	}
	if url := w.s.opt.SiteURL; url != "" {
		sec.Lines = append(sec.Lines, "On the site: "+strings.TrimRight(url, "/")+"/tournaments/"+ev.t.Name+".html")
	}
	return sec
}
