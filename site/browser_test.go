package site

import (
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"postal/engine"
	longtest "postal/engine/enginetest/long"
	"postal/notation"
	"postal/site/board"
	"postal/site/browsertest"
)

// browser is the headless Chromium of the site's tests.
type browser struct{ *browsertest.Browser }

func newBrowser(t testing.TB) *browser {
	return &browser{browsertest.Start(t, chromedp.WindowSize(1280, 900))}
}

func (b *browser) do(t testing.TB, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	ctx, cancel := context.WithTimeout(b.Ctx, 60*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		t.Fatalf("chromium: %v", err)
	}
}

func get[T any](t testing.TB, b *browser, a chromedp.Action[T]) T {
	t.Helper()
	ctx, cancel := context.WithTimeout(b.Ctx, 60*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, a)
	if err != nil {
		t.Fatalf("chromium: %v", err)
	}
	return v
}

func eval[T any](t testing.TB, b *browser, js string) T {
	t.Helper()
	return get(t, b, chromedp.Evaluate[T](js))
}

// open loads a page and, on a game page, waits for the viewer to start.
func (b *browser) open(t testing.TB, u string) {
	t.Helper()
	b.do(t, chromedp.Navigate("about:blank"), chromedp.Navigate(u))
	if strings.Contains(u, "/games/") {
		b.do(t, chromedp.WaitVisible(chromedp.CSS("#controls")))
	}
}

// shot saves a screenshot in the test's artifact directory (go test
// -artifacts) for people to look at: of what the window shows of a game
// page (a screenshot of the whole page would resize the window, and the
// board and its move list with it), of the whole page otherwise.
func (b *browser) shot(t *testing.T, name string) {
	t.Helper()
	var png []byte
	if strings.HasPrefix(name, "game") {
		png = get(t, b, chromedp.CaptureScreenshot())
	} else {
		png = get(t, b, chromedp.FullScreenshot(100))
	}
	size := strings.Split(t.Name(), "/")[1] // desktop or phone
	if err := os.WriteFile(filepath.Join(t.ArtifactDir(), size+"-"+name+".png"), png, 0o644); err != nil {
		t.Error(err)
	}
}

// signature describes an SVG as its elements, attributes and texts, so the
// board in the page can be compared with the engine's picture whatever the
// browser's serialization.
const signatureJS = `(function(){
  var svg = document.querySelector('#board svg'); if (!svg) return '';
  var out = [];
  (function walk(el){
    var attrs = [];
    for (var i = 0; i < el.attributes.length; i++) attrs.push(el.attributes[i].name + '=' + el.attributes[i].value);
    attrs.sort();
    var text = '';
    el.childNodes.forEach(function(n){ if (n.nodeType === 3) text += n.nodeValue; });
    out.push(el.tagName + '[' + attrs.join(' ') + ']' + text.trim());
    for (var c = el.firstElementChild; c; c = c.nextElementSibling) walk(c);
  })(svg);
  return out.join('\n');
})()`

func svgSignature(t *testing.T, svg []byte) string {
	t.Helper()
	dec := xml.NewDecoder(strings.NewReader(string(svg)))
	var out, texts []string
	var open []int // indices of the elements open
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("engine SVG: %v", err)
		}
		switch e := tok.(type) {
		case xml.StartElement:
			var attrs []string
			for _, a := range e.Attr {
				name := a.Name.Local
				if a.Name.Space == "xmlns" {
					name = "xmlns"
				}
				attrs = append(attrs, name+"="+a.Value)
			}
			slices.Sort(attrs)
			open = append(open, len(out))
			out = append(out, e.Name.Local+"["+strings.Join(attrs, " ")+"]")
			texts = append(texts, "")
		case xml.CharData:
			if len(open) > 0 {
				texts[open[len(open)-1]] += string(e)
			}
		case xml.EndElement:
			open = open[:len(open)-1]
		}
	}
	for i := range out {
		out[i] += strings.TrimSpace(texts[i])
	}
	return strings.Join(out, "\n")
}

// browserArchive is the archive of the browser test: the fixed games, two
// random games of every game, a game of 1,000 plies resigned at its end,
// and a game in progress with a deadline.
func browserArchive(t *testing.T) (games []Game, long, ongoing *Game) {
	games = append(fixedArchive(t), randomArchive(t, 2*len(engine.Games()), 3)...)
	// A game of four players, in progress.
	_, cfg, pos, err := engine.New("superial-chess", engine.Config{Ruleset: "multiplayer", Options: map[string]string{"players": "4"}})
	if err != nil {
		t.Fatal(err)
	}
	_, steps, err := engine.RandomGame(pos, rand.New(rand.NewPCG(4, 4)), 14)
	if err != nil {
		t.Fatal(err)
	}
	four := &notation.Record{Game: "superial-chess", Config: cfg, Players: []string{"alice", "bob", "carol", "dave"}}
	for _, s := range steps {
		four.Add(s.Player, s.Move.String())
	}
	games = append(games, Game{Record: four, Started: base, Updated: base.Add(time.Hour)})
	for i := range games {
		games[i].ID = int64(i + 1)
	}
	// A long game: random Imperial Chess goes on for long.
	games = append(games, longGame(t, int64(len(games)+1), 1000, 5))
	long = &games[len(games)-1]
	for i := range games {
		if g := &games[i]; g.Record.Game == "superial-chess" && !g.Record.Result.Over() && len(g.Record.Moves) > 2 && len(g.Record.Players) == 2 {
			g.Deadline = g.Updated.Add(72 * time.Hour)
			ongoing = g
		}
	}
	if ongoing == nil {
		t.Fatal("no Superial Chess game in progress")
	}
	return games, long, ongoing
}

// longGame is a random game of Imperial Chess of plies plies (random play
// goes on for long), resigned at its end, numbered id.
func longGame(t testing.TB, id int64, plies int, seed uint64) Game {
	rng := rand.New(rand.NewPCG(seed, seed))
	for try := 0; ; try++ {
		_, cfg, pos, err := engine.New("imperial-chess", engine.Config{})
		if err != nil {
			t.Fatal(err)
		}
		final, steps, err := engine.RandomGame(pos, rng, plies)
		if err != nil {
			t.Fatal(err)
		}
		if len(steps) < plies || final.Result().Over() {
			if try > 20 {
				t.Fatalf("no random game of %d plies", plies)
			}
			continue
		}
		r := &notation.Record{Game: "imperial-chess", Config: cfg, Players: []string{"erin", "frank"}}
		for _, s := range steps {
			r.Add(s.Player, s.Move.String())
		}
		loser := final.ToMove()[0]
		r.Result = engine.Result{Kind: engine.Win, Winner: 1 - loser, Reason: r.Players[loser] + " resigned"}
		r.SetTag("Termination", r.Result.Reason)
		at := base.Add(1000 * time.Hour)
		return Game{ID: id, Record: r, Started: at, Updated: at.Add(1000 * time.Hour), Finished: at.Add(1000 * time.Hour)}
	}
}

// TestBrowser opens the site in a real headless Chromium, at a desktop's
// width and a phone's (400 px), served over HTTP and opened from disk (a
// site built with Options.Offline, whose pages step opened as files). It
// steps the viewer of a game of every type with buttons, keys and links,
// checking the board the engine draws in the browser against the engine's
// picture of each position; steps a 1,000-ply game both ways with the
// current move always in sight; opens links to plies with the board in
// view; checks that a finished game says its result and a game in progress
// whose turn it is; enters moves of the reader's own from a mid-game ply;
// searches; and checks that no page is wider than the screen, nothing logs
// an error and no request leaves the site. Screenshots go to the test's
// artifact directory (go test -artifacts -outputdir DIR).
func TestBrowser(t *testing.T) {
	b := newBrowser(t)
	games, long, ongoing := browserArchive(t)
	out := filepath.Join(t.TempDir(), "site")
	// Built for reading from disk too: its pages step opened as files.
	opts := testOptions(out)
	opts.Offline = true
	if _, err := Build(context.Background(), NewMemory(games...), opts); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(Handler(out))
	defer srv.Close()
	dir, err := filepath.EvalSymlinks(out)
	if err != nil {
		t.Fatal(err)
	}
	fileURL := (&url.URL{Scheme: "file", Path: filepath.ToSlash(dir)}).String()
	stepping, stop := steppingSite(t)
	defer stop()

	// One game of every real game type, with a few moves.
	var pick []*Game
	seen := map[string]bool{"test-nim": true}
	for i := range games {
		if g := &games[i]; !seen[g.Record.Game] && len(g.Record.Moves) >= 4 {
			seen[g.Record.Game] = true
			pick = append(pick, g)
		}
	}
	// At a phone's width the pages lay out otherwise and behave alike:
	// under the race detector (go test -race; make test leaves this test
	// to make test-long, the Makefile's LONG_ONLY) it tours there what the
	// layout changes (the viewer of the widest board, a long game's move
	// list, the box to play from, the pages), the full tour runs at both
	// widths in make test-long (CI) and in a plain go test.
	full := !longtest.Raced || longtest.Enabled()
	widest := pick[0]
	for _, g := range pick {
		if g.Record.Game == "imperial-chess" {
			widest = g
		}
	}
	for _, size := range []struct {
		name string
		w, h int64
	}{{"desktop", 1280, 900}, {"phone", 400, 860}} {
		all := full || size.name == "desktop"
		t.Run(size.name, func(t *testing.T) {
			b.do(t, chromedp.EmulateViewport(size.w, size.h))
			for _, g := range pick {
				if all || g == widest {
					t.Run(g.Record.Game, func(t *testing.T) { viewerTest(t, b, srv.URL, g) })
				}
			}
			t.Run("long game", func(t *testing.T) { longGameTest(t, b, srv.URL, long) })
			t.Run("play from the page", func(t *testing.T) { playTest(t, b, srv.URL, ongoing) })
			t.Run("pages", func(t *testing.T) { pagesTest(t, b, srv.URL, long) })
			if all {
				t.Run("in progress", func(t *testing.T) { ongoingTest(t, b, srv.URL, ongoing) })
				t.Run("four players", func(t *testing.T) { fourTest(t, b, srv.URL, games) })
				t.Run("your moves", func(t *testing.T) { analysisTest(t, b, srv.URL, long) })
				t.Run("your draws", func(t *testing.T) { chanceTest(t, b, srv.URL, games) })
				t.Run("from disk", func(t *testing.T) { viewerTest(t, b, fileURL, pick[0]) })
			}
			// Stepping through a game of 400 plies at a desktop's width,
			// as BenchmarkStepping does (which holds its figures to their
			// bound); a quarter of it under the race detector.
			if size.name == "desktop" {
				plies := longtest.Sized(steppingPlies, steppingPlies, steppingPlies/4)
				t.Run("stepping", func(t *testing.T) { t.Logf("%s", measureSteps(t, b, stepping, plies)) })
			}
		})
	}

	t.Run("escaping", func(t *testing.T) {
		b.open(t, srv.URL+"/players/"+slug("<script>alert(1)</script>")+".html")
		h1 := get(t, b, chromedp.Text(chromedp.CSS("h1")))
		// A game without an engine for the browser (the tests' Nim): its
		// final board shows, and "Try moves" gives the excuse.
		b.do(t, chromedp.Navigate(srv.URL+"/games/3.html"), chromedp.WaitVisible(chromedp.CSS("#controls")),
			chromedp.Click(chromedp.CSS("#analyse")), chromedp.WaitVisible(chromedp.CSS("#viewer-error")))
		player := get(t, b, chromedp.Text(chromedp.CSS(".players a")))
		if h1 != "<script>alert(1)</script>" || player != "<script>alert(1)</script>" {
			t.Errorf("player name shows as %q and %q, want the text <script>alert(1)</script>", h1, player)
		}
	})

	for _, base := range []string{srv.URL, fileURL} {
		t.Run("search", func(t *testing.T) {
			b.open(t, base+"/index.html")
			for _, q := range []string{"carol", "resigned", "drawn", "in progress"} {
				b.do(t,
					chromedp.WaitEnabled(chromedp.CSS("#q")),
					chromedp.Evaluate[chromedp.Void](`document.getElementById('q').value = ''`),
					chromedp.SendKeys(chromedp.CSS("#q"), q),
					chromedp.WaitVisible(chromedp.CSS("#q-results li")),
				)
				status := get(t, b, chromedp.Text(chromedp.CSS("#q-status")))
				if !strings.Contains(status, "games match") || strings.HasPrefix(status, "0 ") {
					t.Errorf("search %q: %q", q, status)
				}
			}
		})
	}

	for _, p := range b.Problems() {
		t.Errorf("browser: %s", p)
	}
	requests := b.Requests()
	if len(requests) < 20 {
		t.Errorf("only %d requests seen: is request logging working?", len(requests))
	}
	for _, u := range requests {
		if !strings.HasPrefix(u, srv.URL+"/") && !strings.HasPrefix(u, fileURL+"/") && !strings.HasPrefix(u, strings.TrimSuffix(stepping, "games/1.html")) &&
			!strings.HasPrefix(u, "data:") && u != "about:blank" {
			t.Errorf("request leaves the site: %s", u)
		}
	}
}

// positions replays a game for the test.
func positions(t *testing.T, g *Game) []engine.Position {
	t.Helper()
	rc := *g.Record
	ps, err := rc.Replay()
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

// boardAt checks that the page shows ply n of the game: the board the
// engine draws, the move marked in the list, the caption.
func boardAt(t *testing.T, b *browser, g *Game, ps []engine.Position, n int, how string) {
	t.Helper()
	final, pos := "", ps[n]
	if n == len(ps)-1 && g.Record.Result.Over() {
		final = board.ResultText(g.Record.Result, infoOf(t, g).Sides)
		// A finished game's last board is the page's own, which says how
		// the game ended (engine.Ended).
		pos = engine.Ended(pos, g.Record.Result)
	}
	// The build's compact SVG, or the plain one the engine draws as the
	// reader steps (board.SVG): the same picture.
	built, drawn := svgSignature(t, board.SVG(pos, final)), svgSignature(t, board.Picture(pos, final).SVG())
	if n == len(ps)-2 && g.Previous != "" {
		// The ply before the last may show as the build drew it, a patch
		// of the page's board (backboard.go), until the engine draws it.
		built = backSignature(t, g, ps)
	}
	// A step before the engine has loaded shows its ply once it has.
	awaitPly(t, b, fmt.Sprint(n))
	sig := eval[string](t, b, signatureJS)
	shown := eval[string](t, b, `document.getElementById('board').getAttribute('data-ply')`)
	current := eval[int](t, b, `Array.prototype.indexOf.call(document.getElementById('moves').children, document.querySelector('#moves li.current'))`)
	caption := eval[string](t, b, `document.getElementById('caption').textContent`)
	if shown != fmt.Sprint(n) || current != n {
		t.Errorf("%s: board shows ply %s, move list marks %d; want ply %d", how, shown, current, n)
	}
	if sig != built && sig != drawn {
		t.Errorf("%s: board differs from the engine's picture of ply %d:\n%s\nwant\n%s\nor\n%s", how, n, sig, drawn, built)
	}
	if n > 0 && !strings.Contains(caption, g.Record.Moves[n-1].Text) {
		t.Errorf("%s: caption %q does not name move %d, %s", how, caption, n, g.Record.Moves[n-1].Text)
	}
	if final != "" && !strings.Contains(caption, final) {
		t.Errorf("%s: the final caption %q does not give the result %q", how, caption, final)
	}
}

// awaitPly waits, a while at most, for the board to show ply (its
// data-ply), and for no board to be loading.
func awaitPly(t testing.TB, b *browser, ply string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(b.Ctx, 20*time.Second)
	defer cancel()
	js := fmt.Sprintf(`document.getElementById('board').getAttribute('data-ply') === %q && !/loading the board/.test(document.getElementById('caption').textContent)`, ply)
	if _, err := chromedp.Run(ctx, chromedp.Poll[chromedp.Void](js, chromedp.WithPollingInterval(5*time.Millisecond))); err != nil {
		t.Logf("the board does not show ply %s: %v", ply, err)
	}
}

func infoOf(t testing.TB, g *Game) engine.Info {
	eg, err := engine.Lookup(g.Record.Game)
	if err != nil {
		t.Fatal(err)
	}
	return eg.Info()
}

func viewerTest(t *testing.T, b *browser, base string, g *Game) {
	ps := positions(t, g)
	last := len(ps) - 1
	u := fmt.Sprintf("%s/games/%d.html", base, g.ID)
	b.open(t, u)
	boardAt(t, b, g, ps, last, "on load")
	// The page comes with its final board: nothing more is fetched until
	// the reader steps.
	if got := eval[[]string](t, b, engineRequestsJS); len(got) > 0 {
		t.Errorf("the page fetched the engine on load: %q", got)
	}
	if s := eval[string](t, b, inSightJS); !strings.Contains(s, "move") && eval[bool](t, b, `document.getElementById('moves').getBoundingClientRect().bottom <= window.innerHeight`) {
		t.Errorf("on load, the last move is not in sight in the move list: %q", s)
	}
	b.do(t, chromedp.KeyEvent(kb.Home))
	boardAt(t, b, g, ps, 0, "after Home")
	b.do(t, chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(kb.ArrowRight))
	boardAt(t, b, g, ps, 2, "after two right arrows")
	if hash := eval[string](t, b, `location.hash`); hash != "#ply-2" {
		t.Errorf("URL fragment %q after stepping to ply 2", hash)
	}
	b.do(t, chromedp.Click(chromedp.CSS(`[data-step="prev"]`)))
	boardAt(t, b, g, ps, 1, "after the back button")
	b.do(t, chromedp.Click(chromedp.CSS(`[data-step="next"]`)), chromedp.Click(chromedp.CSS(`[data-step="next"]`)))
	boardAt(t, b, g, ps, 3, "after the forward button twice")
	b.do(t, chromedp.Click(chromedp.CSS(`#moves li:nth-child(2) a`)), chromedp.Poll[chromedp.Void](`document.getElementById('board').getAttribute('data-ply') === '1'`, chromedp.WithPollingTimeout(5*time.Second)))
	boardAt(t, b, g, ps, 1, "after clicking move 1 in the list")
	b.do(t, chromedp.Click(chromedp.CSS(`[data-step="last"]`)))
	boardAt(t, b, g, ps, last, "after the end button")
	// Stepping fetched the engine once: the .wasm, or from disk its
	// script twin, and Go's loader.
	if got := eval[[]string](t, b, engineRequestsJS); len(got) != 2 {
		t.Errorf("stepping through the game fetched %q; want the engine and its loader, once", got)
	}
	b.open(t, u+"#ply-2")
	boardAt(t, b, g, ps, 2, "opened at #ply-2")
	// The smallest text on the board, as drawn: issue 18 found 6 px on a
	// phone.
	if px := eval[float64](t, b, minTextJS); px < minTextPx {
		t.Errorf("the board's smallest text is %.1f px high, want %d at least", px, minTextPx)
	} else {
		t.Logf("smallest text on the board: %.1f px", px)
	}
}

const minTextPx = 8

// transferredJS sums the bytes the page and what it loaded took on the
// wire.
const transferredJS = `performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource')).reduce(function(n, e){ return n + e.transferSize }, 0)`

// engineRequestsJS lists the page's requests of an engine or its loader,
// and the scripts it added for them (a page from disk loads scripts,
// which the browser's resource timing leaves out).
const engineRequestsJS = `(function(){
  var seen = {};
  performance.getEntriesByType('resource').map(function(e){return e.name})
    .concat(Array.prototype.map.call(document.scripts, function(s){return s.src}))
    .forEach(function(n){ if (/\.wasm|wasm_exec|engine-/.test(n)) seen[n] = true; });
  return Object.keys(seen);
})()`

const minTextJS = `(function(){
  var svg = document.querySelector('#board svg'), vb = svg.viewBox.baseVal, r = svg.getBoundingClientRect();
  var scale = Math.min(r.width / vb.width, r.height / vb.height), least = 1e9;
  svg.querySelectorAll('text').forEach(function(t){ least = Math.min(least, parseFloat(getComputedStyle(t).fontSize) * scale); });
  return least;
})()`

// inSight reports whether the current move shows, inside the move list and
// inside the window, and whether the board does.
const inSightJS = `(function(){
  var li = document.querySelector('#moves li.current'), list = document.getElementById('moves');
  var r = li.getBoundingClientRect(), l = list.getBoundingClientRect(), b = document.getElementById('board').getBoundingClientRect();
  var h = window.innerHeight, w = window.innerWidth;
  var move = r.top >= l.top - 1 && r.bottom <= l.bottom + 1 && r.left >= l.left - 1 && r.right <= l.right + 1 && r.top >= 0 && r.bottom <= h && r.left >= 0 && r.right <= w;
  var board = b.top >= 0 && b.bottom <= h + 1;
  return (move ? 'move' : '') + ' ' + (board ? 'board' : '');
})()`

// longGameTest steps a 1,000-ply game both ways from the middle and the
// ends: the current move must stay in sight at every step, and so must the
// board.
func longGameTest(t *testing.T, b *browser, base string, g *Game) {
	ps := positions(t, g)
	if len(ps) < 1001 {
		t.Fatalf("the long game has %d plies", len(ps)-1)
	}
	u := fmt.Sprintf("%s/games/%d.html", base, g.ID)
	b.open(t, u+"#ply-500")
	boardAt(t, b, g, ps, 500, "opened at #ply-500")
	if s := eval[string](t, b, inSightJS); s != "move board" {
		t.Errorf("opened at #ply-500: %q in sight, want the move and the board", s)
	}
	step := func(key string, n int, from int) {
		visible := 0
		for i := range n {
			b.do(t, chromedp.KeyEvent(key))
			if s := eval[string](t, b, inSightJS); s == "move board" {
				visible++
			} else if visible == i {
				t.Logf("step %d with %q from ply %d: %q in sight", i+1, key, from, s)
			}
		}
		if visible != n {
			t.Errorf("stepping %d times with %q from ply %d: the move and board were in sight %d times", n, key, from, visible)
		}
	}
	step(kb.ArrowRight, 30, 500)
	step(kb.ArrowLeft, 30, 530)
	b.do(t, chromedp.KeyEvent(kb.Home))
	step(kb.ArrowRight, 30, 0)
	b.do(t, chromedp.KeyEvent(kb.End))
	boardAt(t, b, g, ps, len(ps)-1, "after End")
	step(kb.ArrowLeft, 30, len(ps)-1)
	// The finished game says its result: on the board (not whose move it
	// was), in the caption (checked by boardAt) and under the title.
	b.do(t, chromedp.KeyEvent(kb.End))
	status := eval[string](t, b, `document.querySelector('.status').textContent`)
	svg := eval[string](t, b, `document.querySelector('#board svg').textContent`)
	if !strings.Contains(status, "won") || !strings.Contains(status, "resigned") || !strings.Contains(svg, "resigned") || strings.Contains(svg, "to move") {
		t.Errorf("a resigned game: status %q, board %q", status, svg)
	}
	b.shot(t, "game-finished")
}

// ongoingTest checks that a game in progress says whose turn it is and
// until when.
func ongoingTest(t *testing.T, b *browser, base string, g *Game) {
	ps := positions(t, g)
	b.open(t, fmt.Sprintf("%s/games/%d.html", base, g.ID))
	boardAt(t, b, g, ps, len(ps)-1, "on load")
	status := eval[string](t, b, `document.querySelector('.status').textContent`)
	caption := eval[string](t, b, `document.getElementById('caption').textContent`)
	side := infoOf(t, g).Sides[ps[len(ps)-1].ToMove()[0]]
	if !strings.Contains(status, side+") to move") || !strings.Contains(status, "deadline "+g.Deadline.UTC().Format("2006-01-02 15:04")) {
		t.Errorf("a game in progress says %q; want %s to move and the deadline", status, side)
	}
	if !strings.Contains(caption, side+" to move") {
		t.Errorf("a game in progress: caption %q", caption)
	}
	b.shot(t, "game-in-progress")
}

// analysisTest plays moves of the reader's own from a mid-game ply: the
// engine offers the legal moves, refuses an illegal one, plays a legal one,
// and leaving restores the game.
func analysisTest(t *testing.T, b *browser, base string, g *Game) {
	ps := positions(t, g)
	const from = 40
	pos := ps[from]
	p := pos.ToMove()[0]
	legal := pos.Legal(p)
	b.open(t, fmt.Sprintf("%s/games/%d.html#ply-%d", base, g.ID, from))
	boardAt(t, b, g, ps, from, "before")
	b.do(t, chromedp.Click(chromedp.CSS(`#analyse`)), chromedp.WaitVisible(chromedp.CSS(`#a-legal button`)))
	offered := eval[[]string](t, b, `Array.from(document.querySelectorAll('#a-legal button')).map(function(b){return b.textContent})`)
	var want []string
	for _, m := range legal[:min(200, len(legal))] {
		want = append(want, m.String())
	}
	if !slices.Equal(offered, want) {
		t.Errorf("offered %d moves %q,\nthe engine lists %d: %q", len(offered), offered, len(legal), want)
	}
	b.do(t, chromedp.Click(chromedp.CSS(`#a-move`)), chromedp.SendKeys(chromedp.CSS(`#a-move`), "zz99\n"))
	msg := eval[string](t, b, `document.getElementById('a-msg').textContent`)
	if n := eval[int](t, b, `document.querySelectorAll('#a-line li').length`); !strings.HasPrefix(msg, "Refused") || n != 0 {
		t.Errorf("an illegal move: message %q, %d moves in the line", msg, n)
	}
	// A legal move typed, then one picked from the list.
	m1 := legal[len(legal)/2]
	b.do(t, chromedp.Evaluate[chromedp.Void](`document.getElementById('a-move').value = ''`), chromedp.SendKeys(chromedp.CSS(`#a-move`), m1.String()+"\n"))
	next, err := pos.Apply(p, m1)
	if err != nil {
		t.Fatal(err)
	}
	p2 := next.ToMove()[0]
	m2 := next.Legal(p2)[0]
	b.do(t, chromedp.Click(chromedp.CSS(`#a-legal button`)))
	after, err := next.Apply(p2, m2)
	if err != nil {
		t.Fatal(err)
	}
	if sig := eval[string](t, b, signatureJS); sig != svgSignature(t, board.Picture(after, "").SVG()) {
		t.Error("after two moves of one's own, the board is not the engine's picture of the position")
	}
	line := eval[[]string](t, b, `Array.from(document.querySelectorAll('#a-line li')).map(function(li){return li.textContent})`)
	if len(line) != 2 || !strings.HasSuffix(line[0], m1.String()) || !strings.HasSuffix(line[1], m2.String()) {
		t.Errorf("the line shows %q, want %s then %s", line, m1, m2)
	}
	b.shot(t, "game-analysis")
	b.do(t, chromedp.Click(chromedp.CSS(`#a-undo`)))
	if n := eval[int](t, b, `document.querySelectorAll('#a-line li').length`); n != 1 {
		t.Errorf("after taking back: %d moves in the line", n)
	}
	b.do(t, chromedp.Click(chromedp.CSS(`#a-leave`)))
	boardAt(t, b, g, ps, from, "after leaving the line")
	if hidden := eval[bool](t, b, `document.getElementById('analysis').hidden`); !hidden {
		t.Error("the panel of one's own moves stays open")
	}
	// Escape leaves too.
	b.do(t, chromedp.KeyEvent("a"), chromedp.WaitVisible(chromedp.CSS(`#a-legal button`)), chromedp.Click(chromedp.CSS(`#a-legal button`)), chromedp.KeyEvent(kb.Escape))
	boardAt(t, b, g, ps, from, "after Escape")
}

// chanceTest draws a chance outcome at random in a line of one's own, from
// the start of a game that begins with one (Initiative's stacks).
func chanceTest(t *testing.T, b *browser, base string, games []Game) {
	var g *Game
	for i := range games {
		if games[i].Record.Game == "initiative" {
			g = &games[i]
			break
		}
	}
	if g == nil {
		t.Fatal("no Initiative game")
	}
	ps := positions(t, g)
	if !engine.Acts(ps[0], engine.Chance) {
		t.Fatal("Initiative does not start with a draw")
	}
	b.open(t, fmt.Sprintf("%s/games/%d.html#ply-0", base, g.ID))
	b.do(t, chromedp.Click(chromedp.CSS(`#analyse`)), chromedp.WaitVisible(chromedp.CSS(`#a-legal button.draw`)), chromedp.Click(chromedp.CSS(`#a-legal button.draw`)))
	line := eval[[]string](t, b, `Array.from(document.querySelectorAll('#a-line li')).map(function(li){return li.textContent})`)
	if len(line) != 1 || !strings.HasPrefix(line[0], "Chance: ") {
		t.Fatalf("after a draw at random the line shows %q", line)
	}
	after, _, err := engine.Play(ps[0], engine.Chance, strings.TrimPrefix(line[0], "Chance: "))
	if err != nil {
		t.Fatalf("the outcome drawn, %q: %v", line[0], err)
	}
	if sig := eval[string](t, b, signatureJS); sig != svgSignature(t, board.Picture(after, "").SVG()) {
		t.Error("after a draw, the board is not the engine's picture of the position")
	}
	b.do(t, chromedp.KeyEvent(kb.Escape))
	boardAt(t, b, g, ps, 0, "after leaving the draws")
}

// pagesTest takes screenshots of the pages besides games' and checks that
// none is wider than the window.
func pagesTest(t *testing.T, b *browser, base string, long *Game) {
	for name, p := range map[string]string{
		"home": "/index.html", "type": "/types/imperial-chess.html", "player": "/players/erin.html",
		"list": "/types/imperial-chess/1.html", "game": fmt.Sprintf("/games/%d.html", long.ID),
	} {
		b.open(t, base+p)
		if w := eval[[]int](t, b, `[document.documentElement.scrollWidth, window.innerWidth]`); w[0] > w[1] {
			t.Errorf("%s is %d px wide, the window %d px", p, w[0], w[1])
		}
		b.shot(t, name)
	}
}
