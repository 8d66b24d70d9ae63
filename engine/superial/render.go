package superial

import (
	"fmt"
	"math"
	"strings"

	"postal/engine"
	"postal/engine/picture"
)

// status is the line saying whose turn it is, or how the game ended.
func (p *Position) status() string {
	r := p.result
	switch {
	case r.Over():
		return r.Words(sideNames[:]) + "."
	case p.pending:
		return fmt.Sprintf("%s spent a random move: the cube is thrown.", sideNames[p.side])
	}
	return sideNames[p.side] + " to move."
}

// counts is the line with the pieces of each team and the random moves left.
func (p *Position) counts() string {
	c := p.b.count()
	s := fmt.Sprintf("Pieces: White %d, Black %d.", c[0], c[1])
	if p.random {
		s += fmt.Sprintf(" Random moves left: White %d, Black %d.", p.left[0], p.left[1])
	}
	return s
}

func (p *Position) lastLine() string {
	last := p.last.Text()
	if last == "" {
		return "Last move: none."
	}
	who := sideNames[1-p.side]
	switch {
	case strings.HasPrefix(last, "throw"):
		who = "the cube, for " + who
	case p.pending:
		who = sideNames[p.side]
	}
	return fmt.Sprintf("Last move: %s (%s).", last, who)
}

// ASCII draws the board with rank N on top. Every square is four characters
// wide; dark squares are filled with ':' (a1 is dark, R1) and a piece reads
// as its team and aspect: Wo, B+, Wx.
func (p *Position) ASCII() string {
	var b strings.Builder
	n := p.b.n
	kind := "classic"
	if p.random {
		kind = "random"
	}
	fmt.Fprintf(&b, "Superial Chess (%s, %dx%d)\n\n", kind, n, n)
	p.b.writeGrid(&b, func(c cell) string {
		return string([]byte{"WB"[c.team()], aspectChars[c.aspect()]})
	})
	b.WriteString("\n")
	b.WriteString(p.status() + "\n")
	b.WriteString(p.lastLine() + "\n")
	b.WriteString(p.counts() + "\n")
	b.WriteString("Legend: W White, B Black; o pusher, + hopper, x slasher; ':' dark squares.\n")
	b.WriteString("White's home is the light squares, Black's the dark ones. Slashers wrap.\n")
	return b.String()
}

// writeGrid draws the board with rank N on top, coordinates on the edges.
// Every square is four characters wide; dark squares are filled with ':'
// (a1 is dark, R1) and a piece reads as label(c), two characters.
func (b *board) writeGrid(w *strings.Builder, label func(c cell) string) {
	n := b.n
	files := func() {
		w.WriteString("    ")
		for f := int8(0); f < n; f++ {
			fmt.Fprintf(w, " %c", 'a'+f)
			if f < n-1 {
				w.WriteString("  ")
			}
		}
		w.WriteString("\n")
	}
	files()
	rule := "   +" + strings.Repeat("-", 4*int(n)) + "+\n"
	w.WriteString(rule)
	for r := n - 1; r >= 0; r-- {
		fmt.Fprintf(w, "%2d |", r+1)
		for f := int8(0); f < n; f++ {
			s := sq{f, r}
			pad := byte(' ')
			if dark(s) {
				pad = ':'
			}
			c := b.at(s)
			mid := string([]byte{pad, pad})
			if c != 0 {
				mid = label(c)
			}
			w.WriteByte(pad)
			w.WriteString(mid)
			w.WriteByte(pad)
		}
		fmt.Fprintf(w, "| %d\n", r+1)
	}
	w.WriteString(rule)
	files()
}

// Picture geometry.
const (
	picWidth  = 440.0
	picHeight = 496.0
	boardX    = 40.0
	boardY    = 44.0
	boardSize = 360.0
)

var (
	lightSq   = picture.RGB(0xee, 0xe2, 0xc6)
	darkSq    = picture.RGB(0x8a, 0x6a, 0x4a)
	ink       = picture.RGB(0x22, 0x22, 0x22)
	paper     = picture.RGB(0xfa, 0xfa, 0xf5)
	grey      = picture.RGB(0x55, 0x55, 0x55)
	highlight = picture.Color{R: 0xff, G: 0xd7, B: 0x00, A: 0x90}
	throwMark = picture.Color{R: 0xc0, G: 0x30, B: 0xc0, A: 0xff}
	arrowInk  = picture.Color{R: 0x10, G: 0x60, B: 0xe0, A: 0xd8}
)

// Picture draws the board: squares coloured as R1 (a1 dark), each cube as a
// square of its team's colour with its aspect's sign (o, +, x), the last move
// highlighted with arrows (dashed where a slasher wraps around an edge).
func (p *Position) Picture() *picture.Picture {
	title := fmt.Sprintf("Superial Chess %dx%d. %s %s", p.b.n, p.b.n, p.status(), p.lastLine())
	pic, _ := boardPicture(&p.b, picHeight, title, p.status(), p.lastPath(), strings.HasPrefix(p.last.Text(), "throw"), drawCube)
	c := p.b.count()
	lines := []string{p.lastLine(), fmt.Sprintf("Pieces: White %d, Black %d.", c[0], c[1])}
	if p.random {
		lines[1] += fmt.Sprintf("  Random moves: W %d, B %d.", p.left[0], p.left[1])
	}
	captions(pic, lines, "o pusher   + hopper   x slasher (wraps around the edges)")
	return pic
}

// boardPicture draws the board b, in a picture height pixels high, under
// the line status: squares coloured
// as R1 (a1 dark), coordinates on every edge, the squares of path (the last
// move) highlighted, or framed for a throw, every piece drawn by draw, and
// arrows along path (dashed where a slasher wraps around an edge). It
// returns the picture and the centre of each square.
func boardPicture(b *board, height float64, title, status string, path []sq, throw bool, draw func(pic *picture.Picture, x, y, cs float64, c cell)) (*picture.Picture, func(sq) (float64, float64)) {
	n := b.n
	cs := boardSize / float64(n)
	pic := &picture.Picture{Width: picWidth, Height: height, Title: title}
	pic.Add(&picture.Rect{X: 0, Y: 0, W: picWidth, H: height, Style: picture.Style{Fill: paper}})
	pic.Add(&picture.Text{X: picWidth / 2, Y: 26, Size: 17, Text: status, Color: ink, Anchor: picture.Middle, Bold: true})
	center := func(s sq) (float64, float64) {
		return boardX + (float64(s.f)+0.5)*cs, boardY + (float64(n-1-s.r)+0.5)*cs
	}
	for r := int8(0); r < n; r++ {
		for f := int8(0); f < n; f++ {
			s := sq{f, r}
			col := lightSq
			if dark(s) {
				col = darkSq
			}
			x, y := center(s)
			pic.Add(&picture.Rect{X: x - cs/2, Y: y - cs/2, W: cs, H: cs, Style: picture.Style{Fill: col}})
		}
	}
	pic.Add(&picture.Rect{X: boardX, Y: boardY, W: boardSize, H: boardSize, Style: picture.Style{Stroke: ink, StrokeWidth: 1.5}})
	// Coordinates on all four edges.
	fs := 13.0
	for i := int8(0); i < n; i++ {
		x, _ := center(sq{i, 0})
		_, y := center(sq{0, i})
		file, rank := string(rune('a'+i)), itoa(int(i)+1)
		pic.Add(
			&picture.Text{X: x, Y: boardY + boardSize + 16, Size: fs, Text: file, Color: grey, Anchor: picture.Middle},
			&picture.Text{X: x, Y: boardY - 5, Size: fs, Text: file, Color: grey, Anchor: picture.Middle},
			&picture.Text{X: boardX - 8, Y: y, Size: fs, Text: rank, Color: grey, Anchor: picture.End, VCenter: true},
			&picture.Text{X: boardX + boardSize + 8, Y: y, Size: fs, Text: rank, Color: grey, Anchor: picture.Start, VCenter: true},
		)
	}
	// The last move: its squares highlighted under the pieces.
	for _, s := range path {
		x, y := center(s)
		if throw {
			pic.Add(&picture.Rect{X: x - cs/2 + 2, Y: y - cs/2 + 2, W: cs - 4, H: cs - 4, Style: picture.Style{Stroke: throwMark, StrokeWidth: 4}})
			continue
		}
		pic.Add(&picture.Rect{X: x - cs/2, Y: y - cs/2, W: cs, H: cs, Style: picture.Style{Fill: highlight}})
	}
	for r := int8(0); r < n; r++ {
		for f := int8(0); f < n; f++ {
			if c := b.at(sq{f, r}); c != 0 {
				x, y := center(sq{f, r})
				draw(pic, x, y, cs, c)
			}
		}
	}
	// Arrows along the legs of the last move.
	for i := 1; i < len(path); i++ {
		drawLeg(pic, n, path[i-1], path[i], cs, center)
	}
	return pic, center
}

// captions writes lines of text under the board, then a smaller legend.
func captions(pic *picture.Picture, lines []string, legend ...string) {
	y := boardY + boardSize + 40
	for _, l := range lines {
		pic.Add(&picture.Text{X: boardX, Y: y, Size: 14, Text: l, Color: ink})
		y += 19
	}
	y += 2
	for _, l := range legend {
		pic.Add(&picture.Text{X: boardX, Y: y, Size: 12, Text: l, Color: grey})
		y += 16
	}
}

// lastPath returns the squares of the last move: start and landings (one
// square for an aspect change or a throw; none for random or at the start).
func (p *Position) lastPath() []sq {
	last := p.last.Text()
	if last == "" || last == "random" {
		return nil
	}
	pl := engine.First
	if strings.HasPrefix(last, "throw") {
		pl = engine.Chance
	}
	m, err := parseMove(p.b.n, pl, last)
	if err != nil {
		return nil
	}
	out := []sq{m.from}
	for _, l := range m.legs {
		out = append(out, l.to)
	}
	return out
}

func drawCube(pic *picture.Picture, x, y, cs float64, c cell) {
	drawCubeSized(pic, x, y, cs, cs*0.36, c)
}

// drawCubeSized draws the cube of c on a square of side cs centred on (x,
// y): a square of half side h in its core colour with its aspect's sign.
func drawCubeSized(pic *picture.Picture, x, y, cs, h float64, c cell) {
	body, edge, sign := picture.RGB(0xfd, 0xfd, 0xfd), ink, ink
	if coreColors[c.team()] == black {
		body, edge, sign = picture.RGB(0x1a, 0x1a, 0x1a), picture.RGB(0xe8, 0xe8, 0xe8), picture.RGB(0xf4, 0xf4, 0xf4)
	}
	pic.Add(&picture.Rect{X: x - h, Y: y - h, W: 2 * h, H: 2 * h, Style: picture.Style{Fill: body, Stroke: edge, StrokeWidth: 2}})
	w := math.Max(2, cs/16)
	a := h * 0.6
	switch c.aspect() {
	case pusher:
		pic.Add(&picture.Circle{X: x, Y: y, R: a * 0.85, Style: picture.Style{Stroke: sign, StrokeWidth: w}})
	case hopper:
		pic.Add(
			&picture.Line{X1: x - a, Y1: y, X2: x + a, Y2: y, Color: sign, Width: w},
			&picture.Line{X1: x, Y1: y - a, X2: x, Y2: y + a, Color: sign, Width: w},
		)
	case slasher:
		pic.Add(
			&picture.Line{X1: x - a, Y1: y - a, X2: x + a, Y2: y + a, Color: sign, Width: w},
			&picture.Line{X1: x - a, Y1: y + a, X2: x + a, Y2: y - a, Color: sign, Width: w},
		)
	}
}

// drawLeg draws an arrow from a to b. A leg that crosses an edge (only
// slashers wrap, R8) is drawn dashed: it leaves the board on one side and
// comes back on the opposite one.
func drawLeg(pic *picture.Picture, n int8, a, b sq, cs float64, center func(sq) (float64, float64)) {
	ax, ay := center(a)
	bx, by := center(b)
	df, dr := b.f-a.f, b.r-a.r
	tf, tr := torus(df, n), torus(dr, n)
	if tf == df && tr == dr {
		pic.Add(&picture.Line{X1: ax, Y1: ay, X2: bx, Y2: by, Color: arrowInk, Width: 4, Arrow: true})
		return
	}
	dx, dy := float64(tf)*cs, -float64(tr)*cs // screen displacement of the wrapped leg
	x1, y1 := clip(ax, ay, ax+dx, ay+dy)
	x2, y2 := clip(bx, by, bx-dx, by-dy)
	pic.Add(
		&picture.Line{X1: ax, Y1: ay, X2: x1, Y2: y1, Color: arrowInk, Width: 4, Dashed: true},
		&picture.Line{X1: x2, Y1: y2, X2: bx, Y2: by, Color: arrowInk, Width: 4, Dashed: true, Arrow: true},
	)
}

// clip returns where the segment from (x0, y0) (on the board) towards (x1,
// y1) (off it) leaves the board.
func clip(x0, y0, x1, y1 float64) (float64, float64) {
	t := 1.0
	lo, hi := boardX, boardX+boardSize
	loY, hiY := boardY, boardY+boardSize
	dx, dy := x1-x0, y1-y0
	if dx < 0 {
		t = math.Min(t, (lo-x0)/dx)
	} else if dx > 0 {
		t = math.Min(t, (hi-x0)/dx)
	}
	if dy < 0 {
		t = math.Min(t, (loY-y0)/dy)
	} else if dy > 0 {
		t = math.Min(t, (hiY-y0)/dy)
	}
	return x0 + t*dx, y0 + t*dy
}
