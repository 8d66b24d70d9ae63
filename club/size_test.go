package club

import (
	"bytes"
	"fmt"
	"image/png"
	"sort"
	"strings"
	"testing"

	"postal/mailer"
)

// Light mail (issue 28): a move mail, with all three boards (text, inline
// PNG, SVG file), stays under 40 KB in every game, Imperial Chess's board
// the largest; a reminder under 10 KB. The sizes of every golden mail are
// logged (go test ./club -run TestMailSizes -v).
func TestMailSizes(t *testing.T) {
	sizes := map[string]int{}
	parts := map[string]string{}
	var names []string
	for _, g := range goldenMails(t) {
		raw, err := mailer.BuildMessage(g.msg)
		if err != nil {
			t.Fatal(err)
		}
		sizes[g.name] = len(raw)
		names = append(names, g.name)
		for _, a := range g.msg.Inline {
			cfg, err := png.DecodeConfig(bytes.NewReader(a.Data))
			if err != nil {
				t.Fatalf("%s: %s: %v", g.name, a.Name, err)
			}
			parts[g.name] += fmt.Sprintf(" PNG %dx%d %.1f KB", cfg.Width, cfg.Height, float64(len(a.Data))/1024)
		}
		for _, a := range g.msg.Attachments {
			if a.ContentType == "image/svg+xml" {
				parts[g.name] += fmt.Sprintf(" SVG %.1f KB", float64(len(a.Data))/1024)
			}
		}
	}
	sort.Strings(names)
	var log strings.Builder
	for _, n := range names {
		fmt.Fprintf(&log, "%-30s %5.1f KB%s\n", n, float64(sizes[n])/1024, parts[n])
	}
	t.Logf("mail sizes:\n%s", log.String())
	for _, v := range gameVariants {
		for _, kind := range []string{"-turn", "-start", "-start-notice", "-over", "-preview"} {
			if n, ok := sizes[v.name+kind]; ok && n >= 40<<10 {
				t.Errorf("%s%s: %.1f KB, over 40 KB", v.name, kind, float64(n)/1024)
			}
		}
	}
	if n := sizes["reminder"]; n == 0 || n >= 10<<10 {
		t.Errorf("a reminder: %.1f KB, not under 10 KB", float64(n)/1024)
	}
}
