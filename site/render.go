package site

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"io/fs"
	"strconv"
	"time"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"

	"postal/engine"
	"postal/templates"
)

// pages are the parsed page templates, shared by every build.
var pages = template.Must(template.New("").Funcs(template.FuncMap{
	"date": func(t time.Time) string {
		if t.IsZero() {
			return "–"
		}
		return t.UTC().Format("2006-01-02 15:04")
	},
	"slug": slug,
	// count writes "1 game", "2 games".
	"count": func(n int, noun string) string {
		if n == 1 {
			return "1 " + noun
		}
		return strconv.Itoa(n) + " " + noun + "s"
	},
	"rows": func(root string, games []*gameInfo) rowsData { return rowsData{root, games} },
}).ParseFS(templates.Site, "site/*.html"))

type rowsData struct {
	Root  string
	Games []*gameInfo
}

// siteData is what every page shows in its header and footer.
type siteData struct {
	Title string
	Types []*typeInfo
	Built time.Time
}

// common is embedded in every page's data.
type common struct {
	Site      siteData
	PageTitle string
	Root      string // "" at the top, "../" one directory down
}

func (b *builder) common(title, root string) common {
	return common{Site: siteData{Title: b.title, Types: b.a.types, Built: b.a.built}, PageTitle: title, Root: root}
}

func execute(name string, data any) ([]byte, error) {
	var buf bytes.Buffer
	if err := pages.ExecuteTemplate(&buf, name, data); err != nil {
		return nil, fmt.Errorf("site: page %s: %w", name, err)
	}
	return buf.Bytes(), nil
}

// Home: games in progress and recently finished, counts, players, search.
const homeListed = 50

func (b *builder) home() ([]byte, error) {
	var ongoing, finished []*gameInfo
	for _, g := range b.a.games {
		if g.over() {
			finished = append(finished, g)
		} else {
			ongoing = append(ongoing, g)
		}
	}
	recent := finishedNewest(finished)
	return execute("home.html", struct {
		common
		Ongoing, Finished []*gameInfo
		Players           []*playerInfo
	}{b.common("Home", ""), ongoing[:min(len(ongoing), homeListed)], recent[:min(len(recent), homeListed)], b.a.players})
}

// gamePage renders games/ID.html; replayErr is the engine's objection to
// the record, if any.
func (b *builder) gamePage(g *gameInfo) (page []byte, replayErr error) {
	r := g.game.Record
	// Replay a copy: Replay normalizes the record's Config in place, and
	// other workers read the record (its download, the bulk file) meanwhile.
	rc := *r
	positions, replayErr := rc.Replay()
	type move struct {
		Ply                 int
		Side, Text, Comment string
	}
	moves := make([]move, len(r.Moves))
	for i, m := range r.Moves {
		side := "Chance"
		if m.Player == engine.First || m.Player == engine.Second {
			side = g.Sides[m.Player]
		}
		moves[i] = move{i + 1, side, m.Text, m.Comment}
	}
	data := struct {
		common
		Game        *gameInfo
		Board       template.HTML
		Caption     string
		Moves       []move
		Plies       template.JS
		ReplayError string
	}{common: b.common(fmt.Sprintf("%s #%d: %s – %s", g.TypeTitle, g.ID, g.Players[0], g.Players[1]), "../"), Game: g, Moves: moves}
	if replayErr != nil {
		data.ReplayError = replayErr.Error()
	}
	if len(positions) > 0 {
		// One buffer serves every position: each SVG is cut into lines for
		// the table and dropped, which keeps a long game's memory small.
		var enc plies
		index := map[string]int{}
		var buf []byte
		for _, p := range positions {
			buf = p.Picture().AppendSVG(buf[:0])
			enc.add(index, buf)
		}
		// Served as HTML, the board is trusted markup: the picture package
		// escapes every text it writes.
		data.Board = template.HTML(buf)
		data.Caption = fmt.Sprintf("Final position, after %d plies", len(positions)-1)
		if !g.over() {
			data.Caption = fmt.Sprintf("Position after %d plies", len(positions)-1)
		}
		js, err := json.Marshal(enc)
		if err != nil {
			return nil, err
		}
		data.Plies = template.JS(js) // json.Marshal escapes <, > and &.
	}
	page, err := execute("game.html", data)
	if err != nil {
		return nil, err
	}
	return page, replayErr
}

// plies is every position of a game as SVG, stored as the distinct lines of
// all of them and, per ply, the indices of its lines. Consecutive positions
// share most lines, so this is several times smaller than the SVGs side by
// side (see BenchmarkPliesSize).
type plies struct {
	Lines []string `json:"lines"`
	Plies [][]int  `json:"plies"`
}

func encodePlies(svgs [][]byte) plies {
	var out plies
	index := map[string]int{}
	for _, s := range svgs {
		out.add(index, s)
	}
	return out
}

// add appends one SVG; index maps each line already in the table to its
// position.
func (out *plies) add(index map[string]int, s []byte) {
	ids := make([]int, 0, bytes.Count(s, []byte{'\n'})+1)
	for len(s) > 0 {
		line := s
		if i := bytes.IndexByte(s, '\n'); i >= 0 {
			line, s = s[:i], s[i+1:]
		} else {
			s = nil
		}
		id, ok := index[string(line)] // no allocation for a line seen before
		if !ok {
			id = len(out.Lines)
			index[string(line)] = id
			out.Lines = append(out.Lines, string(line))
		}
		ids = append(ids, id)
	}
	out.Plies = append(out.Plies, ids)
}

// typePage renders types/NAME.html: rules, statistics and every game.
func (b *builder) typePage(t *typeInfo) ([]byte, error) {
	rules, err := b.rules(t.Name)
	if err != nil {
		return nil, err
	}
	return execute("type.html", struct {
		common
		Type                    *typeInfo
		Rules                   template.HTML
		ResultsPlot, LengthPlot template.HTML
		Games                   []*gameInfo
		More                    int
	}{b.common(t.Title, "../"), t, rules, resultsPlot(t), lengthPlot(t), t.games[:min(len(t.games), typeListed)], max(0, len(t.games)-typeListed)})
}

// typeListed caps the games listed on a game type's page, to keep it light
// on a phone; every game stays linked from its players' pages, the search
// and the sitemap.
const typeListed = 200

// markdown renders rules; without html.WithUnsafe, goldmark leaves raw HTML
// out, so a rules file cannot put scripts on the site.
var markdown = goldmark.New(goldmark.WithExtensions(extension.GFM))

func (b *builder) rules(name string) (template.HTML, error) {
	if b.opts.Rules == nil {
		return "", nil
	}
	src, err := fs.ReadFile(b.opts.Rules, name+".md")
	if err != nil {
		return "", nil // not written up yet: the page says so
	}
	var buf bytes.Buffer
	if err := markdown.Convert(src, &buf); err != nil {
		return "", fmt.Errorf("site: rules of %s: %w", name, err)
	}
	return template.HTML(buf.String()), nil
}

func (b *builder) playerPage(p *playerInfo) ([]byte, error) {
	return execute("player.html", struct {
		common
		Player *playerInfo
		Games  []*gameInfo
	}{b.common(p.Name, "../"), p, p.games})
}

// bulk is every record of a game type as one file, oldest game first, which
// notation.ReadRecords reads back.
func (b *builder) bulk(t *typeInfo) []byte {
	var buf bytes.Buffer
	for i := len(t.games) - 1; i >= 0; i-- {
		buf.WriteString(t.games[i].game.Record.String())
		buf.WriteString("\n")
	}
	return buf.Bytes()
}

// index is the search index: one compact array per game, newest first.
func (b *builder) index() ([]byte, error) {
	rows := make([][]any, len(b.a.games))
	for i, g := range b.a.games {
		rows[i] = []any{g.ID, g.TypeTitle, g.Players[0], g.Players[1], g.ResultText(), g.Plies, g.Updated.UTC().Format("2006-01-02")}
	}
	return json.Marshal(rows)
}
