package superial

import (
	"strings"

	"postal/engine"
)

type moveKind int8

const (
	kindMove       moveKind = iota // a piece moves, maybe changing aspect: b1-b2, a1-c3-e5=x
	kindAspect                     // an aspect change alone: b2=+
	kindRandom                     // a player spends a random move: random
	kindThrow                      // the cube's three throws: throw c4 Wx
	kindChess                      // vs-chess: a chess man's move, Ng1-f3, e5xd6, e7-e8=Q, Pd4-d3
	kindCastle                     // vs-chess: O-O
	kindCastleLong                 // vs-chess: O-O-O
)

// leg is one landing of a move. via is the jumped square of a hopper's side
// hop, noSq when not written.
type leg struct{ to, via sq }

// Move is one action of Superial Chess. Its String is the canonical notation.
// The fields are ordered to keep it small: Legal makes many.
type Move struct {
	kind   moveKind
	aspect int8 // new aspect, -1 for none; the thrown aspect (kindThrow)
	team   int8 // the thrown team (kindThrow)
	// vs-chess. A move written like b1-b2 may be a cube's step or a man's
	// move (a pawn's, with no letter): what stands on from tells.
	man     chessPiece // kindChess: the man's letter as written, 0 when none
	capture bool       // kindChess: written with x
	promo   chessPiece // kindChess: promotion (=Q), 0 when none
	from    sq         // the moving piece (kindMove, kindAspect, kindChess); the thrown square (kindThrow)
	legs    []leg      // kindMove; kindChess: the one square the man goes to
	crown   *crowning  // kindMove: the cubes' first capture (R16), nil when none
	text    string
}

// crowning is where the cube player puts its king at its first capture
// (R16): the man captured on piece becomes the king, stacked on the
// capturing cube either on piece's square (at == noSq; the cube moves
// there) or where the cube ended (at, that square). Written (Kc5) or
// (Kc5>d4).
type crowning struct{ piece, at sq }

// String is the canonical text; a move the rules made (a cube's move played)
// is written on first need.
func (m Move) String() string {
	if m.text == "" {
		return m.format()
	}
	return m.text
}

// actingMove reads m as the move of pl in pos: refused when pl may not act
// there, or when m is not a move of the game (what names it: "Superial
// Chess move").
func actingMove(pos engine.Position, pl engine.Player, m engine.Move, what string) (Move, error) {
	if !engine.Acts(pos, pl) {
		return Move{}, &engine.NotYourTurnError{Player: pl}
	}
	mv, ok := asMove(m)
	if !ok {
		return Move{}, engine.Illegal(m.String(), "not a %s", what)
	}
	return mv, nil
}

// asMove returns the Superial Chess move m is: parsed (a Move) or listed
// (classic Legal lists *Move).
func asMove(m engine.Move) (Move, bool) {
	switch x := m.(type) {
	case Move:
		return x, true
	case *Move:
		return *x, true
	}
	return Move{}, false
}

func newMove(from sq, legs []leg, aspect int) Move {
	m := Move{kind: kindMove, from: from, legs: legs, aspect: int8(aspect)}
	m.text = m.format()
	return m
}

func newAspectMove(s sq, aspect int) Move {
	m := Move{kind: kindAspect, from: s, aspect: int8(aspect)}
	m.text = m.format()
	return m
}

func newThrow(s sq, team, aspect int) Move {
	m := Move{kind: kindThrow, from: s, team: int8(team), aspect: int8(aspect)}
	m.text = m.format()
	return m
}

var randomMove = Move{kind: kindRandom, aspect: -1, text: "random"}

func (m Move) format() string {
	switch m.kind {
	case kindRandom:
		return "random"
	case kindThrow:
		return "throw " + m.from.String() + " " + string("WB"[m.team]) + string(aspectChars[m.aspect])
	case kindCastle:
		return "O-O"
	case kindCastleLong:
		return "O-O-O"
	case kindChess:
		var b []byte
		if m.man != 0 {
			b = append(b, chessLetters[m.man])
		}
		b = append(b, m.from.String()...)
		if m.capture {
			b = append(b, 'x')
		} else {
			b = append(b, '-')
		}
		b = append(b, m.legs[0].to.String()...)
		if m.promo != 0 {
			b = append(b, '=', chessLetters[m.promo])
		}
		return string(b)
	}
	b := appendMove(make([]byte, 0, 8+6*len(m.legs)), m.from, m.legs, int(m.aspect))
	if m.crown != nil {
		b = append(b, m.crown.text()...)
	}
	return string(b)
}

// text writes the crowning as it follows its move: (Kc5) or (Kc5>d4).
func (c *crowning) text() string {
	if c.at == noSq {
		return "(K" + c.piece.String() + ")"
	}
	return "(K" + c.piece.String() + ">" + c.at.String() + ")"
}

// appendMove appends the text of a piece move (legs nil: an aspect change
// alone).
func appendMove(b []byte, from sq, legs []leg, aspect int) []byte {
	b = append(b, squareNames[from.f][from.r]...)
	for _, l := range legs {
		b = append(b, '-')
		b = append(b, squareNames[l.to.f][l.to.r]...)
		if l.via != noSq {
			b = append(b, '[')
			b = append(b, squareNames[l.via.f][l.via.r]...)
			b = append(b, ']')
		}
	}
	if aspect >= 0 {
		b = append(b, '=', aspectChars[aspect])
	}
	return b
}

// maxLegs bounds a chain in the notation: no chain lands on a square twice.
const maxLegs = maxN * maxN

// parseMove reads a move of player p on an n x n board: a chance outcome
// (the throws) for engine.Chance. It checks form only (squares on the
// board, punctuation), not whether p is a player of the game; case does not
// matter and surrounding spaces are ignored.
func parseMove(n int8, p engine.Player, text string) (Move, error) {
	r, word, err := newReader(text, n)
	if err != nil {
		return Move{}, err
	}
	i := r.pos
	if p == engine.Chance {
		if !strings.HasPrefix(word, "throw") {
			return Move{}, engine.Syntax(text, i, "a chance outcome reads like throw c4 Wx")
		}
		r.pos += len("throw")
		if !r.spaces() {
			return Move{}, engine.Syntax(text, r.pos, "expected a space after throw")
		}
		s, err := r.square()
		if err != nil {
			return Move{}, err
		}
		if !r.spaces() {
			return Move{}, engine.Syntax(text, r.pos, "expected a space before the thrown face")
		}
		team := -1
		if r.pos < len(r.lo) {
			team = strings.IndexByte("wb", r.lo[r.pos])
		}
		if team < 0 {
			return Move{}, engine.Syntax(text, r.pos, "expected the thrown team, W or B")
		}
		r.pos++
		a, err := r.aspect()
		if err != nil {
			return Move{}, err
		}
		if r.pos < len(r.lo) {
			return Move{}, engine.Syntax(text, r.pos, "unexpected text after the throw")
		}
		if n != 6 {
			return Move{}, engine.Syntax(text, i, "random moves are thrown on the 6x6 board only")
		}
		return newThrow(s, team, a), nil
	}
	if word == "random" {
		return randomMove, nil
	}
	if strings.HasPrefix(word, "throw") {
		return Move{}, engine.Syntax(text, i, "the cube is thrown by the server: write random to spend a random move")
	}
	from, err := r.square()
	if err != nil {
		return Move{}, err
	}
	if r.pos < len(r.lo) && r.lo[r.pos] == '=' {
		r.pos++
		a, err := r.aspect()
		if err != nil {
			return Move{}, err
		}
		if r.pos < len(r.lo) {
			return Move{}, engine.Syntax(text, r.pos, "unexpected text after the aspect change")
		}
		return newAspectMove(from, a), nil
	}
	legs, err := r.legs()
	if err != nil {
		return Move{}, err
	}
	if len(legs) == 0 {
		if r.pos < len(r.lo) {
			return Move{}, engine.Syntax(text, r.pos, "expected - and a square, or = and an aspect (o, + or x)")
		}
		return Move{}, engine.Syntax(text, r.pos, "expected -square after %s (a move like b1-b2)", from)
	}
	a := -1
	if r.pos < len(r.lo) && r.lo[r.pos] == '=' {
		r.pos++
		if a, err = r.aspect(); err != nil {
			return Move{}, err
		}
	}
	if r.pos < len(r.lo) {
		return Move{}, engine.Syntax(text, r.pos, "unexpected %q: expected -, [ or =", r.text[r.pos:r.pos+1])
	}
	return newMove(from, legs, a), nil
}

// legs reads the landings of a cube's move: -c4, -d4[d3], ... (none when
// no - follows).
func (r *reader) legs() ([]leg, error) {
	var legs []leg
	for r.pos < len(r.lo) && r.lo[r.pos] == '-' {
		if len(legs) == maxLegs {
			return nil, engine.Syntax(r.text, r.pos, "the chain is too long")
		}
		r.pos++
		to, err := r.square()
		if err != nil {
			return nil, err
		}
		l := leg{to, noSq}
		if r.pos < len(r.lo) && r.lo[r.pos] == '[' {
			r.pos++
			if l.via, err = r.square(); err != nil {
				return nil, err
			}
			if r.pos >= len(r.lo) || r.lo[r.pos] != ']' {
				return nil, engine.Syntax(r.text, r.pos, "expected ] after the jumped square")
			}
			r.pos++
		}
		legs = append(legs, l)
	}
	return legs, nil
}

// asciiLower lowers ASCII letters only, so byte offsets stay those of text.
func asciiLower(text string) string {
	b := []byte(text)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// newReader reads the move text on an n x n board: lower case, surrounding
// spaces skipped. word is the move without them.
func newReader(text string, n int8) (r *reader, word string, err error) {
	lo := asciiLower(text)
	i := 0
	for i < len(lo) && isSpace(lo[i]) {
		i++
	}
	j := len(lo)
	for j > i && isSpace(lo[j-1]) {
		j--
	}
	if i == j {
		return nil, "", engine.Syntax(text, i, "empty move")
	}
	return &reader{text: text, lo: lo[:j], pos: i, n: n}, lo[i:j], nil
}

type reader struct {
	text, lo string
	pos      int
	n        int8
}

func (r *reader) spaces() bool {
	start := r.pos
	for r.pos < len(r.lo) && isSpace(r.lo[r.pos]) {
		r.pos++
	}
	return r.pos > start
}

// square reads a square of the board: a file letter and a rank number.
func (r *reader) square() (sq, error) {
	start := r.pos
	if r.pos >= len(r.lo) || r.lo[r.pos] < 'a' || r.lo[r.pos] > 'z' {
		return noSq, engine.Syntax(r.text, r.pos, "expected a square like c3")
	}
	f := int(r.lo[r.pos] - 'a')
	r.pos++
	rank := 0
	digits := 0
	for r.pos < len(r.lo) && r.lo[r.pos] >= '0' && r.lo[r.pos] <= '9' && digits < 3 {
		rank = rank*10 + int(r.lo[r.pos]-'0')
		r.pos++
		digits++
	}
	if digits == 0 {
		return noSq, engine.Syntax(r.text, r.pos, "expected a rank number after the file letter")
	}
	last := string(rune('a' + r.n - 1))
	if f >= int(r.n) {
		return noSq, engine.Syntax(r.text, start, "file %c is not on the %dx%d board (files a-%s)", 'a'+f, r.n, r.n, last)
	}
	if rank < 1 || rank > int(r.n) || (digits > 1 && r.lo[start+1] == '0') {
		return noSq, engine.Syntax(r.text, start+1, "rank %s is not on the %dx%d board (ranks 1-%d)", r.lo[start+1:r.pos], r.n, r.n, r.n)
	}
	return sq{int8(f), int8(rank - 1)}, nil
}

// aspect reads o, + or x.
func (r *reader) aspect() (int, error) {
	if r.pos < len(r.lo) {
		if a := strings.IndexByte(aspectChars, r.lo[r.pos]); a >= 0 {
			r.pos++
			return a, nil
		}
	}
	return 0, engine.Syntax(r.text, r.pos, "expected an aspect: o (pusher), + (hopper) or x (slasher)")
}
