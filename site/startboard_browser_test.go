package site

import (
	"bytes"
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"postal/engine"
	"postal/site/board"
)

// TestStartBoardWithoutEngine: a step to the start shows the start board
// the build drew (one file for every game of the same rules), with the
// engine's files blocked, so that it never waits for the engine; the
// caption says whose move it is, as the engine's would.
func TestStartBoardWithoutEngine(t *testing.T) {
	g := longGame(t, 1, 40, 36)
	out := filepath.Join(t.TempDir(), "site")
	if _, err := Build(context.Background(), NewMemory(g), testOptions(out)); err != nil {
		t.Fatal(err)
	}
	_, _, start, err := engine.New(g.Record.Game, engine.Config{})
	if err != nil {
		t.Fatal(err)
	}
	want := board.SVG(start, "")
	files, _ := filepath.Glob(filepath.Join(out, "assets", "start-*.svg"))
	if len(files) != 1 {
		t.Fatalf("start boards in assets/: %v, want one", files)
	}
	if got, _ := os.ReadFile(files[0]); !bytes.Equal(got, want) {
		t.Errorf("%s is not the start's board", files[0])
	}

	b := newBrowser(t)
	srv := httptest.NewServer(Handler(out))
	defer srv.Close()
	block := []*network.BlockPattern{{URLPattern: "*://*:*/assets/engine-*", Block: true}, {URLPattern: "*://*:*/assets/wasm_exec-*", Block: true}}
	if _, err := chromedp.Call(b.Ctx, network.SetBlockedURLs, network.SetBlockedURLsParams{URLPatterns: block}); err != nil {
		t.Fatal(err)
	}
	defer chromedp.Call(b.Ctx, network.SetBlockedURLs, network.SetBlockedURLsParams{})
	b.open(t, fmt.Sprintf("%s/games/%d.html", srv.URL, g.ID))
	if src := eval[string](t, b, `document.getElementById('viewer').getAttribute('data-start')`); src != "../assets/"+filepath.Base(files[0]) {
		t.Errorf("the viewer's start board is %q", src)
	}
	b.do(t, chromedp.KeyEvent(kb.Home))
	ctx, cancel := context.WithTimeout(b.Ctx, 10*time.Second)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Poll[chromedp.Void](`document.getElementById('board').getAttribute('data-ply') === '0'`, chromedp.WithPollingInterval(5*time.Millisecond))); err != nil {
		t.Fatalf("the start does not show without the engine: %v", err)
	}
	title := eval[string](t, b, `document.querySelector('#board svg title').textContent`)
	if pic := board.Picture(start, ""); title != pic.Title {
		t.Errorf("the board shown at the start is titled %q, the start's picture %q", title, pic.Title)
	}
	caption := eval[string](t, b, `document.getElementById('caption').textContent`)
	if w := "Start position. " + infoOf(t, &g).Sides[0] + " to move."; caption != w {
		t.Errorf("caption %q, want %q", caption, w)
	}
}

// TestStepToStartKeepsTheReadersLine: a page opened at #ply-0 asks for the
// start's board, and the engine after it; "Try moves", clicked at once,
// asks for the engine directly. When the engine comes first and the reader
// has begun their own moves, the start's board, arriving later, does not
// close them. The start board's request is held (DevTools' Fetch domain)
// until the reader's panel is open, so the order is the one CI once met by
// chance.
func TestStepToStartKeepsTheReadersLine(t *testing.T) {
	g := longGame(t, 1, 40, 36)
	out := filepath.Join(t.TempDir(), "site")
	if _, err := Build(context.Background(), NewMemory(g), testOptions(out)); err != nil {
		t.Fatal(err)
	}
	b := newBrowser(t)
	srv := httptest.NewServer(Handler(out))
	defer srv.Close()

	ctx, cancel := context.WithTimeout(b.Ctx, 30*time.Second)
	defer cancel()
	paused := chromedp.Events(ctx, fetch.RequestPaused)
	if _, err := chromedp.Call(b.Ctx, fetch.Enable, fetch.EnableParams{Patterns: []*fetch.RequestPattern{{URLPattern: "*/assets/start-*.svg"}}}); err != nil {
		t.Fatal(err)
	}
	defer chromedp.Call(b.Ctx, fetch.Disable, cdp.Empty{})
	b.do(t, chromedp.Navigate(fmt.Sprintf("%s/games/%d.html#ply-0", srv.URL, g.ID)))
	var held fetch.RequestID
	for ev, err := range paused {
		if err != nil {
			t.Fatalf("the start board was never asked for: %v", err)
		}
		held = ev.RequestID
		break
	}
	b.do(t, chromedp.WaitVisible(chromedp.CSS("#controls")), chromedp.Click(chromedp.CSS("#analyse")))
	if _, err := chromedp.Run(ctx, chromedp.Poll[chromedp.Void](`!document.getElementById('analysis').hidden`, chromedp.WithPollingInterval(5*time.Millisecond))); err != nil {
		t.Fatalf("the reader's moves did not open with the start board held: %v", err)
	}
	if _, err := chromedp.Call(b.Ctx, fetch.ContinueRequest, fetch.ContinueRequestParams{RequestID: held}); err != nil {
		t.Fatal(err)
	}
	// The start board arrives, and the step that waited for it ends.
	if _, err := chromedp.Run(ctx, chromedp.Poll[chromedp.Void](`performance.getEntriesByType('resource').some(function(e){ return /start-/.test(e.name) && e.responseEnd > 0; })`, chromedp.WithPollingInterval(5*time.Millisecond))); err != nil {
		t.Fatalf("the start board never arrived: %v", err)
	}
	time.Sleep(300 * time.Millisecond) // the promises after it; nothing to poll for when nothing changes
	if hidden := eval[bool](t, b, `document.getElementById('analysis').hidden`); hidden {
		t.Error("the start board, arriving after the reader began their own moves, closed them")
	}
	if head := eval[string](t, b, `document.getElementById('a-head').textContent`); !strings.Contains(head, "the start") {
		t.Errorf("the reader's moves are from %q, not the start", head)
	}
}
