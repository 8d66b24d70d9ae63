//go:build !js

// The rasterizer and its fonts are left out of the engine compiled for the
// browser (site/wasm), which draws SVG only (360 kB of its 5 MB).

package picture

import (
	"fmt"
	"image"
	"math"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// The Go fonts are embedded in the binary (through x/image), so a PNG never
// depends on the fonts of the machine. They lack chess symbols and most other
// pictographs: games draw their pieces as shapes, and labels in Latin text.
var (
	fontsOnce     sync.Once
	regular, bold *sfnt.Font
	fontsErr      error
)

func fonts() (reg, b *sfnt.Font, err error) {
	fontsOnce.Do(func() {
		regular, fontsErr = opentype.Parse(goregular.TTF)
		if fontsErr == nil {
			bold, fontsErr = opentype.Parse(gobold.TTF)
		}
	})
	return regular, bold, fontsErr
}

type faceKey struct {
	size float64
	bold bool
}

// faceCache is a face of one size and weight. Faces keep glyph buffers, so
// each rasterization has its own.
type faceCache struct {
	face            font.Face
	ascent, descent float64
}

func (r *raster) face(size float64, isBold bool) (*faceCache, error) {
	k := faceKey{size, isBold}
	if f, ok := r.faces[k]; ok {
		return f, nil
	}
	reg, b, err := fonts()
	if err != nil {
		return nil, fmt.Errorf("picture: load font: %w", err)
	}
	f := reg
	if isBold {
		f = b
	}
	// At 72 DPI a point is a pixel, so Size is in pixels as in the SVG.
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		return nil, fmt.Errorf("picture: font face of size %g: %w", size, err)
	}
	m := face.Metrics()
	fc := &faceCache{face: face, ascent: fix(m.Ascent), descent: fix(m.Descent)}
	r.faces[k] = fc
	return fc, nil
}

func fix(v fixed.Int26_6) float64 { return float64(v) / 64 }

func (r *raster) text(s *Text) error {
	if s.Color.A == 0 || s.Size <= 0 || s.Text == "" {
		return nil
	}
	if s.Size > maxSide || math.IsNaN(s.Size) {
		return fmt.Errorf("picture: text size %g out of range", s.Size)
	}
	fc, err := r.face(s.Size, s.Bold)
	if err != nil {
		return err
	}
	d := font.Drawer{Dst: r.img, Src: image.NewUniform(premul(s.Color)), Face: keptGlyphs{fc.face, faceKey{s.Size, s.Bold}}}
	x, y := s.X, s.Y
	switch s.Anchor {
	case Middle:
		x -= fix(d.MeasureString(s.Text)) / 2
	case End:
		x -= fix(d.MeasureString(s.Text))
	}
	if s.VCenter {
		// dominant-baseline="central": the middle of the font's ascent and
		// descent sits on Y.
		y += (fc.ascent - fc.descent) / 2
	}
	d.Dot = fixed.Point26_6{X: fixed.Int26_6(math.Round(x * 64)), Y: fixed.Int26_6(math.Round(y * 64))}
	d.DrawString(s.Text)
	return nil
}
