package site

import (
	"context"
	"fmt"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"postal/engine"
	"postal/site/board"
)

// withPrevious is g with its last position and the one before it, as the
// club's archive stores them.
func withPrevious(t *testing.T, g Game) Game {
	ps := positions(t, &g)
	g.Position, g.Previous = ps[len(ps)-1].String(), ps[len(ps)-2].String()
	return g
}

// backSignature is the signature of the board before the last ply of g as
// its page draws it without the engine: the page's own board, patched.
func backSignature(t *testing.T, g *Game, ps []engine.Position) string {
	t.Helper()
	last, final := ps[len(ps)-1], ""
	if g.Record.Result.Over() {
		final = board.ResultText(g.Record.Result, infoOf(t, g).Sides)
		last = engine.Ended(last, g.Record.Result)
	}
	svg, pt, ok := board.Picture(last, final).MinSVGPatch(board.Picture(ps[len(ps)-2], ""))
	if !ok {
		t.Fatal("no patch for the step back")
	}
	doc, ok := pt.Apply(svg)
	if !ok {
		t.Fatal("the patch does not apply to the page's board")
	}
	return svgSignature(t, doc)
}

// TestBackBoardWithoutEngine: the first step back from a game's last board
// shows the board before the last ply, which the page carries as a patch
// of its own, with the engine's files blocked: every shape and text as the
// patch's Go twin (picture.Patch.Apply) makes them, of the previous
// position's picture; the caption names the ply and who is to move. A
// finished game's board loses its band of the result, a game in progress
// keeps its size; and the engine, once it loads, draws the same ply.
func TestBackBoardWithoutEngine(t *testing.T) {
	over := withPrevious(t, longGame(t, 1, 40, 36))
	going := withPrevious(t, longGame(t, 2, 31, 7))
	going.Record.Result, going.Finished = engine.Result{}, time.Time{}
	going.Record.SetTag("Termination", "")
	out := filepath.Join(t.TempDir(), "site")
	if _, err := Build(context.Background(), NewMemory(over, going), testOptions(out)); err != nil {
		t.Fatal(err)
	}
	b := newBrowser(t)
	srv := httptest.NewServer(Handler(out))
	defer srv.Close()
	for _, g := range []*Game{&over, &going} {
		ps := positions(t, g)
		n := len(ps) - 2
		block := []*network.BlockPattern{{URLPattern: "*://*:*/assets/engine-*", Block: true}, {URLPattern: "*://*:*/assets/wasm_exec-*", Block: true}}
		if _, err := chromedp.Call(b.Ctx, network.SetBlockedURLs, network.SetBlockedURLsParams{URLPatterns: block}); err != nil {
			t.Fatal(err)
		}
		b.open(t, fmt.Sprintf("%s/games/%d.html", srv.URL, g.ID))
		b.do(t, chromedp.KeyEvent(kb.ArrowLeft))
		ctx, cancel := context.WithTimeout(b.Ctx, 10*time.Second)
		if _, err := chromedp.Run(ctx, chromedp.Poll[chromedp.Void](fmt.Sprintf(`document.getElementById('board').getAttribute('data-ply') === '%d'`, n), chromedp.WithPollingInterval(5*time.Millisecond))); err != nil {
			t.Fatalf("game %d: the ply before the last does not show without the engine: %v", g.ID, err)
		}
		cancel()
		if sig, want := eval[string](t, b, signatureJS), backSignature(t, g, ps); sig != want {
			t.Errorf("game %d: the board shown is not the patched one:\n%s\nwant\n%s", g.ID, sig, want)
		}
		pic := board.Picture(ps[n], "")
		if title := eval[string](t, b, `document.querySelector('#board svg title').textContent`); title != pic.Title {
			t.Errorf("game %d: the board shown is titled %q, the position's picture %q", g.ID, title, pic.Title)
		}
		if size := eval[string](t, b, `(function(){ var s = document.querySelector('#board svg'); return s.getAttribute('width') + 'x' + s.getAttribute('height') + ' ' + s.getAttribute('viewBox'); })()`); size != fmt.Sprintf("%vx%v 0 0 %v %v", pic.Width, pic.Height, pic.Width, pic.Height) {
			t.Errorf("game %d: the board shown is %s, the picture %vx%v", g.ID, size, pic.Width, pic.Height)
		}
		side := infoOf(t, g).Sides[ps[n].ToMove()[0]]
		m := g.Record.Moves[n-1]
		caption := eval[string](t, b, `document.getElementById('caption').textContent`)
		if !strings.Contains(caption, m.Text) || !strings.HasSuffix(caption, ". "+side+" to move.") {
			t.Errorf("game %d: caption %q, want move %d (%s) and %s to move", g.ID, caption, n, m.Text, side)
		}
		// With the engine, the same ply, drawn by it.
		if _, err := chromedp.Call(b.Ctx, network.SetBlockedURLs, network.SetBlockedURLsParams{}); err != nil {
			t.Fatal(err)
		}
		b.open(t, fmt.Sprintf("%s/games/%d.html", srv.URL, g.ID))
		b.do(t, chromedp.KeyEvent(kb.ArrowLeft), chromedp.KeyEvent(kb.ArrowLeft), chromedp.KeyEvent(kb.ArrowRight))
		boardAt(t, b, g, ps, n, fmt.Sprintf("game %d, back, back, forward with the engine", g.ID))
	}
}
