package site

import (
	"bytes"
	"fmt"
	"html"
	"html/template"
	"io/fs"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"

	"postal/club/event"
	"postal/docs/words"
	"postal/engine"
	"postal/notation"
	"postal/site/board"
	"postal/site/view"
	"postal/templates"
)

// pages are the parsed page templates, shared by every build.
var pages = template.Must(template.New("").Funcs(template.FuncMap{
	"date": date,
	"slug": slug,
	// count writes "1 game", "2 games".
	"count": words.Plural,
	"rows":  gameRows,
	"inc":   func(i int) int { return i + 1 }, // a division's number from its index (league.html)
	// capital writes a label as a heading: "Semi-final".
	"capital": func(s string) string {
		if s == "" {
			return s
		}
		return strings.ToUpper(s[:1]) + s[1:]
	},
}).ParseFS(templates.Site, "site/*.html"))

// gameRows is a table of games: number, game and ruleset, players, result
// or whose turn it is, plies, last change. Written here rather than by a
// template: the lists an update rewrites hold hundreds of rows, and the
// template escaper took most of its time.
func gameRows(root string, games []*summary) template.HTML {
	var b strings.Builder
	b.Grow(200 + 400*len(games))
	b.WriteString("<table class=\"games\">\n<thead><tr><th>#</th><th>Game</th><th>Players</th><th>Result</th><th>Plies</th><th>Updated</th></tr></thead>\n<tbody>\n")
	for _, g := range games {
		b.WriteString(gameRow(root, g))
	}
	b.WriteString("</tbody>\n</table>\n")
	return template.HTML(b.String())
}

func date(t time.Time) string {
	if t.IsZero() {
		return "–"
	}
	return t.UTC().Format("2006-01-02 15:04")
}

// siteData is what every page shows in its header and footer.
type siteData struct {
	Title string
	Nav   template.HTML // a link to each game type's page
}

// common is embedded in every page's data.
type common struct {
	Site      siteData
	PageTitle string
	Root      string // "" at the top, "../" one directory down
}

func (b *builder) common(title, root string) common {
	return b.commonNav(title, root, b.ix.listed())
}

// commonNav is common with the game types of the navigation given: a game's
// page is rendered while the index changes, and takes them from before.
func (b *builder) commonNav(title, root string, nav []*typeInfo) common {
	// Written here, not by the template: every page has it, and the
	// template's escaper is slow.
	var links strings.Builder
	for _, t := range nav {
		links.WriteString(`<a href="` + html.EscapeString(root+typePath(t.Name)) + `">` + html.EscapeString(t.Title) + `</a> `)
	}
	if b.tourSource || len(b.tours) > 0 { // a club's, which has tournaments (tournament.go)
		links.WriteString(`<a href="` + html.EscapeString(root+tournamentsIndex) + `">Tournaments</a> `)
	}
	links.WriteString(`<a href="` + html.EscapeString(root+ratingsIndex) + `">Ratings</a> `) // every site has the page (ratings.go)
	return common{Site: siteData{Title: b.title, Nav: template.HTML(links.String())}, PageTitle: title, Root: root}
}

func execute(name string, data any) ([]byte, error) {
	var buf bytes.Buffer
	if err := executeTo(&buf, name, data); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func executeTo(buf *bytes.Buffer, name string, data any) error {
	if err := pages.ExecuteTemplate(buf, name, data); err != nil {
		return fmt.Errorf("site: page %s: %w", name, err)
	}
	return nil
}

// pageBuffers are the buffers game pages are written in, kept from page
// to page: a full build writes one a game, of 5 to 60 kB, and growing a
// new buffer each time was a good part of its allocations.
var pageBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// Page paths. Lists of games are cut into pages of listSize games in the
// order of their numbers, so a game stays on its list page as games are
// added; the search index and the sitemap into shards of shardSize numbers.
const (
	listSize  = 100
	shardSize = 1000
)

func gamePath(id int64) string   { return "games/" + strconv.FormatInt(id, 10) + ".html" }
func recordPath(id int64) string { return "games/" + strconv.FormatInt(id, 10) + ".txt" }
func typePath(name string) string {
	return "types/" + name + ".html"
}
func typeListPath(name string, k int) string { return fmt.Sprintf("types/%s/%d.html", name, k+1) }
func downloadPath(name string, k int) string { return fmt.Sprintf("downloads/%s/%d.txt", name, k+1) }
func playerPath(s string) string             { return "players/" + s + ".html" }
func playerListPath(s string, k int) string  { return fmt.Sprintf("players/%s/%d.html", s, k+1) }
func searchPath(k int64) string              { return fmt.Sprintf("search/%d.js", k) }
func sitemapPath(k int64) string             { return fmt.Sprintf("sitemaps/games-%d.xml", k) }

// blocks counts the list pages of n games.
func blocks(n int) int { return (n + listSize - 1) / listSize }

// blockOf is the list page of id among ids (sorted); -1 when absent.
func blockOf(ids []int64, id int64) int {
	lo, hi := 0, len(ids)
	for lo < hi {
		m := (lo + hi) / 2
		if ids[m] < id {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(ids) && ids[lo] == id {
		return lo / listSize
	}
	return -1
}

// blockLink is one link of a row of list pages.
type blockLink struct {
	Href, Text string
	Current    bool
}

type blockRow struct {
	Label  string
	Blocks []blockLink
}

// blockLinks links the list pages of games ids: "1–100", "101–200"...
func blockLinks(label string, ids []int64, href func(k int) string, current int, keep func(k int) bool) blockRow {
	row := blockRow{Label: label}
	for k := range blocks(len(ids)) {
		if keep != nil && !keep(k) {
			continue
		}
		from, to := k*listSize+1, min(len(ids), (k+1)*listSize)
		row.Blocks = append(row.Blocks, blockLink{Href: href(k), Text: fmt.Sprintf("%d–%d", from, to), Current: k == current})
	}
	return row
}

// homeListed caps the games of each list of the home page, of a game type's
// page and of a player's page: the full lists are on the list pages.
const homeListed = 30

func (b *builder) home() ([]byte, error) {
	shards := int64(0)
	for k := range b.ix.shards() {
		shards = k + 1
	}
	return execute("home.html", struct {
		common
		Games             int
		LastMove          time.Time
		Ongoing, Finished []*summary
		MoreOngoing       int
		Players           []*playerInfo
		Shards            int64
		Types             []*typeInfo
	}{b.common("Home", ""), len(b.ix.games), b.ix.lastMove(), b.ix.ongoing.newest(homeListed),
		b.ix.ended.newest(20), max(0, len(b.ix.ongoing.s)-homeListed), b.ix.sortedPlayers(), shards, b.ix.listed()})
}

// updated dates a game by its last change.
func updated(s *summary) stamp { return s.updated }

// finished dates a finished game by its end, or its last change.
func finished(s *summary) stamp {
	if s.finished == 0 {
		return s.updated
	}
	return s.finished
}

// moveList is the move list of a game page: a ply per item from the start
// (item 0), each with its own id ("ply-12", so links to a ply work without
// JavaScript), its side as a class (p0, p1, by seat; pc for chance) and the
// number players call the move by (data-n: the players' moves are counted,
// a chance step carries none of its own; engine.MoveNumbers, as the club's
// mails number them), its text linking to the ply. Written here rather than
// by the template: a long game has thousands of items, and the template
// escaper took most of a full build.
func moveList(r *notation.Record) template.HTML {
	// Appended piece by piece, without joining strings first: this is a
	// full build's most repeated writing.
	b := make([]byte, 0, 80+80*len(r.Moves))
	b = append(b, `<li id="ply-0" class="start"><a href="#ply-0">Start</a>`...)
	b = append(b, comments(r.Comment)...)
	b = append(b, "</li>\n"...)
	numbers, _ := engine.MoveNumbers(plyTexts(r))
	for i, m := range r.Moves {
		b = append(b, `<li id="ply-`...)
		b = strconv.AppendInt(b, int64(i+1), 10)
		b = append(b, `" class="`...)
		if m.Player >= 0 {
			b = append(b, 'p')
			b = strconv.AppendInt(b, int64(m.Player), 10)
			b = append(b, `" data-n="`...)
			b = strconv.AppendInt(b, int64(numbers[i]), 10)
		} else {
			b = append(b, "pc"...)
		}
		b = append(b, `"><a href="#ply-`...)
		b = strconv.AppendInt(b, int64(i+1), 10)
		b = append(b, `">`...)
		b = appendEscaped(b, m.Text)
		b = append(b, `</a>`...)
		if m.Comment != "" {
			b = append(b, comments(m.Comment)...)
		}
		b = append(b, "</li>\n"...)
	}
	return ownedHTML(b)
}

// appendEscaped appends s escaped as html.EscapeString does, without a
// copy when s needs no escaping (a move's text seldom does).
func appendEscaped(b []byte, s string) []byte {
	if !strings.ContainsAny(s, `<>&'"`) {
		return append(b, s...)
	}
	return append(b, html.EscapeString(s)...)
}

// comments writes the comments of a move, one a line of text (the players'
// messages of a game over are comments), each a paragraph of its own under
// the move: read one after the other, not run together, with or without
// the style sheet. The viewer copies those of the move shown under the
// board, where a phone's one-row move list would hide them.
func comments(text string) string {
	if text == "" {
		return ""
	}
	var b strings.Builder
	for _, c := range strings.Split(text, "\n") {
		b.WriteString(`<p class="comment">` + html.EscapeString(c) + `</p>`)
	}
	return b.String()
}

// gamePage renders games/ID.html into buf. pos is the game's last
// position (nil when unknown); replayErr the engine's objection to the
// record, if any, when pos is the last it reached.
// start is the board of the game's start, nil when it has none.
// back is the position before the last ply, nil when unknown
// (backboard.go).
func (b *builder) gamePage(buf *bytes.Buffer, s *summary, r *notation.Record, pos, back engine.Position, replayErr error, nav []*typeInfo, rated *view.GameRating, start *startBoard) error {
	data := struct {
		// common's fields, not common embedded: the template finds a
		// field of an embedded struct by reflect's FieldByNameFunc, which
		// walks the struct and allocates at each of the page's dozen
		// uses of .Root, on every one of a build's game pages.
		Site                     siteData
		PageTitle                string
		Root                     string
		Game                     *summary
		Ruleset, Options, Config string
		// Version is the version of the rules the game was played by,
		// "" for the current one: the browser's engine replays the moves
		// under it, so an old game replays as it was played.
		Version string
		Board   template.HTML
		// Back is the board before the last ply, as a patch of Board
		// (backboard.go); "" when the page has none.
		Back             template.HTML
		Caption          string
		Moves            template.HTML
		ReplayError      string
		Commitment, Seed string
		Engine, EngineJS string
		WasmExec         string
		Subject, Mailto  string
		Next             int
		Rated            *ratedView // rated.go
		// Event names the game's tournament, league or ladder and its
		// place there ("season 1, division 1"), as its mails do;
		// EventHref is its page, "" when the site has none.
		Event, EventRound, EventHref string
		// EventKind names its format, as a sentence names its events
		// before their names ("cup": "Played in the cup mug"), "" when
		// the record does not say it.
		EventKind string
		// Explorer is the page of the game's opening book, for a
		// finished game the book counts (explorer.go).
		Explorer string
		// Heading and Facts are parts of the page written in Go
		// (gameparts.go).
		Head, Heading, Figure, Facts template.HTML
	}{Game: s, Moves: moveList(r),
		Ruleset: s.Ruleset, Options: optionsText(r.Config.Options), Config: s.Ruleset, Version: olderVersion(r),
		Commitment: r.SeedCommitment, Rated: b.ratedOf(s, rated)}
	c := b.commonNav(fmt.Sprintf("%s #%d: %s", s.Type.Title, s.ID, strings.Join(s.Players, " – ")), "../", nav)
	data.Site, data.PageTitle, data.Root = c.Site, c.PageTitle, c.Root
	if e := theEngine(); e.holds(s.Type.Name) {
		data.Engine, data.EngineJS, data.WasmExec = e.name, e.script, wasmExecAsset().name
	}
	if data.Options != "" {
		data.Config += " " + data.Options
	}
	if data.Event = r.Tag("Event"); data.Event != "" {
		// A tournament's records say the round as a number, a league's
		// and a ladder's in words ("season 1, division 2", "climb 3").
		if data.EventRound = r.Tag("EventRound"); data.EventRound != "" && strings.Trim(data.EventRound, "0123456789") == "" {
			data.EventRound = "round " + data.EventRound
		}
		data.EventHref = b.eventHref(data.Event)
		if k, ok := event.KindOf(r.Tag("EventKind")); ok {
			data.EventKind = k.Called()
		}
	}
	if r.SeedShown() {
		// The record holds a game's seed only once the game is over (its
		// commitment stands in for it meanwhile).
		data.Seed = strconv.FormatUint(r.Config.Seed, 10)
	}
	if replayErr != nil {
		data.ReplayError = replayErr.Error()
	}
	data.Explorer = explorerHref(r, replayErr)
	var err error
	if data.Heading, err = gameHeading(data.Root, s); err != nil {
		return err
	}
	data.Facts = gameFacts(data.Root, s, data.Config, data.Commitment, data.Seed)
	data.Head = gameHead(c)
	v := viewerData{Root: data.Root, Game: s.Type.Name, Ruleset: data.Ruleset, Options: data.Options, Version: data.Version,
		Sides: s.Sides, Final: s.FinalText(), Engine: data.Engine, EngineJS: data.EngineJS, WasmExec: data.WasmExec, Explorer: data.Explorer}
	if start != nil {
		v.Start, v.StartToMove = start.name, start.toMove
	}
	data.Figure = gameFigure(v)
	if pos != nil {
		final := ""
		if replayErr == nil {
			final = s.FinalText()
			// A game ended off the board (a resignation, the clock, a draw
			// agreed) has a last position that does not know it: its
			// picture would say whose move it was. Ended makes it say the
			// result, as the mails' boards do.
			pos = engine.Ended(pos, s.Result)
		}
		// Served as HTML, the board is trusted markup: the picture package
		// escapes every text it writes.
		pic := board.Picture(pos, final)
		if back != nil && replayErr == nil {
			svg, pt, ok := pic.MinSVGPatch(board.Picture(back, ""))
			data.Board = ownedHTML(svg)
			if ok {
				data.Back = backTemplate(pt, back)
			}
		} else {
			data.Board = ownedHTML(pic.MinSVG())
		}
	}
	if !s.over() {
		// A move sent from the page goes by mail, in the game's own thread.
		data.Subject = gameSubject(s)
		data.Mailto = b.opts.Club
		_, data.Next = engine.MoveNumbers(plyTexts(r))
	}
	// The caption names the last move, as the viewer's names each ply it
	// shows (viewer.js: label), then says how the game stands.
	switch last := lastMove(r, s.Sides); {
	case replayErr != nil && pos != nil:
		data.Caption = fmt.Sprintf("The last position the record reaches, after ply %d of %d.", pos.Ply(), len(r.Moves))
	case replayErr != nil:
		data.Caption = "No position: the record does not replay."
	case s.over():
		data.Caption = fmt.Sprintf("%s. Final position: %s.", last, s.FinalText())
	case len(s.ToMove) > 0:
		var who []string
		for _, p := range s.ToMove {
			who = append(who, sideName(s.Sides, p))
		}
		data.Caption = fmt.Sprintf("%s. %s to move.", last, strings.Join(who, " and "))
	default:
		data.Caption = last + "."
	}
	return executeTo(buf, "game.html", data)
}

// lastMove names the last ply of r as players do: "Move 12, White: e2-e4",
// "Chance: 4" (a chance step has no number of its own), "Start position"
// before the first.
func lastMove(r *notation.Record, sides []string) string {
	n := len(r.Moves)
	if n == 0 {
		return "Start position"
	}
	m := r.Moves[n-1]
	if m.Player < 0 {
		return "Chance: " + m.Text
	}
	numbers, _ := engine.MoveNumbers(plyTexts(r))
	return fmt.Sprintf("Move %d, %s: %s", numbers[n-1], sideName(sides, m.Player), m.Text)
}

// sideName names seat p by its side, "Chance" for chance (viewer.js: side).
func sideName(sides []string, p engine.Player) string {
	if p >= 0 && int(p) < len(sides) {
		return sides[p]
	}
	return "Chance"
}

// olderVersion is the version of the rules r was played by when it is
// older than its game's current one, else "".
func olderVersion(r *notation.Record) string {
	g, err := engine.Lookup(r.Game)
	if err != nil {
		return ""
	}
	return g.Info().OlderVersion(r.Config.Version)
}

// plyTexts are r's plies as move numbers read them (engine.MoveNumbers): who
// made each and its text.
func plyTexts(r *notation.Record) []engine.PlyText {
	out := make([]engine.PlyText, len(r.Moves))
	for i, m := range r.Moves {
		out[i] = engine.PlyText{Player: m.Player, Text: m.Text}
	}
	return out
}

// gameSubject is the Subject of the club's mails about game s (club/mail.go,
// gameSubject): a move sent from the page joins the game's thread.
func gameSubject(s *summary) string {
	return fmt.Sprintf("[postal #%d] %s: %s", s.ID, s.Type.Title, strings.Join(s.Players, " vs "))
}

func optionsText(opts map[string]string) string {
	c := engine.Config{Options: opts}
	return strings.TrimSpace(c.String())
}

// rulesetStats are a ruleset's games for the statistics.
type rulesetStats struct {
	Ruleset, Description     string
	Games, Finished          int
	Results, Places, Lengths template.HTML
}

// rulesetTally counts the finished games of a ruleset: wins by seat,
// draws, other ends, and, in a game of more than two, each seat's places.
type rulesetTally struct {
	sides        []string // the ruleset's seats, all of them
	wins         []int
	draws, other int
	places       [][]int // by seat, then place - 1
	lengths      []int
}

func newTally(sides []string) *rulesetTally {
	t := &rulesetTally{sides: sides, wins: make([]int, len(sides))}
	if len(sides) > 2 {
		t.places = make([][]int, len(sides))
		for i := range t.places {
			t.places[i] = make([]int, len(sides))
		}
	}
	return t
}

func (t *rulesetTally) add(s *summary) {
	t.lengths = append(t.lengths, s.Plies)
	r := s.Result
	switch {
	case r.Kind == engine.Win && r.Winner >= 0 && int(r.Winner) < len(t.wins):
		t.wins[r.Winner]++
	case r.Kind == engine.Draw:
		t.draws++
	default:
		t.other++
	}
	for seat, place := range r.Places {
		if seat < len(t.places) && place >= 1 && place <= len(t.places[seat]) {
			t.places[seat][place-1]++
		}
	}
}

// stats are the statistics of a game type, one ruleset at a time: rulesets
// of one game may have opposite goals (misère), so they are never pooled.
func (b *builder) stats(t *typeInfo) []rulesetStats {
	order := map[string]int{}
	var out []rulesetStats
	var tallies []*rulesetTally
	for _, r := range t.Rulesets {
		order[r.Name] = len(out)
		out = append(out, rulesetStats{Ruleset: r.Name, Description: r.Description})
		sides := r.Sides
		if sides == nil {
			sides = t.Sides
		}
		tallies = append(tallies, newTally(sides))
	}
	// A pass over the game type's games, whenever one comes, goes or
	// ends (typeInfo.pageKept): no list of their summaries made first.
	last, lastAt := "", -1
	for _, id := range t.games {
		s := b.ix.games[id]
		if s == nil {
			continue
		}
		i, ok := lastAt, lastAt >= 0 && s.Ruleset == last
		if !ok {
			i, ok = order[s.Ruleset]
			last, lastAt = s.Ruleset, i
		}
		if !ok {
			i = len(out)
			order[s.Ruleset] = i
			lastAt = i
			out = append(out, rulesetStats{Ruleset: s.Ruleset})
			tallies = append(tallies, newTally(s.Sides))
		}
		out[i].Games++
		if !s.over() {
			continue
		}
		out[i].Finished++
		tallies[i].add(s)
	}
	kept := out[:0]
	for i, st := range out {
		if st.Games == 0 {
			continue
		}
		if st.Finished > 0 {
			tl := tallies[i]
			st.Results = resultsPlot(tl.sides, tl.wins, tl.draws, tl.other)
			if tl.places != nil {
				st.Places = placesPlot(tl.sides, tl.places)
			}
			st.Lengths = lengthPlot(tl.lengths)
		}
		kept = append(kept, st)
	}
	return kept
}

// typePage renders types/NAME.html: its latest games and the links to all,
// statistics by ruleset, then the rules.
func (b *builder) typePage(t *typeInfo) ([]byte, error) {
	rules, err := b.rules(t.Name)
	if err != nil {
		return nil, err
	}
	if !t.pageKept {
		t.stats = b.stats(t)
		t.lists = blockLinks("All games", t.games, func(k int) string { return typeListPath(t.Name, k)[len("types/"):] }, -1, nil)
		t.downloads = b.downloadLinks(t, "../")
		t.pageKept = true
	}
	return execute("type.html", struct {
		common
		Type            *typeInfo
		Games           []*summary
		List, Downloads blockRow
		Stats           []rulesetStats
		Rules           template.HTML
		Explorers       []explorerLink
	}{b.common(t.Title, "../"), t, t.recent.newest(homeListed), t.lists, t.downloads, t.stats, rules, b.explorerLinks(t.Name)})
}

// downloadLinks links the records of each list page that has a finished
// game.
func (b *builder) downloadLinks(t *typeInfo, root string) blockRow {
	return blockLinks("Records of finished games", t.games, func(k int) string { return root + downloadPath(t.Name, k) }, -1,
		func(k int) bool { return b.hasFinished(t, k) })
}

// hasFinished reports whether list page k of t has a finished game, so a
// download: it stops at the first (a game type's page asks it of every
// list page at every update).
func (b *builder) hasFinished(t *typeInfo, k int) bool {
	for _, id := range block(t.games, k) {
		if s := b.ix.games[id]; s != nil && s.over() {
			return true
		}
	}
	return false
}

func block(ids []int64, k int) []int64 {
	if k < 0 || k*listSize >= len(ids) {
		return nil
	}
	return ids[k*listSize : min(len(ids), (k+1)*listSize)]
}

// typeListPage renders types/NAME/K.html, list page k of a game type.
func (b *builder) typeListPage(t *typeInfo, k int) ([]byte, error) {
	ids := block(t.games, k)
	download := ""
	if b.hasFinished(t, k) {
		download = "../../" + downloadPath(t.Name, k)
	}
	prev, next := neighbours(t.games, k)
	return execute("list.html", listData{
		common:  b.common(fmt.Sprintf("%s: games %d–%d", t.Title, k*listSize+1, k*listSize+len(ids)), "../../"),
		Heading: fmt.Sprintf("%s: games %d–%d", t.Title, k*listSize+1, k*listSize+len(ids)),
		Back:    "../" + t.Name + ".html", BackText: t.Title, Prev: prev, Next: next,
		Games: b.ix.summaries(ids), Download: download,
	})
}

// listData is a list page: a fixed share of a game type's or a player's
// games, which says nothing of the others (their number, the pages after
// the next), so a change elsewhere in the list does not touch it.
type listData struct {
	common
	Heading, Back, BackText string
	Prev, Next              *blockLink
	Games                   []*summary
	Download                string
}

// neighbours links list page k's previous and next pages of ids.
func neighbours(ids []int64, k int) (prev, next *blockLink) {
	row := blockLinks("", ids, func(k int) string { return fmt.Sprintf("%d.html", k+1) }, -1, nil).Blocks
	if k > 0 && k-1 < len(row) {
		prev = &row[k-1]
	}
	if k+1 < len(row) {
		// Named by its first game only: the next page may be the last, and
		// grow.
		next = &blockLink{Href: row[k+1].Href, Text: fmt.Sprintf("from %d", (k+1)*listSize+1)}
	}
	return prev, next
}

// markdown renders rules; without html.WithUnsafe, goldmark leaves raw HTML
// out, so a rules file cannot put scripts on the site.
var markdown = goldmark.New(goldmark.WithExtensions(extension.GFM))

// rules renders the rules of game type name, once per builder: they change
// only with the site's version.
func (b *builder) rules(name string) (template.HTML, error) {
	if b.opts.Rules == nil {
		return "", nil
	}
	if h, ok := b.rulesHTML.Load(name); ok {
		return h.(template.HTML), nil
	}
	src, err := fs.ReadFile(b.opts.Rules, name+".md")
	if err != nil {
		return "", nil // not written up yet: the page says so
	}
	var buf bytes.Buffer
	if err := markdown.Convert(src, &buf); err != nil {
		return "", fmt.Errorf("site: rules of %s: %w", name, err)
	}
	h := template.HTML(buf.String())
	b.rulesHTML.Store(name, h)
	return h, nil
}

// recordRow is a player's results in one game type or ruleset: games of
// two won, drawn or lost, games of more by place.
type recordRow struct {
	Name, Title, Ruleset             string
	Games, Won, Drawn, Lost, Ongoing int
	// places counts the player's finished games of more than two players
	// by place (Superial Chess R13d).
	places map[placing]int
}

// placeOf is the best place of the seats name holds in s: 1 for a win or a
// share of a draw; 0 while s goes on or when name holds no seat.
func placeOf(s *summary, name string) int {
	best := 0
	for seat, p := range s.Players {
		if pl := s.Result.Place(engine.Player(seat)); p == name && pl > 0 && (best == 0 || pl < best) {
			best = pl
		}
	}
	return best
}

// playerRecord is a player's results per game type and, where a type has
// several rulesets, per ruleset below it.
func (b *builder) playerRecord(p *playerInfo) []recordRow {
	type key = recordKey
	tally := p.tally(b.ix)
	rows := func(k key) *recordRow { return tally.row(k) }
	var out []recordRow
	for _, t := range b.ix.listed() {
		r := rows(key{t.Name, ""})
		if r == nil {
			continue
		}
		var byRuleset []recordRow
		for _, rs := range t.Rulesets {
			if r := rows(key{t.Name, rs.Name}); r != nil {
				byRuleset = append(byRuleset, *r)
			}
		}
		if len(byRuleset) == 1 {
			// One ruleset played: one row, which names it (a row of the
			// game and one of its ruleset would say the same twice).
			out = append(out, byRuleset[0])
			continue
		}
		out = append(out, *r)
		out = append(out, byRuleset...)
	}
	return out
}

func (b *builder) playerPage(p *playerInfo) ([]byte, error) {
	ongoing := p.ongoing.newest(2 * homeListed)
	record := b.playerRecord(p)
	placed := slices.ContainsFunc(record, func(r recordRow) bool { return r.places != nil })
	ratings, plots := b.playerRatings(p.Name)
	return execute("player.html", struct {
		common
		Player          *playerInfo
		Record          []recordRow
		Placed          bool // a column of places, for games of more than two
		Ratings         []playerRating
		Plots           []template.HTML // rating over time, a plot a list
		Ongoing, Latest []*summary
		List            blockRow
	}{b.common(p.Name, "../"), p, record, placed, ratings, plots, ongoing, p.ended.newest(homeListed),
		blockLinks("All games", p.games, func(k int) string { return playerListPath(p.Slug, k)[len("players/"):] }, -1, nil)})
}

func (b *builder) playerListPage(p *playerInfo, k int) ([]byte, error) {
	ids := block(p.games, k)
	prev, next := neighbours(p.games, k)
	return execute("list.html", listData{
		common:  b.common(fmt.Sprintf("%s: games %d–%d", p.Name, k*listSize+1, k*listSize+len(ids)), "../../"),
		Heading: fmt.Sprintf("%s: games %d–%d", p.Name, k*listSize+1, k*listSize+len(ids)),
		Back:    "../" + p.Slug + ".html", BackText: p.Name, Prev: prev, Next: next,
		Games: b.ix.summaries(ids),
	})
}
