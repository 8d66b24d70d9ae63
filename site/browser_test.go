package site

import (
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"postal/engine"
)

// chromium finds Debian's chromium; under CI a missing browser fails.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("chromium is not installed (apt-get install chromium); CI needs it")
	}
	t.Skip("chromium is not installed (apt-get install chromium)")
	return ""
}

// browser starts a headless Chromium and records, for the whole test, console
// errors, uncaught exceptions, dialogs and every request it makes.
type browser struct {
	ctx      context.Context
	mu       sync.Mutex
	problems []string
	requests []string
}

func newBrowser(t *testing.T) *browser {
	exe := chromium(t)
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(exe),
		chromedp.Headless,
		chromedp.NoSandbox, // tests run as root in CI
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(420, 900), // a phone-sized window
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelC := chromedp.NewContext(actx)
	t.Cleanup(func() { cancelC(); cancelA() })
	b := &browser{ctx: ctx}
	err := chromedp.Listen(ctx, func(ev any) {
		b.mu.Lock()
		defer b.mu.Unlock()
		switch e := ev.(type) {
		case *runtime.EventConsoleAPICalled:
			if e.Type == runtime.ConsoleAPICalledTypeError || e.Type == runtime.ConsoleAPICalledTypeAssert {
				b.problems = append(b.problems, fmt.Sprintf("console %s: %s", e.Type, args(e.Args)))
			}
		case *runtime.EventExceptionThrown:
			b.problems = append(b.problems, fmt.Sprintf("exception: %s %v", e.ExceptionDetails.Text, e.ExceptionDetails.Exception))
		case *log.EventEntryAdded:
			if e.Entry.Level == log.EntryLevelError {
				b.problems = append(b.problems, "log: "+e.Entry.Text+" "+e.Entry.URL)
			}
		case *page.EventJavascriptDialogOpening:
			b.problems = append(b.problems, "dialog opened: "+e.Message)
			go chromedp.Call(ctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: false})
		case *network.EventRequestWillBeSent:
			b.requests = append(b.requests, e.Request.URL)
		}
	})
	if err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	return b
}

func args(as []*runtime.RemoteObject) string {
	var s []string
	for _, a := range as {
		if len(a.Value) > 0 {
			s = append(s, string(a.Value))
		} else {
			s = append(s, a.Description)
		}
	}
	return strings.Join(s, " ")
}

func (b *browser) do(t *testing.T, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 30*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		t.Fatalf("chromium: %v", err)
	}
}

func get[T any](t *testing.T, b *browser, a chromedp.Action[T]) T {
	t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 30*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, a)
	if err != nil {
		t.Fatalf("chromium: %v", err)
	}
	return v
}

func eval[T any](t *testing.T, b *browser, js string) T {
	t.Helper()
	return get(t, b, chromedp.Evaluate[T](js))
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
	var out []string
	var texts []string
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
				if a.Name.Space == "" && name == "xmlns" || a.Name.Space == "xmlns" {
					name = "xmlns"
				}
				attrs = append(attrs, name+"="+a.Value)
			}
			slices.Sort(attrs)
			out = append(out, e.Name.Local+"["+strings.Join(attrs, " ")+"]")
			texts = append(texts, "")
		case xml.CharData:
			if len(texts) > 0 {
				texts[len(texts)-1] += string(e)
			}
		case xml.EndElement:
			// Attach the element's own text to its line.
			_ = e
		}
	}
	// Texts belong to the element opened last before them; rebuild in order.
	for i := range out {
		out[i] += strings.TrimSpace(texts[i])
	}
	return strings.Join(out, "\n")
}

// TestBrowser opens game pages in a real headless Chromium, steps the viewer
// with buttons, keys and links, and checks the board against the engine's
// picture of each position and the move list; it checks that no console
// error occurs, no request leaves the site, and that a player called
// <script>alert(1)</script> shows as text. Screenshots go to the test's
// artifact directory (go test -artifacts).
func TestBrowser(t *testing.T) {
	b := newBrowser(t)
	games := append(fixedArchive(t), randomArchive(t, 2*len(engine.Games()), 3)...)
	for i := range games {
		games[i].ID = int64(i + 1)
	}
	out := filepath.Join(t.TempDir(), "site")
	if _, err := Build(context.Background(), games, testOptions(out)); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(Handler(out))
	defer srv.Close()

	// Game 2 of the fixed archive, then one game of every other game type.
	pick := []*Game{&games[1]}
	seen := map[string]bool{"test-nim": true}
	for i := range games {
		if g := &games[i]; !seen[g.Record.Game] && len(g.Record.Moves) >= 3 {
			seen[g.Record.Game] = true
			pick = append(pick, g)
		}
	}
	for _, g := range pick {
		t.Run(g.Record.Game, func(t *testing.T) { viewerTest(t, b, srv.URL, g) })
	}

	t.Run("escaping", func(t *testing.T) {
		b.do(t, chromedp.Navigate(srv.URL+"/players/"+slug("<script>alert(1)</script>")+".html"))
		h1 := get(t, b, chromedp.Text(chromedp.CSS("h1")))
		b.do(t, chromedp.Navigate(srv.URL+"/games/3.html"))
		player := get(t, b, chromedp.Text(chromedp.CSS(".players a")))
		if h1 != "<script>alert(1)</script>" || player != "<script>alert(1)</script>" {
			t.Errorf("player name shows as %q and %q, want the text <script>alert(1)</script>", h1, player)
		}
	})

	t.Run("search", func(t *testing.T) {
		b.do(t,
			chromedp.Navigate(srv.URL+"/index.html"),
			chromedp.WaitEnabled(chromedp.CSS("#q")),
			chromedp.SendKeys(chromedp.CSS("#q"), "carol"),
			chromedp.WaitVisible(chromedp.CSS("#q-results li")),
		)
		status := get(t, b, chromedp.Text(chromedp.CSS("#q-status")))
		if !strings.Contains(status, "games match") {
			t.Errorf("search status %q", status)
		}
		shot := get(t, b, chromedp.FullScreenshot(100))
		os.WriteFile(filepath.Join(t.ArtifactDir(), "home.png"), shot, 0o644)
	})

	b.mu.Lock()
	defer b.mu.Unlock()
	for _, p := range b.problems {
		t.Errorf("browser: %s", p)
	}
	if len(b.requests) < 5 {
		t.Errorf("only %d requests seen: is request logging working?", len(b.requests))
	}
	for _, u := range b.requests {
		if !strings.HasPrefix(u, srv.URL+"/") && !strings.HasPrefix(u, "data:") {
			t.Errorf("request leaves the site: %s", u)
		}
	}
}

func viewerTest(t *testing.T, b *browser, base string, g *Game) {
	positions, err := g.Record.Replay()
	if err != nil {
		t.Fatal(err)
	}
	last := len(positions) - 1
	want := func(ply int) string { return svgSignature(t, positions[ply].Picture().SVG()) }
	check := func(ply int, how string) {
		t.Helper()
		sig := eval[string](t, b, signatureJS)
		shown := eval[string](t, b, `document.getElementById('board').getAttribute('data-ply')`)
		current := eval[string](t, b, `(document.querySelector('.movelist li.current')||{}).id||''`)
		caption := eval[string](t, b, `document.getElementById('caption').textContent`)
		if shown != fmt.Sprint(ply) || current != fmt.Sprintf("ply-%d", ply) {
			t.Errorf("%s: board shows ply %s, move list marks %q; want ply %d", how, shown, current, ply)
		}
		if sig != want(ply) {
			t.Errorf("%s: board differs from the engine's picture of ply %d:\n%s\nwant\n%s", how, ply, sig, want(ply))
		}
		if ply > 0 && !strings.Contains(caption, g.Record.Moves[ply-1].Text) {
			t.Errorf("%s: caption %q does not name move %d, %s", how, caption, ply, g.Record.Moves[ply-1].Text)
		}
	}
	page := fmt.Sprintf("%s/games/%d.html", base, g.ID)
	b.do(t, chromedp.Navigate(page), chromedp.WaitVisible(chromedp.CSS("#controls")))
	check(last, "on load")
	if want(0) == want(last) {
		t.Fatal("the first and last positions look the same: the test could not see the board change")
	}
	b.do(t, chromedp.KeyEvent(kb.Home))
	check(0, "after Home")
	b.do(t, chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(kb.ArrowRight))
	check(2, "after two right arrows")
	if hash := eval[string](t, b, `location.hash`); hash != "#ply-2" {
		t.Errorf("URL fragment %q after stepping to ply 2", hash)
	}
	b.do(t, chromedp.Click(chromedp.CSS(`[data-step="prev"]`)))
	check(1, "after the back button")
	b.do(t, chromedp.Click(chromedp.CSS(`[data-step="next"]`)), chromedp.Click(chromedp.CSS(`[data-step="next"]`)))
	check(3, "after the forward button twice")
	b.do(t, chromedp.Click(chromedp.CSS(`#ply-1 a`)), chromedp.Poll[chromedp.Void](`document.getElementById('board').getAttribute('data-ply') === '1'`, chromedp.WithPollingTimeout(5*time.Second)))
	check(1, "after clicking move 1 in the list")
	b.do(t, chromedp.Click(chromedp.CSS(`[data-step="last"]`)))
	check(last, "after the end button")
	// A link to a ply opens the page at that ply.
	b.do(t, chromedp.Navigate("about:blank"), chromedp.Navigate(page+"#ply-2"), chromedp.WaitVisible(chromedp.CSS("#controls")))
	check(2, "opened at #ply-2")
	shot := get(t, b, chromedp.FullScreenshot(100))
	if err := os.WriteFile(filepath.Join(t.ArtifactDir(), fmt.Sprintf("game-%d.png", g.ID)), shot, 0o644); err != nil {
		t.Error(err)
	}
}
