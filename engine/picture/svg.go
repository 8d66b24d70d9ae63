package picture

import (
	"html"
	"math"
	"strconv"
)

// SVG writes the picture as a standalone SVG document. Its output is
// deterministic, so golden files can pin it.
//
// It appends to one buffer without fmt: the site writes an SVG for every
// position of every game, so this is on its hot path.
func (p *Picture) SVG() []byte {
	return p.AppendSVG(make([]byte, 0, 256+96*len(p.Items)))
}

// AppendSVG appends the SVG document to b and returns the extended buffer,
// for callers that write many pictures and reuse one buffer.
func (p *Picture) AppendSVG(b []byte) []byte {
	w := svgWriter{b: b}
	w.s(`<svg xmlns="http://www.w3.org/2000/svg" width="`).num(p.Width).s(`" height="`).num(p.Height).
		s(`" viewBox="0 0 `).num(p.Width).s(" ").num(p.Height).
		s(`" role="img" font-family="DejaVu Sans, Verdana, sans-serif">` + "\n")
	if p.Title != "" {
		w.s("<title>").s(html.EscapeString(p.Title)).s("</title>\n")
	}
	for _, it := range p.Items {
		w.item(it, "\n")
	}
	w.s("</svg>\n")
	return w.b
}

// item writes one item of a picture as SVG elements with their paint in
// attributes, each followed by nl: AppendSVG's, and a patch's items
// (patch.go), which stand among elements of another document's classes.
func (w *svgWriter) item(it Item, nl string) {
	switch s := it.(type) {
	case *Rect:
		w.s(`<rect x="`).num(s.X).s(`" y="`).num(s.Y).s(`" width="`).num(s.W).s(`" height="`).num(s.H).s(`"`).style(s.Style).s("/>").s(nl)
	case *Circle:
		w.s(`<circle cx="`).num(s.X).s(`" cy="`).num(s.Y).s(`" r="`).num(s.R).s(`"`).style(s.Style).s("/>").s(nl)
	case *Polygon:
		w.s(`<polygon points="`).points(s.Points).s(`"`).style(s.Style).s("/>").s(nl)
	case *Line:
		w.s(`<line x1="`).num(s.X1).s(`" y1="`).num(s.Y1).s(`" x2="`).num(s.X2).s(`" y2="`).num(s.Y2).
			s(`" stroke="`).hex(s.Color).s(`"`).opacity("stroke", s.Color).s(` stroke-width="`).num(s.Width).s(`" stroke-linecap="round"`)
		if s.Dashed {
			w.s(` stroke-dasharray="`).num(3 * s.Width).s(" ").num(2 * s.Width).s(`"`)
		}
		w.s("/>").s(nl)
		if s.Arrow {
			w.s(`<polygon points="`).points(ArrowHead(*s)).s(`"`).style(Style{Fill: s.Color}).s("/>").s(nl)
		}
	case *Text:
		w.s(`<text x="`).num(s.X).s(`" y="`).num(s.Y).s(`" font-size="`).num(s.Size).
			s(`" text-anchor="`).s([...]string{"start", "middle", "end"}[s.Anchor]).s(`" fill="`).hex(s.Color).s(`"`).opacity("fill", s.Color)
		if s.Bold {
			w.s(` font-weight="bold"`)
		}
		if s.VCenter {
			w.s(` dominant-baseline="central"`)
		}
		w.s(">").s(html.EscapeString(s.Text)).s("</text>").s(nl)
	}
}

type svgWriter struct{ b []byte }

func (w *svgWriter) s(s string) *svgWriter { w.b = append(w.b, s...); return w }

// num writes a coordinate with at most two decimals and no trailing zeros.
// It writes the rounded value as whole hundredths, which gives the same text
// as strconv's shortest formatting of round2(f) at a fraction of the cost.
func (w *svgWriter) num(f float64) *svgWriter {
	k := int64(f*100 + sign(f)*0.5)
	if math.IsNaN(f) || math.IsInf(f, 0) || k > 1<<50 || k < -(1<<50) {
		w.b = strconv.AppendFloat(w.b, round2(f), 'f', -1, 64)
		return w
	}
	if k < 0 {
		w.b = append(w.b, '-')
		k = -k
	}
	var digits [20]byte
	i := len(digits)
	for n := k / 100; ; n /= 10 {
		i--
		digits[i] = byte('0' + n%10)
		if n < 10 {
			break
		}
	}
	w.b = append(w.b, digits[i:]...)
	if frac := k % 100; frac != 0 {
		w.b = append(w.b, '.', byte('0'+frac/10))
		if frac%10 != 0 {
			w.b = append(w.b, byte('0'+frac%10))
		}
	}
	return w
}

func (w *svgWriter) points(pts []Point) *svgWriter {
	for i, pt := range pts {
		if i > 0 {
			w.b = append(w.b, ' ')
		}
		w.num(pt.X)
		w.b = append(w.b, ',')
		w.num(pt.Y)
	}
	return w
}

func (w *svgWriter) style(s Style) *svgWriter {
	if s.Fill.A > 0 {
		w.s(` fill="`).hex(s.Fill).s(`"`).opacity("fill", s.Fill)
	} else {
		w.s(` fill="none"`)
	}
	if s.Stroke.A > 0 && s.StrokeWidth > 0 {
		w.s(` stroke="`).hex(s.Stroke).s(`"`).opacity("stroke", s.Stroke).s(` stroke-width="`).num(s.StrokeWidth).s(`"`)
	}
	return w
}

func (w *svgWriter) hex(c Color) *svgWriter {
	const digits = "0123456789abcdef"
	w.b = append(w.b, '#', digits[c.R>>4], digits[c.R&15], digits[c.G>>4], digits[c.G&15], digits[c.B>>4], digits[c.B&15])
	return w
}

func (w *svgWriter) opacity(attr string, c Color) *svgWriter {
	if c.A == 255 || c.A == 0 {
		return w
	}
	return w.s(" ").s(attr).s(`-opacity="`).num(float64(c.A) / 255).s(`"`)
}

// round2 rounds half away from zero to two decimals.
func round2(f float64) float64 {
	return float64(int64(f*100+sign(f)*0.5)) / 100
}

func sign(f float64) float64 {
	if f < 0 {
		return -1
	}
	return 1
}
