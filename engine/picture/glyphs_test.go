//go:build !js

package picture

import (
	"bytes"
	"image"
	"image/color"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// TestKeptGlyphsDrawAsTheFace draws labels through the kept glyphs and
// through the face itself, at dots whole and fractional, negative and
// positive, after the glyphs were kept at other dots: the pixels must be
// the same.
func TestKeptGlyphsDrawAsTheFace(t *testing.T) {
	glyphs.mu.Lock()
	glyphs.m = nil
	glyphs.mu.Unlock()
	for _, size := range []float64{11, 13.5} {
		for _, bold := range []bool{false, true} {
			r := &raster{faces: map[faceKey]*faceCache{}}
			fc, err := r.face(size, bold)
			if err != nil {
				t.Fatal(err)
			}
			kept := keptGlyphs{fc.face, faceKey{size, bold}}
			for _, dot := range []fixed.Point26_6{{X: 5 << 6, Y: 20 << 6}, {X: 5<<6 + 17, Y: 20<<6 + 40}, {X: 37<<6 + 17, Y: 9<<6 + 40}, {X: -3<<6 + 17, Y: 30<<6 + 63}, {X: 60<<6 + 1, Y: 12 << 6}} {
				want := image.NewRGBA(image.Rect(0, 0, 80, 40))
				got := image.NewRGBA(image.Rect(0, 0, 80, 40))
				src := image.NewUniform(color.RGBA{40, 60, 200, 255})
				for _, text := range []string{"abcdefgh", "12345678", "Wg·"} {
					(&font.Drawer{Dst: want, Src: src, Face: fc.face, Dot: dot}).DrawString(text)
					(&font.Drawer{Dst: got, Src: src, Face: kept, Dot: dot}).DrawString(text)
				}
				if !bytes.Equal(got.Pix, want.Pix) {
					t.Errorf("size %g bold %v at %v: the kept glyphs draw other pixels", size, bold, dot)
				}
			}
		}
	}
	glyphs.mu.Lock()
	n := len(glyphs.m)
	glyphs.mu.Unlock()
	if n == 0 {
		t.Error("no glyph kept")
	}
}
