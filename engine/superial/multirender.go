package superial

import (
	"fmt"
	"strings"

	"postal/docs/words"
	"postal/engine"
	"postal/engine/picture"
)

// Boards of the multiplayer ruleset (R13f: every player named with their
// side).

// seatNames lists seats for people: "South", "South and West", "South,
// West and North".
func seatNames(seats []int) string {
	names := make([]string, len(seats))
	for i, t := range seats {
		names[i] = multiSides[t]
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// status says whose turn it is, or how the game ended.
func (p *multiPosition) status() string {
	r := p.result
	switch r.Kind {
	case engine.Win:
		return fmt.Sprintf("%s wins: %s.", multiSides[r.Winner], r.Reason)
	case engine.Draw:
		return fmt.Sprintf("Draw among %s: %s.", seatNames(p.drawn()), r.Reason)
	}
	return multiSides[p.side] + " to move."
}

// drawn lists the players who share the first place of a drawn game.
func (p *multiPosition) drawn() []int {
	var in []int
	for t, pl := range p.result.Places {
		if pl == 1 {
			in = append(in, t)
		}
	}
	return in
}

func (p *multiPosition) lastLine() string {
	last := p.lastText()
	if last == "" {
		return "Last move: none."
	}
	return fmt.Sprintf("Last move: %s (%s).", last, multiSides[p.lastBy])
}

// seatLine describes seat t: its cubes' colour, its pieces, and its place
// once known (R13d).
func (p *multiPosition) seatLine(t int) string {
	colour := "white"
	if coreColors[t] == black {
		colour = "black"
	}
	s := fmt.Sprintf("%s (%s): %s", multiSides[t], colour, counted(p.b.owned()[t], "piece", "pieces"))
	switch pl := p.result.Place(engine.Player(t)); {
	case !p.in(t):
		s += fmt.Sprintf(", out %s (%s)", words.Ordinal(pl), outWords[p.why[t]])
	case pl > 0:
		s += ", " + words.Ordinal(pl)
	case t == int(p.side):
		s += ", to move"
	}
	return s + "."
}

// ASCII draws the board with rank 10 on top, North above and South below.
// A piece reads as its owner's letter and its aspect (So, W+, Nx, Eo), in
// lower case when its owner is out (R13d).
func (p *multiPosition) ASCII() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Superial Chess (multiplayer, %d players, 10x10)\n\n", p.players)
	fmt.Fprintf(&b, "%26s\n", "North")
	p.b.writeGrid(&b, func(c cell) string {
		l := multiLetters[c.team()]
		if !p.in(c.team()) {
			l += 'a' - 'A'
		}
		return string([]byte{l, aspectChars[c.aspect()]})
	})
	fmt.Fprintf(&b, "%26s\n\n", "South")
	b.WriteString(p.status() + "\n")
	b.WriteString(p.lastLine() + "\n")
	for t := range int(p.players) {
		b.WriteString(p.seatLine(t) + "\n")
	}
	b.WriteString("Legend: a piece is its owner's letter, S South, W West, N North, E East,\n")
	b.WriteString("and its aspect: o pusher, + hopper, x slasher; lower case when its owner is\n")
	b.WriteString("out. ':' dark squares, the home of black cubes; white cubes' home is the\n")
	b.WriteString("light squares. West holds files a-b, East i-j. Slashers wrap.\n")
	return b.String()
}

// The owners' colours: the paper squares under the cubes (R13), and grey
// for a player out.
var (
	ownerColors = [maxSeats]picture.Color{
		picture.RGB(0xd5, 0x5e, 0x00), // South: vermilion
		picture.RGB(0x00, 0x72, 0xb2), // West: blue
		picture.RGB(0x00, 0x9e, 0x73), // North: green
		picture.RGB(0xcc, 0x79, 0xa7), // East: purple
	}
	outColor = picture.RGB(0xa8, 0xa8, 0xa8)
	fade     = picture.Color{R: 0xfa, G: 0xfa, B: 0xf5, A: 0x50}
)

// multiHeight is the height of the picture: the board and a line per seat.
const multiHeight = 574.0

// Picture draws the board: every cube in its core colour on a paper square
// of its owner's colour, greyed when its owner is out; a legend names each
// owner's colour, pieces and place.
func (p *multiPosition) Picture() *picture.Picture {
	title := fmt.Sprintf("Superial Chess, %d players. %s %s", p.players, p.status(), p.lastLine())
	pic, _ := boardPicture(&p.b, multiHeight, title, p.status(), p.lastPath(), false, func(pic *picture.Picture, x, y, cs float64, c cell) {
		t := c.team()
		paper := ownerColors[t]
		if !p.in(t) {
			paper = outColor
		}
		m := cs * 0.06
		pic.Add(&picture.Rect{X: x - cs/2 + m, Y: y - cs/2 + m, W: cs - 2*m, H: cs - 2*m, Style: picture.Style{Fill: paper}})
		drawCubeSized(pic, x, y, cs, cs*0.3, c)
		if !p.in(t) {
			pic.Add(&picture.Rect{X: x - cs/2 + m, Y: y - cs/2 + m, W: cs - 2*m, H: cs - 2*m, Style: picture.Style{Fill: fade}})
		}
	})
	y := boardY + boardSize + 40
	pic.Add(&picture.Text{X: boardX, Y: y, Size: 14, Text: p.lastLine(), Color: ink})
	for t := range int(p.players) {
		y += 22
		swatch := ownerColors[t]
		if !p.in(t) {
			swatch = outColor
		}
		pic.Add(
			&picture.Rect{X: boardX, Y: y - 13, W: 16, H: 16, Style: picture.Style{Fill: swatch, Stroke: ink, StrokeWidth: 1}},
			&picture.Text{X: boardX + 24, Y: y, Size: 14, Text: p.seatLine(t), Color: ink, Bold: t == int(p.side) && !p.result.Over()},
		)
	}
	pic.Add(&picture.Text{X: boardX, Y: y + 24, Size: 12, Text: "o pusher   + hopper   x slasher (wraps around the edges)", Color: grey})
	return pic
}

// lastPath returns the squares of the last move: start and landings (one
// square for an aspect change; none for a leaving or at the start).
func (p *multiPosition) lastPath() []sq {
	if !p.last.Set {
		return nil // the start, or a leaving
	}
	m := p.last.Move
	out := []sq{m.from}
	for _, l := range m.legs {
		out = append(out, l.to)
	}
	return out
}
