//go:build !js

// The mail PNG's parts, left out of the browser's engine as the rasterizer is.

package picture

import (
	"encoding/binary"
	"image"
	"image/color"
	"slices"
	"sync"
)

// A quantizer maps an RGBA raster to palettes of its most frequent colours.
// It counts the raster's colours once and keeps each pixel's colour as a
// number, so that each palette tried on one raster (a mail's board tries 64
// colours, then 16) is a table lookup per pixel instead of a map's.
//
// A board is a few flat colours and the anti-aliased edges between them:
// the most frequent colours keep every flat colour and the common edge
// blends, and each other pixel takes the nearest of them (no dithering,
// whose noise would not compress).
type quantizer struct {
	rect    image.Rectangle
	colours []uint32 // the distinct colours, RGBA, in the order first met
	counts  []int    // pixels of each colour
	order   []uint32 // the colours' numbers, most frequent first (ties: lower RGBA first)
	ids     []uint32 // each pixel's colour's number, row by row
}

// newQuantizer counts the colours of img. A board is mostly runs of one
// colour: a pixel like the one before it costs no lookup.
func newQuantizer(img *image.RGBA) *quantizer {
	r := img.Bounds()
	w, h := r.Dx(), r.Dy()
	q := &quantizer{rect: r, ids: colourIDs.get(w * h)}
	number := map[uint32]uint32{}
	// recent holds colours met lately, by a hash of the colour: the edges
	// of a board's shapes go back and forth between a few blends, which
	// it finds without the map.
	var recent [1024]struct{ c, id uint32 }
	for i := range recent {
		recent[i].id = ^uint32(0)
	}
	// run counts the pixels of colour id met since the last change of
	// colour, added to its count at the next: a pixel like the one before
	// it costs a store, not a count's read and write.
	var prev, id uint32
	run, started := 0, false
	for y := 0; y < h; y++ {
		row := img.Pix[y*img.Stride : y*img.Stride+4*w]
		ids := q.ids[y*w : (y+1)*w]
		for x := range ids {
			c := binary.BigEndian.Uint32(row[4*x:])
			if c != prev || !started {
				if started {
					q.counts[id] += run
				}
				run, started = 0, true
				slot := &recent[(c*0x9e3779b1)>>22]
				n := slot.id
				if n == ^uint32(0) || slot.c != c {
					var ok bool
					if n, ok = number[c]; !ok {
						n = uint32(len(q.colours))
						number[c] = n
						q.colours = append(q.colours, c)
						q.counts = append(q.counts, 0)
					}
					slot.c, slot.id = c, n
				}
				prev, id = c, n
			}
			run++
			ids[x] = id
		}
	}
	if started {
		q.counts[id] += run
	}
	q.order = make([]uint32, len(q.colours))
	for i := range q.order {
		q.order[i] = uint32(i)
	}
	slices.SortFunc(q.order, func(a, b uint32) int {
		if q.counts[a] != q.counts[b] {
			return q.counts[b] - q.counts[a]
		}
		return int(int64(q.colours[a]) - int64(q.colours[b])) // deterministic
	})
	return q
}

// palette is the raster's max most frequent colours (up to 256), and each
// of its colours' index in it: its own, or the nearest one's.
func (q *quantizer) palette(max int) (palette []color.RGBA, index []uint8) {
	n := min(max, 256, len(q.order))
	palette = make([]color.RGBA, n)
	index = make([]uint8, len(q.colours))
	kept := make([]bool, len(q.colours))
	for i, id := range q.order[:n] {
		c := q.colours[id]
		palette[i] = color.RGBA{uint8(c >> 24), uint8(c >> 16), uint8(c >> 8), uint8(c)}
		index[id], kept[id] = uint8(i), true
	}
	for id, c := range q.colours {
		if !kept[id] {
			index[id] = nearest(palette, color.RGBA{uint8(c >> 24), uint8(c >> 16), uint8(c >> 8), uint8(c)})
		}
	}
	return palette, index
}

// release gives the quantizer's pixel numbers back for the next board.
func (q *quantizer) release() {
	colourIDs.put(q.ids)
	q.ids = nil
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

// colourIDs are the quantizers' numbers of pixels, kept for the next board
// as the rasters are (pixels).
var colourIDs idPool

type idPool struct{ p sync.Pool }

// get returns n numbers, not zeroed: the quantizer writes every one.
func (pp *idPool) get(n int) []uint32 {
	if b, ok := pp.p.Get().(*[]uint32); ok && cap(*b) >= n {
		return (*b)[:n]
	}
	return make([]uint32, n)
}

func (pp *idPool) put(b []uint32) { pp.p.Put(&b) }
