package site

import (
	"context"
	"net/http/httptest"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"

	"postal/site/view"
)

// A tournament's page and the index of tournaments in Chromium, at a
// desktop's width and a phone's: no page is wider than the screen (the
// crosstable scrolls in its box), nothing logs an error. Screenshots go to
// the test's artifact directory (go test -artifacts -outputdir DIR).
func TestTournamentInBrowser(t *testing.T) {
	b := newBrowser(t)
	src := &tourSource{Memory: NewMemory(fixedArchive(t)...), tours: map[int64]*view.Tournament{1: cup(true)}, games: map[int64]int64{1: 1, 2: 1, 4: 1}}
	out := filepath.Join(t.TempDir(), "site")
	if _, err := Build(context.Background(), src, testOptions(out)); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(Handler(out))
	defer srv.Close()
	for _, size := range []struct {
		name string
		w, h int64
	}{{"desktop", 1280, 900}, {"phone", 400, 860}} {
		t.Run(size.name, func(t *testing.T) {
			b.do(t, chromedp.EmulateViewport(size.w, size.h))
			for _, page := range []string{"tournaments/cup.html", "tournaments/index.html"} {
				b.open(t, srv.URL+"/"+page)
				if wide := eval[bool](t, b, `document.documentElement.scrollWidth > window.innerWidth`); wide {
					t.Errorf("%s is wider than the screen (%d px)", page, size.w)
				}
				b.shot(t, filepath.Base(page[:len(page)-5]))
				if p := b.Problems(); len(p) > 0 {
					t.Errorf("%s: %v", page, p)
				}
			}
		})
	}
}
