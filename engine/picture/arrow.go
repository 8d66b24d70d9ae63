package picture

import "math"

// ArrowHead returns the triangle drawn at the end of an arrow line, shared by
// the SVG and PNG writers so both pictures agree.
func ArrowHead(l Line) []Point {
	dx, dy := l.X2-l.X1, l.Y2-l.Y1
	n := math.Hypot(dx, dy)
	if n == 0 {
		return nil
	}
	ux, uy := dx/n, dy/n
	size := 3*l.Width + 4
	bx, by := l.X2-ux*size, l.Y2-uy*size
	return []Point{{l.X2, l.Y2}, {bx - uy*size/2, by + ux*size/2}, {bx + uy*size/2, by - ux*size/2}}
}
