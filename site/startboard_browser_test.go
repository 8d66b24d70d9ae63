package site

import (
	"bytes"
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"

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
