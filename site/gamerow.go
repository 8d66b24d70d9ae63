package site

import (
	"html"
	"strconv"
	"strings"
	"sync"
)

// A list of games shows each game as a row (gameRows), and a move rewrites
// some five lists of a hundred rows or more (its game type's and its
// players', and their first pages) in which one row changed. So the rows
// are kept by the summary they show and the root their links start from: a
// change makes a new summary (index.put), whose row is made anew.
type rowKey struct {
	of   *summary
	root string
}

// maxRows bounds the rows kept (some 400 bytes each): when full, it starts
// again.
const maxRows = 4096

var keptRows struct {
	mu sync.Mutex
	m  map[rowKey]string
}

// gameRow is the row of g in a table of games (gameRows).
func gameRow(root string, g *summary) string {
	k := rowKey{g, root}
	keptRows.mu.Lock()
	row, ok := keptRows.m[k]
	keptRows.mu.Unlock()
	if ok {
		return row
	}
	row = makeGameRow(root, g)
	keptRows.mu.Lock()
	if keptRows.m == nil || len(keptRows.m) >= maxRows {
		keptRows.m = map[rowKey]string{}
	}
	keptRows.m[k] = row
	keptRows.mu.Unlock()
	return row
}

func makeGameRow(root string, g *summary) string {
	var b strings.Builder
	esc := html.EscapeString
	id := strconv.FormatInt(g.ID, 10)
	b.WriteString(`<tr><td><a href="` + esc(root) + `games/` + id + `.html">` + id + `</a></td><td>` + esc(g.Type.Title) + ` <span class="muted">` + esc(g.Ruleset) + `</span></td><td>`)
	for i, p := range g.Players {
		if i > 0 {
			b.WriteString(" – ")
		}
		b.WriteString(`<a href="` + esc(root+playerPath(slug(p))) + `">` + esc(p) + `</a>`)
	}
	b.WriteString("</td><td>")
	if t := g.Turn(); t != "" {
		b.WriteString(esc(t) + " to move")
	} else {
		b.WriteString(esc(g.ResultText()))
		if r := g.Reason(); r != "" {
			b.WriteString(` <span class="muted">(` + esc(r) + `)</span>`)
		}
	}
	if pl := g.Placings(); pl != "" {
		b.WriteString(` <span class="muted places">` + esc(pl) + `</span>`)
	}
	b.WriteString("</td><td>" + strconv.Itoa(g.Plies) + "</td><td>" + date(g.Updated()) + "</td></tr>\n")
	return b.String()
}
