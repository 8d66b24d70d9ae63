//go:build !js

// The mail PNG needs the rasterizer (png.go), left out of the browser's engine.

package picture

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"sort"
	"sync"
)

// Light mail: a board in a mail is a paletted PNG at twice its
// size, sharp on a phone's screen and a fraction of the size of a true-colour
// one. A board is a few flat colours and the anti-aliased edges between
// them: the most frequent 256 colours of the raster keep every flat colour
// and the common edge blends, and each other pixel takes the nearest of them
// (no dithering, whose noise would not compress).

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
// A board at twice its size takes tens of milliseconds to draw, inside the
// transaction that handles the move, so the sizes are guessed from its own
// size's PNG first (a board's PNG grows about 1.7 times at 1.5 times its
// size and 2.5 times at twice), and only the scales that may fit are
// drawn. Every PNG is compressed at zlib's default level: its best level
// saves a tenth of the bytes at five to ten times the time.
func (p *Picture) MailPNG(budget int) (data []byte, scale float64, err error) {
	one, err := p.imageOn(pixels.get)
	if err != nil {
		return nil, 0, err
	}
	defer pixels.put(one.Pix)
	small, err := encodeQuantized(one, 16)
	if err != nil {
		return nil, 0, err
	}
	for _, scale = range []float64{2, 1.5} {
		if float64(len(small))*growth(scale) > float64(budget) {
			continue
		}
		img, err := p.Scaled(scale).imageOn(pixels.get)
		if err != nil {
			return nil, 0, err
		}
		for _, n := range []int{64, 16} {
			if data, err = encodeQuantized(img, n); err != nil || len(data) <= budget {
				pixels.put(img.Pix)
				return data, scale, err
			}
		}
		pixels.put(img.Pix)
	}
	if data, err = encodeQuantized(one, 64); err != nil || len(data) <= budget {
		return data, 1, err
	}
	if len(small) <= budget {
		return small, 1, nil
	}
	data, err = encodeQuantized(one, 8)
	return data, 1, err
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

// encodeQuantized is the PNG of img quantized to n colours (QuantizeN).
func encodeQuantized(img *image.RGBA, n int) ([]byte, error) {
	q := quantizeOn(img, n, pixels.get)
	defer pixels.put(q.Pix)
	return encodePaletted(q)
}

// growth is about how much larger a board's PNG of 16 colours is at scale
// times its size.
func growth(scale float64) float64 {
	if scale >= 2 {
		return 2.3
	}
	return 1.6
}

// mailEncoder encodes the mail's PNGs at zlib's default level, as
// png.Encode does, byte for byte, but keeps its compressors in a pool: a
// deflate compressor is a megabyte of tables, and a board drawn for a mail
// is encoded two or three times.
var mailEncoder = png.Encoder{CompressionLevel: png.DefaultCompression, BufferPool: &encoderPool{}}

// encoderPool is png.EncoderBufferPool over a sync.Pool.
type encoderPool struct{ p sync.Pool }

func (e *encoderPool) Get() *png.EncoderBuffer {
	b, _ := e.p.Get().(*png.EncoderBuffer)
	return b
}

func (e *encoderPool) Put(b *png.EncoderBuffer) { e.p.Put(b) }

// encodePaletted writes img as a PNG.
func encodePaletted(img *image.Paletted) ([]byte, error) {
	var b bytes.Buffer
	if err := mailEncoder.Encode(&b, img); err != nil {
		return nil, fmt.Errorf("picture: encode png: %w", err)
	}
	return b.Bytes(), nil
}

// QuantizeN maps img to a palette of its most frequent colours, at most
// max (up to 256); each other pixel takes the nearest palette colour.
// A board is mostly runs of one colour: a pixel like the one before it
// costs no lookup.
func QuantizeN(img *image.RGBA, max int) *image.Paletted {
	return quantizeOn(img, max, func(n int) []byte { return make([]byte, n) })
}

// quantizeOn is QuantizeN with the paletted image's pixels from buf.
func quantizeOn(img *image.RGBA, max int, buf func(n int) []byte) *image.Paletted {
	pix := img.Pix
	counts := map[uint32]int{}
	prev, run := uint32(0), 0
	for i := 0; i+3 < len(pix); i += 4 {
		c := uint32(pix[i])<<24 | uint32(pix[i+1])<<16 | uint32(pix[i+2])<<8 | uint32(pix[i+3])
		if c != prev && run > 0 {
			counts[prev] += run
			run = 0
		}
		prev = c
		run++
	}
	if run > 0 {
		counts[prev] += run
	}
	cols := make([]uint32, 0, len(counts))
	for c := range counts {
		cols = append(cols, c)
	}
	sort.Slice(cols, func(i, j int) bool {
		a, b := cols[i], cols[j]
		if counts[a] != counts[b] {
			return counts[a] > counts[b]
		}
		return a < b // deterministic
	})
	if n := min(max, 256); len(cols) > n {
		cols = cols[:n]
	}
	palette := make(color.Palette, len(cols))
	rgba := make([]color.RGBA, len(cols))
	index := make(map[uint32]uint8, len(counts))
	for i, c := range cols {
		rgba[i] = color.RGBA{uint8(c >> 24), uint8(c >> 16), uint8(c >> 8), uint8(c)}
		palette[i] = rgba[i]
		index[c] = uint8(i)
	}
	r := img.Bounds()
	out := &image.Paletted{Pix: buf(r.Dx() * r.Dy())[:r.Dx()*r.Dy()], Stride: r.Dx(), Rect: r, Palette: palette}
	var k uint8
	prev = ^uint32(0) // no colour: the first pixel is looked up
	for i, o := 0, 0; i+3 < len(pix); i, o = i+4, o+1 {
		c := uint32(pix[i])<<24 | uint32(pix[i+1])<<16 | uint32(pix[i+2])<<8 | uint32(pix[i+3])
		if c != prev || o == 0 {
			var ok bool
			if k, ok = index[c]; !ok {
				k = nearest(rgba, color.RGBA{pix[i], pix[i+1], pix[i+2], pix[i+3]})
				index[c] = k
			}
			prev = c
		}
		out.Pix[o] = k
	}
	return out
}

// nearest is the index of the colour of cols closest to c (premultiplied
// RGBA, squared distance).
func nearest(cols []color.RGBA, c color.RGBA) uint8 {
	best, bestD := 0, int(^uint(0)>>1)
	for i, p := range cols {
		dr, dg, db, da := int(p.R)-int(c.R), int(p.G)-int(c.G), int(p.B)-int(c.B), int(p.A)-int(c.A)
		if d := dr*dr + dg*dg + db*db + da*da; d < bestD {
			best, bestD = i, d
		}
	}
	return uint8(best)
}
