package site

import (
	"context"
	"net/http/httptest"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"postal/site/browsertest"
)

// TestPagesAxe runs axe-core (site/browsertest) over the site's pages, the
// home page, a game page, a player page and the ratings, at a phone's width and a
// desktop's: no serious or critical violation. make test leaves it to
// make test-long (the Makefile's LONG_ONLY and LONG_SITE).
func TestPagesAxe(t *testing.T) {
	b := newBrowser(t)
	games, long, _ := browserArchive(t)
	out := filepath.Join(t.TempDir(), "site")
	if _, err := Build(context.Background(), NewMemory(games...), testOptions(out)); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(Handler(out))
	defer srv.Close()
	player := slug(long.Record.Players[0])
	for _, width := range []int64{400, 1280} {
		b.do(t, chromedp.EmulateViewport(width, 860))
		for _, page := range []string{"/", "/" + gamePath(long.ID), "/" + playerPath(player), "/" + ratingsIndex} {
			b.open(t, srv.URL+page)
			ctx, cancel := context.WithTimeout(b.Ctx, 60*time.Second)
			vs, err := browsertest.Axe(ctx)
			cancel()
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s at %d px: axe reports %d rules broken", page, width, len(vs))
			for _, v := range vs {
				if v.Serious() {
					t.Errorf("%s at %d px: axe: %s", page, width, v)
				} else {
					t.Logf("%s at %d px: axe (not serious): %s", page, width, v)
				}
			}
		}
	}
}
