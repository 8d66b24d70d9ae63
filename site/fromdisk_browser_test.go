package site

import (
	"context"
	"fmt"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"postal/engine"
)

// TestFromDiskWithoutOffline opens a game page of a site built without
// Options.Offline from disk (file:), where the engine cannot be fetched
// and its script twin is not there: the page shows its final board and
// moves, and a step says why it cannot show the board and how to build a
// site that can, and leaves the final board in place.
func TestFromDiskWithoutOffline(t *testing.T) {
	b := newBrowser(t)
	games := randomArchive(t, len(engine.Games()), 9)
	out := filepath.Join(t.TempDir(), "site")
	if _, err := Build(context.Background(), NewMemory(games...), testOptions(out)); err != nil {
		t.Fatal(err)
	}
	dir, err := filepath.EvalSymlinks(out)
	if err != nil {
		t.Fatal(err)
	}
	var g *Game
	for i := range games {
		if games[i].Record.Game != "test-nim" && len(games[i].Record.Moves) >= 2 {
			g = &games[i]
			break
		}
	}
	if g == nil {
		t.Fatal("no game of a real type with moves")
	}
	u := (&url.URL{Scheme: "file", Path: filepath.ToSlash(filepath.Join(dir, "games", fmt.Sprintf("%d.html", g.ID)))}).String()
	b.open(t, u)
	before := eval[string](t, b, `document.querySelector('#board svg').outerHTML`)
	b.do(t, chromedp.KeyEvent(kb.Home), chromedp.WaitVisible(chromedp.CSS("#viewer-error")))
	msg := get(t, b, chromedp.Text(chromedp.CSS("#viewer-error")))
	if !strings.Contains(msg, "postal site build --offline") {
		t.Errorf("a step from disk without the engine's twin says %q; want how to build a site that steps from disk", msg)
	}
	awaitPly(t, b, fmt.Sprint(len(g.Record.Moves)))
	if after := eval[string](t, b, `document.querySelector('#board svg').outerHTML`); after != before {
		t.Errorf("the failed step changed the board")
	}
	// The twin's failure to load is what the page reports, in its own
	// words; the browser's log of the missing file is expected.
	for _, p := range b.Problems() {
		if !strings.Contains(p, "ERR_FILE_NOT_FOUND") || !strings.Contains(p, "/assets/engine-") {
			t.Errorf("browser: %s", p)
		}
	}
}
