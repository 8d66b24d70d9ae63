// Package board draws the board a game page shows, for the site's generator
// on the server and for the engine compiled to WebAssembly in the reader's
// browser, so both draw the same picture.
package board

import (
	"fmt"
	"unicode/utf8"

	"postal/engine"
	"postal/engine/picture"
)

// Picture is the engine's picture of pos. When the game ended off the board
// (a resignation, a timeout, a draw agreed), the position does not know it
// and its picture still shows whose turn it was: final, when not empty, is
// the result for people ("Black won: White resigned"), drawn in a band
// below the board.
func Picture(pos engine.Position, final string) *picture.Picture {
	pic := fit(pos.Picture())
	if final == "" || pos.Result().Over() {
		return pic
	}
	return withBand(pic, "Game over: "+final)
}

// The band's text is at most this size, and shrinks to fit the board's
// width down to least; past that it takes two lines, shrunk again if a
// word is too long (two 24-letter names and a reason), so that it is never
// cut at the picture's edges, as it was on pages of long names.
const (
	bandLine  = 34
	bandLeast = 11.0
)

// withBand adds text in a dark band below pic, on one line if it fits at a
// readable size, else on two split at the space nearest its middle.
func withBand(pic *picture.Picture, text string) *picture.Picture {
	room := pic.Width - 8
	size := max(14, pic.Width/32)
	lines := []string{text}
	if w := bandWidth(text, size); w > room {
		if size*room/w >= bandLeast {
			size *= room / w
		} else if a, b, ok := splitNearMiddle(text); ok {
			lines = []string{a, b}
			if w := max(bandWidth(a, size), bandWidth(b, size)); w > room {
				size *= room / w
			}
		} else {
			size *= room / w
		}
	}
	y := pic.Height
	band := float64(bandLine)
	if len(lines) == 2 {
		band += size * 1.3
	}
	pic.Height += band
	pic.Add(&picture.Rect{X: 0, Y: y, W: pic.Width, H: band, Style: picture.Style{Fill: picture.RGB(0x22, 0x22, 0x22)}})
	step := band / float64(len(lines))
	for i, line := range lines {
		pic.Add(&picture.Text{X: pic.Width / 2, Y: y + step*(float64(i)+0.5), Size: size, Bold: true, Anchor: picture.Middle, VCenter: true,
			Color: picture.RGB(0xff, 0xff, 0xff), Text: line})
	}
	return pic
}

// bandWidth is the width of the band's bold text at size.
func bandWidth(text string, size float64) float64 {
	return textWidth(&picture.Text{Text: text, Size: size, Bold: true})
}

// splitNearMiddle splits s at the space nearest its middle.
func splitNearMiddle(s string) (string, string, bool) {
	r := []rune(s)
	best := -1
	for i, c := range r {
		if c == ' ' && (best < 0 || abs(i-len(r)/2) < abs(best-len(r)/2)) {
			best = i
		}
	}
	if best <= 0 {
		return "", "", false
	}
	return string(r[:best]), string(r[best+1:]), true
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// SVG is the board of pos as a game page carries it, drawn by the site's
// build: Picture written as the compact SVG of mail attachments
// (picture.MinSVG: each paint a class of one style sheet, each repeated
// shape defined once), half the bytes of the plain one. Its classes and
// ids (a, b, ... ba) are short lowercase names no page uses. The engine in
// the browser draws the plain SVG of the same picture as the reader steps
// (site/wasm): a style sheet put into the page at each step would make the
// browser style the whole page again, which took it twice as long.
func SVG(pos engine.Position, final string) []byte {
	return Picture(pos, final).MinSVG()
}

// fit shrinks the texts of pic that would run past its edges (a game's
// status line over the board, which would else read "rial Chess - Black
// wins...") until they fit, but never below the smallest text of
// the picture, which readers can already read. Widths are estimated from
// the number of characters, as no font is at hand in the browser.
func fit(pic *picture.Picture) *picture.Picture {
	least := 0.0
	for _, it := range pic.Items {
		if t, ok := it.(*picture.Text); ok && (least == 0 || t.Size < least) {
			least = t.Size
		}
	}
	for i, it := range pic.Items {
		t, ok := it.(*picture.Text)
		if !ok {
			continue
		}
		var room float64
		switch t.Anchor {
		case picture.Middle:
			room = 2 * min(t.X, pic.Width-t.X)
		case picture.End:
			room = t.X
		default:
			room = pic.Width - t.X
		}
		room -= 4 // a margin
		w := textWidth(t)
		if w <= room || room <= 0 {
			continue
		}
		c := *t // the position's picture may be shared: change a copy
		c.Size = max(least, t.Size*room/w)
		pic.Items[i] = &c
	}
	return pic
}

// textWidth estimates the width of t in pixels: DejaVu Sans averages about
// 0.6 of the font size a character in mixed text, bold a tenth more.
func textWidth(t *picture.Text) float64 {
	em := 0.6
	if t.Bold {
		em = 0.66
	}
	return float64(utf8.RuneCountInString(t.Text)) * t.Size * em
}

// ResultText says a result for people, with the sides' names: "White won
// (resigned)", "Draw (agreed)"; "" while the game goes on.
func ResultText(r engine.Result, sides []string) string {
	var s string
	switch {
	case r.Kind == engine.Draw:
		s = "Draw"
	case r.Kind == engine.Win && r.Winner >= 0 && int(r.Winner) < len(sides):
		s = sides[r.Winner] + " won"
	default:
		return ""
	}
	if r.Reason != "" {
		s += fmt.Sprintf(" (%s)", r.Reason)
	}
	return s
}
