package picture

import (
	"bytes"
	"fmt"
	"html"
	"strconv"
)

// SVG writes the picture as a standalone SVG document. Its output is
// deterministic, so golden files can pin it.
func (p *Picture) SVG() []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %s %s" role="img" font-family="DejaVu Sans, Verdana, sans-serif">`+"\n",
		num(p.Width), num(p.Height), num(p.Width), num(p.Height))
	if p.Title != "" {
		fmt.Fprintf(&b, "<title>%s</title>\n", html.EscapeString(p.Title))
	}
	for _, it := range p.Items {
		switch s := it.(type) {
		case *Rect:
			fmt.Fprintf(&b, `<rect x="%s" y="%s" width="%s" height="%s"%s/>`+"\n", num(s.X), num(s.Y), num(s.W), num(s.H), style(s.Style))
		case *Circle:
			fmt.Fprintf(&b, `<circle cx="%s" cy="%s" r="%s"%s/>`+"\n", num(s.X), num(s.Y), num(s.R), style(s.Style))
		case *Polygon:
			fmt.Fprintf(&b, `<polygon points="%s"%s/>`+"\n", pointsText(s.Points), style(s.Style))
		case *Line:
			dash := ""
			if s.Dashed {
				dash = fmt.Sprintf(` stroke-dasharray="%s %s"`, num(3*s.Width), num(2*s.Width))
			}
			fmt.Fprintf(&b, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s"%s stroke-width="%s" stroke-linecap="round"%s/>`+"\n",
				num(s.X1), num(s.Y1), num(s.X2), num(s.Y2), hex(s.Color), opacity("stroke", s.Color), num(s.Width), dash)
			if s.Arrow {
				fmt.Fprintf(&b, `<polygon points="%s"%s/>`+"\n", pointsText(ArrowHead(*s)), style(Style{Fill: s.Color}))
			}
		case *Text:
			anchor := [...]string{"start", "middle", "end"}[s.Anchor]
			weight, base := "", ""
			if s.Bold {
				weight = ` font-weight="bold"`
			}
			if s.VCenter {
				base = ` dominant-baseline="central"`
			}
			fmt.Fprintf(&b, `<text x="%s" y="%s" font-size="%s" text-anchor="%s" fill="%s"%s%s%s>%s</text>`+"\n",
				num(s.X), num(s.Y), num(s.Size), anchor, hex(s.Color), opacity("fill", s.Color), weight, base, html.EscapeString(s.Text))
		}
	}
	b.WriteString("</svg>\n")
	return b.Bytes()
}

func pointsText(pts []Point) string {
	var b bytes.Buffer
	for i, pt := range pts {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(num(pt.X) + "," + num(pt.Y))
	}
	return b.String()
}

func style(s Style) string {
	out := ` fill="none"`
	if s.Fill.A > 0 {
		out = ` fill="` + hex(s.Fill) + `"` + opacity("fill", s.Fill)
	}
	if s.Stroke.A > 0 && s.StrokeWidth > 0 {
		out += ` stroke="` + hex(s.Stroke) + `"` + opacity("stroke", s.Stroke) + ` stroke-width="` + num(s.StrokeWidth) + `"`
	}
	return out
}

func hex(c Color) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

func opacity(attr string, c Color) string {
	if c.A == 255 || c.A == 0 {
		return ""
	}
	return fmt.Sprintf(` %s-opacity="%s"`, attr, num(float64(c.A)/255))
}

// num writes a coordinate with at most two decimals and no trailing zeros.
func num(f float64) string {
	return strconv.FormatFloat(float64(int64(f*100+sign(f)*0.5))/100, 'f', -1, 64)
}

func sign(f float64) float64 {
	if f < 0 {
		return -1
	}
	return 1
}
