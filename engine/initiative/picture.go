package initiative

import (
	"fmt"

	"postal/engine"
	"postal/engine/picture"
)

var (
	pyrColors = [nColors]picture.Color{
		picture.RGB(40, 90, 210), picture.RGB(40, 150, 60), picture.RGB(30, 30, 30),
		picture.RGB(240, 200, 0), picture.RGB(210, 40, 40),
	}
	ink       = picture.RGB(20, 20, 20)
	grey      = picture.RGB(110, 110, 110)
	lightGrey = picture.RGB(225, 225, 225)
	attackBg  = picture.RGB(255, 244, 200)
	lastColor = picture.RGB(220, 30, 30)
	white     = picture.RGB(255, 255, 255)
)

const (
	picW  = 460
	picH  = 452
	colX0 = 70 // left edge of turn 1
	colW  = 38
)

// pyramid draws pc as a triangle of its size standing on (x, base), with
// its pips as dots; a virtual play is drawn faded.
func pyramid(x, base float64, pc piece, faded bool) []picture.Item {
	w := [3]float64{14, 19, 24}[pc.size()]
	h := [3]float64{18, 25, 32}[pc.size()]
	fill := pyrColors[pc.color()]
	stroke := ink
	if faded {
		fill.A = 150
		stroke = grey
	}
	items := []picture.Item{&picture.Polygon{
		Points: []picture.Point{{X: x - w/2, Y: base}, {X: x + w/2, Y: base}, {X: x, Y: base - h}},
		Style:  picture.Style{Fill: fill, Stroke: stroke, StrokeWidth: 1},
	}}
	dot := white
	if pc.color() == 3 {
		dot = ink
	}
	n := pc.pips()
	for i := 0; i < n; i++ {
		dx := (float64(i) - float64(n-1)/2) * 4.5
		items = append(items, &picture.Circle{X: x + dx, Y: base - 4, R: 1.5, Style: picture.Style{Fill: dot}})
	}
	return items
}

func text(x, y, size float64, s string, anchor picture.Anchor, bold bool) *picture.Text {
	return &picture.Text{X: x, Y: y, Size: size, Text: s, Color: ink, Anchor: anchor, Bold: bold}
}

// Picture implements engine.Position: both rows as played (sacrifices under
// their pyramid), both inventories, the stack, and the match's state.
func (p *Position) Picture() *picture.Picture {
	title := "Initiative - setup"
	switch {
	case p.st == stOver:
		title = "Initiative - match over"
	case p.st >= stAttack:
		title = fmt.Sprintf("Initiative - round %d of 2, turn %d of 10", p.round, p.turn)
	case p.inDraft() || p.st == stDrafter:
		title = "Initiative - draft"
	}
	pic := &picture.Picture{Width: picW, Height: picH, Title: title + ". " + p.status() + "."}
	pic.Add(&picture.Rect{X: 0, Y: 0, W: picW, H: picH, Style: picture.Style{Fill: white}})
	pic.Add(text(8, 20, 15, title, picture.Start, true))
	pic.Add(text(8, 38, 12, p.status(), picture.Start, false))
	pic.Add(text(8, 54, 11, "Last move: "+p.lastText(), picture.Start, false))
	if p.st >= stAttack {
		p.drawRows(pic)
	} else {
		p.drawSetup(pic)
	}
	p.drawInventories(pic)
	p.drawStack(pic)
	return pic
}

func (p *Position) drawRows(pic *picture.Picture) {
	for t := 0; t < maxTurns; t++ {
		pic.Add(text(colX0+colW*float64(t)+colW/2, 78, 11, fmt.Sprint(t+1), picture.Middle, true))
	}
	pic.Add(text(8, 78, 11, "Turn", picture.Start, true))
	rows, rn := p.shownRows()
	if p.showPrev() {
		pic.Add(text(picW-8, 54, 11, "Rows: round 1 as it ended", picture.End, true))
	}
	for pl := 0; pl < 2; pl++ {
		top := 84 + 86*float64(pl)
		pic.Add(&picture.Rect{X: colX0, Y: top, W: colW * maxTurns, H: 80, Style: picture.Style{Stroke: lightGrey, StrokeWidth: 1}})
		pic.Add(text(8, top+34, 12, sides[pl], picture.Start, true))
		pic.Add(text(8, top+50, 9, "play", picture.Start, false))
		pic.Add(text(8, top+72, 9, "sacrifice", picture.Start, false))
		if p.st != stOver && p.att == engineSide(pl) {
			pic.Add(text(8, top+16, 9, "initiative", picture.Start, true))
		}
		for i := uint8(0); i < rn[pl]; i++ {
			e := rows[pl][i]
			x := colX0 + colW*float64(i)
			if e.attack {
				pic.Add(&picture.Rect{X: x + 1, Y: top + 1, W: colW - 2, H: 78, Style: picture.Style{Fill: attackBg}})
			}
			cx := x + colW/2
			pic.Add(pyramid(cx, top+42, e.pc, e.virt)...)
			if e.sac != noPiece {
				pic.Add(pyramid(cx, top+76, e.sac, false)...)
			}
			label := ""
			if e.virt {
				label = "v"
			}
			if e.call {
				label += " call"
			}
			if label != "" {
				pic.Add(text(cx, top+9, 8, label, picture.Middle, true))
			}
		}
		if p.isLast(pl) {
			x := colX0 + colW*float64(rn[pl]-1)
			pic.Add(&picture.Rect{X: x + 1, Y: top + 1, W: colW - 2, H: 78, Style: picture.Style{Stroke: lastColor, StrokeWidth: 2.5}})
		}
	}
	t := p.totals()
	info := fmt.Sprintf("Calls %d | Virtual plays: First %d, Second %d | Totals: First %d, Second %d", p.calls, p.virt[0], p.virt[1], t[0], t[1])
	pic.Add(text(8, 444, 10, info, picture.Start, false))
	if p.round == 2 {
		r := "Round 1: " + roundText(p.r1)
		if p.st == stOver {
			r += ".  Round 2: " + roundText(p.r2)
		}
		pic.Add(text(8, 264, 10, r, picture.Start, false))
	}
}

func engineSide(pl int) engine.Player { return engine.Player(pl) }

// isLast reports whether the last move was a play now at the end of pl's row.
func (p *Position) isLast(pl int) bool {
	rows, rn := p.shownRows()
	if rn[pl] == 0 || p.lastBy != engineSide(pl) || p.inDraft() {
		return false
	}
	// After a move that ended round one, the row shown is round two's.
	m, err := parseMove(p.lastBy, p.last.Text())
	if err != nil || m.kind != mPlay {
		return false
	}
	e := rows[pl][rn[pl]-1]
	return e.pc == m.pc && e.virt == m.virt
}

func (p *Position) drawSetup(pic *picture.Picture) {
	pic.Add(text(8, 80, 11, fmt.Sprintf("Bag: %d pyramids (S %d, M %d, L %d)", p.bag.total(), p.bag.ofSize(0), p.bag.ofSize(1), p.bag.ofSize(2)), picture.Start, false))
	if !p.inDraft() {
		return
	}
	for r := 0; r < 3; r++ {
		y := 96 + 46*float64(r)
		pic.Add(&picture.Rect{X: 8, Y: y, W: 200, H: 40, Style: picture.Style{Stroke: lightGrey, StrokeWidth: 1}})
		label := fmt.Sprintf("Row %d", r+1)
		if p.closed[r] {
			label += " (closed)"
		}
		pic.Add(text(14, y+24, 11, label, picture.Start, true))
		for i := uint8(0); i < p.dn[r]; i++ {
			pic.Add(pyramid(150+30*float64(i), y+36, p.drow[r][i], false)...)
		}
		if p.lastBy == p.mover && p.last.Text() == fmt.Sprintf("place row %d", r+1) {
			pic.Add(&picture.Rect{X: 8, Y: y, W: 200, H: 40, Style: picture.Style{Stroke: lastColor, StrokeWidth: 2.5}})
		}
	}
	if p.st == stPlace {
		pic.Add(text(230, 120, 11, sides[p.mover]+" drew:", picture.Start, false))
		pic.Add(pyramid(330, 128, p.held, false)...)
	}
	for i, x := range p.passed {
		if x {
			pic.Add(text(230, 160, 10, sides[i]+" took a row and waits", picture.Start, false))
		}
	}
}

func (p *Position) drawInventories(pic *picture.Picture) {
	for pl := 0; pl < 2; pl++ {
		y := 280 + 50*float64(pl)
		label := fmt.Sprintf("%s holds %d:", sides[pl], p.inv[pl].total())
		if p.st >= stAttack && p.st < stOver && p.inv[pl].total() == 0 {
			label += " pummels with v" + p.lastPlayed(engineSide(pl)).String()
		}
		pic.Add(text(8, y, 11, label, picture.Start, true))
		x := 16.0
		for k, c := range p.inv[pl] {
			for i := uint8(0); i < c; i++ {
				pic.Add(pyramid(x, y+36, piece(k), false)...)
				x += 28
			}
		}
	}
}

func (p *Position) drawStack(pic *picture.Picture) {
	y := 386.0
	if !p.stackSet {
		pic.Add(text(8, y, 11, "Stack: not drawn yet", picture.Start, true))
		return
	}
	pic.Add(text(8, y, 11, "Stack, top to bottom (start "+p.start.String()+"):", picture.Start, true))
	for i, c := range p.cur {
		x := 30 + 80*float64(i)
		pic.Add(pyramid(x, y+32, mkPiece(0, int(c)), false)...)
		pic.Add(text(x+12, y+28, 10, fmt.Sprintf("%d %s", i+1, colorNames[c]), picture.Start, false))
	}
}
