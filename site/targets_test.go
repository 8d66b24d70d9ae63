package site

import "testing"

// Target reports a figure of the site's acceptance (issue 36) as a metric
// of b, and logs it beside its bound, so that "make bench" shows a
// regression the day it lands: "peak-rss-MB 142 (target < 200) ok". The
// figure must stay below bound.
func Target(b *testing.B, value float64, unit string, bound float64) {
	b.Helper()
	b.ReportMetric(value, unit)
	verdict := "ok"
	if value >= bound {
		verdict = "MISSED"
	}
	b.Logf("%s %.4g (target < %g) %s", unit, value, bound, verdict)
}

// FirstView weighs the first view of a game page of the site built in
// dir (see firstView): for the benchmarks of package site_test.
func FirstView(t testing.TB, dir string, id int64) int {
	n, _ := firstView(t, dir, gamePath(id))
	return n
}
