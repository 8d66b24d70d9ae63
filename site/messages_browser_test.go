package site

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"postal/site/browsertest"
)

// seenJS says whether some element of the page that holds text (its own
// text, not a parent's) shows it whole on the screen: inside the window,
// inside every box of its ancestors that clips what overflows (the move
// strip of a phone), and not hidden.
const seenJS = `(function(text){
  var all = document.querySelectorAll('body *');
  for (var i = 0; i < all.length; i++) {
    var el = all[i], own = '';
    el.childNodes.forEach(function(n){ if (n.nodeType === 3) own += n.nodeValue; });
    if (own.indexOf(text) < 0) continue;
    var r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    if (r.left < 0 || r.top < 0 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5) continue;
    var clipped = false;
    for (var p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      var s = getComputedStyle(p);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      var q = p.getBoundingClientRect();
      if (r.left < q.left - 0.5 || r.right > q.right + 0.5 || r.top < q.top - 0.5 || r.bottom > q.bottom + 0.5) { clipped = true; break; }
    }
    if (!clipped && getComputedStyle(el).visibility !== 'hidden') return true;
  }
  return false;
})(%q)`

// TestMessagesOwnLines opens the page of a game whose moves carry the
// players' messages (two on the last move, one on the third): at a
// desktop's width each message of a move has a line of its own in the move
// list; at a phone's, where the moves are one scrolled row, the messages of
// the move shown are on the screen whole, not cut off by the row (under the
// board, the first at least in the window on load, all of them once the
// viewer steps and brings the board in sight), and follow the viewer as it
// steps. No serious axe violation at either width.
func TestMessagesOwnLines(t *testing.T) {
	b := newBrowser(t)
	g := longGame(t, 1, 12, 11)
	first, second, third := "Good game, and thanks for the long fight in the endgame.", "See you in the next round of the league!", "A bold one."
	g.Record.Moves[11].Comment = first + "\n" + second
	g.Record.Moves[2].Comment = third
	out := filepath.Join(t.TempDir(), "site")
	if _, err := Build(context.Background(), NewMemory(g), testOptions(out)); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(Handler(out))
	defer srv.Close()
	axe := func(width int64) {
		ctx, cancel := context.WithTimeout(b.Ctx, 60*time.Second)
		defer cancel()
		vs, err := browsertest.Axe(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range vs {
			if v.Serious() {
				t.Errorf("at %d px: axe: %s", width, v)
			}
		}
	}

	b.do(t, chromedp.EmulateViewport(1280, 900))
	b.open(t, srv.URL+"/games/1.html")
	// The second message begins below the end of the first: each on its
	// own lines, not run on after the other.
	lines := eval[[]float64](t, b, `(function(){
  var cs = document.querySelectorAll('#ply-12 .comment');
  if (cs.length !== 2) return [];
  var a = cs[0].getClientRects(), b = cs[1].getClientRects();
  return [a[a.length-1].bottom, b[0].top];
})()`)
	if len(lines) != 2 {
		t.Fatalf("at 1280 px the last move has not 2 messages in the list")
	}
	if lines[1] < lines[0]-0.5 {
		t.Errorf("at 1280 px the last move's second message begins on the first's last line (first ends at %v, second starts at %v)", lines[0], lines[1])
	}
	axe(1280)
	snap(t, b, "desktop-last")

	b.do(t, chromedp.EmulateViewport(400, 860))
	b.open(t, srv.URL+"/games/1.html")
	// On load the page is at its top: the window shows the board and,
	// under it, the first message at least.
	if !eval[bool](t, b, fmt.Sprintf(seenJS, first)) {
		t.Errorf("at 400 px, on load, the last move's message %q is not on the screen whole", first)
	}
	axe(400)
	snap(t, b, "phone-last")
	// Stepping: the messages shown are those of the move shown.
	b.do(t, chromedp.KeyEvent(kb.Home))
	awaitPly(t, b, "0")
	b.do(t, chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(kb.ArrowRight))
	awaitPly(t, b, "3")
	if !eval[bool](t, b, fmt.Sprintf(seenJS, third)) {
		t.Errorf("at 400 px, at ply 3, its message %q is not on the screen whole", third)
	}
	if eval[bool](t, b, fmt.Sprintf(seenJS, first)) {
		t.Errorf("at 400 px, at ply 3, the last move's message %q shows", first)
	}
	snap(t, b, "phone-ply3")
	b.do(t, chromedp.KeyEvent(kb.ArrowRight))
	awaitPly(t, b, "4")
	if eval[bool](t, b, fmt.Sprintf(seenJS, third)) {
		t.Errorf("at 400 px, at ply 4, ply 3's message %q still shows", third)
	}
	// A step keeps the board, its messages and its controls in sight.
	b.do(t, chromedp.KeyEvent(kb.End))
	awaitPly(t, b, "12")
	for _, m := range []string{first, second} {
		if !eval[bool](t, b, fmt.Sprintf(seenJS, m)) {
			t.Errorf("at 400 px, back at the end, the last move's message %q is not on the screen whole", m)
		}
	}
	snap(t, b, "phone-end")
	// Without the viewer's script the messages stay in the move list, each
	// shown, to be scrolled to, and nothing is left under the board.
	noScript := func(off bool) {
		if _, err := chromedp.Call(b.Ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: off}); err != nil {
			t.Fatal(err)
		}
	}
	noScript(true)
	b.do(t, chromedp.Navigate("about:blank"), chromedp.Navigate(srv.URL+"/games/1.html"))
	shown := eval[[]string](t, b, `Array.prototype.filter.call(document.querySelectorAll('#moves .comment'), function(c){ return c.getClientRects().length > 0; }).map(function(c){ return c.textContent; })`)
	if !slices.Equal(shown, []string{third, first, second}) {
		t.Errorf("at 400 px without script the list shows the messages %q, want %q", shown, []string{third, first, second})
	}
	if eval[bool](t, b, `document.getElementById('said').getClientRects().length > 0`) {
		t.Errorf("at 400 px without script the block of messages under the board shows")
	}
	b.do(t, chromedp.Evaluate[chromedp.Void](`document.getElementById('ply-12').scrollIntoView({block: 'end', inline: 'end'})`))
	snap(t, b, "phone-noscript")
	noScript(false)
	for _, p := range b.Problems() {
		t.Errorf("browser: %s", p)
	}
}

// snap saves a screenshot of the window in the test's artifact directory
// (go test -artifacts -outputdir DIR).
func snap(t *testing.T, b *browser, name string) {
	t.Helper()
	png := get(t, b, chromedp.CaptureScreenshot())
	if err := os.WriteFile(filepath.Join(t.ArtifactDir(), name+".png"), png, 0o644); err != nil {
		t.Error(err)
	}
}
