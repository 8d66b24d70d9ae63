package games

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
	"text/tabwriter"

	"postal/club/published"
	"postal/club/reply"
	"postal/club/work"
	"postal/engine"
	"postal/notation"
	"postal/site/explorer"
)

// ExplorerBook is the explorer's book of game played with cfg, as deep as
// the site's (explorer.DefaultMaxPly): the club's finished games of that
// book, read as the site publishes them (published.RecordsIn writes the
// records its pages show), with the ratings their players had before each.
// A game whose record the explorer refuses (a record its engine no longer
// replays) counts nowhere. The club keeps the book on its shelf
// (work.Club.Books) between mails: a mail reads the finished games that
// came since the last, and the book is made anew only when a game it
// counted is no longer finished. The caller puts it back (shelve).
func ExplorerBook(u *work.Unit, game string, cfg engine.Config) (*explorer.Shelved, error) {
	book, err := explorer.NewBook(game, cfg, explorer.DefaultMaxPly)
	if err != nil {
		return nil, reply.Explain(err)
	}
	ids, err := u.Tx.FinishedOf(game)
	if err != nil {
		return nil, err
	}
	name := book.Name()
	kept := &explorer.Shelved{Book: book, Seen: map[int64]bool{}}
	if u.Club.Books != nil {
		if k := u.Club.Books.Take(name); k != nil && stillFinished(k.Book, ids) {
			kept = k
		}
	}
	var fresh []int64
	for _, id := range ids {
		if !kept.Seen[id] {
			fresh = append(fresh, id)
		}
	}
	// The records cut to the book's depth: the explorer replays no more.
	opt := published.RecordOptions{Site: u.Club.Name, Plies: explorer.DefaultMaxPly}
	err = published.RecordsIn(u.Tx, opt, fresh, func(a published.Archived) error {
		kept.Seen[a.Game.ID] = true
		if explorer.BookOf(game, a.Record.Config) == name {
			_ = kept.Book.Add(explorer.FromView(&a.Game)) // a refused record counts nowhere
		}
		return nil
	})
	return kept, err
}

// stillFinished reports whether every game book counts is among the
// finished games ids: else a game went back or away, and the book is made
// anew.
func stillFinished(book *explorer.Book, ids []int64) bool {
	n := 0
	for _, id := range ids {
		if book.Has(id) {
			n++
		}
	}
	return n == book.Games()
}

// shelve puts the book of an exploration back on the club's shelf.
func shelve(u *work.Unit, kept *explorer.Shelved) {
	if u.Club.Books != nil {
		u.Club.Books.Put(kept.Book.Name(), kept)
	}
}

// exploreSection is the answer to an exploration: node of book, reached by
// c's moves, as a table of its most played moves.
func exploreSection(u *work.Unit, info engine.Info, seats []string, c notation.Command, moves []string, book *explorer.Book, node *explorer.Node) reply.Section {
	sec := reply.Section{Title: info.Title + " explorer (" + book.Name() + ")"}
	from := "the start"
	if len(moves) > 0 {
		from = "the position after " + joinMoves(moves)
	}
	switch node.Games {
	case 0:
		sec.Lines = append(sec.Lines, fmt.Sprintf("No finished game of the club has reached %s yet.", from))
	case 1:
		sec.Lines = append(sec.Lines, fmt.Sprintf("1 finished game of the club reached %s.", from))
	default:
		sec.Lines = append(sec.Lines, fmt.Sprintf("%d finished games of the club reached %s.", node.Games, from))
	}
	if len(node.Lines) > 0 {
		sec.Pre, sec.Table = linesTable(u, seats, node.Lines), true
		if len(node.Lines) > exploreLines {
			sec.Pre = fmt.Sprintf("The %d most played of the %d moves played there:\n\n", exploreLines, len(node.Lines)) + sec.Pre
		}
		// The line to send next, the most played move added, on a line of
		// its own that a mail client does not wrap.
		next := strings.Join(append([]string{"explore", c.Game}, c.Options...), " ")
		sec.Pre += "\n\nTo look further, send:\n" + next + " " + joinMoves(append(moves[:len(moves):len(moves)], node.Lines[0].Move))
	}
	if u.Club.SiteURL != "" && book.Games() > 0 {
		sec.Lines = append(sec.Lines, "On the site: "+explorerURL(u.Club.SiteURL, book.Name(), moves))
	}
	return sec
}

// joinMoves writes moves as an exploration reads them: separated by
// spaces, or by commas when a move holds a space.
func joinMoves(moves []string) string {
	for _, m := range moves {
		if strings.Contains(m, " ") {
			return strings.Join(moves, ", ")
		}
	}
	return strings.Join(moves, " ")
}

// linesTable lays out the most played of lines: the move, its games, its
// results by seat (wins and draws; places in a game of more than two),
// the average rating of those who chose it, and its last game.
func linesTable(u *work.Unit, seats []string, lines []explorer.Line) string {
	var b strings.Builder
	var urls []string
	w := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	head := []string{"Move", "Games"}
	if len(seats) > 2 {
		head = append(head, seats...)
	} else {
		for _, s := range seats {
			head = append(head, s+" wins")
		}
		head = append(head, "Draws")
	}
	head = append(head, "Rating", "Last game")
	fmt.Fprintln(w, strings.Join(head, "\t"))
	for _, l := range lines[:min(exploreLines, len(lines))] {
		row := []string{l.Move, fmt.Sprint(l.Games)}
		if len(seats) > 2 {
			for s := range seats {
				row = append(row, placesText(l.Places, s))
			}
		} else {
			for s := range seats {
				wins := 0
				if s < len(l.Wins) {
					wins = l.Wins[s]
				}
				row = append(row, fmt.Sprint(wins))
			}
			row = append(row, fmt.Sprint(l.Draws))
		}
		rating := "-"
		if l.Rating > 0 {
			rating = fmt.Sprintf("%.0f", l.Rating)
		}
		row = append(row, rating, fmt.Sprintf("#%d %s", l.Last, l.LastFinished.Format("2006-01-02")))
		fmt.Fprintln(w, strings.Join(row, "\t"))
		if url := u.Club.GameURL(l.Last); url != "" && !slices.Contains(urls, url) {
			urls = append(urls, url)
		}
	}
	w.Flush()
	out := strings.TrimRight(b.String(), "\n")
	if len(seats) > 2 {
		out += "\n(each seat's places: how often it finished first/second/...)"
	}
	// The addresses below the table, which keeps to a mail's width.
	if len(urls) > 0 {
		out += "\n\nThe last games:\n" + strings.Join(urls, "\n")
	}
	return out
}

// placesText is how often seat finished in each place: "2/1/0/1".
func placesText(places [][]int, seat int) string {
	if seat >= len(places) {
		return "-"
	}
	parts := make([]string, len(places[seat]))
	for i, n := range places[seat] {
		parts[i] = fmt.Sprint(n)
	}
	return strings.Join(parts, "/")
}

// explorerURL is the explorer's page of book on the site at site, at the
// node after moves (the page's #m= address: each move escaped as a
// script's encodeURIComponent decodes it, joined by commas).
func explorerURL(site, book string, moves []string) string {
	u := strings.TrimRight(site, "/") + "/explorer/" + book + ".html"
	if len(moves) == 0 {
		return u
	}
	esc := make([]string, len(moves))
	for i, m := range moves {
		esc[i] = strings.ReplaceAll(url.QueryEscape(m), "+", "%20")
	}
	return u + "#m=" + strings.Join(esc, ",")
}

// gameNames lists the games postal plays, one a line: "name (Title)".
func gameNames() string {
	var b strings.Builder
	for _, g := range engine.Games() {
		info := g.Info()
		fmt.Fprintf(&b, "%s (%s)\n", info.Name, info.Title)
	}
	return strings.TrimRight(b.String(), "\n")
}
