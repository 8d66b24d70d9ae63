package site

import (
	"context"
	"fmt"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// intentLead is how long before the first step the reader shows intent in
// BenchmarkFirstStep: about the time from a finger's touchstart to its
// click, the shortest head start a reader gives (a pointer crossing the
// board on its way to the buttons gives more).
const intentLead = 100 * time.Millisecond

// firstStepJS instruments a freshly opened game page for its first step:
// the time from the step's event (a key or a click, caught first, on the
// window) to the board showing the ply asked for, laid out; the time since
// the reader's intent (the first pointer or focus on the viewer or the
// move list, window.postalIntentAt); and whether the engine was already on
// its way when the step came (a request for it or its loader).
const firstStepJS = `(function(want){
  window.postalFirst = null;
  window.postalIntentAt = -1;
  var t0 = -1, early = false;
  var intent = function(e){
    if (window.postalIntentAt < 0 && e.target.closest && e.target.closest('#viewer, #moves')) { window.postalIntentAt = performance.now(); }
  };
  window.addEventListener('pointerover', intent, true);
  window.addEventListener('focusin', intent, true);
  var engineAsked = function(){
    return performance.getEntriesByType('resource').some(function(e){ return /\.wasm|wasm_exec|engine-/.test(e.name); }) ||
      Array.prototype.some.call(document.scripts, function(s){ return /wasm_exec|engine-/.test(s.src); });
  };
  var start = function(){ if (t0 < 0) { t0 = performance.now(); early = engineAsked(); } };
  window.addEventListener('keydown', start, true);
  window.addEventListener('click', start, true);
  var board = document.getElementById('board');
  new MutationObserver(function(){
    if (t0 < 0 || window.postalFirst || board.getAttribute('data-ply') !== want) { return; }
    board.getBoundingClientRect();
    document.body.offsetHeight;
    window.postalFirst = {ms: performance.now() - t0, early: early, lead: window.postalIntentAt < 0 ? 0 : t0 - window.postalIntentAt};
  }).observe(board, {attributes: true, attributeFilter: ['data-ply']});
})(%q)`

// firstStep opens the page of a game at u afresh and takes its first step:
// to the start (Home, the |◀ button) or back one ply from the final board
// (the left arrow, the ◀ button), with no intent first, or intentLead
// after a pointer came over the board (then a click) or the focus onto
// the step button (then a key), as the page counts it (the step is sent
// once that much has passed there, so it comes a little later). It returns
// the time from the step's event to the board drawn, and the intent's lead.
func firstStep(t testing.TB, b *browser, u string, plies int, intent, to string) (d, lead time.Duration) {
	t.Helper()
	want, key, button := "0", kb.Home, `[data-step="first"]`
	if to == "back" {
		want, key, button = fmt.Sprint(plies-1), kb.ArrowLeft, `[data-step="prev"]`
	}
	// The pointer goes to the window's corner, away from the viewer.
	b.do(t, chromedp.MouseEvent(chromedp.MouseMoved, 0, 0))
	b.open(t, u)
	b.do(t, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(firstStepJS, want)))
	center := func(sel string) (float64, float64) {
		xy := eval[[]float64](t, b, fmt.Sprintf(`(function(){ var r = document.querySelector(%q).getBoundingClientRect(); return [r.left + r.width/2, r.top + r.height/2]; })()`, sel))
		return xy[0], xy[1]
	}
	ctx, cancel := context.WithTimeout(b.Ctx, 30*time.Second)
	defer cancel()
	led := func() {
		js := fmt.Sprintf(`window.postalIntentAt >= 0 && performance.now() - window.postalIntentAt >= %d`, intentLead.Milliseconds())
		if _, err := chromedp.Run(ctx, chromedp.Poll[chromedp.Void](js, chromedp.WithPollingInterval(time.Millisecond))); err != nil {
			t.Fatalf("no intent seen (%s): %v", intent, err)
		}
	}
	switch intent {
	case "none":
		b.do(t, chromedp.KeyEvent(key))
	case "hover":
		x, y := center("#board")
		bx, by := center(button)
		b.do(t, chromedp.MouseEvent(chromedp.MouseMoved, x, y))
		led()
		b.do(t, chromedp.MouseClickXY(bx, by))
	case "focus":
		b.do(t, chromedp.Focus(chromedp.CSS(button)))
		led()
		b.do(t, chromedp.KeyEvent(key))
	}
	type result struct {
		Ms    float64 `json:"ms"`
		Early bool    `json:"early"`
		Lead  float64 `json:"lead"`
	}
	r, err := chromedp.Run(ctx, chromedp.Poll[result](`window.postalFirst`, chromedp.WithPollingInterval(5*time.Millisecond)))
	if err != nil {
		t.Fatalf("the first step (%s, %s) never showed ply %s: %v", intent, to, want, err)
	}
	if r.Early != (intent != "none") {
		t.Fatalf("the first step (%s, %s): the engine on its way before it: %v", intent, to, r.Early)
	}
	return time.Duration(r.Ms * float64(time.Millisecond)), time.Duration(r.Lead * float64(time.Millisecond))
}

// BenchmarkFirstStep opens the page of a game of 400 plies in headless
// Chromium afresh each time, the browser's cache off (a reader's first
// visit: the engine fetched, compiled and started, the game replayed), and
// times the first step from its key or click to the board drawn, to the
// start and back one ply from the end: without intent first (the step
// loads the engine), bound 150 ms, and intentLead after a pointer over the
// board or the focus on a button (which start the loading), bound 60 ms.
// Each figure is the median of the runs (-benchtime Nx), the slowest and
// the median lead of the intent beside it.
func BenchmarkFirstStep(b *testing.B) {
	br := newBrowser(b)
	// The game as the club's archive has it: its last position, and the
	// one before, whose board the page carries (backboard.go).
	g := longGame(b, 1, steppingPlies, 36)
	rc := *g.Record
	ps, err := rc.Replay()
	if err != nil {
		b.Fatal(err)
	}
	g.Position, g.Previous = ps[len(ps)-1].String(), ps[len(ps)-2].String()
	out := filepath.Join(b.TempDir(), "site")
	if _, err := Build(context.Background(), NewMemory(g), testOptions(out)); err != nil {
		b.Fatal(err)
	}
	srv := httptest.NewServer(Handler(out))
	defer srv.Close()
	u := srv.URL + "/games/1.html"
	if _, err := chromedp.Call(br.Ctx, network.SetCacheDisabled, network.SetCacheDisabledParams{CacheDisabled: true}); err != nil {
		b.Fatal(err)
	}
	for _, intent := range []string{"none", "hover", "focus"} {
		bound := 60.0
		if intent == "none" {
			bound = 150
		}
		for _, to := range []string{"start", "back"} {
			b.Run("intent="+intent+"/to="+to, func(b *testing.B) {
				var ds, leads []time.Duration
				for b.Loop() {
					d, lead := firstStep(b, br, u, steppingPlies, intent, to)
					ds, leads = append(ds, d), append(leads, lead)
				}
				slices.Sort(ds)
				slices.Sort(leads)
				ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1e3 }
				Target(b, ms(ds[len(ds)/2]), "first-step-ms", bound)
				b.ReportMetric(ms(ds[len(ds)-1]), "slowest-first-step-ms")
				b.ReportMetric(ms(leads[len(leads)/2]), "intent-lead-ms")
			})
		}
	}
	for _, p := range br.Problems() {
		b.Errorf("browser: %s", p)
	}
}
