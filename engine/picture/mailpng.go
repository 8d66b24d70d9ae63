//go:build !js

// The mail PNG needs the rasterizer (png.go), left out of the browser's engine.

package picture

import (
	"sync"
)

// Light mail: a board in a mail is a paletted PNG at up to twice its
// size, sharp on a phone's screen and a fraction of the size of a
// true-colour one (quantizer).

// Scaled returns a copy of p drawn k times larger: the same drawing, every
// coordinate, size and width times k.
func (p *Picture) Scaled(k float64) *Picture {
	q := &Picture{Width: p.Width * k, Height: p.Height * k, Title: p.Title, Items: make([]Item, len(p.Items))}
	st := func(s Style) Style { s.StrokeWidth *= k; return s }
	for i, it := range p.Items {
		switch s := it.(type) {
		case *Rect:
			q.Items[i] = &Rect{X: s.X * k, Y: s.Y * k, W: s.W * k, H: s.H * k, Style: st(s.Style)}
		case *Circle:
			q.Items[i] = &Circle{X: s.X * k, Y: s.Y * k, R: s.R * k, Style: st(s.Style)}
		case *Polygon:
			pts := make([]Point, len(s.Points))
			for j, pt := range s.Points {
				pts[j] = Point{pt.X * k, pt.Y * k}
			}
			q.Items[i] = &Polygon{Points: pts, Style: st(s.Style)}
		case *Line:
			l := *s
			l.X1, l.Y1, l.X2, l.Y2, l.Width = s.X1*k, s.Y1*k, s.X2*k, s.Y2*k, s.Width*k
			q.Items[i] = &l
		case *Text:
			t := *s
			t.X, t.Y, t.Size = s.X*k, s.Y*k, s.Size*k
			q.Items[i] = &t
		default:
			q.Items[i] = it
		}
	}
	return q
}

// MailPNG rasterizes the picture as a paletted PNG for a mail, the
// sharpest that fits in budget bytes: at twice its size, else 1.5 times,
// else its own; with 64 colours, else 16, else (at its own size) 8. When
// nothing fits it returns the last tried. scale is the one chosen: the
// image is Width*scale pixels wide.
//
// A board is drawn for every move, inside the transaction that handles
// it, and each size tried is a raster to draw and count, and each PNG a
// deflate of up to a megabyte of pixels. So the sizes are guessed from the
// PNG of 16 colours at its own size, drawn first (guesses), and only the
// ones that may fit are drawn or encoded; a raster is counted once for
// all the palettes tried on it (quantizer). Every PNG is compressed at
// zlib's default level: its best level saves a tenth of the bytes at five
// to ten times the time.
func (p *Picture) MailPNG(budget int) (data []byte, scale float64, err error) {
	one, err := p.quantized(1)
	if err != nil {
		return nil, 0, err
	}
	defer one.release()
	small, err := one.encode(16)
	if err != nil {
		return nil, 0, err
	}
	mayFit := func(scale float64, colours int) bool {
		return float64(len(small))*guesses[guess{scale, colours}] <= float64(budget)
	}
	for _, scale = range []float64{2, 1.5} {
		if !mayFit(scale, 16) {
			continue
		}
		q, err := p.quantized(scale)
		if err != nil {
			return nil, 0, err
		}
		for _, n := range []int{64, 16} {
			if !mayFit(scale, n) {
				continue
			}
			if data, err = q.encode(n); err != nil || len(data) <= budget {
				q.release()
				return data, scale, err
			}
		}
		q.release()
	}
	if mayFit(1, 64) {
		if data, err = one.encode(64); err != nil || len(data) <= budget {
			return data, 1, err
		}
	}
	if len(small) <= budget {
		return small, 1, nil
	}
	data, err = one.encode(8)
	return data, 1, err
}

// A guess is a size and palette a mail's PNG may be drawn at.
type guess struct {
	scale   float64
	colours int
}

// guesses are how much larger than its PNG of 16 colours at its own size a
// board's PNG is, at most, at each size and palette tried: a little under
// the least of the boards of every game (engine/allgames'
// TestMailPNGOfRealBoards), so that a PNG that might fit is tried. The
// ones of 16 colours are rounder: a board's PNG grows about 1.7 times at
// 1.5 times its size and 2.5 times at twice.
var guesses = map[guess]float64{
	{2, 64}: 3.1, {2, 16}: 2.3,
	{1.5, 64}: 2.2, {1.5, 16}: 1.6,
	{1, 64}: 1.2,
}

// quantized is the picture drawn at scale times its size, its colours
// counted.
func (p *Picture) quantized(scale float64) (*quantizer, error) {
	q := p
	if scale != 1 {
		q = p.Scaled(scale)
	}
	img, err := q.imageOn(pixels.get)
	if err != nil {
		return nil, err
	}
	defer pixels.put(img.Pix)
	return newQuantizer(img), nil
}

// encode is the PNG of the raster mapped to n colours.
func (q *quantizer) encode(n int) ([]byte, error) {
	palette, index := q.palette(n)
	return writeIndexed(q.rect.Dx(), q.rect.Dy(), palette, func(y int, row []uint8) {
		w := q.rect.Dx()
		for x, id := range q.ids[y*w : (y+1)*w] {
			row[x] = index[id]
		}
	})
}

// pixels are the buffers of the rasters and paletted images a mail's
// board is drawn and encoded through, kept for the next board: a board at
// twice its size is megabytes of pixels, which, allocated anew for every
// move, cost more in page faults, zeroing and the collector's and
// scavenger's work than in drawing.
var pixels pixelPool

type pixelPool struct{ p sync.Pool }

// get returns n zeroed bytes.
func (pp *pixelPool) get(n int) []byte {
	if b, ok := pp.p.Get().(*[]byte); ok && cap(*b) >= n {
		s := (*b)[:n]
		clear(s)
		return s
	}
	return make([]byte, n)
}

// put takes b back; its caller no longer uses it.
func (pp *pixelPool) put(b []byte) { pp.p.Put(&b) }
