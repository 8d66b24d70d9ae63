package site

import (
	"context"
	"fmt"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"postal/engine"
	"postal/engine/picture"
)

// arrowOf is where the board draws move m of p at pos: the lines new in
// the picture after it, from the first one's start to the last arrow's
// end (as site/wasm's targets finds them); ok false for a move drawn
// without an arrow.
func arrowOf(pos engine.Position, p engine.Player, m engine.Move) (from, to picture.Point, ok bool) {
	before := map[picture.Line]bool{}
	for _, it := range pos.Picture().Items {
		if l, isLine := it.(*picture.Line); isLine {
			before[*l] = true
		}
	}
	next, err := pos.Apply(p, m)
	if err != nil {
		return from, to, false
	}
	var f, t *picture.Line
	for _, it := range next.Picture().Items {
		if l, isLine := it.(*picture.Line); isLine && !before[*l] && (l.Arrow || l.Dashed) {
			if f == nil {
				f = l
			}
			if l.Arrow {
				t = l
			}
		}
	}
	if f == nil || t == nil {
		return from, to, false
	}
	return picture.Point{X: f.X1, Y: f.Y1}, picture.Point{X: t.X2, Y: t.Y2}, true
}

// clickBoard clicks the board at a point of its picture.
func clickBoard(t *testing.T, b *browser, p picture.Point) {
	t.Helper()
	xy := eval[[]float64](t, b, fmt.Sprintf(`(function(){
	  var svg = document.querySelector('#board svg'), pt = svg.createSVGPoint();
	  pt.x = %g; pt.y = %g; pt = pt.matrixTransform(svg.getScreenCTM());
	  return [pt.x, pt.y];
	})()`, p.X, p.Y))
	b.do(t, chromedp.MouseClickXY(xy[0], xy[1]))
}

// playTest picks a move on the board of a game in progress, a piece then
// its target, and checks the mail the page offers to send: to the club, or
// to the player's address from the link's fragment, in the game's thread,
// "move ID #N MOVE" with the move's number as the club counts it.
func playTest(t *testing.T, b *browser, base string, g *Game) {
	ps := positions(t, g)
	pos := ps[len(ps)-1]
	p := pos.ToMove()[0]
	// A move no other shares its origin and target with.
	var move engine.Move
	var from, to picture.Point
	pairs := map[[2]picture.Point]int{}
	legal := pos.Legal(p)
	for _, m := range legal {
		if f, tt, ok := arrowOf(pos, p, m); ok {
			pairs[[2]picture.Point{f, tt}]++
		}
	}
	for _, m := range legal {
		if f, tt, ok := arrowOf(pos, p, m); ok && pairs[[2]picture.Point{f, tt}] == 1 {
			move, from, to = m, f, tt
			break
		}
	}
	if move == nil {
		t.Fatalf("no move of the game in progress to pick on the board among %d", len(legal))
	}
	_, next := engine.MoveNumbers(plyTexts(g.Record))
	// A game mail's link once carried the mail's reply address, its token
	// a proof of the player, in the fragment (issue 32): the page sends to
	// the club's address whatever the link, and takes the old fragment out
	// of the address bar, and the address out of the tab's session.
	b.open(t, base+"/index.html")
	b.do(t, chromedp.Evaluate[chromedp.Void](`sessionStorage.clear(); sessionStorage.setItem("postal-reply-`+strconv.FormatInt(g.ID, 10)+`", "bob+y@mail.example")`))
	for _, c := range []struct{ fragment, to string }{{"", "postal@club.example"}, {"#reply=" + url.QueryEscape("bob+x@mail.example"), "postal@club.example"}} {
		b.open(t, fmt.Sprintf("%s/games/%d.html%s", base, g.ID, c.fragment))
		b.do(t, chromedp.WaitVisible(chromedp.CSS("#play")))
		if h := eval[string](t, b, `location.hash + " " + JSON.stringify(Object.keys(sessionStorage))`); strings.Contains(h, "reply") {
			t.Errorf("after opening the page with %q: %s", c.fragment, h)
		}
		clickBoard(t, b, from)
		b.do(t, chromedp.WaitVisible(chromedp.CSS("#board svg .pick-to")))
		marked := eval[int](t, b, `document.querySelectorAll('#board svg .pick-to').length`)
		clickBoard(t, b, to)
		b.do(t, chromedp.WaitVisible(chromedp.CSS("#p-send")))
		href := eval[string](t, b, `document.getElementById('p-send').href`)
		u, err := url.Parse(href)
		if err != nil {
			t.Fatalf("the link %q: %v", href, err)
		}
		q, _ := url.ParseQuery(u.RawQuery)
		wantBody := fmt.Sprintf("move %d #%d %s", g.ID, next, move)
		wantSubject := fmt.Sprintf("[postal #%d] Superial Chess: %s", g.ID, strings.Join(g.Record.Players, " vs "))
		to, _ := url.PathUnescape(u.Opaque)
		if u.Scheme != "mailto" || to != c.to || q.Get("body") != wantBody || q.Get("subject") != wantSubject {
			t.Errorf("after clicking %v then %v (%d targets lit): the link %q; want mailto:%s, subject %q, body %q", from, to, marked, href, c.to, wantSubject, wantBody)
		}
		if marked < 1 {
			t.Errorf("no target lit after picking the piece")
		}
		if c.fragment != "" {
			b.shot(t, "move-chosen")
			if w := eval[[]int](t, b, `[document.documentElement.scrollWidth, window.innerWidth]`); w[0] > w[1] {
				t.Errorf("the game with a move chosen is %d px wide, the window %d px", w[0], w[1])
			}
		}
	}
	// Typed: the move's text, then Enter.
	b.open(t, fmt.Sprintf("%s/games/%d.html", base, g.ID))
	b.do(t, chromedp.Click(chromedp.CSS("#p-move")), chromedp.SendKeys(chromedp.CSS("#p-move"), move.String()+"\n"), chromedp.WaitVisible(chromedp.CSS("#p-send")))
	if got := eval[string](t, b, `document.getElementById('p-chosen').textContent`); got != move.String() {
		t.Errorf("typed %s, the page chose %q", move, got)
	}
}

// fourTest looks at a game of four players.
func fourTest(t *testing.T, b *browser, base string, games []Game) {
	for i := range games {
		if g := &games[i]; len(g.Record.Players) == 4 && len(g.Record.Moves) > 4 {
			ps := positions(t, g)
			b.open(t, fmt.Sprintf("%s/games/%d.html", base, g.ID))
			boardAt(t, b, g, ps, len(ps)-1, "on load")
			if w := eval[[]int](t, b, `[document.documentElement.scrollWidth, window.innerWidth]`); w[0] > w[1] {
				t.Errorf("a game of four is %d px wide, the window %d px", w[0], w[1])
			}
			b.shot(t, "four-players")
			return
		}
	}
	t.Skip("no game of four players in the archive")
}

// TestFirstView opens a game page of every type in Chromium with its cache
// off, served as Handler serves it (compressed), and weighs what it
// transferred before the reader does anything: under 30 kB (issue 36), with
// no engine fetched; then a step back fetches the game's engine, a .wasm
// under 1 MB, and shows the ply before the last.
func TestFirstView(t *testing.T) {
	b := newBrowser(t)
	games := randomArchive(t, 2*len(engine.Games()), 5)
	out := filepath.Join(t.TempDir(), "site")
	if _, err := Build(context.Background(), NewMemory(games...), testOptions(out)); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(Handler(out))
	defer srv.Close()
	if _, err := chromedp.Call(b.Ctx, network.SetCacheDisabled, network.SetCacheDisabledParams{CacheDisabled: true}); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{"test-nim": true}
	for _, g := range games {
		if seen[g.Record.Game] || len(g.Record.Moves) < 2 {
			continue
		}
		seen[g.Record.Game] = true
		t.Run(g.Record.Game, func(t *testing.T) {
			b.open(t, fmt.Sprintf("%s/games/%d.html", srv.URL, g.ID))
			total := eval[int](t, b, transferredJS)
			if got := eval[[]string](t, b, engineRequestsJS); len(got) > 0 {
				t.Errorf("the first view fetched the engine: %q", got)
			}
			if total <= 0 || total >= 30_000 {
				t.Errorf("the first view of game %d (%d plies) transferred %d bytes, want under 30,000", g.ID, len(g.Record.Moves), total)
			}
			b.do(t, chromedp.Click(chromedp.CSS(`[data-step="prev"]`)))
			awaitPly(t, b, fmt.Sprint(len(g.Record.Moves)-1))
			wasm := eval[[]float64](t, b, `performance.getEntriesByType('resource').filter(function(e){return /\.wasm$/.test(e.name)}).map(function(e){return e.transferSize})`)
			if len(wasm) != 1 || wasm[0] <= 0 || wasm[0] >= 1_000_000 {
				t.Errorf("a step fetched engines of %v bytes; want one under 1,000,000", wasm)
			}
			t.Logf("first view %d bytes; the engine %v bytes", total, wasm)
		})
	}
	for _, p := range b.Problems() {
		t.Errorf("browser: %s", p)
	}
}
