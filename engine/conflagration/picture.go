package conflagration

import (
	"fmt"
	"math"

	"postal/engine/picture"
)

var (
	colBackground = picture.RGB(250, 246, 236)
	colCell       = picture.RGB(226, 204, 164)
	colCellEdge   = picture.RGB(140, 110, 70)
	colFrom       = picture.RGB(246, 234, 170)
	colTo         = picture.RGB(244, 206, 96)
	colLight      = picture.RGB(252, 250, 242)
	colLightEdge  = picture.RGB(70, 60, 50)
	colDark       = picture.RGB(45, 40, 48)
	colDarkEdge   = picture.RGB(0, 0, 0)
	colArrow      = picture.RGB(200, 40, 30)
	colText       = picture.RGB(40, 30, 20)
	colLabelInk   = picture.RGB(110, 80, 50)
)

// Picture draws the board to scale with pointy-top hexes in horizontal
// rows (R1, R2): row numbers on the left edge, column letters along the
// bottom edges, the last move's cells highlighted and joined by an arrow.
func (p *Position) Picture() *picture.Picture {
	g := p.g
	l := g.layout()
	const width, marginL, marginR, top = 440.0, 36.0, 34.0, 52.0
	units := float64(l.maxX-l.minX) + 2
	unit := (width - marginL - marginR) / units // half a hex's width
	R := unit * 2 / math.Sqrt(3)
	rowH := 1.5 * R
	nRows := l.topRow - l.botRow + 1
	boardH := float64(nRows-1)*rowH + 2*R
	height := math.Round(top + boardH + 0.8*rowH + 34)
	centre := func(r, c int) (float64, float64) {
		return marginL + unit*(float64(2*c-r-l.minX)+1), top + R + rowH*float64(l.topRow-r)
	}
	pic := &picture.Picture{Width: width, Height: height}
	status := p.status()
	pic.Title = p.heading(", ") + ": " + status
	pic.Add(&picture.Rect{X: 0, Y: 0, W: width, H: height, Style: picture.Style{Fill: colBackground}})
	pic.Add(&picture.Text{X: width / 2, Y: 20, Size: 15, Bold: true, Anchor: picture.Middle, Color: colText,
		Text: p.heading(" - ")})
	pic.Add(&picture.Text{X: width / 2, Y: 39, Size: 13, Anchor: picture.Middle, Color: colText, Text: status})

	var lastFrom, lastTo int8 = -1, -1
	if p.hasLast {
		lastFrom = g.at(int(p.last.fromRow), int(p.last.fromCol))
		lastTo = g.at(int(p.last.toRow), int(p.last.toCol))
	}
	for i := 0; i < g.n; i++ {
		x, y := centre(int(g.row[i]), int(g.col[i]))
		fill := colCell
		switch int8(i) {
		case lastFrom:
			fill = colFrom
		case lastTo:
			fill = colTo
		}
		pts := make([]picture.Point, 6)
		for k := range pts {
			a := math.Pi/6 + math.Pi/3*float64(k)
			pts[k] = picture.Point{X: x + R*math.Cos(a), Y: y + R*math.Sin(a)}
		}
		pic.Add(&picture.Polygon{Points: pts, Style: picture.Style{Fill: fill, Stroke: colCellEdge, StrokeWidth: 1.2}})
	}
	for i := 0; i < g.n; i++ {
		x, y := centre(int(g.row[i]), int(g.col[i]))
		switch p.b[i] {
		case light:
			pic.Add(&picture.Circle{X: x, Y: y, R: 0.62 * R, Style: picture.Style{Fill: colLight, Stroke: colLightEdge, StrokeWidth: 1.5}})
		case dark:
			pic.Add(&picture.Circle{X: x, Y: y, R: 0.62 * R, Style: picture.Style{Fill: colDark, Stroke: colDarkEdge, StrokeWidth: 1.5}})
		}
	}
	if lastFrom >= 0 && lastTo >= 0 {
		x1, y1 := centre(int(g.row[lastFrom]), int(g.col[lastFrom]))
		x2, y2 := centre(int(g.row[lastTo]), int(g.col[lastTo]))
		d := math.Hypot(x2-x1, y2-y1)
		k := (d - 0.35*R) / d
		pic.Add(&picture.Line{X1: x1, Y1: y1, X2: x1 + (x2-x1)*k, Y2: y1 + (y2-y1)*k, Color: colArrow, Width: 3, Arrow: true})
	}
	fs := math.Min(14, math.Max(11, R*0.6))
	for r := l.botRow; r <= l.topRow; r++ {
		if len(g.rows[r]) == 0 {
			continue
		}
		x, y := centre(r, int(g.col[g.rows[r][0]]))
		pic.Add(&picture.Text{X: x - R - 4, Y: y, Size: fs, Anchor: picture.End, VCenter: true, Color: colLabelInk, Text: fmt.Sprint(r + 1)})
	}
	for _, lb := range l.labels {
		x := marginL + unit*(float64(lb.x-l.minX)+1)
		y := top + R + rowH*float64(l.topRow-lb.row)
		// Pull the letter toward its column's lowest cell, along the line.
		pic.Add(&picture.Text{X: x - unit*0.3, Y: y - rowH*0.35, Size: fs, Anchor: picture.Middle, VCenter: true, Color: colLabelInk, Text: string(lb.letter)})
	}
	foot := "Last move: none yet"
	if p.hasLast {
		foot = fmt.Sprintf("Last move: %s by %s", p.last, sideName(opponent(p.turn)))
	}
	nl, nd := 0, 0
	for i := 0; i < g.n; i++ {
		switch p.b[i] {
		case light:
			nl++
		case dark:
			nd++
		}
	}
	pic.Add(&picture.Text{X: 14, Y: height - 14, Size: 13, Color: colText, Text: foot})
	pic.Add(&picture.Text{X: width - 14, Y: height - 14, Size: 13, Anchor: picture.End, Color: colText,
		Text: fmt.Sprintf("Light %d  Dark %d", nl, nd)})
	return pic
}
