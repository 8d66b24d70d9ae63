//go:build !js

// The rasterizer and its fonts are left out of the engine compiled for the
// browser (site/wasm), which draws SVG only (360 kB of its 5 MB).

package picture

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"

	"golang.org/x/image/vector"
)

// PNG rasterizes the picture at its own size (Width x Height pixels, rounded
// up). It draws the same model as SVG with the same geometry: strokes are
// centred on the outline, lines have round caps, dashes are 3w on and 2w off,
// arrowheads come from ArrowHead. Where nothing is painted the image is
// transparent, as the SVG is. The output is deterministic.
//
// Anti-aliasing is the vector rasterizer's own exact-coverage one, so no
// supersampling is needed.
func (p *Picture) PNG() ([]byte, error) {
	img, err := p.Image()
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&b, img); err != nil {
		return nil, fmt.Errorf("picture: encode png: %w", err)
	}
	return b.Bytes(), nil
}

// maxSide bounds the size of a raster, so a bad picture fails instead of
// allocating gigabytes.
const maxSide = 8192

// Image rasterizes the picture into a new image, for callers that compose or
// encode it themselves.
func (p *Picture) Image() (*image.RGBA, error) {
	return p.imageOn(func(n int) []byte { return make([]byte, n) })
}

// imageOn is Image on the pixels that buf returns: n bytes, zeroed.
func (p *Picture) imageOn(buf func(n int) []byte) (*image.RGBA, error) {
	w, h := int(math.Ceil(p.Width)), int(math.Ceil(p.Height))
	if w <= 0 || h <= 0 || w > maxSide || h > maxSide || math.IsNaN(p.Width) || math.IsNaN(p.Height) {
		return nil, fmt.Errorf("picture: cannot rasterize a picture of %gx%g pixels", p.Width, p.Height)
	}
	r := &raster{
		img: &image.RGBA{Pix: buf(4 * w * h), Stride: 4 * w, Rect: image.Rect(0, 0, w, h)},
		// Every shape resets the rasterizer to its own box (paintIn),
		// which grows its buffer as needed: a buffer of the whole
		// picture (megabytes at a mail's twice size) would never be used.
		ras:   vector.NewRasterizer(1, 1),
		faces: map[faceKey]*faceCache{},
	}
	for _, it := range p.Items {
		switch s := it.(type) {
		case *Rect:
			r.rect(s)
		case *Circle:
			r.circle(s)
		case *Polygon:
			r.polygon(s)
		case *Line:
			r.line(s)
		case *Text:
			if err := r.text(s); err != nil {
				return nil, err
			}
		}
	}
	return r.img, nil
}

// raster paints items one by one: each shape is accumulated in the
// rasterizer as a coverage mask, then composited over the image.
//
// The rasterizer adds up signed areas and takes their absolute value, so
// pieces of one shape must all wind the same way (see addConvex) or overlaps
// would cancel out; a ring is made of two loops wound oppositely on purpose.
type raster struct {
	img   *image.RGBA
	ras   *vector.Rasterizer
	faces map[faceKey]*faceCache
	// paths are the closed loops of the shape being built. They are
	// rasterized only over their bounding box: the rasterizer's cost grows
	// with its area, and a board is made of hundreds of small shapes.
	paths [][]Point
}

// begin starts a new shape.
func (r *raster) begin() {
	r.paths = r.paths[:0]
}

// paint composites the accumulated shape in colour c.
func (r *raster) paint(c Color) { r.paintAround(c, image.Rectangle{}) }

// paintAround is paint for a shape that covers none of the pixels of hole
// (a frame's inside): only the bands of its box around the hole are
// rasterized, which for a board's frame is a fiftieth of the box.
func (r *raster) paintAround(c Color, hole image.Rectangle) {
	box := image.Rectangle{}
	for _, path := range r.paths {
		for _, pt := range path {
			px := image.Rect(int(math.Floor(pt.X))-1, int(math.Floor(pt.Y))-1, int(math.Ceil(pt.X))+1, int(math.Ceil(pt.Y))+1)
			box = box.Union(px)
		}
	}
	box = box.Intersect(r.img.Bounds())
	if hole = hole.Intersect(box); hole.Empty() {
		r.paintIn(c, box)
		return
	}
	for _, band := range []image.Rectangle{
		image.Rect(box.Min.X, box.Min.Y, box.Max.X, hole.Min.Y),
		image.Rect(box.Min.X, hole.Max.Y, box.Max.X, box.Max.Y),
		image.Rect(box.Min.X, hole.Min.Y, hole.Min.X, hole.Max.Y),
		image.Rect(hole.Max.X, hole.Min.Y, box.Max.X, hole.Max.Y),
	} {
		r.paintIn(c, band)
	}
}

// paintIn composites the accumulated shape in colour c over box only.
func (r *raster) paintIn(c Color, box image.Rectangle) {
	if box.Empty() {
		return
	}
	r.ras.Reset(box.Dx(), box.Dy())
	r.ras.DrawOp = draw.Over
	ox, oy := float64(box.Min.X), float64(box.Min.Y)
	for _, path := range r.paths {
		r.ras.MoveTo(float32(path[0].X-ox), float32(path[0].Y-oy))
		for _, pt := range path[1:] {
			r.ras.LineTo(float32(pt.X-ox), float32(pt.Y-oy))
		}
		r.ras.ClosePath()
	}
	r.ras.Draw(r.img, box, image.NewUniform(premul(c)), image.Point{})
}

// loop adds a closed path through pts as given.
func (r *raster) loop(pts []Point) {
	if len(pts) < 3 {
		return
	}
	r.paths = append(r.paths, pts)
}

// addConvex adds a convex polygon wound clockwise (on screen), whatever the
// order of pts, so that overlapping pieces of a stroke add up instead of
// cancelling.
func (r *raster) addConvex(pts []Point) {
	if area(pts) < 0 {
		rev := make([]Point, len(pts))
		for i, pt := range pts {
			rev[len(pts)-1-i] = pt
		}
		pts = rev
	}
	r.loop(pts)
}

// area is the signed area of pts: positive when clockwise on screen.
func area(pts []Point) float64 {
	var a float64
	for i := range pts {
		j := (i + 1) % len(pts)
		a += pts[i].X*pts[j].Y - pts[j].X*pts[i].Y
	}
	return a / 2
}

// pixelBox is the rectangle of s when its edges fall on whole pixels.
func pixelBox(s *Rect) (image.Rectangle, bool) {
	whole := func(f float64) bool { return math.Abs(f-math.Round(f)) < 1e-9 }
	if !whole(s.X) || !whole(s.Y) || !whole(s.W) || !whole(s.H) {
		return image.Rectangle{}, false
	}
	x, y := int(math.Round(s.X)), int(math.Round(s.Y))
	return image.Rect(x, y, x+int(math.Round(s.W)), y+int(math.Round(s.H))), true
}

func (r *raster) rect(s *Rect) {
	if s.W <= 0 || s.H <= 0 {
		return
	}
	if s.Fill.A > 0 {
		if box, ok := pixelBox(s); ok {
			// On whole pixels (a board's squares, the background) the
			// rasterizer would cover each pixel fully or not at all:
			// fill them directly, a tenth of the time.
			draw.Draw(r.img, box, image.NewUniform(premul(s.Fill)), image.Point{}, draw.Over)
		} else {
			r.begin()
			r.loop([]Point{{s.X, s.Y}, {s.X + s.W, s.Y}, {s.X + s.W, s.Y + s.H}, {s.X, s.Y + s.H}})
			r.paint(s.Fill)
		}
	}
	if s.Stroke.A > 0 && s.StrokeWidth > 0 {
		d := s.StrokeWidth / 2
		r.begin()
		r.loop([]Point{{s.X - d, s.Y - d}, {s.X + s.W + d, s.Y - d}, {s.X + s.W + d, s.Y + s.H + d}, {s.X - d, s.Y + s.H + d}})
		hole := image.Rectangle{}
		if s.W > 2*d && s.H > 2*d {
			// The inner edge, wound the other way: a hole. The pixels
			// wholly inside it are left alone.
			r.loop([]Point{{s.X + d, s.Y + d}, {s.X + d, s.Y + s.H - d}, {s.X + s.W - d, s.Y + s.H - d}, {s.X + s.W - d, s.Y + d}})
			hole = image.Rect(int(math.Ceil(s.X+d)), int(math.Ceil(s.Y+d)), int(math.Floor(s.X+s.W-d)), int(math.Floor(s.Y+s.H-d)))
		}
		r.paintAround(s.Stroke, hole)
	}
}

// circlePoints approximates a circle by a polygon fine enough that no vertex
// is off by more than a hundredth of a pixel, wound clockwise on screen.
func circlePoints(cx, cy, rad float64) []Point {
	k := 0
	for k < len(unitCircles)-1 && rad*unitCircles[k].sag > 0.01 {
		k++
	}
	unit := unitCircles[k].points
	pts := make([]Point, len(unit))
	for i, u := range unit {
		pts[i] = Point{cx + rad*u.X, cy + rad*u.Y}
	}
	return pts
}

// unitCircles are the polygons circlePoints scales, of 12, 24, ... 768
// vertices on the unit circle, each with its sag (how far the middle of
// an edge falls short of the circle): a board's every disc, ring and
// round join is one, and their sines and cosines were a tenth of drawing
// a board of discs.
var unitCircles = func() []unitCircle {
	var out []unitCircle
	for n := 12; ; n *= 2 {
		c := unitCircle{sag: 1 - math.Cos(math.Pi/float64(n)), points: make([]Point, n)}
		for i := range c.points {
			a := 2 * math.Pi * float64(i) / float64(n)
			c.points[i] = Point{math.Cos(a), math.Sin(a)}
		}
		out = append(out, c)
		if n >= 512 {
			return out
		}
	}
}()

type unitCircle struct {
	sag    float64
	points []Point
}

func (r *raster) circle(s *Circle) {
	if s.R <= 0 {
		return
	}
	if s.Fill.A > 0 {
		r.begin()
		r.loop(circlePoints(s.X, s.Y, s.R))
		r.paint(s.Fill)
	}
	if s.Stroke.A > 0 && s.StrokeWidth > 0 {
		d := s.StrokeWidth / 2
		r.begin()
		r.loop(circlePoints(s.X, s.Y, s.R+d))
		if s.R > d {
			inner := circlePoints(s.X, s.Y, s.R-d)
			for i, j := 0, len(inner)-1; i < j; i, j = i+1, j-1 {
				inner[i], inner[j] = inner[j], inner[i]
			}
			r.loop(inner)
		}
		r.paint(s.Stroke)
	}
}

func (r *raster) polygon(s *Polygon) {
	if len(s.Points) < 3 {
		return
	}
	if s.Fill.A > 0 {
		r.begin()
		r.loop(s.Points)
		r.paint(s.Fill)
	}
	if s.Stroke.A > 0 && s.StrokeWidth > 0 {
		// Each edge is a quad, each corner a disc: round joins, which differ
		// from SVG's miter joins only in the outer tip of sharp corners.
		r.begin()
		for i, a := range s.Points {
			b := s.Points[(i+1)%len(s.Points)]
			r.segment(a, b, s.StrokeWidth)
			r.addConvex(circlePoints(a.X, a.Y, s.StrokeWidth/2))
		}
		r.paint(s.Stroke)
	}
}

// segment adds the rectangle of width w around a-b (butt ends).
func (r *raster) segment(a, b Point, w float64) {
	dx, dy := b.X-a.X, b.Y-a.Y
	n := math.Hypot(dx, dy)
	if n == 0 {
		return
	}
	nx, ny := -dy/n*w/2, dx/n*w/2
	r.addConvex([]Point{{a.X + nx, a.Y + ny}, {b.X + nx, b.Y + ny}, {b.X - nx, b.Y - ny}, {a.X - nx, a.Y - ny}})
}

// capped adds a-b with round caps, as SVG's stroke-linecap="round".
func (r *raster) capped(a, b Point, w float64) {
	r.segment(a, b, w)
	r.addConvex(circlePoints(a.X, a.Y, w/2))
	r.addConvex(circlePoints(b.X, b.Y, w/2))
}

func (r *raster) line(s *Line) {
	if s.Color.A == 0 || s.Width <= 0 {
		return
	}
	a, b := Point{s.X1, s.Y1}, Point{s.X2, s.Y2}
	r.begin()
	if !s.Dashed {
		r.capped(a, b, s.Width)
	} else {
		// stroke-dasharray "3w 2w": dashes from the start, each with round caps.
		n := math.Hypot(b.X-a.X, b.Y-a.Y)
		on, off := 3*s.Width, 2*s.Width
		for t := 0.0; t < n; t += on + off {
			e := math.Min(t+on, n)
			r.capped(lerp(a, b, t/n), lerp(a, b, e/n), s.Width)
		}
	}
	r.paint(s.Color)
	if s.Arrow {
		if head := ArrowHead(*s); head != nil {
			r.begin()
			r.loop(head)
			r.paint(s.Color)
		}
	}
}

func lerp(a, b Point, t float64) Point {
	return Point{a.X + (b.X-a.X)*t, a.Y + (b.Y-a.Y)*t}
}

// premul is c as the premultiplied colour the fast compositing paths take.
func premul(c Color) color.RGBA {
	a := uint32(c.A)
	return color.RGBA{uint8(uint32(c.R) * a / 255), uint8(uint32(c.G) * a / 255), uint8(uint32(c.B) * a / 255), c.A}
}
