package picture

import (
	"html"
	"unicode/utf8"
)

// MinSVG writes the picture as a standalone SVG document for a mail
// attachment, where every byte is sent again in base64: no
// whitespace between elements, each paint written once as a class of one
// style sheet, and a shape drawn more than once (a board's squares, a
// piece) defined once in <defs> and placed with <use>. It draws exactly
// what SVG draws, in the same order.
func (p *Picture) MinSVG() []byte {
	b, _, _, _ := p.minSVG(false)
	return b
}

// A group is a run of a picture's items and the elements MinSVG draws them
// with, in the <svg> element after its title and definitions: a piece's
// shape and letter are one <use>, a row of coordinates one <text>, an
// arrow a line and its head.
type group struct{ items, elems int }

// minSVG is MinSVG, and with track the groups its drawing is made of and
// the number of the <svg> element's children before them.
func (p *Picture) minSVG(track bool) (svg []byte, groups []group, head int, w *minWriter) {
	w = &minWriter{classes: map[string]string{}, shapes: map[string]string{},
		styles: map[Style]string{}, texts: map[textStyle]string{}}
	units := w.unitsOf(p.Items)
	counts := map[string]int{}
	for _, u := range units {
		if u.key != "" {
			counts[u.key]++
		}
	}
	var body svgWriter
	for i := 0; i < len(units); i++ {
		u := units[i]
		if u.key != "" && counts[u.key] > 1 {
			w.use(&body, u)
			if track {
				groups = append(groups, group{len(u.items), 1})
			}
			continue
		}
		// Texts of one style and one character each (a board's
		// coordinates) are one <text> with a position per character.
		if j := w.textRun(units, i); j > i+1 {
			w.textRow(&body, units[i:j])
			if track {
				groups = append(groups, group{j - i, 1})
			}
			i = j - 1
			continue
		}
		for _, it := range u.items {
			w.shape(&body, it, Point{}, "")
			if track {
				n := 1
				if l, ok := it.(*Line); ok && l.Arrow {
					n = 2 // the line and its head
				}
				groups = append(groups, group{1, n})
			}
		}
	}
	var out svgWriter
	out.s(`<svg xmlns="http://www.w3.org/2000/svg" width="`).num(p.Width).s(`" height="`).num(p.Height).
		s(`" viewBox="0 0 `).num(p.Width).s(" ").num(p.Height).
		s(`" role="img" font-family="DejaVu Sans,Verdana,sans-serif">`)
	if p.Title != "" {
		out.s("<title>").s(html.EscapeString(p.Title)).s("</title>")
		head++
	}
	if len(w.css) > 0 || len(w.defs) > 0 {
		head++
		out.s("<defs>")
		if len(w.css) > 0 {
			out.s("<style>").s(string(w.css)).s("</style>")
		}
		out.s(string(w.defs)).s("</defs>")
	}
	out.b = append(out.b, body.b...)
	out.s("</svg>")
	return out.b, groups, head, w
}

// unit is a shape and the texts drawn right after it (a piece's disc and
// its letter), placed as one; or a lone item (key "").
type unit struct {
	items []Item
	key   string
	at    Point
}

func (w *minWriter) unitsOf(items []Item) []unit {
	out := make([]unit, 0, len(items))
	for i := 0; i < len(items); i++ {
		at, ok := w.shapeKey(items[i])
		if !ok {
			out = append(out, unit{items: items[i : i+1]})
			continue
		}
		j := i + 1
		for j < len(items) {
			t, ok := items[j].(*Text)
			if !ok {
				break
			}
			w.key.s("|").num(t.X - at.X).s(",").num(t.Y - at.Y).s(w.textDecl(t)).s(">").s(t.Text)
			j++
		}
		out = append(out, unit{items: items[i:j], key: string(w.key.b), at: at})
		i = j - 1
	}
	return out
}

// textRun returns the end of the run of lone one-character texts of one
// style that starts at units[i].
func (w *minWriter) textRun(units []unit, i int) int {
	first, ok := loneChar(units[i])
	if !ok {
		return i
	}
	j := i + 1
	for j < len(units) {
		t, ok := loneChar(units[j])
		if !ok || w.textDecl(t) != w.textDecl(first) {
			break
		}
		j++
	}
	return j
}

func loneChar(u unit) (*Text, bool) {
	if u.key != "" || len(u.items) != 1 {
		return nil, false
	}
	t, ok := u.items[0].(*Text)
	if !ok || utf8.RuneCountInString(t.Text) != 1 || t.Text == " " {
		return nil, false
	}
	return t, true
}

// textRow writes texts of one character each and one style as one
// <text> whose x and y list a position for each character: each starts a
// text chunk of its own, anchored as the style says.
func (w *minWriter) textRow(b *svgWriter, units []unit) {
	first := units[0].items[0].(*Text)
	var xs, ys svgWriter
	oneY := true
	var text string
	for i, u := range units {
		t := u.items[0].(*Text)
		if i > 0 {
			xs.s(" ")
			ys.s(" ")
		}
		xs.num(t.X)
		ys.num(t.Y)
		oneY = oneY && t.Y == first.Y
		text += t.Text
	}
	if oneY {
		ys = svgWriter{}
		ys.num(first.Y)
	}
	b.s(`<text x="`).s(string(xs.b)).s(`" y="`).s(string(ys.b)).s(`" class="`).s(w.class(w.textDecl(first))).s(`">`).s(html.EscapeString(text)).s("</text>")
}

// use places a unit defined once in <defs>.
func (w *minWriter) use(b *svgWriter, u unit) {
	id, ok := w.shapes[u.key]
	if !ok {
		id = name(len(w.shapes))
		w.shapes[u.key] = id
		var d svgWriter
		if len(u.items) == 1 {
			w.shape(&d, u.items[0], u.at, id)
		} else {
			d.s(`<g id="`).s(id).s(`">`)
			for _, it := range u.items {
				w.shape(&d, it, u.at, "")
			}
			d.s("</g>")
		}
		w.defs = append(w.defs, d.b...)
	}
	b.s(`<use href="#`).s(id).s(`"`).pos("x", u.at.X).pos("y", u.at.Y).s("/>")
}

type minWriter struct {
	css, defs []byte
	classes   map[string]string // CSS declarations -> class name
	shapes    map[string]string // shape key -> id in <defs>
	// The declarations of each style met, worked out once: a board has a
	// few styles and hundreds of items.
	styles map[Style]string
	texts  map[textStyle]string
	key    svgWriter // the key being made (shapeKey, unitsOf)
}

// textStyle is what textDecl reads of a text.
type textStyle struct {
	size            float64
	color           Color
	anchor          Anchor
	bold, vcentered bool
}

// styleDecl is styleDecl(s), once a style.
func (w *minWriter) styleDecl(s Style) string {
	d, ok := w.styles[s]
	if !ok {
		d = styleDecl(s)
		w.styles[s] = d
	}
	return d
}

// textDecl is textDecl(t), once a style.
func (w *minWriter) textDecl(t *Text) string {
	k := textStyle{t.Size, t.Color, t.Anchor, t.Bold, t.VCenter}
	d, ok := w.texts[k]
	if !ok {
		d = textDecl(t)
		w.texts[k] = d
	}
	return d
}

// name is the n-th short name: a, b, ... z, ba, bb, ...
func name(n int) string {
	const letters = "abcdefghijklmnopqrstuvwxyz"
	s := string(letters[n%26])
	for n /= 26; n > 0; n /= 26 {
		s = string(letters[n%26]) + s
	}
	return s
}

// class returns the class of the declarations decl, adding it to the style
// sheet the first time.
func (w *minWriter) class(decl string) string {
	if c, ok := w.classes[decl]; ok {
		return c
	}
	c := name(len(w.classes))
	w.classes[decl] = c
	w.css = append(w.css, '.')
	w.css = append(w.css, c...)
	w.css = append(w.css, '{')
	w.css = append(w.css, decl...)
	w.css = append(w.css, '}')
	return c
}

// shapeKey writes into w.key what makes two items the same shape wherever
// they stand, and returns where it stands; false for an item drawn in
// place (a line, a text).
func (w *minWriter) shapeKey(it Item) (Point, bool) {
	n := &w.key
	n.b = n.b[:0]
	switch s := it.(type) {
	case *Rect:
		n.s("r").num(s.W).s(",").num(s.H).s(w.styleDecl(s.Style))
		return Point{s.X, s.Y}, true
	case *Circle:
		n.s("c").num(s.R).s(w.styleDecl(s.Style))
		return Point{s.X, s.Y}, true
	case *Polygon:
		if len(s.Points) == 0 {
			return Point{}, false
		}
		o := s.Points[0]
		n.s("p")
		for _, pt := range s.Points {
			n.num(pt.X - o.X).s(",").num(pt.Y - o.Y).s(" ")
		}
		n.s(w.styleDecl(s.Style))
		return o, true
	}
	return Point{}, false
}

// lineDecl is the declarations of a line's class.
func lineDecl(s *Line) string {
	decl := "stroke:" + cssColor(s.Color) + opacityDecl("stroke", s.Color) + ";stroke-width:" + numText(s.Width) + ";stroke-linecap:round"
	if s.Dashed {
		decl += ";stroke-dasharray:" + numText(3*s.Width) + " " + numText(2*s.Width)
	}
	return decl
}

// classed reports whether every class it is drawn with is in the style
// sheet already, so that shape can draw it without adding to it.
func (w *minWriter) classed(it Item) bool {
	has := func(decl string) bool { _, ok := w.classes[decl]; return ok }
	switch s := it.(type) {
	case *Rect:
		return has(w.styleDecl(s.Style))
	case *Circle:
		return has(w.styleDecl(s.Style))
	case *Polygon:
		return has(w.styleDecl(s.Style))
	case *Line:
		return has(lineDecl(s)) && (!s.Arrow || has(w.styleDecl(Style{Fill: s.Color})))
	case *Text:
		return has(w.textDecl(s))
	}
	return false
}

// shape writes it moved by -o, with the id when it is a definition.
func (w *minWriter) shape(b *svgWriter, it Item, o Point, id string) {
	idAttr := func() {
		if id != "" {
			b.s(` id="`).s(id).s(`"`)
		}
	}
	switch s := it.(type) {
	case *Rect:
		b.s("<rect")
		idAttr()
		b.pos("x", s.X-o.X).pos("y", s.Y-o.Y).s(` width="`).num(s.W).s(`" height="`).num(s.H).s(`" class="`).s(w.class(w.styleDecl(s.Style))).s(`"/>`)
	case *Circle:
		b.s("<circle")
		idAttr()
		b.pos("cx", s.X-o.X).pos("cy", s.Y-o.Y).s(` r="`).num(s.R).s(`" class="`).s(w.class(w.styleDecl(s.Style))).s(`"/>`)
	case *Polygon:
		b.s("<polygon")
		idAttr()
		b.s(` points="`)
		for i, pt := range s.Points {
			if i > 0 {
				b.s(" ")
			}
			b.num(pt.X - o.X).s(",").num(pt.Y - o.Y)
		}
		b.s(`" class="`).s(w.class(w.styleDecl(s.Style))).s(`"/>`)
	case *Line:
		decl := lineDecl(s)
		b.s(`<line x1="`).num(s.X1).s(`" y1="`).num(s.Y1).s(`" x2="`).num(s.X2).s(`" y2="`).num(s.Y2).s(`" class="`).s(w.class(decl)).s(`"/>`)
		if s.Arrow {
			b.s(`<polygon points="`).points(ArrowHead(*s)).s(`" class="`).s(w.class(w.styleDecl(Style{Fill: s.Color}))).s(`"/>`)
		}
	case *Text:
		b.s(`<text`).pos("x", s.X-o.X).pos("y", s.Y-o.Y).s(` class="`).s(w.class(w.textDecl(s))).s(`">`).s(html.EscapeString(s.Text)).s("</text>")
	}
}

// textDecl is the CSS of a text's font and paint.
func textDecl(s *Text) string {
	decl := "font-size:" + numText(s.Size) + "px;fill:" + cssColor(s.Color) + opacityDecl("fill", s.Color)
	if s.Anchor != Start {
		decl += ";text-anchor:" + [...]string{"start", "middle", "end"}[s.Anchor]
	}
	if s.Bold {
		decl += ";font-weight:bold"
	}
	if s.VCenter {
		decl += ";dominant-baseline:central"
	}
	return decl
}

// pos writes a coordinate attribute, left out when 0 (its default).
func (w *svgWriter) pos(attr string, v float64) *svgWriter {
	if round2(v) == 0 {
		return w
	}
	return w.s(" ").s(attr).s(`="`).num(v).s(`"`)
}

// styleDecl is the CSS of a fill and stroke.
func styleDecl(s Style) string {
	d := "fill:none"
	if s.Fill.A > 0 {
		d = "fill:" + cssColor(s.Fill) + opacityDecl("fill", s.Fill)
	}
	if s.Stroke.A > 0 && s.StrokeWidth > 0 {
		d += ";stroke:" + cssColor(s.Stroke) + opacityDecl("stroke", s.Stroke) + ";stroke-width:" + numText(s.StrokeWidth)
	}
	return d
}

// cssColor writes c as #rgb when it can, else #rrggbb.
func cssColor(c Color) string {
	const digits = "0123456789abcdef"
	if c.R>>4 == c.R&15 && c.G>>4 == c.G&15 && c.B>>4 == c.B&15 {
		return string([]byte{'#', digits[c.R&15], digits[c.G&15], digits[c.B&15]})
	}
	return string([]byte{'#', digits[c.R>>4], digits[c.R&15], digits[c.G>>4], digits[c.G&15], digits[c.B>>4], digits[c.B&15]})
}

func opacityDecl(prop string, c Color) string {
	if c.A == 255 || c.A == 0 {
		return ""
	}
	return ";" + prop + "-opacity:" + numText(float64(c.A)/255)
}

// numText is num as a string, without the leading zero of a fraction.
func numText(f float64) string {
	var w svgWriter
	w.num(f)
	s := string(w.b)
	if len(s) > 1 && s[0] == '0' && s[1] == '.' {
		return s[1:]
	}
	return s
}
