package browsertest

import (
	"context"
	_ "embed"
	"fmt"
	"strings"

	"github.com/chromedp/chromedp"
)

// axe-core (https://github.com/dequelabs/axe-core), the accessibility
// checker, is vendored as its one built file, testdata/axe/axe.min.js of
// the npm package axe-core 4.14.1 (npm pack axe-core@4.14.1), unchanged,
// with its licence (MPL-2.0, which allows that) beside it: the tests need
// no network and no npm on a fresh machine.
//
//go:embed testdata/axe/axe.min.js
var axeSource string

// Violation is one rule axe found broken on a page: its rule, how serious
// (minor, moderate, serious or critical), what it asks, and the elements.
type Violation struct {
	ID      string   `json:"id"`
	Impact  string   `json:"impact"`
	Help    string   `json:"help"`
	Targets []string `json:"targets"`
}

func (v Violation) String() string {
	return fmt.Sprintf("%s (%s): %s at %s", v.ID, v.Impact, v.Help, strings.Join(v.Targets, ", "))
}

// Serious reports whether v is serious or critical: what the tests refuse.
func (v Violation) Serious() bool { return v.Impact == "serious" || v.Impact == "critical" }

// Axe runs axe-core on the page open in ctx (injecting it the first time
// on each page) with the WCAG 2 A and AA rules and best practices, and
// returns its violations.
func Axe(ctx context.Context) ([]Violation, error) {
	loaded, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`!!window.axe`))
	if err == nil && !loaded {
		_, err = chromedp.Run(ctx, chromedp.Evaluate[chromedp.Void](axeSource))
	}
	if err != nil {
		return nil, fmt.Errorf("browsertest: inject axe-core: %w", err)
	}
	vs, err := chromedp.Run(ctx, chromedp.Evaluate[[]Violation](`axe.run(document, {
		runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]},
		resultTypes: ["violations"],
	}).then(r => r.violations.map(v => ({
		id: v.id, impact: v.impact || "", help: v.help,
		targets: v.nodes.slice(0, 5).map(n => n.target.join(" ")),
	})))`, chromedp.EvalAwaitPromise))
	if err != nil {
		return nil, fmt.Errorf("browsertest: run axe-core: %w", err)
	}
	return vs, nil
}
