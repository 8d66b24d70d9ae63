package picture

import (
	"encoding/xml"
	"fmt"
	"image"
	"io"
	"strings"
	"testing"
)

// board draws a checkered board of n x n squares with a disc and a letter
// on some, and coordinates: what the games' pictures are made of.
func board(n int) *Picture {
	p := &Picture{Width: float64(n*32 + 40), Height: float64(n*32 + 40), Title: "board"}
	p.Add(&Rect{W: p.Width, H: p.Height, Style: Style{Fill: RGB(255, 255, 255)}})
	for r := range n {
		for c := range n {
			fill := RGB(0xbf, 0x9a, 0x6e)
			if (r+c)%2 == 1 {
				fill = RGB(0xf0, 0xe2, 0xc4)
			}
			p.Add(&Rect{X: float64(20 + 32*c), Y: float64(20 + 32*r), W: 32, H: 32, Style: Style{Fill: fill}})
		}
	}
	for c := range n {
		p.Add(&Circle{X: float64(36 + 32*c), Y: 36, R: 13, Style: Style{Fill: RGB(0x26, 0x26, 0x26), Stroke: RGB(0x22, 0x22, 0x22), StrokeWidth: 1.2}},
			&Text{X: float64(36 + 32*c), Y: 36, Size: 16, Text: string(rune('A' + c%3)), Color: RGB(0xfb, 0xfb, 0xf5), Anchor: Middle, Bold: true, VCenter: true})
	}
	for c := range n {
		p.Add(&Text{X: float64(36 + 32*c), Y: 14, Size: 11, Text: string(rune('a' + c)), Color: RGB(0x22, 0x22, 0x22), Anchor: Middle},
			&Text{X: 8, Y: float64(36 + 32*c), Size: 11, Text: fmt.Sprint(1 + c%9), Color: RGB(0x22, 0x22, 0x22), Anchor: Middle, VCenter: true})
	}
	p.Add(&Line{X1: 36, Y1: 100, X2: 100, Y2: 36, Color: Color{0x10, 0x50, 0xc0, 190}, Width: 3, Arrow: true},
		&Text{X: 8, Y: p.Height - 4, Size: 12, Text: "Last move: a1-b2 <&>", Color: RGB(0x22, 0x22, 0x22)})
	return p
}

// MinSVG (issue 28): a well-formed SVG that holds every text of the
// picture, defines each repeated shape once, and is far smaller than SVG.
func TestMinSVG(t *testing.T) {
	for _, p := range []*Picture{sample(), board(12)} {
		min := p.MinSVG()
		dec := xml.NewDecoder(strings.NewReader(string(min)))
		uses, texts := 0, ""
		for {
			tok, err := dec.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%s: not XML: %v\n%s", p.Title, err, min)
			}
			switch tok := tok.(type) {
			case xml.StartElement:
				if tok.Name.Local == "use" {
					uses++
				}
			case xml.CharData:
				texts += string(tok)
			}
		}
		for _, it := range p.Items {
			if tx, ok := it.(*Text); ok && !strings.Contains(texts, tx.Text) && !strings.Contains(texts, tx.Text[:1]) {
				t.Errorf("%s: %q is missing", p.Title, tx.Text)
			}
		}
		if strings.ContainsAny(string(min), "\n\t") {
			t.Errorf("%s: whitespace between elements", p.Title)
		}
		if p.Title == "board" {
			if uses < 144 || len(min)*2 > len(p.SVG()) {
				t.Errorf("board: %d uses, %d bytes against SVG's %d", uses, len(min), len(p.SVG()))
			}
		}
	}
}

// MailPNG: a paletted image at twice the size when the budget allows,
// smaller when not, within the budget when it can be.
func TestMailPNG(t *testing.T) {
	p := board(12)
	for _, tc := range []struct {
		budget int
		scale  float64
	}{{1 << 20, 2}, {3000, 1}} {
		data, scale, err := p.MailPNG(tc.budget)
		if err != nil {
			t.Fatal(err)
		}
		img := decode(t, data)
		pal, ok := img.(*image.Paletted)
		if !ok || len(pal.Palette) > 64 {
			t.Fatalf("budget %d: a %T, not paletted to 64 colours at most", tc.budget, img)
		}
		if scale != tc.scale || img.Bounds().Dx() != int(p.Width*scale) || len(data) > tc.budget {
			t.Errorf("budget %d: scale %g, %d px wide, %d bytes; want scale %g", tc.budget, scale, img.Bounds().Dx(), len(data), tc.scale)
		}
	}
}
