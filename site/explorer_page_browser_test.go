package site

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	longtest "postal/engine/enginetest/long"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"postal/engine"
	"postal/notation"
	"postal/site/board"
	"postal/site/browsertest"
)

// explorerNode is a node file of the explorer as the page's script reads it
// (the contract of site/explorer's files).
type explorerNode struct {
	Key      string         `json:"key"`
	Position string         `json:"position"`
	Moves    []string       `json:"moves"`
	Games    int            `json:"games"`
	Recent   []int64        `json:"recent"`
	Lines    []explorerLine `json:"lines"`
	More     int            `json:"more"`
}

type explorerLine struct {
	Move   string  `json:"move"`
	Player int     `json:"player"`
	Next   string  `json:"next"`
	Games  int     `json:"games"`
	Wins   []int   `json:"wins"`
	Draws  int     `json:"draws"`
	Places [][]int `json:"places"`
	Last   int64   `json:"last"`
}

// explorerBook is an explorer page of a built site, served, and its node
// files on disk.
type explorerBook struct {
	base  string // the server's URL
	page  string // the page's path, "explorer/imperial-chess.html"
	nodes string // the directory of its node files
	root  string // the root node's name
	game  string
	cfg   engine.Config
	shots string // the stem of its screenshots' names
}

func (e explorerBook) node(t *testing.T, name string) explorerNode {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(e.nodes, name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var n explorerNode
	if err := json.Unmarshal(data, &n); err != nil {
		t.Fatalf("node %s: %v", name, err)
	}
	return n
}

// fixtureExplorer builds a site and puts into it the hand-written explorer
// page of testdata/explorer (an Imperial Chess book of ten games, four
// node files), with the engine's files and the start board the site has.
func fixtureExplorer(t *testing.T) (explorerBook, func()) {
	t.Helper()
	out := filepath.Join(t.TempDir(), "site")
	if _, err := Build(context.Background(), NewMemory(fixedArchive(t)...), testOptions(out)); err != nil {
		t.Fatal(err)
	}
	_, _, start, err := engine.New("imperial-chess", engine.Config{})
	if err != nil {
		t.Fatal(err)
	}
	fill := strings.NewReplacer("{{ENGINE}}", theEngine().name, "{{ENGINEJS}}", theEngine().script,
		"{{WASMEXEC}}", wasmExecAsset().name, "{{BOARD}}", string(board.SVG(start, "")))
	src := filepath.Join("testdata", "explorer")
	err = filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		to := filepath.Join(out, "explorer", rel)
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			return err
		}
		return os.WriteFile(to, []byte(fill.Replace(string(data))), 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(Handler(out))
	return explorerBook{base: srv.URL, page: "explorer/imperial-chess.html", nodes: filepath.Join(out, "explorer", "imperial-chess"),
		root: "b401b99ad53dfdb3", game: "imperial-chess", shots: "explorer-fixture"}, srv.Close
}

// TestExplorerSite drives the explorer of a site built from finished games
// of Imperial Chess that share their openings (as a club's do), as
// TestExplorerPage drives the hand-written one; and a game page's link
// "This position in the explorer", which follows the step shown.
func TestExplorerSite(t *testing.T) {
	b := newBrowser(t)
	games := openingGames(t, 40, 7)
	out := filepath.Join(t.TempDir(), "site")
	if _, err := Build(context.Background(), NewMemory(games...), testOptions(out)); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(Handler(out))
	defer srv.Close()
	pages, _ := filepath.Glob(filepath.Join(out, "explorer", "imperial-chess", "*.html"))
	if len(pages) != 1 {
		t.Fatalf("the site has explorer pages %q; want one of Imperial Chess", pages)
	}
	rel, _ := filepath.Rel(out, pages[0])
	book := explorerBook{base: srv.URL, page: filepath.ToSlash(rel), nodes: strings.TrimSuffix(pages[0], ".html"), game: "imperial-chess", cfg: games[0].Record.Config, shots: "explorer"}
	b.open(t, book.base+"/"+book.page)
	book.root = eval[string](t, b, `document.getElementById('explorer').getAttribute('data-root')`)
	if got := book.node(t, book.root).Games; got != len(games) {
		t.Errorf("the root counts %d games; want the %d finished", got, len(games))
	}
	for _, size := range []struct {
		name string
		w, h int64
	}{{"desktop", 1280, 900}, {"phone", 400, 860}} {
		t.Run(size.name, func(t *testing.T) {
			b.do(t, chromedp.EmulateViewport(size.w, size.h))
			explorerTest(t, b, book, size.w)
			// The link from a game page is the viewer's, alike at
			// both widths: at a desktop's only under the race
			// detector (go test -race), at both in make test-long
			// (make test leaves this test to it: LONG_ONLY).
			if size.name == "desktop" || !longtest.Raced || longtest.Enabled() {
				gameLinkTest(t, b, book, &games[0])
			}
		})
	}
	for _, p := range b.Problems() {
		t.Errorf("browser: %s", p)
	}
}

// gameLinkTest steps a game's page to a few plies and follows its link to
// the explorer, which must open at that position.
func gameLinkTest(t *testing.T, b *browser, book explorerBook, g *Game) {
	b.open(t, fmt.Sprintf("%s/games/%d.html", book.base, g.ID))
	b.do(t, chromedp.KeyEvent(kb.Home))
	for k := range 3 {
		if k > 0 {
			b.do(t, chromedp.KeyEvent(kb.ArrowRight))
		}
		awaitPly(t, b, fmt.Sprint(k))
		href := eval[string](t, b, `(document.querySelector('#viewer .to-explorer a') || {}).href || ''`)
		var want []string
		for _, m := range g.Record.Moves[:k] {
			want = append(want, m.Text)
		}
		page, hash, _ := strings.Cut(href, "#")
		if page != book.base+"/"+book.page || !slices.Equal(hashMoves(t, "#"+hash), want) && !(k == 0 && hash == "") {
			t.Errorf("at ply %d the link to the explorer is %q; want %s#m= and %q", k, href, book.page, want)
		}
	}
	explorerShot(t, b, fmt.Sprintf("game-link-%d.png", eval[int](t, b, `window.innerWidth`)))
	b.do(t, chromedp.Click(chromedp.CSS("#viewer .to-explorer a")))
	v := awaitExplorer(t, b, 2)
	moves := []string{g.Record.Moves[0].Text, g.Record.Moves[1].Text}
	n := book.node(t, book.root)
	for _, m := range moves {
		i := slices.IndexFunc(n.Lines, func(l explorerLine) bool { return l.Move == m })
		if i < 0 || n.Lines[i].Next == "" {
			t.Fatalf("the book has no node after %q", moves)
		}
		n = book.node(t, n.Lines[i].Next)
	}
	wantNode(t, book, v, n, moves, "from the game's link at ply 2")
}

// openingGames are n finished games of Imperial Chess whose first three
// plies are each one of the first two legal moves, so that they share
// their openings as a club's games do, random after that, resigned at ply
// 40 at most.
func openingGames(t *testing.T, n int, seed uint64) []Game {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, seed))
	var out []Game
	for len(out) < n {
		_, cfg, pos, err := engine.New("imperial-chess", engine.Config{})
		if err != nil {
			t.Fatal(err)
		}
		r := &notation.Record{Game: "imperial-chess", Config: cfg, Players: []string{names[len(out)%len(names)], names[(len(out)+1)%len(names)]}}
		for range 3 {
			p := pos.ToMove()[0]
			m := pos.Legal(p)[rng.IntN(2)]
			if pos, err = pos.Apply(p, m); err != nil {
				t.Fatal(err)
			}
			r.Add(p, m.String())
		}
		final, steps, err := engine.RandomGame(pos, rng, 10+rng.IntN(27))
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range steps {
			r.Add(s.Player, s.Move.String())
		}
		if r.Result = final.Result(); !r.Result.Over() {
			loser := final.ToMove()[0]
			r.Result = engine.Result{Kind: engine.Win, Winner: 1 - loser, Reason: r.Players[loser] + " resigned"}
		}
		r.SetTag("Termination", r.Result.Reason)
		id := int64(len(out) + 1)
		at := base.Add(time.Duration(id) * time.Hour)
		out = append(out, Game{ID: id, Record: r, Started: at, Updated: at.Add(time.Hour), Finished: at.Add(time.Hour)})
	}
	return out
}

// TestExplorerPlaces opens the explorer of four-player Superial Chess: each
// move's results say each seat's places, as its node file counts them.
func TestExplorerPlaces(t *testing.T) {
	b := newBrowser(t)
	rng := rand.New(rand.NewPCG(9, 9))
	var games []Game
	for id := int64(1); id <= 8; id++ {
		_, cfg, pos, err := engine.New("superial-chess", engine.Config{Ruleset: "multiplayer", Options: map[string]string{"players": "4"}, Seed: rng.Uint64()})
		if err != nil {
			t.Fatal(err)
		}
		_, steps, err := engine.RandomGame(pos, rng, 6)
		if err != nil {
			t.Fatal(err)
		}
		r := &notation.Record{Game: "superial-chess", Config: cfg, Players: []string{"alice", "bob", "carol", "dave"}}
		for _, s := range steps {
			r.Add(s.Player, s.Move.String())
		}
		places := []int{1, 2, 3, 4}
		rng.Shuffle(len(places), func(i, j int) { places[i], places[j] = places[j], places[i] })
		r.Result = engine.Result{Kind: engine.Win, Winner: engine.Player(slices.Index(places, 1)), Places: places, Reason: "agreed"}
		r.SetTag("Termination", r.Result.Reason)
		at := base.Add(time.Duration(id) * time.Hour)
		games = append(games, Game{ID: id, Record: r, Started: at, Updated: at.Add(time.Hour), Finished: at.Add(time.Hour)})
	}
	out := filepath.Join(t.TempDir(), "site")
	if _, err := Build(context.Background(), NewMemory(games...), testOptions(out)); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(Handler(out))
	defer srv.Close()
	pages, _ := filepath.Glob(filepath.Join(out, "explorer", "superial-chess", "*.html"))
	if len(pages) != 1 {
		t.Fatalf("the site has explorer pages %q; want one of Superial Chess", pages)
	}
	rel, _ := filepath.Rel(out, pages[0])
	book := explorerBook{base: srv.URL, page: filepath.ToSlash(rel), nodes: strings.TrimSuffix(pages[0], ".html"), game: "superial-chess", cfg: games[0].Record.Config}
	b.open(t, book.base+"/"+book.page)
	awaitExplorer(t, b, 0)
	book.root = eval[string](t, b, `document.getElementById('explorer').getAttribute('data-root')`)
	seats := strings.Split(eval[string](t, b, `document.getElementById('explorer').getAttribute('data-seats')`), "|")
	root := book.node(t, book.root)
	shown := eval[[]string](t, b, `Array.prototype.map.call(document.querySelectorAll('#explorer tbody .results .nums'), function(n){ return n.textContent; })`)
	if len(shown) != len(root.Lines) {
		t.Fatalf("%d results shown for %d lines", len(shown), len(root.Lines))
	}
	for i, l := range root.Lines {
		if len(l.Places) != 4 {
			t.Errorf("%s: places %v; want four seats'", l.Move, l.Places)
			continue
		}
		for s, ps := range l.Places {
			var nums []string
			for _, n := range ps {
				nums = append(nums, fmt.Sprint(n))
			}
			if want := seats[s] + " " + strings.Join(nums, "-"); !strings.Contains(shown[i], want) {
				t.Errorf("%s: results %q do not say %q", l.Move, shown[i], want)
			}
		}
	}
	ctx, cancel := context.WithTimeout(b.Ctx, 60*time.Second)
	vs, err := browsertest.Axe(ctx)
	cancel()
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range vs {
		t.Errorf("axe: %s", v)
	}
	explorerShot(t, b, "explorer-places-1280.png")
	for _, p := range b.Problems() {
		t.Errorf("browser: %s", p)
	}
}

// TestExplorerPage drives the explorer's page (explorer.js) in Chromium
// over the hand-written book of testdata/explorer, at a desktop's width
// and a phone's: its first level without scripts, a move clicked, one
// taken by the keyboard, the URL's fragment, back, the path, a page
// opened at a position, a move whose position has no file; and axe.
// Under the race detector (go test -race) at a desktop's width only: the
// phone's is TestExplorerSite's too, on a site built; make test-long runs
// both (make test leaves it to make test-long: the Makefile's LONG_ONLY).
func TestExplorerPage(t *testing.T) {
	b := newBrowser(t)
	book, stop := fixtureExplorer(t)
	defer stop()
	for _, size := range []struct {
		name string
		w, h int64
	}{{"desktop", 1280, 900}, {"phone", 400, 860}} {
		if size.name == "phone" && longtest.Raced && !longtest.Enabled() {
			continue
		}
		t.Run(size.name, func(t *testing.T) {
			b.do(t, chromedp.EmulateViewport(size.w, size.h))
			explorerTest(t, b, book, size.w)
		})
	}
	for _, p := range b.Problems() {
		t.Errorf("browser: %s", p)
	}
	for _, u := range b.Requests() {
		if !strings.HasPrefix(u, book.base+"/") && u != "about:blank" && !strings.HasPrefix(u, "data:") {
			t.Errorf("request leaves the site: %s", u)
		}
	}
}

// explorerView is what the explorer shows.
type explorerView struct {
	Hash  string   `json:"hash"`
	Path  []string `json:"path"`
	Moves []string `json:"moves"`
	Games []int    `json:"games"`
	Hrefs []string `json:"hrefs"`
	Board string   `json:"board"`
	Shown string   `json:"shown"` // the number of moves of the position the engine drew, "" before any
}

var explorerViewJS = `(function(){
  var rows = document.querySelectorAll('#explorer table.explorer-moves tbody tr');
  var v = {hash: location.hash, path: [], moves: [], games: [], hrefs: [], board: '', shown: ''};
  document.querySelectorAll('#explorer .explorer-path li').forEach(function(li){ v.path.push(li.textContent); });
  rows.forEach(function(tr){
    var th = tr.querySelector('th'), a = th && th.querySelector('a');
    if (!th) return;
    // Without the script the move is the cell's first text, its seat after.
    v.moves.push(a ? a.textContent : th.firstChild.textContent.trim());
    v.games.push(parseInt(tr.querySelector('td').textContent, 10));
    v.hrefs.push(a ? a.href : '');
  });
  var b = document.querySelector('#explorer .board');
  v.shown = b && b.getAttribute('data-drawn') || '';
  v.board = ` + explorerSignatureJS + `;
  return v;
})()`

// explorerSignatureJS is signatureJS of the explorer's board.
var explorerSignatureJS = strings.Replace(signatureJS, "#board svg", "#explorer figure svg", 1)

func explorerShows(t *testing.T, b *browser) explorerView {
	t.Helper()
	return eval[explorerView](t, b, explorerViewJS)
}

// awaitExplorer waits for the explorer to stand at the position after n
// moves, its board drawn (the start's board is the page's own).
func awaitExplorer(t *testing.T, b *browser, n int) explorerView {
	t.Helper()
	ctx, cancel := context.WithTimeout(b.Ctx, 30*time.Second)
	defer cancel()
	js := fmt.Sprintf(`(function(){
	  var path = document.querySelectorAll('#explorer .explorer-path li').length;
	  var b = document.querySelector('#explorer .board'), cap = document.querySelector('#explorer figcaption');
	  return path === %d && b && b.getAttribute('data-moves') === '%d' && (%d === 0 || b.getAttribute('data-drawn') === '%d') && !/Loading/.test(cap.textContent);
	})()`, n+1, n, n, n)
	// Polled from here, not by chromedp.Poll: a page just opened may
	// replace the context a poll started in.
	for {
		done, err := chromedp.Run(ctx, chromedp.Evaluate[bool](js))
		if err == nil && done {
			break
		}
		if ctx.Err() != nil {
			v := explorerShows(t, b)
			t.Fatalf("the explorer does not stand after %d moves: %v (it shows path %q, status %q)", n, err, v.Path,
				eval[string](t, b, `document.querySelector('#explorer .explorer-status').textContent`))
		}
		time.Sleep(10 * time.Millisecond)
	}
	return explorerShows(t, b)
}

// wantNode checks that the table lists the node's lines, in order, with
// their counts, that the counts add up, and that the board is the
// engine's picture of the position after moves.
func wantNode(t *testing.T, book explorerBook, v explorerView, n explorerNode, moves []string, how string) {
	t.Helper()
	var want []string
	var games []int
	sum := 0
	for _, l := range n.Lines {
		want = append(want, l.Move)
		games = append(games, l.Games)
		sum += l.Games
		if l.Games < 1 || l.Games > n.Games {
			t.Errorf("%s: line %s counts %d games of the node's %d", how, l.Move, l.Games, n.Games)
		}
	}
	if !slices.Equal(v.Moves, want) || !slices.Equal(v.Games, games) {
		t.Errorf("%s: the table lists %q %v; want %q %v", how, v.Moves, v.Games, want, games)
	}
	// A game may end at a node: its lines count no more games than it.
	if sum > n.Games {
		t.Errorf("%s: the lines count %d games, the node %d", how, sum, n.Games)
	}
	if len(v.Path) != len(moves)+1 || !slices.Equal(v.Path[1:], moves) {
		t.Errorf("%s: path %q; want Start and %q", how, v.Path, moves)
	}
	if got := hashMoves(t, v.Hash); !slices.Equal(got, moves) {
		t.Errorf("%s: the fragment %q names %q; want %q", how, v.Hash, got, moves)
	}
	pos := explorerPosition(t, book, moves)
	if v.Board != svgSignature(t, board.SVG(pos, "")) && v.Board != svgSignature(t, board.Picture(pos, "").SVG()) {
		t.Errorf("%s: the board is not the engine's picture of the position after %q", how, moves)
	}
}

// hashMoves reads the moves of an explorer's fragment: "#m=" and the
// moves, each escaped, joined by commas; none for no fragment.
func hashMoves(t *testing.T, hash string) []string {
	t.Helper()
	if hash == "" || hash == "#" || hash == "#m=" {
		return nil
	}
	rest, ok := strings.CutPrefix(hash, "#m=")
	if !ok {
		t.Errorf("fragment %q does not start with #m=", hash)
		return nil
	}
	var out []string
	for _, m := range strings.Split(rest, ",") {
		u, err := url.PathUnescape(m)
		if err != nil || strings.ContainsAny(m, " ,") {
			t.Errorf("fragment %q: %q is not escaped", hash, m)
		}
		out = append(out, u)
	}
	return out
}

// explorerPosition plays moves from the book's start.
func explorerPosition(t *testing.T, book explorerBook, moves []string) engine.Position {
	t.Helper()
	_, _, p, err := engine.New(book.game, book.cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range moves {
		var next engine.Position
		for _, pl := range p.ToMove() {
			if next, _, err = engine.Play(p, pl, m); err == nil {
				break
			}
		}
		if err != nil {
			t.Fatalf("%s after %q: %v", m, moves, err)
		}
		p = next
	}
	return p
}

func explorerTest(t *testing.T, b *browser, book explorerBook, width int64) {
	page := book.base + "/" + book.page
	root := book.node(t, book.root)

	// Without scripts: the first level, from the page's own markup.
	noScript := func(off bool) {
		if _, err := chromedp.Call(b.Ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: off}); err != nil {
			t.Fatal(err)
		}
	}
	noScript(true)
	b.open(t, page)
	plain := explorerShows(t, b)
	noScript(false)
	var firsts []string
	for _, l := range root.Lines {
		firsts = append(firsts, l.Move)
	}
	if !slices.Equal(plain.Moves, firsts) {
		t.Errorf("without scripts the page lists %q; want the first moves %q", plain.Moves, firsts)
	}
	if len(plain.Path) != 0 || plain.Board == "" {
		t.Errorf("without scripts: path %q (want none), a board: %v", plain.Path, plain.Board != "")
	}

	b.open(t, page)
	v := awaitExplorer(t, b, 0)
	wantNode(t, book, v, root, nil, "on load")
	start := v.Board
	if got := eval[[]string](t, b, engineRequestsJS); len(got) > 0 {
		t.Errorf("the page fetched the engine on load: %q", got)
	}

	// A move clicked: its node.
	hasFile := func(l explorerLine) bool { return l.Next != "" }
	i := slices.IndexFunc(root.Lines, hasFile)
	if i < 0 {
		t.Fatal("no first move has a node file")
	}
	first := root.Lines[i]
	b.do(t, chromedp.Click(chromedp.CSS(fmt.Sprintf("#explorer tbody tr:nth-child(%d) th a", i+1))))
	v = awaitExplorer(t, b, 1)
	n1 := book.node(t, first.Next)
	wantNode(t, book, v, n1, []string{first.Move}, "after a click on "+first.Move)
	if n1.Games < first.Games {
		t.Errorf("%s: its node counts %d games, the line %d", first.Move, n1.Games, first.Games)
	}
	if v.Board == start {
		t.Errorf("after a click on %s the board is still the start's", first.Move)
	}
	if got := eval[[]string](t, b, engineRequestsJS); len(got) != 2 {
		t.Errorf("stepping in fetched %q; want the engine and its loader, once", got)
	}
	if s := eval[string](t, b, `document.querySelector('#explorer .explorer-games').textContent`); !strings.Contains(s, "All games") ||
		!strings.HasPrefix(s, fmt.Sprintf("%d game", n1.Games)) {
		t.Errorf("after a click on %s the games reached say %q; want its %d games and the link to all", first.Move, s, n1.Games)
	}
	if eval[bool](t, b, `!!document.querySelector('#explorer table.explorer-moves ~ p.note:not(.explorer-more)')`) {
		t.Errorf("after a click on %s the first level's notes stay", first.Move)
	}
	more := eval[string](t, b, `(function(){ var p = document.querySelector('#explorer .explorer-more'); return p && !p.hidden ? p.textContent : ''; })()`)
	if (n1.More > 0) != strings.HasPrefix(more, fmt.Sprintf("And %d move", n1.More)) {
		t.Errorf("after a click on %s, whose file leaves out %d lines, the table's note says %q", first.Move, n1.More, more)
	}
	explorerShot(t, b, fmt.Sprintf("%s-%d.png", book.shots, width))
	if w := eval[int](t, b, `document.documentElement.scrollWidth`); w > int(width) {
		t.Errorf("at %d px the page is %d px wide", width, w)
	}

	// A move by the keyboard: its link focused, Enter.
	deep := 1
	if j := slices.IndexFunc(n1.Lines, hasFile); j >= 0 {
		second := n1.Lines[j]
		b.do(t, chromedp.Focus(chromedp.CSS(fmt.Sprintf("#explorer tbody tr:nth-child(%d) th a", j+1))), chromedp.KeyEvent(kb.Enter))
		v = awaitExplorer(t, b, 2)
		wantNode(t, book, v, book.node(t, second.Next), []string{first.Move, second.Move}, "after Enter on "+second.Move)
		if !eval[bool](t, b, `document.querySelector('#explorer').contains(document.activeElement) && document.activeElement !== document.body`) {
			t.Errorf("after a move by the keyboard the focus left the explorer")
		}
		deep = 2
		// Back: the position before.
		b.do(t, chromedp.Evaluate[chromedp.Void](`history.back()`))
		v = awaitExplorer(t, b, 1)
		wantNode(t, book, v, n1, []string{first.Move}, "after back")
		// And opened at the deeper position by its link.
		b.open(t, page+"#m="+url.PathEscape(first.Move)+","+url.PathEscape(second.Move))
		v = awaitExplorer(t, b, 2)
		wantNode(t, book, v, book.node(t, second.Next), []string{first.Move, second.Move}, "opened at "+v.Hash)
		// ArrowLeft, the focus in the explorer: a step back.
		b.do(t, chromedp.Focus(chromedp.CSS("#explorer .explorer-path li:first-child a")), chromedp.KeyEvent(kb.ArrowLeft))
		v = awaitExplorer(t, b, 1)
		wantNode(t, book, v, n1, []string{first.Move}, "after ArrowLeft")
	}
	// The path's Start: the first level again.
	b.do(t, chromedp.Click(chromedp.CSS("#explorer .explorer-path li:first-child a")))
	v = awaitExplorer(t, b, 0)
	wantNode(t, book, v, root, nil, fmt.Sprintf("after the path's Start, %d moves in", deep))
	if v.Board != start {
		t.Errorf("back at the start, the board is not the start's")
	}

	// A move whose position has no file links its game.
	for k, l := range root.Lines {
		if l.Next == "" && !strings.HasSuffix(v.Hrefs[k], fmt.Sprintf("/games/%d.html", l.Last)) {
			t.Errorf("%s (no node file) links %q; want its game %d", l.Move, v.Hrefs[k], l.Last)
		}
	}
	// A fragment past the book: the deepest position it has, and a word why.
	b.open(t, page+"#m="+url.PathEscape(first.Move)+",nonsense")
	v = awaitExplorer(t, b, 1)
	if s := eval[string](t, b, `document.querySelector('#explorer .explorer-status').textContent`); !strings.Contains(s, "nonsense") {
		t.Errorf("opened at a move the book lacks, the status says %q", s)
	}

	ctx, cancel := context.WithTimeout(b.Ctx, 60*time.Second)
	vs, err := browsertest.Axe(ctx)
	cancel()
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range vs {
		t.Errorf("axe at %d px: %s", width, v)
	}
}

// explorerShot saves a screenshot of the whole page for people to look
// at: in the test's artifacts (go test -artifacts), and in
// $EXPLORER_SHOTS when set.
func explorerShot(t *testing.T, b *browser, name string) {
	t.Helper()
	png := get(t, b, chromedp.FullScreenshot(100))
	dirs := []string{t.ArtifactDir()}
	if d := os.Getenv("EXPLORER_SHOTS"); d != "" {
		dirs = append(dirs, d)
	}
	for _, d := range dirs {
		if err := os.WriteFile(filepath.Join(d, name), png, 0o644); err != nil {
			t.Error(err)
		}
	}
}
