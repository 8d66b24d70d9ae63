package event

import (
	"fmt"
	"strings"

	"postal/club/pairing"
	"postal/docs/words"
	"postal/engine"
)

// reporter is a format whose standings are its own (a league's divisions,
// a ladder's order).
type reporter interface {
	report(ev *Event) (string, []string)
}

// Standing is one entrant's line of the standings.
type Standing struct {
	pairing.Standing
	Player  int64
	Counted bool // false: their results are annulled, and they are not ranked
}

// results are the finished games of ev as pairing reads them (entrants
// numbered by seed): a game of two as one result, a game of more as one
// between every pair of its players by their places (ahead 1, same place
// ½); a Swiss bye scores one point. The results of a player whose results
// are annulled do not count, for anyone (at a table of more, the other
// pairs of the table still count).
func (ev *Event) results() []pairing.Result {
	idx := ev.index()
	annulled := map[int64]bool{}
	for _, e := range ev.Entrants {
		annulled[e.Player] = e.Annulled
	}
	var out []pairing.Result
	for _, g := range ev.Games {
		r := g.Result()
		if !r.Over() || g.Void {
			continue
		}
		for i := range g.Players {
			for j := i + 1; j < len(g.Players); j++ {
				if annulled[g.Players[i]] || annulled[g.Players[j]] {
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
				out = append(out, pairing.Result{First: idx[g.Players[i]], Second: idx[g.Players[j]], Score: score})
			}
		}
	}
	if ev.Format.Table().ByePoint {
		for _, b := range ev.Byes {
			out = append(out, pairing.Result{First: idx[b.Player], Second: pairing.Bye, Score: 1})
		}
	}
	return out
}

// Standings ranks the entrants; those whose results are annulled come
// last, unranked. It is the one ranking of every format ranked by points
// (a round robin, a Swiss, a league's divisions, a group of a cup made an
// event of its own as League.Division makes a division): points, then the
// tie-break chain (pairing.Ranked: for a round robin Sonneborn-Berger,
// games won, the result between the tied, the rating at the start), then
// seed, which orders players sharing a place.
func (ev *Event) Standings() []Standing {
	var ranked, annulled []Standing
	ratings := make([]float64, len(ev.Entrants))
	for i, e := range ev.Entrants {
		ratings[i] = e.Rating
	}
	for _, st := range pairing.Ranked(len(ev.Entrants), ev.results(), ev.Format.Table().System, ratings) {
		e := ev.Entrants[st.Player]
		line := Standing{Standing: st, Player: e.Player, Counted: !e.Annulled}
		if e.Annulled {
			annulled = append(annulled, line)
		} else {
			ranked = append(ranked, line)
		}
	}
	return append(ranked, annulled...)
}

// finish is the end of ev: its winner the head of its standings, unless
// their results are annulled.
func (ev *Event) finish(note string) Finish {
	f := Finish{Note: note}
	if lines := ev.Standings(); len(lines) > 0 && lines[0].Counted {
		f.Winner = lines[0].Player
	}
	return f
}

// bye is a bye of ev, counted at once (a knockout's round of byes alone is
// decided by them), and its step.
func (ev *Event) bye(b Bye, why string) GiveBye {
	ev.Byes = append(ev.Byes, b)
	return GiveBye{Bye: b, Why: why}
}

// Crosstable is each entrant's results against each other, by seed: "1",
// "½", "0", several when they met more than once; "x" on the diagonal.
func (ev *Event) Crosstable() [][]string {
	n := len(ev.Entrants)
	cells := make([][][]string, n)
	for i := range cells {
		cells[i] = make([][]string, n)
	}
	for _, r := range ev.results() {
		if r.Second < 0 {
			continue
		}
		cells[r.First][r.Second] = append(cells[r.First][r.Second], Points(r.Score))
		cells[r.Second][r.First] = append(cells[r.Second][r.First], Points(1-r.Score))
	}
	out := make([][]string, n)
	for i := range out {
		out[i] = make([]string, n)
		for j := range out[i] {
			if i == j {
				out[i][j] = "x"
				continue
			}
			out[i][j] = strings.Join(cells[i][j], " ")
		}
	}
	return out
}

// Points writes a score: 2, 2½.
func Points(x float64) string {
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

// StatusLine says where ev stands.
func (ev *Event) StatusLine() string {
	switch {
	case ev.Stage == Open:
		return fmt.Sprintf("%s is open, with %s. %s", ev.Name, words.Count(len(ev.Entrants), "entrant", "entrants"), StartsWhen(ev.Name, ev.Max, ev.Starts))
	case ev.Stage == Over && ev.Winner != 0 && len(ev.SharedFirst()) > 1:
		var names []string
		for _, p := range ev.SharedFirst() {
			names = append(names, ev.PlayerName(p))
		}
		return fmt.Sprintf("%s is over: %s share first place.", ev.Name, words.Join(names, "and"))
	case ev.Stage == Over && ev.Winner != 0:
		return fmt.Sprintf("%s is over: %s wins.", ev.Name, ev.PlayerName(ev.Winner))
	case ev.Stage == Over:
		return fmt.Sprintf("%s is over.", ev.Name)
	}
	if where := ev.Format.Where(ev); where != "" {
		return fmt.Sprintf("%s: %s, %s in play.", ev.Name, where, words.Count(ev.Playing(ev.Round), "game", "games"))
	}
	return fmt.Sprintf("%s: %s in play of %d.", ev.Name, words.Count(ev.Playing(0), "game", "games"), len(ev.Games))
}

// Report is ev's table as the mails show it, within 78 columns: the
// standings (rank, player, rating at the start, points, tie-breaks, games
// played) and how ties are broken, or a knockout's bracket.
func (ev *Event) Report() (table string, notes []string) {
	if r, ok := ev.Format.(reporter); ok { // a league's divisions, a ladder's order
		return r.report(ev)
	}
	tb := ev.Format.Table()
	if tb.TieBreaks == nil {
		return ev.bracketText(), nil
	}
	return ev.standingsText(tb), append([]string{tieBreakLine(tb)}, ev.TieBreakNotes()...)
}

// TieBreakNotes say, for each two neighbours of the standings level on
// points, which rule of the chain put one ahead ("dave is ahead of grace
// on games won"), or that they share a place, the whole chain unable to
// separate them.
func (ev *Event) TieBreakNotes() []string {
	lines := ev.Standings()
	var notes []string
	for k := 1; k < len(lines); k++ {
		a, b := lines[k-1], lines[k]
		if !a.Counted || !b.Counted || b.By == "" {
			continue
		}
		if b.By == pairing.BySeed {
			notes = append(notes, fmt.Sprintf("%s and %s share %s place: no tie-break separates them; the seeds order them where an order must be kept.", ev.PlayerName(a.Player), ev.PlayerName(b.Player), words.Ordinal(a.Rank)))
			continue
		}
		notes = append(notes, fmt.Sprintf("%s is ahead of %s on %s.", ev.PlayerName(a.Player), ev.PlayerName(b.Player), b.By))
	}
	return notes
}

// RankLabel writes a line's place: "3", or "=1" for a place shared with
// the line above or below.
func RankLabel(lines []Standing, k int) string {
	l := lines[k]
	shared := l.By == pairing.BySeed || k+1 < len(lines) && lines[k+1].By == pairing.BySeed && lines[k+1].Counted
	if shared {
		return fmt.Sprintf("=%d", l.Rank)
	}
	return fmt.Sprint(l.Rank)
}

func (ev *Event) standingsText(tb Table) string {
	var b strings.Builder
	swiss := tb.System == pairing.SwissSystem
	lines := ev.Standings()
	// The name column is as wide as the longest name, so that the table
	// fits a phone's width when it can.
	w := len("player")
	for _, l := range lines {
		w = max(w, len(ev.displayName(l)))
	}
	// A league shows the ratings of now (ev.ratingsNow), its seasons
	// running for long; other events those they started with.
	head, now := "rating", ev.ratingsNow()
	if now {
		head = "rating now"
	}
	rw := len(head)
	if swiss {
		fmt.Fprintf(&b, "%3s  %-*s %*s %4s %5s %6s %5s\n", "#", w, "player", rw, head, "pts", "Buch", "median", "games")
	} else {
		fmt.Fprintf(&b, "%3s  %-*s %*s %4s %5s %5s\n", "#", w, "player", rw, head, "pts", "SB", "games")
	}
	for k, l := range lines {
		e := ev.Entrant(l.Player)
		rank, name := RankLabel(lines, k), ev.displayName(l)
		if !l.Counted {
			rank = "-"
		}
		rating, r := "-", e.Rating
		if now {
			r = e.Now
		}
		if r > 0 {
			rating = fmt.Sprintf("%.0f", r)
		}
		if swiss {
			fmt.Fprintf(&b, "%3s  %-*s %*s %4s %5s %6s %5d\n", rank, w, name, rw, rating, Points(l.Score), Points(l.Buchholz), Points(l.MedianBuchholz), l.Played)
		} else {
			fmt.Fprintf(&b, "%3s  %-*s %*s %4s %5s %5d\n", rank, w, name, rw, rating, Points(l.Score), tieBreak(l.SonnebornBerger), l.Played)
		}
	}
	return strings.TrimRight(b.String(), "\n")
}

// ratingsNow reports whether the club has given ev's entrants their
// ratings now (Entrant.Now), which its table then shows.
func (ev *Event) ratingsNow() bool {
	for _, e := range ev.Entrants {
		if e.Now > 0 {
			return true
		}
	}
	return false
}

// displayName is a line's player, with how they left.
func (ev *Event) displayName(l Standing) string {
	e := ev.Entrant(l.Player)
	switch {
	case !l.Counted:
		return ev.PlayerName(l.Player) + " (annulled)"
	case !e.In():
		return ev.PlayerName(l.Player) + " (" + e.Out + ")"
	}
	return ev.PlayerName(l.Player)
}

// tieBreakLine says how ties are broken.
func tieBreakLine(tb Table) string {
	if tb.System == pairing.SwissSystem {
		return "Ties are broken by Buchholz (the opponents' points), then median Buchholz (without the highest and the lowest); a bye scores one point. The ratings are those the event started with."
	}
	return "Ties are broken by " + TieBreakChain + ". The ratings are those the event started with."
}

// TieBreakChain is a round robin's tie-breaks in order, as every mail and
// page says them (pairing.Ranked applies them).
const TieBreakChain = "Sonneborn-Berger (SB: the points of the players beaten, half those drawn), then games won, then the result between the tied players, then rating at the start; players level on all of these share a place, ordered by seed only where an order must be kept (a promotion, a winner of record)"

// bracketText is a knockout's rounds, match by match.
func (ev *Event) bracketText() string {
	var b strings.Builder
	for r := 1; r <= ev.Round; r++ {
		fmt.Fprintf(&b, "round %d\n", r)
		ev.matchesText(&b, r)
	}
	b.WriteString("A drawn game is replayed with the seats swapped; a second draw sends the higher seed through.")
	return b.String()
}

// matchesText writes round r's matches of a knockout, a line each: its
// players and games, or a bye, and who went through and how. A cup's
// bracket writes its rounds with it too.
func (ev *Event) matchesText(b *strings.Builder, r int) {
	for _, m := range ev.Matches(r) {
		if m.Players[1] == 0 {
			fmt.Fprintf(b, "  %s: a bye\n", ev.PlayerName(m.Players[0]))
			continue
		}
		var games []string
		for _, g := range m.Games {
			games = append(games, fmt.Sprintf("#%d %s", g.ID, ev.Outcome(g)))
		}
		fmt.Fprintf(b, "  %s - %s: %s", ev.PlayerName(m.Players[0]), ev.PlayerName(m.Players[1]), strings.Join(games, ", "))
		if m.Winner != 0 {
			fmt.Fprintf(b, "; %s goes through (%s)", ev.PlayerName(m.Winner), m.How)
		}
		b.WriteString("\n")
	}
}

// SharedFirst is the players who share first place at the end of a
// tournament whose table ranks them (a round robin's, a Swiss's), level on
// points and every tie-break, when there are two or more; nil otherwise.
// The first of them by seed is the winner of record (pairing.Standings),
// which the end's mail must not present as a win outright.
func (ev *Event) SharedFirst() []int64 {
	if _, ok := ev.Format.(reporter); ok {
		return nil
	}
	if ev.Format.Table().TieBreaks == nil {
		return nil
	}
	var first []int64
	for _, l := range ev.Standings() {
		if l.Counted && l.Rank == 1 {
			first = append(first, l.Player)
		}
	}
	if len(first) < 2 {
		return nil
	}
	return first
}
