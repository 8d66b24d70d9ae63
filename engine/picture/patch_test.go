package picture

import (
	"encoding/xml"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// patched is what a browser draws when it applies pt to p's MinSVG
// document, item by item: the items of the groups of elements the edits
// leave, and each edit's items where it stands.
func patched(t *testing.T, p *Picture, pt Patch) []Item {
	t.Helper()
	_, groups, head, _ := p.minSVG(true)
	owner := make([]int, head) // the group of each child element, -1 before the drawing
	for i := range owner {
		owner[i] = -1
	}
	first := make([]int, len(groups)) // each group's first item
	n := 0
	for gi, g := range groups {
		first[gi] = n
		n += g.items
		for range g.elems {
			owner = append(owner, gi)
		}
	}
	var doc struct {
		Kids []struct{ XMLName xml.Name } `xml:",any"`
	}
	svg, _, _, _ := p.minSVG(false)
	if err := xml.Unmarshal(svg, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Kids) != len(owner) {
		t.Fatalf("the document has %d children, its groups %d", len(doc.Kids), len(owner))
	}
	var out []Item
	e := 0
	for k := 0; k <= len(owner); {
		if e < len(pt.Edits) && pt.Edits[e].At == k {
			if e > 0 && pt.Edits[e-1].At+pt.Edits[e-1].Del > k {
				t.Fatalf("edit %d overlaps the one before: %+v", e, pt.Edits)
			}
			out = append(out, pt.items[e]...)
			k += pt.Edits[e].Del
			if k < len(owner) && k > 0 && owner[k] >= 0 && owner[k] == owner[k-1] {
				t.Fatalf("edit %d ends inside a group of elements", e)
			}
			e++
			continue
		}
		if k == len(owner) {
			break
		}
		if g := owner[k]; g >= 0 && (k == 0 || owner[k-1] != g) {
			out = append(out, p.Items[first[g]:first[g]+groups[g].items]...)
		}
		k++
	}
	if e != len(pt.Edits) {
		t.Fatalf("edit %d of %d never reached: %+v", e, len(pt.Edits), pt.Edits)
	}
	return out
}

// moved is p after a random change of the kinds a move makes: a piece
// (disc and letter) taken, moved or added, a letter changed, the arrow and
// the last move's text redrawn, the title changed, a band added below.
func moved(rng *rand.Rand, p *Picture) *Picture {
	q := &Picture{Width: p.Width, Height: p.Height, Title: p.Title, Items: slices.Clone(p.Items)}
	for range 1 + rng.IntN(4) {
		switch rng.IntN(7) {
		case 0: // a piece taken
			for i, it := range q.Items {
				if _, ok := it.(*Circle); ok && isText(q.Items, i+1) && rng.IntN(3) == 0 {
					q.Items = slices.Delete(q.Items, i, i+2)
					break
				}
			}
		case 1: // a piece moved: drawn elsewhere in the order
			for i, it := range q.Items {
				if c, ok := it.(*Circle); ok && isText(q.Items, i+1) && rng.IntN(3) == 0 {
					d, l := *c, *q.Items[i+1].(*Text)
					d.Y += 32
					l.Y += 32
					q.Items = slices.Delete(q.Items, i, i+2)
					at := rng.IntN(len(q.Items))
					q.Items = slices.Insert(q.Items, at, Item(&d), Item(&l))
					break
				}
			}
		case 2: // a letter changed
			for i, it := range q.Items {
				if tx, ok := it.(*Text); ok && rng.IntN(5) == 0 {
					u := *tx
					u.Text = "Q"
					q.Items[i] = &u
					break
				}
			}
		case 3: // the arrow redrawn
			for i, it := range q.Items {
				if l, ok := it.(*Line); ok {
					m := *l
					m.X2 += 32
					q.Items[i] = &m
				}
			}
		case 4:
			q.Title = fmt.Sprintf("board, move %d <&>", rng.IntN(100))
		case 5: // a band below
			y := q.Height
			q.Height += 34
			q.Add(&Rect{Y: y, W: q.Width, H: 34, Style: Style{Fill: RGB(0x22, 0x22, 0x22)}},
				&Text{X: q.Width / 2, Y: y + 17, Size: 14, Bold: true, Anchor: Middle, VCenter: true, Color: RGB(255, 255, 255), Text: "Game over"})
		case 6: // a piece added in front
			q.Items = slices.Insert(q.Items, 1+rng.IntN(len(q.Items)-1), Item(&Circle{X: 52, Y: 52, R: 13, Style: Style{Fill: RGB(0xfb, 0xfb, 0xf5)}}))
		}
	}
	return q
}

func isText(items []Item, i int) bool {
	if i >= len(items) {
		return false
	}
	_, ok := items[i].(*Text)
	return ok
}

// A patch of a board's MinSVG draws the other board's items, in order,
// whatever the move changed; its markup holds its edits in order, and it
// says the other board's size when it differs.
func TestMinSVGPatchDrawsTheOther(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 2000 {
		p := board(3 + trial%8)
		if trial%2 == 1 {
			p = moved(rng, p)
		}
		q := moved(rng, p)
		if trial%3 == 0 {
			p, q = q, p
		}
		svg, pt, ok := p.MinSVGPatch(q)
		if !ok {
			t.Fatalf("trial %d: no patch", trial)
		}
		if string(svg) != string(p.MinSVG()) {
			t.Fatalf("trial %d: the document is not MinSVG's", trial)
		}
		got := patched(t, p, pt)
		if !slices.EqualFunc(got, q.Items, sameItem) {
			t.Fatalf("trial %d: the patch draws %d items, not the other board's %d\nedits %+v", trial, len(got), len(q.Items), pt.Edits)
		}
		if (p.Width != q.Width || p.Height != q.Height) != (pt.Size != nil) {
			t.Fatalf("trial %d: size %v for %vx%v from %vx%v", trial, pt.Size, q.Width, q.Height, p.Width, p.Height)
		}
		if p.Title != q.Title && (len(pt.Edits) == 0 || pt.Edits[0].At != 0 || !strings.Contains(pt.Edits[0].Add, "<title>")) && q.Title != "" {
			t.Fatalf("trial %d: the title %q is not in the patch: %+v", trial, q.Title, pt.Edits)
		}
		checkMarkup(t, pt)
		doc, ok := pt.Apply(svg)
		if !ok {
			t.Fatalf("trial %d: the patch does not apply to its document", trial)
		}
		checkApplied(t, doc, q)
	}
}

// checkMarkup parses the patch's markup: an <svg> of one <g> an edit, in
// order, with their places and what they delete.
func checkMarkup(t *testing.T, pt Patch) {
	t.Helper()
	var doc struct {
		Size string `xml:"data-size,attr"`
		G    []struct {
			At    int `xml:"data-at,attr"`
			Del   int `xml:"data-del,attr"`
			Inner []struct {
				XMLName xml.Name
			} `xml:",any"`
		} `xml:"g"`
	}
	if err := xml.Unmarshal([]byte(pt.Markup()), &doc); err != nil {
		t.Fatalf("markup: %v\n%s", err, pt.Markup())
	}
	if len(doc.G) != len(pt.Edits) {
		t.Fatalf("markup has %d edits, the patch %d", len(doc.G), len(pt.Edits))
	}
	for i, g := range doc.G {
		if g.At != pt.Edits[i].At || g.Del != pt.Edits[i].Del || (i > 0 && g.At < doc.G[i-1].At+doc.G[i-1].Del) {
			t.Fatalf("markup's edit %d: at %d del %d, the patch's %+v", i, g.At, g.Del, pt.Edits[i])
		}
	}
	if (doc.Size != "") != (pt.Size != nil) {
		t.Fatalf("markup's size %q, the patch's %v", doc.Size, pt.Size)
	}
}

// The patch of a board after a move is small: a piece moved is an element
// taken out and two put in, not the board again.
func TestMinSVGPatchOfAMoveIsSmall(t *testing.T) {
	p := board(8)
	q := &Picture{Width: p.Width, Height: p.Height, Title: p.Title, Items: slices.Clone(p.Items)}
	// The third piece goes back one row: its disc and letter are drawn at
	// the end of the drawing.
	for i, it := range q.Items {
		if c, ok := it.(*Circle); ok && c.X == 100 {
			d, l := *c, *q.Items[i+1].(*Text)
			d.Y, l.Y = d.Y+32, l.Y+32
			q.Items = slices.Delete(q.Items, i, i+2)
			q.Items = append(q.Items, &d, &l)
			break
		}
	}
	svg, pt, ok := p.MinSVGPatch(q)
	if !ok || len(pt.Edits) != 2 || pt.Edits[0].Del != 1 || pt.Edits[0].Add != "" || pt.Edits[1].Del != 0 {
		t.Fatalf("edits %+v", pt.Edits)
	}
	if m := pt.Markup(); len(m) > 400 || len(m)*10 > len(svg) {
		t.Fatalf("the patch is %d bytes, of a board of %d:\n%s", len(m), len(svg), m)
	}
}

// Two boards that differ in more items than a patch is worth have none.
func TestMinSVGPatchOfAnotherBoardIsNone(t *testing.T) {
	if _, _, ok := board(3).MinSVGPatch(board(9)); ok {
		t.Fatal("a patch from a board of 3 to a board of 9")
	}
	if _, _, ok := board(9).MinSVGPatch(board(9)); !ok {
		t.Fatal("no patch between two equal boards")
	}
}

// checkApplied checks the document a patch made: well-formed, of the
// other picture's size and title.
func checkApplied(t *testing.T, doc []byte, q *Picture) {
	t.Helper()
	var got struct {
		Width  float64 `xml:"width,attr"`
		Height float64 `xml:"height,attr"`
		View   string  `xml:"viewBox,attr"`
		Title  string  `xml:"title"`
	}
	if err := xml.Unmarshal(doc, &got); err != nil {
		t.Fatalf("the patched document: %v\n%s", err, doc)
	}
	if got.Width != q.Width || got.Height != q.Height || got.View != fmt.Sprintf("0 0 %v %v", q.Width, q.Height) || got.Title != q.Title {
		t.Fatalf("the patched document is %vx%v (%s), titled %q; the picture %vx%v, %q", got.Width, got.Height, got.View, got.Title, q.Width, q.Height, q.Title)
	}
}
