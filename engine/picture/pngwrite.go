//go:build !js

// The mail PNG's parts, left out of the browser's engine as the rasterizer is.

package picture

import (
	"bufio"
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image/color"
	"io"
	"sync"
)

// writeIndexed writes a paletted PNG of w×h pixels, row(y, indices) giving
// each row's palette indices. Its bytes are image/png's for the same
// image.Paletted at the default level (TestMailPNGOfRealBoards pins them),
// without image/png's call per pixel for palettes of 16 colours or fewer,
// which pack two or more pixels in a byte: a mail's board is drawn for
// every move, and those calls were a seventh of its time.
func writeIndexed(w, h int, palette []color.RGBA, row func(y int, indices []uint8)) ([]byte, error) {
	if w <= 0 || h <= 0 || len(palette) == 0 || len(palette) > 256 {
		return nil, fmt.Errorf("picture: cannot write a PNG of %dx%d pixels and %d colours", w, h, len(palette))
	}
	depth := 8
	switch {
	case len(palette) <= 2:
		depth = 1
	case len(palette) <= 4:
		depth = 2
	case len(palette) <= 16:
		depth = 4
	}
	var out bytes.Buffer
	out.WriteString("\x89PNG\r\n\x1a\n")
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:4], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:8], uint32(h))
	ihdr[8], ihdr[9] = byte(depth), 3 // paletted; compression, filter, interlace 0
	writeChunk(&out, "IHDR", ihdr[:])
	plte := make([]byte, 3*len(palette))
	trns := make([]byte, len(palette))
	last := -1
	for i, c := range palette {
		n := color.NRGBAModel.Convert(c).(color.NRGBA)
		plte[3*i], plte[3*i+1], plte[3*i+2], trns[i] = n.R, n.G, n.B, n.A
		if n.A != 0xff {
			last = i
		}
	}
	writeChunk(&out, "PLTE", plte)
	if last >= 0 {
		writeChunk(&out, "tRNS", trns[:last+1])
	}

	// As image/png does: the compressed stream goes through a 32 kB
	// buffer, each of its writes one IDAT chunk; each row is a filter
	// byte (none, as for every paletted image) and the packed indices.
	bw := bufio.NewWriterSize(idatWriter{&out}, 1<<15)
	zw := zlibWriters.get(bw)
	indices := make([]uint8, w)
	packed := make([]uint8, 1+(depth*w+7)/8)
	perByte := 8 / depth
	for y := range h {
		row(y, indices)
		if depth == 8 {
			copy(packed[1:], indices)
		} else {
			i := 1
			var a uint8
			c := 0
			for _, k := range indices {
				a = a<<depth | k
				if c++; c == perByte {
					packed[i], i, a, c = a, i+1, 0, 0
				}
			}
			if c != 0 {
				packed[i] = a << (depth * (perByte - c))
			}
		}
		if _, err := zw.Write(packed); err != nil {
			return nil, err
		}
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	zlibWriters.put(zw)
	if err := bw.Flush(); err != nil {
		return nil, err
	}
	writeChunk(&out, "IEND", nil)
	return out.Bytes(), nil
}

// writeChunk writes a PNG chunk: its length, name, data and CRC.
func writeChunk(w *bytes.Buffer, name string, data []byte) {
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(len(data)))
	w.Write(n[:])
	w.WriteString(name)
	w.Write(data)
	crc := crc32.NewIEEE()
	crc.Write([]byte(name))
	crc.Write(data)
	binary.BigEndian.PutUint32(n[:], crc.Sum32())
	w.Write(n[:])
}

// idatWriter writes each write as an IDAT chunk.
type idatWriter struct{ out *bytes.Buffer }

func (i idatWriter) Write(b []byte) (int, error) {
	writeChunk(i.out, "IDAT", b)
	return len(b), nil
}

// zlibWriters keeps the compressors of the mail's PNGs at zlib's default
// level: a deflate compressor is a megabyte of tables, and a board drawn
// for a mail is encoded two or three times.
var zlibWriters zlibPool

type zlibPool struct{ p sync.Pool }

func (z *zlibPool) get(w io.Writer) *zlib.Writer {
	if zw, ok := z.p.Get().(*zlib.Writer); ok {
		zw.Reset(w)
		return zw
	}
	zw, _ := zlib.NewWriterLevel(w, zlib.DefaultCompression)
	return zw
}

func (z *zlibPool) put(zw *zlib.Writer) { z.p.Put(zw) }
