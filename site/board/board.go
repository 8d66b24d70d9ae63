// Package board draws the board a game page shows, for the site's generator
// on the server and for the engine compiled to WebAssembly in the reader's
// browser, so both draw the same picture.
package board

import (
	"fmt"

	"postal/engine"
	"postal/engine/picture"
)

// Picture is the engine's picture of pos. When the game ended off the board
// (a resignation, a timeout, a draw agreed), the position does not know it
// and its picture still shows whose turn it was: final, when not empty, is
// the result for people ("Black won: White resigned"), drawn in a band
// below the board.
func Picture(pos engine.Position, final string) *picture.Picture {
	pic := pos.Picture()
	if final == "" || pos.Result().Over() {
		return pic
	}
	const band = 34
	size := max(14, pic.Width/32)
	y := pic.Height
	pic.Height += band
	pic.Add(
		&picture.Rect{X: 0, Y: y, W: pic.Width, H: band, Style: picture.Style{Fill: picture.RGB(0x22, 0x22, 0x22)}},
		&picture.Text{X: pic.Width / 2, Y: y + band/2, Size: size, Bold: true, Anchor: picture.Middle, VCenter: true,
			Color: picture.RGB(0xff, 0xff, 0xff), Text: "Game over: " + final},
	)
	return pic
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
