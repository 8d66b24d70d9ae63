package picture

import (
	"bytes"
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
	// w wrote the first document: a new item whose paint is one of its
	// classes is drawn with that class, a tenth of the bytes.
	w *minWriter
}

// An Edit replaces Del of the <svg> element's children, from the At'th,
// with the elements of Add (SVG markup, "" for none).
type Edit struct {
	At, Del int
	Add     string
}

// maxEdits is the most items a patch adds and takes out: past it, a
// patch is near a board's size, and the step waits for the engine.
const maxEdits = 64

// MinSVGPatch writes p as MinSVG does, and the patch that makes of that
// document a drawing of q; ok is false when the two differ too much for a
// patch to be worth its bytes.
func (p *Picture) MinSVGPatch(q *Picture) (svg []byte, pt Patch, ok bool) {
	svg, groups, head, w := p.minSVG(true)
	pt.w = w
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
	gone, before, ok := align(p.Items, q.Items, maxEdits)
	if !ok {
		return svg, Patch{}, false
	}
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
	return svg, pt, true
}

// add appends e with its items drawn into Add, joined to the edit before
// when they touch.
func (pt *Patch) add(e Edit, items []Item) {
	var b svgWriter
	b.b = []byte(e.Add)
	for _, it := range items {
		if pt.w != nil && pt.w.classed(it) {
			pt.w.shape(&b, it, Point{}, "")
		} else {
			b.item(it, "")
		}
	}
	e.Add = string(b.b)
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

// align matches the items of a and b in order, as few of them unmatched
// as can be (a shortest edit script, by Myers' algorithm, which takes time
// in the number of items times the number of edits: a move's few): gone
// marks the items of a that b has not, and before[i] are the items of b
// that come before a[i] (before[len(a)]: at the end). ok is false when
// more than maxEdits items differ, where a patch would be a board again.
func align(a, b []Item, maxEdits int) (gone []bool, before map[int][]Item, ok bool) {
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
	n, m := len(ma), len(mb)
	// v[off+k] is the furthest x reached on diagonal k (x - y = k) with d
	// edits; trace[d] is v before the d-th round, to find the way back.
	off := min(n+m, maxEdits) + 1
	v := make([]int, 2*off+1)
	var trace [][]int
	end := -1
	for d := 0; d <= n+m && d <= maxEdits && end < 0; d++ {
		trace = append(trace, slices.Clone(v))
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || (k != d && v[off+k-1] < v[off+k+1]) {
				x = v[off+k+1] // down: an item of b put in
			} else {
				x = v[off+k-1] + 1 // right: an item of a gone
			}
			y := x - k
			for x < n && y < m && sameItem(ma[x], mb[y]) {
				x, y = x+1, y+1
			}
			v[off+k] = x
			if x >= n && y >= m {
				end = d
				break
			}
		}
	}
	if end < 0 {
		return nil, nil, false
	}
	type put struct {
		at int
		it Item
	}
	var puts []put // backwards
	x, y := n, m
	for d := end; d > 0; d-- {
		v := trace[d]
		k := x - y
		prevK := k - 1
		if k == -d || (k != d && v[off+k-1] < v[off+k+1]) {
			prevK = k + 1
		}
		prevX := v[off+prevK]
		prevY := prevX - prevK
		for x > prevX && y > prevY {
			x, y = x-1, y-1
		}
		if x == prevX {
			puts = append(puts, put{head + x, mb[prevY]})
		} else {
			gone[head+prevX] = true
		}
		x, y = prevX, prevY
	}
	for i := len(puts) - 1; i >= 0; i-- {
		before[puts[i].at] = append(before[puts[i].at], puts[i].it)
	}
	return gone, before, true
}

// sameItem reports whether a and b draw the same.
func sameItem(a, b Item) bool {
	switch s := a.(type) {
	case *Rect:
		return same(s, b)
	case *Circle:
		return same(s, b)
	case *Polygon:
		t, ok := b.(*Polygon)
		return ok && s.Style == t.Style && slices.Equal(s.Points, t.Points)
	case *Line:
		return same(s, b)
	case *Text:
		return same(s, b)
	}
	return false
}

// same reports whether b is an item of a's kind, equal to it.
func same[T comparable, P interface {
	*T
	Item
}](a P, b Item) bool {
	t, ok := b.(P)
	return ok && *a == *t
}

// Markup is the patch as a game page carries it, for its viewer
// (viewer.js: showBack): an <svg> whose <g> elements are the edits in
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

// Apply is the document the patch makes of svg, the MinSVG document it was
// made with, as a browser's viewer makes it (viewer.js: showBack); false
// when svg is not one.
func (pt Patch) Apply(svg []byte) ([]byte, bool) {
	root, kids, ok := children(svg)
	if !ok {
		return nil, false
	}
	if pt.Size != nil {
		var w svgWriter
		w.s(`<svg xmlns="http://www.w3.org/2000/svg" width="`).num(pt.Size[0]).s(`" height="`).num(pt.Size[1]).
			s(`" viewBox="0 0 `).num(pt.Size[0]).s(" ").num(pt.Size[1]).s(`"`)
		i := bytes.Index(root, []byte(` role=`))
		if i < 0 {
			return nil, false
		}
		root = append(w.b, root[i:]...)
	}
	out := append([]byte{}, root...)
	next := 0
	for _, e := range pt.Edits {
		if e.At < next || e.At+e.Del > len(kids) {
			return nil, false
		}
		for _, k := range kids[next:e.At] {
			out = append(out, k...)
		}
		out = append(out, e.Add...)
		next = e.At + e.Del
	}
	for _, k := range kids[next:] {
		out = append(out, k...)
	}
	return append(out, "</svg>"...), true
}

// children splits an <svg> document into its opening tag and its child
// elements, each with what it holds: MinSVG writes nothing between
// elements, so every child starts with '<'.
func children(doc []byte) (root []byte, kids [][]byte, ok bool) {
	if !bytes.HasPrefix(doc, []byte("<svg")) || !bytes.HasSuffix(doc, []byte("</svg>")) {
		return nil, nil, false
	}
	end := bytes.IndexByte(doc, '>')
	root, body := doc[:end+1], doc[end+1:len(doc)-len("</svg>")]
	depth, start := 0, 0
	for i := 0; i < len(body); {
		if body[i] != '<' {
			if depth == 0 {
				return nil, nil, false
			}
			i++
			continue
		}
		j := bytes.IndexByte(body[i:], '>')
		if j < 0 {
			return nil, nil, false
		}
		switch tag := body[i : i+j+1]; {
		case bytes.HasPrefix(tag, []byte("</")):
			depth--
		case !bytes.HasSuffix(tag, []byte("/>")):
			depth++
		}
		i += j + 1
		if depth < 0 {
			return nil, nil, false
		}
		if depth == 0 {
			kids = append(kids, body[start:i])
			start = i
		}
	}
	return root, kids, depth == 0
}
