//go:build !js

// The rasterizer and its fonts are left out of the engine compiled for the
// browser (site/wasm), which draws SVG only (360 kB of its 5 MB).

package picture

import (
	"bytes"
	"flag"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// sample draws one of everything the model has, at known places.
func sample() *Picture {
	p := &Picture{Width: 200, Height: 120, Title: "sample"}
	p.Add(
		&Rect{X: 0, Y: 0, W: 200, H: 120, Style: Style{Fill: RGB(0xf0, 0xe0, 0xc0)}},
		&Rect{X: 10, Y: 10, W: 40, H: 30, Style: Style{Fill: RGB(200, 0, 0), Stroke: RGB(0, 0, 0), StrokeWidth: 2}},
		&Circle{X: 80, Y: 25, R: 15, Style: Style{Fill: RGB(0, 0, 200)}},
		&Circle{X: 120, Y: 25, R: 15, Style: Style{Stroke: RGB(0, 128, 0), StrokeWidth: 3}},
		&Polygon{Points: []Point{{150, 10}, {190, 10}, {170, 45}}, Style: Style{Fill: RGB(255, 200, 0), Stroke: RGB(0, 0, 0), StrokeWidth: 1}},
		&Rect{X: 5, Y: 50, W: 60, H: 20, Style: Style{Fill: Color{0, 0, 255, 128}}},
		&Line{X1: 10, Y1: 90, X2: 90, Y2: 90, Color: RGB(0, 0, 0), Width: 3, Arrow: true},
		&Line{X1: 10, Y1: 110, X2: 90, Y2: 110, Color: RGB(150, 0, 150), Width: 2, Dashed: true},
		&Text{X: 150, Y: 80, Size: 14, Text: "Hello", Color: RGB(0, 0, 0), Anchor: Middle, VCenter: true},
		&Text{X: 190, Y: 110, Size: 12, Text: "e4", Color: RGB(0, 0, 0), Anchor: End, Bold: true},
	)
	return p
}

func decode(t *testing.T, b []byte) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("decode png: %v", err)
	}
	return img
}

func rgba(img image.Image, x, y int) color.NRGBA {
	return color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
}

// near reports whether every channel of got is within tol of want.
func near(got, want color.NRGBA, tol int) bool {
	d := func(a, b uint8) bool { return int(a)-int(b) <= tol && int(b)-int(a) <= tol }
	return d(got.R, want.R) && d(got.G, want.G) && d(got.B, want.B) && d(got.A, want.A)
}

func TestPNGPixels(t *testing.T) {
	b, err := sample().PNG()
	if err != nil {
		t.Fatal(err)
	}
	img := decode(t, b)
	if got := img.Bounds(); got.Dx() != 200 || got.Dy() != 120 {
		t.Fatalf("size %v, want 200x120", got)
	}
	bg := color.NRGBA{0xf0, 0xe0, 0xc0, 255}
	for _, c := range []struct {
		name string
		x, y int
		want color.NRGBA
	}{
		{"background", 100, 60, bg},
		{"rect fill", 30, 25, color.NRGBA{200, 0, 0, 255}},
		{"rect stroke", 10, 25, color.NRGBA{0, 0, 0, 255}},
		{"outside rect stroke", 7, 25, bg},
		{"circle fill", 80, 25, color.NRGBA{0, 0, 200, 255}},
		{"outside circle", 80, 43, bg},
		{"circle ring", 120, 10, color.NRGBA{0, 128, 0, 255}},
		{"ring hole", 120, 25, bg},
		{"polygon fill", 170, 20, color.NRGBA{255, 200, 0, 255}},
		// Half-transparent blue over the background.
		{"alpha blend", 35, 60, color.NRGBA{0x78, 0x70, 0xe0, 255}},
		{"line body", 40, 90, color.NRGBA{0, 0, 0, 255}},
		{"arrow tip", 89, 90, color.NRGBA{0, 0, 0, 255}},
		{"arrowhead wing", 80, 93, color.NRGBA{0, 0, 0, 255}},
		{"beside the arrowhead", 83, 99, bg},
		{"first dash", 13, 110, color.NRGBA{150, 0, 150, 255}},
		{"first gap", 17, 110, bg},
		{"second dash", 23, 110, color.NRGBA{150, 0, 150, 255}},
	} {
		if got := rgba(img, c.x, c.y); !near(got, c.want, 3) {
			t.Errorf("%s at (%d,%d) = %v, want %v", c.name, c.x, c.y, got, c.want)
		}
	}
	// Text: dark pixels inside each label's box, and none right outside it.
	dark := func(x0, y0, x1, y1 int) int {
		n := 0
		for y := y0; y < y1; y++ {
			for x := x0; x < x1; x++ {
				if c := rgba(img, x, y); c.R < 100 && c.G < 100 && c.B < 100 {
					n++
				}
			}
		}
		return n
	}
	// "Hello" at 14 px is about 35 px wide, centred on (150, 80).
	if n := dark(130, 72, 170, 88); n < 20 {
		t.Errorf("text Hello: %d dark pixels in its box, want many", n)
	}
	if n := dark(100, 60, 128, 100) + dark(172, 60, 200, 100); n != 0 {
		t.Errorf("text Hello: %d dark pixels beside its box, want none (anchor)", n)
	}
	// "e4" ends at x=190, baseline 110.
	if n := dark(170, 100, 191, 111); n < 10 {
		t.Errorf("text e4: %d dark pixels in its box, want many", n)
	}
	if n := dark(191, 95, 200, 115); n != 0 {
		t.Errorf("text e4: %d dark pixels right of its end anchor", n)
	}
}

func TestPNGTransparent(t *testing.T) {
	p := &Picture{Width: 10.5, Height: 4}
	p.Add(&Rect{X: 0, Y: 0, W: 2, H: 2, Style: Style{Fill: RGB(1, 2, 3)}})
	b, err := p.PNG()
	if err != nil {
		t.Fatal(err)
	}
	img := decode(t, b)
	if got := img.Bounds(); got.Dx() != 11 || got.Dy() != 4 {
		t.Fatalf("size %v, want 11x4 (rounded up)", got)
	}
	if got := rgba(img, 5, 3); got.A != 0 {
		t.Errorf("unpainted pixel %v, want transparent as in the SVG", got)
	}
	if got := rgba(img, 1, 1); got != (color.NRGBA{1, 2, 3, 255}) {
		t.Errorf("painted pixel %v", got)
	}
}

func TestPNGBadSize(t *testing.T) {
	for _, p := range []*Picture{{Width: 0, Height: 10}, {Width: 10, Height: -1}, {Width: 1e9, Height: 10}} {
		if _, err := p.PNG(); err == nil {
			t.Errorf("PNG of %gx%g: no error", p.Width, p.Height)
		}
	}
}

func TestPNGDeterministic(t *testing.T) {
	a, err := sample().PNG()
	if err != nil {
		t.Fatal(err)
	}
	b, _ := sample().PNG()
	if !bytes.Equal(a, b) {
		t.Fatal("two rasterizations of one picture differ")
	}
}

// TestPNGGolden pins the whole sample image; check a change by eye, then
// rewrite it with -update.
func TestPNGGolden(t *testing.T) {
	got, err := sample().PNG()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", "sample.png")
	if *update {
		os.MkdirAll("testdata", 0o755)
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	wi, gi := decode(t, want), decode(t, got)
	if wi.Bounds() != gi.Bounds() {
		t.Fatalf("size %v, golden %v", gi.Bounds(), wi.Bounds())
	}
	diff := 0
	for y := 0; y < wi.Bounds().Dy(); y++ {
		for x := 0; x < wi.Bounds().Dx(); x++ {
			if rgba(wi, x, y) != rgba(gi, x, y) {
				diff++
			}
		}
	}
	if diff > 0 {
		t.Errorf("%d pixels differ from %s (run with -update after checking the new image)", diff, path)
	}
}

func BenchmarkPNG(b *testing.B) {
	p := boardPicture()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := p.PNG(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMailPNG is a board's PNG for a mail: drawn once per move, the
// costliest part of handling one.
func BenchmarkMailPNG(b *testing.B) {
	p := boardPicture()
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := p.MailPNG(20 << 10); err != nil {
			b.Fatal(err)
		}
	}
}

// boardPicture is a board-sized picture: 64 squares with pieces, labels
// and an arrow.
func boardPicture() *Picture {
	p := &Picture{Width: 400, Height: 420}
	for i := range 64 {
		x, y := float64(i%8*48+8), float64(i/8*48+8)
		c := RGB(240, 217, 181)
		if (i/8+i%8)%2 == 1 {
			c = RGB(181, 136, 99)
		}
		p.Add(&Rect{X: x, Y: y, W: 48, H: 48, Style: Style{Fill: c}})
		if i%3 == 0 {
			p.Add(&Circle{X: x + 24, Y: y + 24, R: 16, Style: Style{Fill: RGB(250, 250, 250), Stroke: RGB(0, 0, 0), StrokeWidth: 1.5}})
		}
		p.Add(&Text{X: x + 24, Y: y + 24, Size: 12, Text: "K", Anchor: Middle, VCenter: true, Color: RGB(0, 0, 0)})
	}
	p.Add(&Line{X1: 32, Y1: 32, X2: 300, Y2: 300, Color: Color{0, 0, 200, 160}, Width: 4, Arrow: true})
	return p
}

// TestSVGGolden pins the SVG of the sample, which the PNG must match.
func TestSVGGolden(t *testing.T) {
	got := sample().SVG()
	path := filepath.Join("testdata", "sample.svg")
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("SVG differs from %s:\n%s", path, got)
	}
}

func TestSVGNumbers(t *testing.T) {
	p := &Picture{Width: 10.005, Height: -0.004}
	p.Add(&Line{X1: 1.234, Y1: -1.235, X2: 3, Y2: 4, Color: Color{1, 2, 255, 128}, Width: 0.5, Dashed: true})
	want := `<svg xmlns="http://www.w3.org/2000/svg" width="10.01" height="0" viewBox="0 0 10.01 0" role="img" font-family="DejaVu Sans, Verdana, sans-serif">
<line x1="1.23" y1="-1.24" x2="3" y2="4" stroke="#0102ff" stroke-opacity="0.5" stroke-width="0.5" stroke-linecap="round" stroke-dasharray="1.5 1"/>
</svg>
`
	if got := string(p.SVG()); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func BenchmarkSVG(b *testing.B) {
	p := sample()
	for range 20 {
		p.Items = append(p.Items, sample().Items...)
	}
	b.ReportAllocs()
	for b.Loop() {
		p.SVG()
	}
}

// TestSVGNum compares the fast number writer with strconv's shortest
// formatting of the rounded value, which it replaces.
func TestSVGNum(t *testing.T) {
	for i := -200000; i <= 200000; i += 7 {
		f := float64(i) / 997
		var w svgWriter
		w.num(f)
		if want := strconv.FormatFloat(round2(f), 'f', -1, 64); string(w.b) != want {
			t.Fatalf("num(%v) = %s, want %s", f, w.b, want)
		}
	}
}
