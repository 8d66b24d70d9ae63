package site

import (
	"context"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestReplayStopsAtARefusedMove opens the page of a game whose record has
// a move the engine refuses (ply 7 of 12): the viewer replays the moves as
// they are needed, so stepping from the start shows the plies before it;
// a step to the end shows the last position the record reaches, says at
// which move the engine stops, and marks the moves after it unreached.
func TestReplayStopsAtARefusedMove(t *testing.T) {
	b := newBrowser(t)
	g := longGame(t, 1, 12, 11)
	g.Record.Moves[6].Text = "z9-z9"
	out := filepath.Join(t.TempDir(), "site")
	if _, err := Build(context.Background(), NewMemory(g), testOptions(out)); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(Handler(out))
	defer srv.Close()
	b.open(t, srv.URL+"/games/1.html")
	b.do(t, chromedp.KeyEvent(kb.Home))
	awaitPly(t, b, "0")
	b.do(t, chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(kb.ArrowRight))
	awaitPly(t, b, "2")
	b.do(t, chromedp.KeyEvent(kb.End))
	awaitPly(t, b, "6")
	if ply := eval[string](t, b, `document.getElementById('board').getAttribute('data-ply')`); ply != "6" {
		t.Errorf("at the end the board shows ply %s, want 6, the last the record reaches", ply)
	}
	if msg := get(t, b, chromedp.Text(chromedp.CSS("#viewer-error"))); !strings.Contains(msg, "The engine stops at move 7 of this record") {
		t.Errorf("the viewer says %q", msg)
	}
	unreached := eval[[]string](t, b, `Array.prototype.map.call(document.querySelectorAll('#moves li.unreached'), function(li){ return li.textContent.trim(); })`)
	if len(unreached) != 6 || !strings.Contains(unreached[0], "z9-z9") {
		t.Errorf("moves marked unreached: %q, want the 6 from ply 7", unreached)
	}
	if !eval[bool](t, b, `document.querySelector('[data-step="next"]').disabled && document.querySelector('[data-step="last"]').disabled`) {
		t.Errorf("at the last ply reached, forward and end are not disabled")
	}
	for _, p := range b.Problems() {
		t.Errorf("browser: %s", p)
	}
}
