package superial

import (
	"fmt"
	"strings"

	"postal/engine"
	"postal/engine/picture"
)

// Boards of the vs-chess ruleset.

// status says whose turn it is and whether that side is in check, or how
// the game ended.
func (p *vsPosition) status() string {
	r := p.result
	switch {
	case r.Over():
		return r.Words(vsSideNames[:]) + "."
	case p.threatened(p.toMove):
		return vsSideNames[p.toMove] + " to move: check!"
	}
	return vsSideNames[p.toMove] + " to move."
}

func (p *vsPosition) lastLine() string {
	if p.last == "" {
		return "Last move: none."
	}
	return fmt.Sprintf("Last move: %s (%s).", p.last, vsSideNames[1-p.toMove])
}

// kingLine tells where the cubes' king is, or that it is still to come.
func (p *vsPosition) kingLine() string {
	s := p.stackSq()
	if s < 0 {
		return "Black has no king yet: the first man captured becomes it."
	}
	c := p.b.cells[s]
	return fmt.Sprintf("Black's king: the %s on its %s cube, %s.", manNames[c.man()], aspectNames[c.aspect()], sqName(s))
}

// countLine counts the pieces of each side.
func (p *vsPosition) countLine() string {
	var men [2]int
	cubes := 0
	for s := 0; s < 64; s++ {
		c := p.b.cells[s]
		if c.man() != 0 {
			men[c.team()]++
		}
		if c.cube() {
			cubes++
		}
	}
	return fmt.Sprintf("White: %s. Black: %s, %s.", counted(men[white], "man", "men"), counted(cubes, "cube", "cubes"), counted(men[black], "man", "men"))
}

// castlingLine says what White may still castle, "" when nothing.
func (p *vsPosition) castlingLine() string {
	var rights []string
	if p.castling&1 != 0 {
		rights = append(rights, "O-O")
	}
	if p.castling&2 != 0 {
		rights = append(rights, "O-O-O")
	}
	if len(rights) == 0 || p.result.Over() {
		return ""
	}
	return "White may still castle: " + strings.Join(rights, ", ") + "."
}

// counted writes n with the noun in the right number: "1 man", "2 men".
func counted(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// vsSquare is the content of a square in the ASCII board, three columns:
// White's men in capitals, Black's in small letters, Black's cubes by their
// aspect, Black's king as its man over its cube (n/x).
func vsSquare(c cell, pad byte) string {
	switch {
	case c == 0:
		return strings.Repeat(string(pad), 3)
	case c.stack():
		return string(vsMen[c.man()]) + "/" + string(aspectChars[c.aspect()])
	}
	return string(pad) + vsCellText(c) + string(pad)
}

// ASCII draws the board with rank 8 on top. Every square is five characters
// wide; dark squares, the cubes' home, are filled with ':' (a1 is dark, R1).
func (p *vsPosition) ASCII() string {
	var b strings.Builder
	b.WriteString("Superial Chess against chess (8x8)\n\n")
	files := "     a    b    c    d    e    f    g    h\n"
	rule := "   +" + strings.Repeat("-", 40) + "+\n"
	b.WriteString(files)
	b.WriteString(rule)
	for r := int8(7); r >= 0; r-- {
		fmt.Fprintf(&b, " %d |", r+1)
		for f := int8(0); f < 8; f++ {
			s := sq{f, r}
			pad := byte(' ')
			if dark(s) {
				pad = ':'
			}
			b.WriteByte(pad)
			b.WriteString(vsSquare(p.b.at(s), pad))
			b.WriteByte(pad)
		}
		fmt.Fprintf(&b, "| %d\n", r+1)
	}
	b.WriteString(rule)
	b.WriteString(files)
	b.WriteString("\n")
	for _, l := range []string{p.status(), p.lastLine(), p.kingLine(), p.countLine(), p.castlingLine()} {
		if l != "" {
			b.WriteString(l + "\n")
		}
	}
	b.WriteString("Legend: White's men K Q R B N P. Black's cubes o pusher, + hopper, x slasher\n")
	b.WriteString("(home: the dark ':' squares; slashers wrap), its men k q r b n p,\n")
	b.WriteString("its king n/x: a man on its cube.\n")
	return b.String()
}

// lastPath returns the squares of the last move: start and landings, the
// king's squares for castling, and where the cubes' new king stands.
func (p *vsPosition) lastPath() []sq {
	if p.last == "" {
		return nil
	}
	m, err := parseVsMove(engine.First, p.last)
	if err != nil {
		return nil
	}
	switch m.kind {
	case kindCastle:
		return []sq{{4, 0}, {6, 0}}
	case kindCastleLong:
		return []sq{{4, 0}, {2, 0}}
	}
	out := []sq{m.from}
	for _, l := range m.legs {
		out = append(out, l.to)
	}
	if m.crown != nil && m.crown.at == noSq {
		out = append(out, m.crown.piece)
	}
	return out
}

// Picture draws the board: dark and light squares (a1 dark), the cubes as
// in the classic game, chess men as discs with their letters, the cubes'
// king as its man on its cube, the last move with arrows, and a red ring
// around a king in check.
func (p *vsPosition) Picture() *picture.Picture {
	title := fmt.Sprintf("Superial Chess against chess. %s %s", p.status(), p.lastLine())
	// Three lines and a two-line legend under the board.
	pic, center := boardPicture(&p.b, picHeight+40, title, p.status(), p.lastPath(), false, drawVsPiece)
	if !p.result.Over() && p.threatened(p.toMove) {
		k := p.stackSq()
		if p.toMove == white {
			k = p.find(manCell(white, cKing))
		}
		x, y := center(sqOf(k))
		pic.Add(&picture.Circle{X: x, Y: y, R: boardSize / 16 * 0.92, Style: picture.Style{Stroke: checkRing, StrokeWidth: 3.5}})
	}
	captions(pic, []string{p.lastLine(), p.kingLine(), p.countLine()},
		"White: K Q R B N P.  Black: cubes o pusher, + hopper, x slasher (wrap);",
		"its men, and its king: a man on its cube with a gold ring.")
	return pic
}

var (
	checkRing = picture.RGB(0xd0, 0x20, 0x20)
	gold      = picture.RGB(0xd4, 0xa0, 0x17)
)

// drawVsPiece draws a man, a cube or the cubes' king centred on x, y.
func drawVsPiece(pic *picture.Picture, x, y, cs float64, c cell) {
	k := c.man()
	r, size := cs*0.36, cs*0.42
	switch {
	case c.stack():
		// A smaller cube, and the king's man on its corner ringed in gold.
		drawCube(pic, x-cs*0.1, y+cs*0.1, cs*0.8, c)
		x, y, r, size = x+cs*0.17, y-cs*0.17, cs*0.27, cs*0.34
		pic.Add(&picture.Circle{X: x, Y: y, R: r + 2.5, Style: picture.Style{Fill: gold}})
	case c.cube():
		drawCube(pic, x, y, cs, c)
		return
	}
	body, letter := picture.RGB(0xfd, 0xfd, 0xfd), ink
	if c.team() == black {
		body, letter = picture.RGB(0x30, 0x30, 0x30), picture.RGB(0xf4, 0xf4, 0xf4)
	}
	pic.Add(&picture.Circle{X: x, Y: y, R: r, Style: picture.Style{Fill: body, Stroke: ink, StrokeWidth: 1.5}})
	pic.Add(&picture.Text{X: x, Y: y, Size: size, Text: string(chessLetters[k]), Color: letter, Anchor: picture.Middle, VCenter: true, Bold: true})
}
