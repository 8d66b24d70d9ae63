//go:build !js

// The rasterizer's text, left out of the browser's engine as png.go is.

package picture

import (
	"image"
	"slices"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// A board's labels are the same few letters and digits at the same few
// sizes, move after move, and a face draws each glyph anew: its outline
// loaded and rasterized into a mask, a tenth of a mail board's drawing. A
// glyph's mask depends only on its face, its rune and where the dot falls
// within a pixel (opentype.Face.Glyph: the mask is the glyph's outline
// offset by the dot's fraction, its rectangle moves with the dot's whole
// pixels), so the masks are kept, for every raster, by those.
type glyphKey struct {
	face   faceKey
	r      rune
	fx, fy fixed.Int26_6 // the dot's fraction of a pixel
}

type glyph struct {
	dr      image.Rectangle // at a dot of whole pixels (0, 0)
	mask    image.Image     // a copy of the face's, which it draws over
	maskp   image.Point
	advance fixed.Int26_6
	ok      bool
}

// maxGlyphs bounds the masks kept (a label's glyph is a few hundred bytes):
// when full, it starts again.
const maxGlyphs = 4096

var glyphs struct {
	mu sync.Mutex
	m  map[glyphKey]*glyph
}

// keptGlyphs is a face whose glyphs are kept (glyphs); the rest is the
// face's own.
type keptGlyphs struct {
	font.Face
	key faceKey
}

func (f keptGlyphs) Glyph(dot fixed.Point26_6, r rune) (image.Rectangle, image.Image, image.Point, fixed.Int26_6, bool) {
	k := glyphKey{face: f.key, r: r, fx: dot.X & 63, fy: dot.Y & 63}
	whole := image.Pt(int(dot.X>>6), int(dot.Y>>6))
	glyphs.mu.Lock()
	g := glyphs.m[k]
	glyphs.mu.Unlock()
	if g == nil {
		if g = f.draw(k); g == nil {
			return f.Face.Glyph(dot, r)
		}
		glyphs.mu.Lock()
		if glyphs.m == nil || len(glyphs.m) >= maxGlyphs {
			glyphs.m = map[glyphKey]*glyph{}
		}
		glyphs.m[k] = g
		glyphs.mu.Unlock()
	}
	return g.dr.Add(whole), g.mask, g.maskp, g.advance, g.ok
}

// draw has the face draw the glyph of k at the dot (fx, fy), and copies its
// mask, which the face draws its next glyph into; nil for a mask it cannot
// copy (not an opentype face's), which is drawn each time instead.
func (f keptGlyphs) draw(k glyphKey) *glyph {
	dr, mask, maskp, advance, ok := f.Face.Glyph(fixed.Point26_6{X: k.fx, Y: k.fy}, k.r)
	g := &glyph{dr: dr, maskp: maskp, advance: advance, ok: ok}
	switch m := mask.(type) {
	case *image.Alpha:
		g.mask = &image.Alpha{Pix: slices.Clone(m.Pix), Stride: m.Stride, Rect: m.Rect}
	case nil:
	default:
		return nil
	}
	return g
}
