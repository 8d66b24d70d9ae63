// Package picture is a small vector drawing model for game boards. A game
// draws its position once, as a Picture; this package writes it as SVG text
// and rasterizes the same drawing to PNG, so mail clients without SVG support
// (Gmail, Outlook) get an identical image.
//
// Coordinates are in pixels, origin top-left, y downward.
package picture

// Color is an RGBA colour. The zero Color is "none" (not drawn).
type Color struct{ R, G, B, A uint8 }

// RGB returns an opaque colour.
func RGB(r, g, b uint8) Color { return Color{r, g, b, 255} }

// None is the absence of fill or stroke.
var None = Color{}

// Point is a position in pixels.
type Point struct{ X, Y float64 }

// Picture is a drawing: items are painted in order, later ones on top.
type Picture struct {
	Width, Height float64
	// Title is the accessible description (SVG <title>, PNG alt text).
	Title string
	Items []Item
}

// Item is one shape of a Picture: *Rect, *Circle, *Polygon, *Line or *Text.
type Item interface{ isItem() }

// Style is the paint of a shape. A zero Fill or Stroke is not painted.
type Style struct {
	Fill        Color
	Stroke      Color
	StrokeWidth float64
}

// Rect is an axis-aligned rectangle.
type Rect struct {
	X, Y, W, H float64
	Style
}

// Circle is a circle (R > 0); use Polygon for ellipses.
type Circle struct {
	X, Y, R float64
	Style
}

// Polygon is a closed shape through Points (hexes, pyramids, lying pieces).
type Polygon struct {
	Points []Point
	Style
}

// Line is a straight segment of width Width. Arrow draws an arrowhead at
// (X2, Y2); Dashed draws it dashed (e.g. a wrap-around leg of a move).
type Line struct {
	X1, Y1, X2, Y2 float64
	Color          Color
	Width          float64
	Arrow          bool
	Dashed         bool
}

// Anchor is the horizontal alignment of a Text.
type Anchor int

const (
	Start Anchor = iota
	Middle
	End
)

// Text is a label. (X, Y) is the anchor point on the text's baseline, except
// that Middle also centres vertically around Y when VCenter is set.
type Text struct {
	X, Y    float64
	Size    float64 // font size in pixels
	Text    string
	Color   Color
	Anchor  Anchor
	Bold    bool
	VCenter bool
}

func (*Rect) isItem()    {}
func (*Circle) isItem()  {}
func (*Polygon) isItem() {}
func (*Line) isItem()    {}
func (*Text) isItem()    {}

// Add appends items and returns p, for chaining.
func (p *Picture) Add(items ...Item) *Picture {
	p.Items = append(p.Items, items...)
	return p
}
