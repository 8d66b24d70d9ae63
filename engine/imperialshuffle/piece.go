package imperialshuffle

import (
	"fmt"
	"strings"

	"postal/engine"
)

// Piece types and colours (R1, R2).
const (
	commoner = 0
	noble    = 1
	priest   = 2
	emperor  = 3
)

const (
	red    = 0
	yellow = 1
	green  = 2
	blue   = 3
)

const (
	typeLetters   = "CNHE"
	colourLetters = "rygb"
)

var (
	typeNames   = [4]string{"Commoner", "Noble", "High Priest", "Emperor"}
	colourNames = [4]string{"red", "yellow", "green", "blue"}
	// R2: the cosmetic colours of each player's High Priest and Emperor.
	priestColour  = [2]int{red, green}
	emperorColour = [2]int{yellow, blue}
)

// piece is one pyramid on a board: bits 0-1 colour, bits 2-3 type, bit 4
// set when the piece is dead (lying down), bit 5 set for every real piece so
// that the zero value means "no piece" (a board not set up yet).
type piece uint8

const (
	pieceReal piece = 1 << 5
	pieceDead piece = 1 << 4
)

func mkPiece(typ, colour int) piece { return pieceReal | piece(typ<<2|colour) }

func (p piece) typ() int       { return int(p>>2) & 3 }
func (p piece) colour() int    { return int(p) & 3 }
func (p piece) dead() bool     { return p&pieceDead != 0 }
func (p piece) alive() bool    { return p&pieceDead == 0 }
func (p piece) id() piece      { return p &^ pieceDead } // identity (type, colour) as a live piece
func (p piece) real() bool     { return p&pieceReal != 0 }
func (p piece) countsID() bool { return p.typ() == commoner || p.typ() == noble }

// matches is R4 with R2: two live pieces of identical type and colour, never a
// High Priest or an Emperor.
func matches(a, b piece) bool {
	return a.alive() && b.alive() && a == b && a.countsID()
}

// String writes the piece as the notation does: type letter (lower case when
// dead) and colour letter, "Ny", "ny".
func (p piece) String() string {
	if !p.real() {
		return ".."
	}
	t := typeLetters[p.typ()]
	if p.dead() {
		t += 'a' - 'A'
	}
	return string([]byte{t, colourLetters[p.colour()]})
}

// name is the piece for people: "yellow Noble".
func (p piece) name() string {
	return colourNames[p.colour()] + " " + typeNames[p.typ()]
}

// Squares are numbered file + 4*rank, a1 = 0, d1 = 3, a4 = 12, d4 = 15 (R3:
// the same number on both boards is the corresponding square).
func sqName(s int) string { return string([]byte{byte('a' + s%4), byte('1' + s/4)}) }

func parseSquare(s string) (int, bool) {
	if len(s) != 2 {
		return 0, false
	}
	f, r := s[0]|0x20, s[1]
	if f < 'a' || f > 'd' || r < '1' || r > '4' {
		return 0, false
	}
	return int(f-'a') + 4*int(r-'1'), true
}

// Directions (R7): N toward rank 4, E toward file d.
var (
	dirNames = [8]string{"N", "NE", "E", "SE", "S", "SW", "W", "NW"}
	dirDF    = [8]int{0, 1, 1, 1, 0, -1, -1, -1}
	dirDR    = [8]int{1, 1, 0, -1, -1, -1, 0, 1}
)

func parseDir(s string) (int, bool) {
	for i, n := range dirNames {
		if strings.EqualFold(s, n) {
			return i, true
		}
	}
	return 0, false
}

// step returns the square one step from s in direction d, or -1 off the board.
func step(s, d int) int {
	f, r := s%4+dirDF[d], s/4+dirDR[d]
	if f < 0 || f > 3 || r < 0 || r > 3 {
		return -1
	}
	return f + 4*r
}

// nobleSet is the three Noble colours of a game (R1), e.g. "ygb".
type nobleSet string

var nobleValues = []string{"ygb", "rgb", "ryb", "ryg"}

const defaultNobles = "ygb"

func (n nobleSet) has(c int) bool { return strings.IndexByte(string(n), colourLetters[c]) >= 0 }

// pieceSet returns the 16 pieces of player p (R1, R2), all alive, in a fixed
// order: Commoners, Nobles, High Priest, Emperor.
func (n nobleSet) pieceSet(p engine.Player) []piece {
	out := make([]piece, 0, 16)
	for c := 0; c < 4; c++ {
		out = append(out, mkPiece(commoner, c), mkPiece(commoner, c))
	}
	for c := 0; c < 4; c++ {
		if n.has(c) {
			out = append(out, mkPiece(noble, c), mkPiece(noble, c))
		}
	}
	return append(out, mkPiece(priest, priestColour[p]), mkPiece(emperor, emperorColour[p]))
}

// checkSet checks that b holds exactly player p's pieces (R1, R2), ignoring
// life, and says what is wrong in words.
func (n nobleSet) checkSet(b *[16]piece, p engine.Player, side string) error {
	var want, got [16]int
	for _, pc := range n.pieceSet(p) {
		want[pc.id()&15]++
	}
	for _, pc := range b {
		got[pc.id()&15]++
	}
	// Wrong colours of the High Priest or Emperor first, then Nobles of a
	// colour the game does not have, then counts.
	for pass := 0; pass < 3; pass++ {
		for i := 0; i < 16; i++ {
			if want[i] == got[i] {
				continue
			}
			pc := pieceReal | piece(i)
			switch {
			case pass == 0 && pc.typ() == priest && want[i] == 0:
				return fmt.Errorf("%s has a %s High Priest (%s): %s's High Priest is %s (H%c)", side, colourNames[pc.colour()], pc, sides[p], colourNames[priestColour[p]], colourLetters[priestColour[p]])
			case pass == 0 && pc.typ() == emperor && want[i] == 0:
				return fmt.Errorf("%s has a %s Emperor (%s): %s's Emperor is %s (E%c)", side, colourNames[pc.colour()], pc, sides[p], colourNames[emperorColour[p]], colourLetters[emperorColour[p]])
			case pass == 1 && pc.typ() == noble && want[i] == 0:
				return fmt.Errorf("there are no %s Nobles in this game: the Nobles are %s", colourNames[pc.colour()], n.words())
			case pass == 2:
				return fmt.Errorf("%s has %d %s%s (%s), not %d", side, got[i], pc.name(), plural(got[i]), pc, want[i])
			}
		}
	}
	return nil
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func (n nobleSet) words() string {
	var w []string
	for c := 0; c < 4; c++ {
		if n.has(c) {
			w = append(w, colourNames[c])
		}
	}
	return strings.Join(w, ", ")
}
