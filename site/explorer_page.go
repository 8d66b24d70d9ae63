package site

import (
	"fmt"
	"html"
	"html/template"
	"io/fs"
	"path"
	"strconv"
	"strings"

	"postal/docs/words"
	"postal/engine"
	"postal/site/board"
	"postal/site/explorer"
	"postal/templates"
)

// explorerScript is the page's script (its first level works without it),
// when the site's assets have it.
const explorerScript = "explorer.js"

// explorerPage renders explorer/BOOK.html: the start board and the moves
// played from it, as a table a reader without scripts reads; the script
// steps into the nodes' files from there.
func (b *builder) explorerPage(bk *book) ([]byte, error) {
	bk.mu.Lock()
	root := bk.b.Root()
	games := bk.games()
	bk.mu.Unlock()
	eg, err := engine.Lookup(bk.game)
	if err != nil {
		return nil, err
	}
	info := eg.Info()
	name := bk.b.Name()
	pageRoot := strings.Repeat("../", strings.Count(explorerPath(name), "/"))
	seats := info.Seats(bk.cfg)
	data := struct {
		common
		Title, Game, Ruleset, Options string
		TypeHref                      string
		Games, Depth                  int
		Nodes, RootFile               string
		Seats                         []string
		Engine, EngineJS, WasmExec    string
		Board                         template.HTML
		Table                         template.HTML
		GamesText                     template.HTML
		Script                        string
	}{common: b.common(info.Title+" openings: "+bookLabel(bk), pageRoot),
		Title: info.Title, Game: bk.game, Ruleset: bk.cfg.Ruleset, Options: optionsText(bk.cfg.Options),
		TypeHref: typePath(bk.game), Games: games, Depth: explorer.DefaultMaxPly,
		Nodes: path.Base(name) + "/", RootFile: explorer.FileName(root.Key), Seats: seats}
	if e := theEngine(); e.holds(bk.game) {
		data.Engine, data.EngineJS, data.WasmExec = e.name, e.script, wasmExecAsset().name
	}
	if pos, err := eg.ParsePosition(root.Position); err == nil {
		data.Board = template.HTML(board.SVG(pos, ""))
	}
	// The table holds the lines the root's file holds: the same cut.
	_, keep, err := explorer.Encode(root)
	if err != nil {
		return nil, err
	}
	data.Table = linesTable(root, keep, seats, pageRoot)
	data.GamesText = reachedGames(root, pageRoot, typePath(bk.game))
	if _, err := fs.Stat(templates.Site, "site/assets/"+explorerScript); err == nil {
		data.Script = explorerScript
	}
	return execute("explorer.html", data)
}

// linesTable is a node's table of lines: the move, its games, how they
// ended, the average rating of those who chose it and its newest game.
// Written here rather than by the template, as game lists are: a root has
// up to explorer.MaxLines rows. It shows the first keep lines, and says
// how many more there are.
func linesTable(n *explorer.Node, keep int, seats []string, root string) template.HTML {
	var b strings.Builder
	esc := html.EscapeString
	b.WriteString("<table class=\"explorer-moves\">\n<caption>Moves played from this position</caption>\n<thead><tr><th scope=\"col\">Move</th><th scope=\"col\">Games</th><th scope=\"col\">Results</th><th scope=\"col\">Average rating</th><th scope=\"col\">Last game</th></tr></thead>\n<tbody>\n")
	shown, more, moreGames := 0, 0, 0
	for _, l := range n.Lines {
		if shown >= keep {
			more++
			moreGames += l.Games
			continue
		}
		shown++
		who := ""
		if l.Player == int(engine.Chance) {
			who = "Chance"
		} else if l.Player >= 0 && l.Player < len(seats) {
			who = seats[l.Player]
		}
		b.WriteString(`<tr><th scope="row">` + esc(l.Move))
		if who != "" {
			b.WriteString(` <span class="muted">` + esc(who) + `</span>`)
		}
		b.WriteString(`</th><td>` + strconv.Itoa(l.Games) + `</td><td>` + esc(resultsText(l, seats)) + `</td><td>`)
		if l.Rated > 0 {
			b.WriteString(strconv.Itoa(int(l.Rating + 0.5)))
		} else {
			b.WriteString("–")
		}
		id := strconv.FormatInt(l.Last, 10)
		b.WriteString(`</td><td><a href="` + esc(root+gamePath(l.Last)) + `">#` + id + `</a> <span class="muted">` + esc(explorerDate(l)) + "</span></td></tr>\n")
	}
	b.WriteString("</tbody>\n</table>\n")
	if more > 0 {
		fmt.Fprintf(&b, "<p class=\"note\">And %s of %s more, the least played.</p>\n", words.Plural(more, "move"), words.Plural(moreGames, "game"))
	}
	if len(n.Lines) == 0 {
		b.WriteString("<p class=\"note\">No game went on from here.</p>\n")
	}
	return template.HTML(b.String())
}

func explorerDate(l explorer.Line) string {
	if l.LastFinished.IsZero() {
		return ""
	}
	return l.LastFinished.UTC().Format("2006-01-02")
}

// resultsText says how a line's games ended: each seat's wins and the
// draws ("White 3 · Black 1 · draws 1"); with three or four seats, the
// firsts of each seat.
func resultsText(l explorer.Line, seats []string) string {
	var parts []string
	for s, w := range l.Wins {
		name := fmt.Sprintf("seat %d", s+1)
		if s < len(seats) {
			name = seats[s]
		}
		parts = append(parts, name+" "+strconv.Itoa(w))
	}
	parts = append(parts, "draws "+strconv.Itoa(l.Draws))
	return strings.Join(parts, " · ")
}

// reachedGames links the newest games that reached a node, and the list
// of all the game type's games.
func reachedGames(n *explorer.Node, root, typeHref string) template.HTML {
	var b strings.Builder
	b.WriteString(words.Plural(n.Games, "game") + " reached this position")
	if len(n.Recent) > 0 {
		b.WriteString("; the newest:")
		for _, id := range n.Recent {
			s := strconv.FormatInt(id, 10)
			b.WriteString(` <a href="` + html.EscapeString(root+gamePath(id)) + `">#` + s + `</a>`)
		}
	}
	b.WriteString(`. <a href="` + html.EscapeString(root+typeHref) + `">All games</a>.`)
	return template.HTML(b.String())
}

// explorerLink is a link from a game type's page to a book's page.
type explorerLink struct{ Href, Label string }

// explorerLinks link the books of game type typ that have games: one for
// each ruleset, and for the options that change its start.
func (b *builder) explorerLinks(typ string) []explorerLink {
	if b.ex.written != nil {
		return b.ex.written[typ]
	}
	var out []explorerLink
	for _, bk := range b.ex.ofType(typ) {
		out = append(out, explorerLink{Href: explorerPath(bk.b.Name()), Label: bookLabel(bk)})
	}
	return out
}

// bookLabel names a book for people: its ruleset, and the options that
// make it a book of its own ("classic, size 8").
func bookLabel(bk *book) string {
	eg, err := engine.Lookup(bk.game)
	if err != nil {
		return bk.cfg.Ruleset
	}
	info := eg.Info()
	cfg, err := engine.Normalize(info, bk.cfg)
	if err != nil {
		return bk.cfg.Ruleset
	}
	label := cfg.Ruleset
	for _, o := range info.Options {
		if v, ok := cfg.Options[o.Name]; ok && v != o.Default {
			label += ", " + o.Name + " " + v
		}
	}
	return label
}
