package site

import (
	"fmt"
	"html"
	"html/template"
	"postal/docs/words"
	"slices"
	"strings"
)

// The statistics of a ruleset are drawn as small inline SVG charts: no
// script, no library, readable on a phone.

const (
	plotW    = 360
	barColor = "#1f5fa8"
)

// resultsPlot is a bar per outcome of the finished games: wins of each side,
// draws, and games ended otherwise when there are any.
func resultsPlot(sides []string, wins []int, draws, other int) template.HTML {
	var labels []string
	for _, s := range sides {
		labels = append(labels, s+" won")
	}
	labels = append(labels, "Drawn")
	counts := append(slices.Clone(wins), draws)
	if other > 0 {
		labels, counts = append(labels, "Other"), append(counts, other)
	}
	return hbars("Results by side", labels, counts)
}

// placeShades colour the places of placesPlot, the first darkest.
var placeShades = [...]string{barColor, "#5b8fd0", "#9dbde6", "#d5e3f5"}

// placesPlot is a bar per side of a game of more than two players, cut
// into its places (Superial Chess R13d): how often each side finished
// first, second, and so on; a legend names the shades.
func placesPlot(sides []string, places [][]int) template.HTML {
	const rowH, labelW, top, legendH = 26, 110, 28, 22
	h := top + rowH*len(sides) + legendH + 8
	maxTotal := 1
	for _, ps := range places {
		t := 0
		for _, n := range ps {
			t += n
		}
		maxTotal = max(maxTotal, t)
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" role="img" font-family="sans-serif" font-size="12"><title>Places by side</title>`, plotW, h, plotW, h)
	b.WriteString(`<text x="0" y="16" font-size="14" font-weight="bold">Places by side</text>`)
	for i, side := range sides {
		y := top + i*rowH
		fmt.Fprintf(&b, `<text x="0" y="%d">%s</text>`, y+15, html.EscapeString(side))
		x := float64(labelW)
		for place, n := range places[i] {
			if n == 0 {
				continue
			}
			w := float64(plotW-labelW-10) * float64(n) / float64(maxTotal)
			fmt.Fprintf(&b, `<rect x="%.1f" y="%d" width="%.1f" height="%d" fill="%s"><title>%s %s: %d</title></rect>`,
				x, y+3, w, rowH-8, placeShades[place%len(placeShades)], html.EscapeString(side), words.Ordinal(place+1), n)
			if w >= 18 {
				fill := "#fff"
				if place >= 2 {
					fill = "#000"
				}
				fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle" fill="%s">%d</text>`, x+w/2, y+15, fill, n)
			}
			x += w
		}
	}
	y := top + rowH*len(sides) + 4
	for place := range sides {
		x := labelW + place*60
		fmt.Fprintf(&b, `<rect x="%d" y="%d" width="12" height="12" fill="%s"/><text x="%d" y="%d">%s</text>`,
			x, y, placeShades[place%len(placeShades)], x+16, y+11, words.Ordinal(place+1))
	}
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}

// hbars draws horizontal bars with their labels and counts. The longest
// bar leaves room for its count ("10,000 (100%)"), so no label is cut.
func hbars(title string, labels []string, counts []int) template.HTML {
	const rowH, labelW, top, countW = 26, 110, 28, 100
	h := top + rowH*len(labels) + 8
	maxc, total := 1, 0
	for _, c := range counts {
		maxc = max(maxc, c)
		total += c
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" role="img" font-family="sans-serif" font-size="12"><title>%s</title>`,
		plotW, h, plotW, h, html.EscapeString(title))
	fmt.Fprintf(&b, `<text x="0" y="16" font-size="14" font-weight="bold">%s</text>`, html.EscapeString(title))
	for i, l := range labels {
		y := top + i*rowH
		w := float64(plotW-labelW-countW) * float64(counts[i]) / float64(maxc)
		pct := 0.0
		if total > 0 {
			pct = 100 * float64(counts[i]) / float64(total)
		}
		fmt.Fprintf(&b, `<text x="0" y="%d">%s</text><rect x="%d" y="%d" width="%.1f" height="%d" fill="%s"/><text x="%.1f" y="%d">%d (%.0f%%)</text>`,
			y+15, html.EscapeString(l), labelW, y+3, w, rowH-8, barColor, float64(labelW)+w+4, y+15, counts[i], pct)
	}
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}

// lengthPlot is a histogram of the number of plies of finished games.
func lengthPlot(lengths []int) template.HTML {
	const bins, top, chartH, bottom = 10, 40, 120, 34
	h := top + chartH + bottom
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" role="img" font-family="sans-serif" font-size="11"><title>Game length</title>`, plotW, h, plotW, h)
	b.WriteString(`<text x="0" y="16" font-size="14" font-weight="bold">Game length (plies)</text>`)
	if len(lengths) == 0 {
		b.WriteString(`</svg>`)
		return template.HTML(b.String())
	}
	lo, hi := slices.Min(lengths), slices.Max(lengths)
	width := max(1, (hi-lo+bins)/bins) // bins of whole plies covering lo..hi
	counts := make([]int, bins)
	for _, l := range lengths {
		counts[min(bins-1, (l-lo)/width)]++
	}
	maxc := max(1, slices.Max(counts))
	bw := float64(plotW-20) / bins
	for i, c := range counts {
		bh := float64(chartH) * float64(c) / float64(maxc)
		x := 10 + float64(i)*bw
		from, to := lo+i*width, lo+(i+1)*width-1
		games := "games"
		if c == 1 {
			games = "game"
		}
		fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"><title>%d–%d plies: %d %s</title></rect>`,
			x+1, float64(top+chartH)-bh, bw-2, bh, barColor, from, to, c, games)
		if c > 0 {
			fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="middle">%d</text>`, x+bw/2, float64(top+chartH)-bh-3, c)
		}
		if i%2 == 0 {
			fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle">%d</text>`, x+bw/2, top+chartH+14, from)
		}
	}
	fmt.Fprintf(&b, `<line x1="10" y1="%d" x2="%d" y2="%d" stroke="#888"/>`, top+chartH, plotW-10, top+chartH)
	noun := "finished games"
	if len(lengths) == 1 {
		noun = "finished game"
	}
	fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle" fill="#666">%d %s, median %d plies</text>`, plotW/2, top+chartH+30, len(lengths), noun, median(lengths, lo, hi))
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}

// median is the middle of xs, which lie in lo..hi (the upper of the two
// middles of an even count). Counted, not sorted: a game type's lengths,
// 22,000 of them at every update of one of its games, lie in a few
// hundred plies.
func median(xs []int, lo, hi int) int {
	counts := make([]int, hi-lo+1)
	for _, x := range xs {
		counts[x-lo]++
	}
	seen := 0
	for i, c := range counts {
		if seen += c; seen > len(xs)/2 {
			return lo + i
		}
	}
	return hi
}
