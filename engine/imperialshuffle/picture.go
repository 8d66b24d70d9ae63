package imperialshuffle

import (
	"fmt"

	"postal/engine"
	"postal/engine/picture"
)

// Picture geometry: two 4x4 boards side by side, corresponding squares on
// the same row (R3), rank numbers on both sides of each board, files below.
const (
	picW    = 460
	picH    = 352
	sqSize  = 46
	boardY  = 66
	board0X = 24
	board1X = 252
)

var (
	inkColour   = picture.RGB(0x22, 0x22, 0x22)
	greyColour  = picture.RGB(0x66, 0x66, 0x66)
	lightSquare = picture.RGB(0xf0, 0xe6, 0xd2)
	darkSquare  = picture.RGB(0xc8, 0xb0, 0x8a)
	deadSquare  = picture.RGB(0x9a, 0x94, 0x8c)
	moveTint    = picture.Color{R: 0x3c, G: 0x9c, B: 0xff, A: 0x70}
	killColour  = picture.RGB(0xc0, 0x10, 0x10)
	reviveCol   = picture.RGB(0x10, 0x90, 0x30)
	arrowColour = picture.Color{R: 0x10, G: 0x50, B: 0xc0, A: 0xc0}
	// pieceColours are the fills of red, yellow, green, blue pyramids, and
	// their darker shades for the shadowed face.
	pieceColours = [4]picture.Color{picture.RGB(0xe0, 0x30, 0x30), picture.RGB(0xf5, 0xc8, 0x10), picture.RGB(0x30, 0xa8, 0x40), picture.RGB(0x25, 0x65, 0xd8)}
	pieceShades  = [4]picture.Color{picture.RGB(0xa8, 0x18, 0x18), picture.RGB(0xc0, 0x95, 0x00), picture.RGB(0x1c, 0x78, 0x2a), picture.RGB(0x16, 0x44, 0xa0)}
)

func boardX(pl engine.Player) float64 {
	if pl == engine.First {
		return board0X
	}
	return board1X
}

// square returns the top-left corner of square s on pl's board.
func squareXY(pl engine.Player, s int) (float64, float64) {
	return boardX(pl) + float64(s%4)*sqSize, boardY + float64(3-s/4)*sqSize
}

// Picture draws both boards with their pyramids: small Commoners, medium
// Nobles, large High Priests, Emperors large capped with small; a dead piece
// lies on its side on a grey square. The last move's squares are tinted, with
// an arrow for the Emperor's step, a red frame where a piece died and a green
// one where a piece stood up.
func (p *Position) Picture() *picture.Picture {
	pic := &picture.Picture{Width: picW, Height: picH}
	pic.Title = "Imperial Shuffle: " + p.status() + ". Last move: " + p.lastText()
	pic.Add(&picture.Rect{X: 0, Y: 0, W: picW, H: picH, Style: picture.Style{Fill: picture.RGB(0xff, 0xff, 0xff)}})
	pic.Add(&picture.Text{X: picW / 2, Y: 20, Size: 16, Bold: true, Anchor: picture.Middle, Color: inkColour,
		Text: fmt.Sprintf("Imperial Shuffle - %s", p.shortStatus())})
	for pl := engine.First; pl <= engine.Second; pl++ {
		p.drawBoard(pic, pl)
	}
	y := float64(boardY + 4*sqSize + 38)
	for _, line := range []string{"Last move: " + p.lastText(), p.status()} {
		pic.Add(&picture.Text{X: 12, Y: y, Size: 12, Color: inkColour, Text: clip(line, 72)})
		y += 17
	}
	pic.Add(&picture.Text{X: 12, Y: y + 2, Size: 11, Color: greyColour,
		Text: "Small Commoner, medium Noble, large High Priest, capped Emperor;"})
	pic.Add(&picture.Text{X: 12, Y: y + 17, Size: 11, Color: greyColour,
		Text: "lying on a grey square = dead. Blue tint and arrow: last step."})
	return pic
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n-3] + "..."
}

func (p *Position) shortStatus() string {
	if r := p.result; r.Over() {
		if r.Kind == engine.Draw {
			return "draw"
		}
		return sides[r.Winner] + " wins"
	}
	switch p.stage {
	case stageSetup:
		return "setup"
	case stageChance:
		return "setup (drawing)"
	}
	return sides[p.turn] + " to move"
}

func (p *Position) drawBoard(pic *picture.Picture, pl engine.Player) {
	x0 := boardX(pl)
	label := sides[pl]
	if p.stage == stagePlay {
		label += fmt.Sprintf(" - %d dead", p.deadCount(pl))
	}
	toMove := !p.result.Over() && p.acts(pl)
	if toMove {
		if p.stage == stagePlay {
			label += " - to move"
		} else {
			label += " - to set up"
		}
	}
	pic.Add(&picture.Text{X: x0 + 2*sqSize, Y: boardY - 10, Size: 13, Bold: toMove, Anchor: picture.Middle, Color: inkColour, Text: label})
	if toMove {
		pic.Add(&picture.Rect{X: x0 - 3, Y: boardY - 3, W: 4*sqSize + 6, H: 4*sqSize + 6,
			Style: picture.Style{Fill: picture.Color{R: 0x3c, G: 0x9c, B: 0xff, A: 0x50}}})
	}
	for s := 0; s < 16; s++ {
		x, y := squareXY(pl, s)
		fill := lightSquare
		if (s%4+s/4)%2 == 0 {
			fill = darkSquare
		}
		pc := p.board[pl][s]
		if pc.real() && pc.dead() {
			fill = deadSquare
		}
		pic.Add(&picture.Rect{X: x, Y: y, W: sqSize, H: sqSize, Style: picture.Style{Fill: fill}})
		l := p.last
		if l.kind == lastStep && l.who == pl && (s == int(l.from) || s == int(l.to)) {
			pic.Add(&picture.Rect{X: x, Y: y, W: sqSize, H: sqSize, Style: picture.Style{Fill: moveTint}})
		}
	}
	pic.Add(&picture.Rect{X: x0, Y: boardY, W: 4 * sqSize, H: 4 * sqSize, Style: picture.Style{Stroke: inkColour, StrokeWidth: 1.5}})
	for i := 0; i < 4; i++ {
		cy := float64(boardY + (3-i)*sqSize + sqSize/2)
		rank := fmt.Sprint(i + 1)
		pic.Add(&picture.Text{X: x0 - 9, Y: cy, Size: 12, Anchor: picture.Middle, VCenter: true, Color: inkColour, Text: rank})
		pic.Add(&picture.Text{X: x0 + 4*sqSize + 9, Y: cy, Size: 12, Anchor: picture.Middle, VCenter: true, Color: inkColour, Text: rank})
		pic.Add(&picture.Text{X: x0 + float64(i*sqSize+sqSize/2), Y: boardY + 4*sqSize + 15, Size: 12, Anchor: picture.Middle, Color: inkColour, Text: string(rune('a' + i))})
	}
	if !p.set(pl) {
		msg := "not set up yet"
		if p.stage == stageChance && p.pending == pl {
			msg = "drawing at random"
		}
		pic.Add(&picture.Rect{X: x0 + 20, Y: boardY + 2*sqSize - 14, W: 4*sqSize - 40, H: 28, Style: picture.Style{Fill: picture.RGB(0xff, 0xff, 0xff), Stroke: inkColour, StrokeWidth: 1}})
		pic.Add(&picture.Text{X: x0 + 2*sqSize, Y: boardY + 2*sqSize, Size: 13, Anchor: picture.Middle, VCenter: true, Color: inkColour, Text: msg})
		return
	}
	if l := p.last; l.kind == lastStep && l.who == pl {
		// The Emperor's step, under the pieces.
		fx, fy := squareXY(pl, int(l.from))
		tx, ty := squareXY(pl, int(l.to))
		pic.Add(&picture.Line{X1: fx + sqSize/2, Y1: fy + sqSize/2, X2: tx + sqSize/2, Y2: ty + sqSize/2, Color: arrowColour, Width: 3, Arrow: true})
	}
	for s := 0; s < 16; s++ {
		x, y := squareXY(pl, s)
		drawPiece(pic, p.board[pl][s], x, y)
		l := p.last
		if l.kind != lastStep {
			continue
		}
		if l.who != pl && l.kills&(1<<s) != 0 {
			pic.Add(&picture.Rect{X: x + 2, Y: y + 2, W: sqSize - 4, H: sqSize - 4, Style: picture.Style{Stroke: killColour, StrokeWidth: 3}})
		}
		if l.who == pl && s == int(l.revive) {
			pic.Add(&picture.Rect{X: x + 2, Y: y + 2, W: sqSize - 4, H: sqSize - 4, Style: picture.Style{Stroke: reviveCol, StrokeWidth: 3}})
		}
	}
}

// pyramid sizes (base width, height) of small, medium, large pieces.
var pyrSize = [3][2]float64{{13, 15}, {21, 24}, {30, 34}}

func drawPiece(pic *picture.Picture, pc piece, x, y float64) {
	fill, shade := pieceColours[pc.colour()], pieceShades[pc.colour()]
	size := 0
	switch pc.typ() {
	case noble:
		size = 1
	case priest, emperor:
		size = 2
	}
	w, h := pyrSize[size][0], pyrSize[size][1]
	cx, base := x+sqSize/2, y+sqSize-5
	if pc.dead() {
		// Lying on its side: base vertical on the left, tip to the right.
		lx := cx - h/2
		cy := y + sqSize - 4 - w/2
		pic.Add(&picture.Polygon{Points: []picture.Point{{X: lx, Y: cy - w/2}, {X: lx + h, Y: cy}, {X: lx, Y: cy + w/2}},
			Style: picture.Style{Fill: fill, Stroke: inkColour, StrokeWidth: 1.2}})
		pic.Add(&picture.Polygon{Points: []picture.Point{{X: lx, Y: cy}, {X: lx + h, Y: cy}, {X: lx, Y: cy + w/2}},
			Style: picture.Style{Fill: shade}})
		pic.Add(&picture.Polygon{Points: []picture.Point{{X: lx, Y: cy - w/2}, {X: lx + h, Y: cy}, {X: lx, Y: cy + w/2}},
			Style: picture.Style{Stroke: inkColour, StrokeWidth: 1.2}})
		return
	}
	if pc.typ() == emperor {
		h = 30 // the large pyramid of the Emperor, with the small one on top
	}
	upright(pic, cx, base, w, h, fill, shade)
	if pc.typ() == emperor {
		sw, sh := pyrSize[0][0], pyrSize[0][1]
		// The cap sits where the large pyramid is as wide as the small one.
		capBase := base - h*(1-sw/w) - 3
		upright(pic, cx, capBase, sw, sh, fill, shade)
		pic.Add(&picture.Line{X1: cx - sw/2 - 2, Y1: capBase, X2: cx + sw/2 + 2, Y2: capBase, Color: inkColour, Width: 1.5})
	}
}

// upright draws a standing pyramid seen from the side, its right face shaded.
func upright(pic *picture.Picture, cx, base, w, h float64, fill, shade picture.Color) {
	apex := picture.Point{X: cx, Y: base - h}
	pic.Add(&picture.Polygon{Points: []picture.Point{apex, {X: cx + w/2, Y: base}, {X: cx - w/2, Y: base}},
		Style: picture.Style{Fill: fill}})
	pic.Add(&picture.Polygon{Points: []picture.Point{apex, {X: cx + w/2, Y: base}, {X: cx, Y: base}},
		Style: picture.Style{Fill: shade}})
	pic.Add(&picture.Polygon{Points: []picture.Point{apex, {X: cx + w/2, Y: base}, {X: cx - w/2, Y: base}},
		Style: picture.Style{Stroke: inkColour, StrokeWidth: 1.2}})
}
