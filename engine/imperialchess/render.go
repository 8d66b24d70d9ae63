package imperialchess

import (
	"fmt"
	"strings"

	"postal/engine"
	"postal/engine/picture"
)

// highlights returns the squares of the last move (from and to of each
// single move, the lady's too) to mark.
func (p *Position) highlights() map[int]bool {
	hl := map[int]bool{}
	if p.last == nil {
		return hl
	}
	for _, m := range p.last.singlesOf() {
		hl[m.From], hl[m.To] = true, true
		if m.Ride {
			hl[m.RideFrom] = true
			hl[offset(m.To, fileOf(m.RideFrom)-fileOf(m.From), rankOf(m.RideFrom)-rankOf(m.From))] = true
		}
	}
	if p.last.Kind == deploy {
		r := p.last.Rank - 1 + forward(opponent(p.side))
		for f := 0; f < size; f++ {
			hl[r*size+f] = true
		}
	}
	delete(hl, -1)
	return hl
}

// singlesOf returns the single moves of m (itself, or a charge's).
func (m Move) singlesOf() []Move {
	switch m.Kind {
	case single:
		return []Move{m}
	case charge:
		return m.Subs
	}
	return nil
}

func (p *Position) status() string {
	if r := p.result; r.Over() {
		return r.Words([]string{sideName(engine.First), sideName(engine.Second)})
	}
	return sideName(p.side) + " to move"
}

func (p *Position) lastText() string {
	if p.last == nil {
		return "none"
	}
	return p.last.String()
}

// Unlisted names the charges when p may charge now: Legal leaves them out.
func (p *Position) Unlisted(pl engine.Player) string {
	if p.result.Over() || pl != p.side || p.st.chargeCount(p.side) < 6 {
		return ""
	}
	return "charges"
}

func (p *Position) chargeText() string {
	if p.result.Over() {
		return "Charge: -"
	}
	n := p.st.chargeCount(p.side)
	yes := "not possible"
	if n >= 6 {
		yes = "POSSIBLE"
	}
	return fmt.Sprintf("Charge: %s (files within a move of a capture: %d of the 6 needed)", yes, n)
}

func (p *Position) messengers() string {
	var out []string
	for id := 0; id < nsq; id++ {
		if p.st.msgr.has(id) && p.st.at[id] != empty {
			out = append(out, string(pieceChar(id))+sqName(int(p.st.at[id])))
		}
	}
	return strings.Join(out, " ")
}

// wrap breaks text into lines of at most width columns at spaces, the
// continuation lines indented by indent spaces.
func wrap(text string, width, indent int) []string {
	var lines []string
	cur := ""
	for _, w := range strings.Fields(text) {
		if cur != "" && len(cur)+1+len(w) > width {
			lines = append(lines, cur)
			cur = strings.Repeat(" ", indent) + w
			continue
		}
		if cur == "" {
			cur = w
		} else {
			cur += " " + w
		}
	}
	return append(lines, cur)
}

// legend names every letter, in rank order (R3).
func legend() []string {
	var lines []string
	for i := 0; i < int(nkinds); i += 3 {
		var b strings.Builder
		for j := i; j < i+3 && j < int(nkinds); j++ {
			fmt.Fprintf(&b, "%-25s", fmt.Sprintf("%c %s", letters[j], kindNames[j]))
		}
		lines = append(lines, strings.TrimRight(b.String(), " "))
	}
	return lines
}

// ASCII draws the board for a plain-text mail, at most 78 columns.
func (p *Position) ASCII() string {
	var b strings.Builder
	if p.result.Over() {
		fmt.Fprintf(&b, "Imperial Chess - game over after %d moves. %s.\n", p.ply, p.status())
	} else {
		fmt.Fprintf(&b, "Imperial Chess - %s (move %d)\n", p.status(), p.ply+1)
	}
	b.WriteString("Starting position: this server's own. Upper case White, lower Black.\n")
	files := "    "
	for f := 0; f < size; f++ {
		files += fmt.Sprintf(" %c ", 'a'+f)
	}
	b.WriteString(strings.TrimRight(files, " ") + "\n")
	hl := p.highlights()
	for r := size - 1; r >= 0; r-- {
		fmt.Fprintf(&b, "%3d ", r+1)
		for f := 0; f < size; f++ {
			s := r*size + f
			c := byte('.')
			if p.st.sq[s] != empty {
				c = pieceChar(int(p.st.sq[s]))
			}
			if hl[s] {
				fmt.Fprintf(&b, "[%c]", c)
			} else {
				fmt.Fprintf(&b, " %c ", c)
			}
		}
		fmt.Fprintf(&b, " %d\n", r+1)
	}
	b.WriteString(strings.TrimRight(files, " ") + "\n")
	for _, l := range wrap("Last move: "+p.lastText()+" (marked [ ])", 78, 11) {
		b.WriteString(l + "\n")
	}
	b.WriteString(p.chargeText() + "\n")
	for _, s := range [2]engine.Player{engine.First, engine.Second} {
		for _, l := range wrap("Captured "+sideName(s)+": "+strings.ReplaceAll(p.poolText(int(s), " "), "-", "none"), 78, 16) {
			b.WriteString(l + "\n")
		}
	}
	if m := p.messengers(); m != "" {
		b.WriteString("Messengers: " + m + "\n")
	}
	for _, l := range legend() {
		b.WriteString(l + "\n")
	}
	return b.String()
}

// Picture geometry.
const (
	sqPx   = 32.0
	marg   = 22.0
	boardY = 54.0
	picW   = 2*marg + size*sqPx
)

var (
	ink       = picture.RGB(0x22, 0x22, 0x22)
	grey      = picture.RGB(0x55, 0x55, 0x55)
	lightSq   = picture.RGB(0xf0, 0xe2, 0xc4)
	darkSq    = picture.RGB(0xbf, 0x9a, 0x6e)
	lastTint  = picture.Color{R: 0xf5, G: 0xd0, B: 0x20, A: 0xa0}
	arrowCol  = picture.Color{R: 0x10, G: 0x50, B: 0xc0, A: 0xc0}
	shotCol   = picture.Color{R: 0xc0, G: 0x10, B: 0x10, A: 0xd0}
	whiteFill = picture.RGB(0xfb, 0xfb, 0xf5)
	blackFill = picture.RGB(0x26, 0x26, 0x26)
)

func sqXY(s int) (float64, float64) {
	return marg + float64(fileOf(s))*sqPx, boardY + float64(size-1-rankOf(s))*sqPx
}

// Picture draws the board: one disc per piece with its letter (white discs
// for White, black for Black), the last move tinted with arrows (a red
// dashed line for a Catapult's shot), whose turn, charge and captured pieces.
func (p *Position) Picture() *picture.Picture {
	lines := []string{"Last move: " + p.lastText(), p.chargeText(),
		"Captured White: " + p.poolText(0, " "), "Captured Black: " + p.poolText(1, " ")}
	if m := p.messengers(); m != "" {
		lines = append(lines, "Messengers: "+m)
	}
	var wrapped []string
	for _, l := range lines {
		wrapped = append(wrapped, wrap(l, 60, 4)...)
	}
	leg := wrap(strings.Join(legendItems(), ", "), 68, 0)
	h := boardY + size*sqPx + 24 + float64(len(wrapped))*15 + 6 + float64(len(leg))*13 + 8
	pic := &picture.Picture{Width: picW, Height: h,
		Title: "Imperial Chess: " + p.status() + ". Last move: " + p.lastText()}
	pic.Add(&picture.Rect{X: 0, Y: 0, W: picW, H: h, Style: picture.Style{Fill: picture.RGB(0xff, 0xff, 0xff)}})
	pic.Add(&picture.Text{X: picW / 2, Y: 18, Size: 15, Bold: true, Anchor: picture.Middle, Color: ink,
		Text: fmt.Sprintf("Imperial Chess - %s", p.status())})
	pic.Add(&picture.Text{X: picW / 2, Y: 32, Size: 10, Anchor: picture.Middle, Color: grey,
		Text: "Starting position: this server's own. White: light discs, Black: dark discs."})
	hl := p.highlights()
	for s := 0; s < nsq; s++ {
		x, y := sqXY(s)
		fill := lightSq
		if (fileOf(s)+rankOf(s))%2 == 0 {
			fill = darkSq
		}
		pic.Add(&picture.Rect{X: x, Y: y, W: sqPx, H: sqPx, Style: picture.Style{Fill: fill}})
		if hl[s] {
			pic.Add(&picture.Rect{X: x, Y: y, W: sqPx, H: sqPx, Style: picture.Style{Fill: lastTint}})
		}
	}
	pic.Add(&picture.Rect{X: marg, Y: boardY, W: size * sqPx, H: size * sqPx, Style: picture.Style{Stroke: ink, StrokeWidth: 1}})
	for i := 0; i < size; i++ {
		fx := marg + (float64(i)+0.5)*sqPx
		for _, y := range []float64{boardY - 3, boardY + size*sqPx + 12} {
			pic.Add(&picture.Text{X: fx, Y: y, Size: 11, Anchor: picture.Middle, Color: ink, Text: string(rune('a' + i))})
		}
		ry := boardY + (float64(size-1-i)+0.5)*sqPx
		for _, x := range []float64{marg / 2, picW - marg/2} {
			pic.Add(&picture.Text{X: x, Y: ry, Size: 11, Anchor: picture.Middle, VCenter: true, Color: ink, Text: fmt.Sprint(i + 1)})
		}
	}
	if p.last != nil {
		for _, m := range p.last.singlesOf() {
			x1, y1 := sqXY(m.From)
			x2, y2 := sqXY(m.To)
			l := &picture.Line{X1: x1 + sqPx/2, Y1: y1 + sqPx/2, X2: x2 + sqPx/2, Y2: y2 + sqPx/2, Color: arrowCol, Width: 3, Arrow: true}
			if m.Sep == '*' {
				l.Color, l.Dashed = shotCol, true
			}
			pic.Add(l)
		}
	}
	for s := 0; s < nsq; s++ {
		if p.st.sq[s] == empty {
			continue
		}
		id := int(p.st.sq[s])
		x, y := sqXY(s)
		fill, txt := whiteFill, ink
		if idSide[id] == engine.Second {
			fill, txt = blackFill, whiteFill
		}
		pic.Add(&picture.Circle{X: x + sqPx/2, Y: y + sqPx/2, R: sqPx/2 - 3, Style: picture.Style{Fill: fill, Stroke: ink, StrokeWidth: 1.2}})
		pic.Add(&picture.Text{X: x + sqPx/2, Y: y + sqPx/2, Size: 16, Bold: true, Anchor: picture.Middle, VCenter: true, Color: txt,
			Text: string(idKind[id].letter())})
		if p.st.msgr.has(id) {
			pic.Add(&picture.Circle{X: x + sqPx - 5, Y: y + 5, R: 3, Style: picture.Style{Fill: picture.RGB(0x20, 0xa0, 0x40)}})
		}
	}
	y := boardY + size*sqPx + 32
	for _, l := range wrapped {
		pic.Add(&picture.Text{X: 8, Y: y, Size: 12, Color: ink, Text: l})
		y += 15
	}
	y += 2
	for _, l := range leg {
		pic.Add(&picture.Text{X: 8, Y: y, Size: 10, Color: grey, Text: l})
		y += 13
	}
	return pic
}

func legendItems() []string {
	out := make([]string, nkinds)
	for k := kind(0); k < nkinds; k++ {
		out[k] = string(k.letter()) + " " + kindNames[k]
	}
	return out
}
