package picture

import (
	"html"
	"slices"
	"strconv"
)

// A Patch redraws the SVG of one picture, as MinSVG wrote it, as another:
// a game page carries the board before its last move as a patch of the
// board it shows, a few hundred bytes where a board is thousands, so that a
// reader's first step back shows at once, without the rules engine.
//
// A patch works on the children of the <svg> element (its title, its
// definitions, then the drawing), which a browser has as the element's
// children. The two pictures' MinSVG documents cannot be compared element
// by element: the names of their classes and shapes follow the order each
// is first met, which a move changes. So the pictures are compared item
// by item; each group of elements that draws an item that is gone, or
// that new items must cut in two, is taken out; and the new items are put
// in as elements that carry their own paint, in the order they are drawn.
type Patch struct {
	// Size is the other picture's width and height when they differ (a
	// finished game's board has a band below it).
	Size []float64
	// Edits replace elements of the first document, in order of At.
	Edits []Edit
	// items are each edit's items, for tests.
	items [][]Item
}

// An Edit replaces Del of the <svg> element's children, from the At'th,
// with the elements of Add (SVG markup, "" for none).
type Edit struct {
	At, Del int
	Add     string
}

// MinSVGPatch writes p as MinSVG does, and the patch that makes of that
// document a drawing of q.
func (p *Picture) MinSVGPatch(q *Picture) ([]byte, Patch) {
	svg, groups, head := p.minSVG(true)
	var pt Patch
	if p.Width != q.Width || p.Height != q.Height {
		pt.Size = []float64{q.Width, q.Height}
	}
	if p.Title != q.Title {
		e := Edit{At: 0}
		if p.Title != "" {
			e.Del = 1
		}
		if q.Title != "" {
			e.Add = "<title>" + html.EscapeString(q.Title) + "</title>"
		}
		pt.add(e, nil)
	}
	gone, before := align(p.Items, q.Items)
	at, i := head, 0
	for _, g := range groups {
		end := i + g.items
		if ins, ok := before[i]; ok {
			pt.add(Edit{At: at}, ins)
		}
		cut := slices.Contains(gone[i:end], true)
		for k := i + 1; k < end && !cut; k++ {
			_, cut = before[k]
		}
		if cut {
			var items []Item
			for k := i; k < end; k++ {
				if k > i {
					items = append(items, before[k]...)
				}
				if !gone[k] {
					items = append(items, p.Items[k])
				}
			}
			pt.add(Edit{At: at, Del: g.elems}, items)
		}
		at, i = at+g.elems, end
	}
	if ins, ok := before[len(p.Items)]; ok {
		pt.add(Edit{At: at}, ins)
	}
	return svg, pt
}

// add appends e with its items drawn into Add, joined to the edit before
// when they touch.
func (pt *Patch) add(e Edit, items []Item) {
	var w svgWriter
	w.b = []byte(e.Add)
	for _, it := range items {
		w.item(it, "")
	}
	e.Add = string(w.b)
	if n := len(pt.Edits); n > 0 && pt.Edits[n-1].At+pt.Edits[n-1].Del == e.At {
		last := &pt.Edits[n-1]
		last.Del += e.Del
		last.Add += e.Add
		pt.items[n-1] = append(pt.items[n-1], items...)
		return
	}
	pt.Edits = append(pt.Edits, e)
	pt.items = append(pt.items, slices.Clone(items))
}

// align matches the items of a and b in order, the longest common
// subsequence of them: gone marks the items of a that b has not, and
// before[i] are the items of b that come before a[i] (before[len(a)]: at
// the end). The common head and tail, most of a board, are matched first.
func align(a, b []Item) (gone []bool, before map[int][]Item) {
	gone, before = make([]bool, len(a)), map[int][]Item{}
	head := 0
	for head < len(a) && head < len(b) && sameItem(a[head], b[head]) {
		head++
	}
	tail := 0
	for tail < len(a)-head && tail < len(b)-head && sameItem(a[len(a)-1-tail], b[len(b)-1-tail]) {
		tail++
	}
	ma, mb := a[head:len(a)-tail], b[head:len(b)-tail]
	// lcs[i][j] is the length of the longest common subsequence of ma[i:]
	// and mb[j:].
	w := len(mb) + 1
	lcs := make([]int32, (len(ma)+1)*w)
	for i := len(ma) - 1; i >= 0; i-- {
		for j := len(mb) - 1; j >= 0; j-- {
			switch {
			case sameItem(ma[i], mb[j]):
				lcs[i*w+j] = lcs[(i+1)*w+j+1] + 1
			default:
				lcs[i*w+j] = max(lcs[(i+1)*w+j], lcs[i*w+j+1])
			}
		}
	}
	i, j := 0, 0
	for i < len(ma) || j < len(mb) {
		switch {
		case i < len(ma) && j < len(mb) && sameItem(ma[i], mb[j]):
			i, j = i+1, j+1
		case j < len(mb) && (i == len(ma) || lcs[i*w+j+1] >= lcs[(i+1)*w+j]):
			before[head+i] = append(before[head+i], mb[j])
			j++
		default:
			gone[head+i] = true
			i++
		}
	}
	return gone, before
}

// sameItem reports whether a and b draw the same.
func sameItem(a, b Item) bool {
	switch s := a.(type) {
	case *Rect:
		t, ok := b.(*Rect)
		return ok && *s == *t
	case *Circle:
		t, ok := b.(*Circle)
		return ok && *s == *t
	case *Polygon:
		t, ok := b.(*Polygon)
		return ok && s.Style == t.Style && slices.Equal(s.Points, t.Points)
	case *Line:
		t, ok := b.(*Line)
		return ok && *s == *t
	case *Text:
		t, ok := b.(*Text)
		return ok && *s == *t
	}
	return false
}

// Markup is the patch as a game page carries it, for its viewer
// (viewer.js: backBoard): an <svg> whose <g> elements are the edits in
// order, each with its At and Del as data-at and data-del and its elements
// inside; data-size, when the size changes, "width height". The page's
// HTML parser makes them SVG elements, ready to move into the board.
func (pt Patch) Markup() string {
	var w svgWriter
	w.s(`<svg xmlns="http://www.w3.org/2000/svg"`)
	if pt.Size != nil {
		w.s(` data-size="`).num(pt.Size[0]).s(" ").num(pt.Size[1]).s(`"`)
	}
	w.s(">")
	for _, e := range pt.Edits {
		w.s(`<g data-at="`).s(strconv.Itoa(e.At)).s(`" data-del="`).s(strconv.Itoa(e.Del)).s(`">`).s(e.Add).s("</g>")
	}
	return string(w.s("</svg>").b)
}
