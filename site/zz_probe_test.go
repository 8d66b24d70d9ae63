package site

import (
	"slices"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

func TestZZProbe(t *testing.T) {
	b := newBrowser(t)
	u, stop := steppingSite(t)
	defer stop()
	for range 3 {
		b.open(t, u)
		b.do(t, chromedp.KeyEvent(kb.Home))
		awaitPly(t, b, "0")
		b.do(t, chromedp.Evaluate[chromedp.Void](`(function(){
		  var e = window.postalEngine, svg = e.svg, state = e.state;
		  window.zz = {svg: [], state: []};
		  e.svg = function(a, b){ var t = performance.now(); var r = svg(a, b); window.zz.svg.push(performance.now() - t); return r; };
		  e.state = function(a){ var t = performance.now(); var r = state(a); window.zz.state.push(performance.now() - t); return r; };
		})()`), chromedp.Evaluate[chromedp.Void](stepJS))
		next := time.Now()
		for range 400 {
			time.Sleep(time.Until(next))
			next = time.Now().Add(stepPace)
			b.do(t, chromedp.KeyEvent(kb.ArrowRight))
		}
		steps := eval[[]float64](t, b, `window.postalSteps`)
		svg := eval[[]float64](t, b, `window.zz.svg`)
		st := eval[[]float64](t, b, `window.zz.state`)
		var slow []string
		for i := range steps {
			if steps[i] > 20 {
				slow = append(slow, time.Duration(steps[i]*1e6).Round(100*time.Microsecond).String()+"(svg "+time.Duration(svg[i]*1e6).Round(100*time.Microsecond).String()+" state "+time.Duration(st[i]*1e6).Round(100*time.Microsecond).String()+")")
			}
		}
		s2 := slices.Clone(svg)
		slices.Sort(s2)
		t.Logf("svg median %.1f max %.1f; slow steps: %v", s2[len(s2)/2], s2[len(s2)-1], slow)
	}
}
