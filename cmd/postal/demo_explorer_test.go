package main

import (
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"postal/engine"
	"postal/notation"
	"postal/site/explorer"
)

// explorerRow is a line of an explorer page's table of moves, as the page
// writes it without scripts: the move, maybe a link, then the seat that
// played it (muted), then the games that went that way.
var explorerRow = regexp.MustCompile(`<tr><th scope="row">(.*?)</th><td>(\d+)</td>`)

// demoExplorer checks the opening explorer of the site the demo published:
// every book that a finished game of the demo belongs to has a page, the
// games of its first level add up to the book's finished games that took a
// first move, and every
// first move it lists is legal at the start, by the engine's own rules.
// The games are read back from the site's own records (games/N.txt).
func demoExplorer(t *testing.T, site string) {
	t.Helper()
	finished := map[string]int{}  // by book
	starts := map[string]string{} // the game of each book
	cfgs := map[string]engine.Config{}
	records, err := filepath.Glob(filepath.Join(site, "games", "*.txt"))
	if err != nil || len(records) == 0 {
		t.Fatalf("no records on the site: %v", err)
	}
	for _, path := range records {
		text, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		r, err := notation.ReadRecord(string(text))
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if !r.Result.Over() {
			continue
		}
		book := explorer.BookOf(r.Game, r.Config)
		starts[book], cfgs[book] = r.Game, r.Config
		// A game left (resigned, timed out) before its first move is in
		// the book but takes no first move: its first level cannot count
		// it. The book has its page all the same.
		n := finished[book]
		if len(r.Moves) > 0 {
			if _, leaving := engine.ParseLeaving(r.Moves[0].Text); !leaving {
				n++
			}
		}
		finished[book] = n
	}
	if len(finished) < len(engine.Games()) {
		t.Errorf("finished games in %d books, want one at least for each of the %d games: %v", len(finished), len(engine.Games()), finished)
	}
	for book, n := range finished {
		page, err := os.ReadFile(filepath.Join(site, "explorer", book+".html"))
		if err != nil {
			t.Errorf("no explorer for %s (%d finished games): %v", book, n, err)
			continue
		}
		b, err := explorer.NewBook(starts[book], cfgs[book], 0)
		if err != nil {
			t.Fatal(err)
		}
		g, _ := engine.Lookup(starts[book])
		start, err := g.ParsePosition(b.Root().Position)
		if err != nil {
			t.Fatalf("%s: the start: %v", book, err)
		}
		sum := 0
		for _, m := range explorerRow.FindAllStringSubmatch(string(page), -1) {
			move, _, _ := strings.Cut(m[1], `<span class="muted">`)
			move = strings.TrimSpace(html.UnescapeString(regexp.MustCompile(`<[^>]*>`).ReplaceAllString(move, "")))
			k, _ := strconv.Atoi(m[2])
			sum += k
			if !legalAt(start, move) {
				t.Errorf("%s: the first move %q (%d games) is not legal at the start", book, move, k)
			}
		}
		t.Logf("explorer %s: %d finished, first level %d", book, n, sum)
		if sum != n {
			t.Errorf("%s: the first level counts %d games, the book has %d finished", book, sum, n)
		}
	}
}

// legalAt reports whether some player to move at pos may play move.
func legalAt(pos engine.Position, move string) bool {
	for _, p := range pos.ToMove() {
		if m, err := pos.ParseMove(p, move); err == nil {
			if _, err := pos.Apply(p, m); err == nil {
				return true
			}
		}
	}
	return false
}
