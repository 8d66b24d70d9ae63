package superial

import (
	"strings"

	"postal/engine"
)

// The notation of the vs-chess ruleset. Chess men's moves are written in long
// algebraic form (Ng1-f3, e5xd6, e7-e8=Q, O-O), cubes' moves as in the
// classic game (b8-b7, c7-e5-g7=x, d6=+), and the cubes' first capture adds
// where their king goes (R16): b6-d4(Kc5), the man taken on c5 becomes the
// king on its square (the cube moves there), or b6-d4(Kc5>d4), it is
// stacked on the cube where the cube ended.

var (
	castleMove     = Move{kind: kindCastle, aspect: -1, text: "O-O"}
	castleLongMove = Move{kind: kindCastleLong, aspect: -1, text: "O-O-O"}
)

// parseVsMove reads a move of player p in the vs-chess ruleset. It checks
// form only: whether b2-b3 is a cube's step or a pawn's move depends on what
// stands on b2, which Apply knows.
func parseVsMove(p engine.Player, text string) (Move, error) {
	r, word, err := newReader(text, 8)
	if err != nil {
		return Move{}, err
	}
	if p != engine.First && p != engine.Second {
		return Move{}, engine.Syntax(text, r.pos, "no such player")
	}
	switch strings.ReplaceAll(word, "0", "o") {
	case "o-o":
		return castleMove, nil
	case "o-o-o":
		return castleLongMove, nil
	}
	if word == "random" || strings.HasPrefix(word, "throw") {
		return Move{}, engine.Syntax(text, r.pos, "there are no random moves against chess: random moves belong to the random ruleset")
	}
	var man chessPiece
	if len(word) >= 2 && word[1] >= 'a' && word[1] <= 'z' {
		// A man's letter before its square: Ng1-f3, Pd4-d3.
		k := strings.IndexByte("pnbrqk", word[0])
		if k < 0 {
			return Move{}, engine.Syntax(text, r.pos, "expected a square like e2, or a man's letter (K Q R B N P) and its square")
		}
		man = chessPiece(k + 1)
		r.pos++
	}
	from, err := r.square()
	if err != nil {
		return Move{}, err
	}
	next := func() byte {
		if r.pos < len(r.lo) {
			return r.lo[r.pos]
		}
		return 0
	}
	if man == 0 && next() == '=' {
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
	if man != 0 || next() == 'x' {
		if c := next(); c != '-' && c != 'x' {
			return Move{}, engine.Syntax(text, r.pos, "expected - or x and the square the man goes to, like Ng1-f3 or Nf3xe5")
		}
		capture := next() == 'x'
		r.pos++
		to, err := r.square()
		if err != nil {
			return Move{}, err
		}
		return r.chessEnd(Move{kind: kindChess, from: from, legs: []leg{{to, noSq}}, aspect: -1, man: man, capture: capture})
	}
	legs, err := r.legs()
	if err != nil {
		return Move{}, err
	}
	if len(legs) == 0 {
		if r.pos < len(r.lo) {
			return Move{}, engine.Syntax(text, r.pos, "expected - and a square, x and a square, or = and an aspect (o, + or x)")
		}
		return Move{}, engine.Syntax(text, r.pos, "expected -square after %s (a move like e2-e4 or b8-b7)", from)
	}
	if next() == '=' && r.pos+1 < len(r.lo) && strings.IndexByte("qrbn", r.lo[r.pos+1]) >= 0 {
		// A pawn's promotion: e7-e8=Q.
		if len(legs) > 1 || legs[0].via != noSq {
			return Move{}, engine.Syntax(text, r.pos, "only a pawn's move to its last rank promotes, like e7-e8=Q")
		}
		return r.chessEnd(Move{kind: kindChess, from: from, legs: legs, aspect: -1})
	}
	a := -1
	if next() == '=' {
		r.pos++
		if a, err = r.aspect(); err != nil {
			return Move{}, engine.Syntax(text, r.pos, "expected an aspect, o + or x (or what a pawn on its last rank becomes: Q, R, B or N)")
		}
	}
	m := Move{kind: kindMove, from: from, legs: legs, aspect: int8(a)}
	if next() == '(' {
		if m.crown, err = r.crowning(); err != nil {
			return Move{}, err
		}
	}
	if r.pos < len(r.lo) {
		return Move{}, engine.Syntax(text, r.pos, "unexpected %q: expected -, [, = or (K", r.text[r.pos:r.pos+1])
	}
	m.text = m.format()
	return m, nil
}

// chessEnd reads what may follow a man's move, a promotion (=Q, =R, =B,
// =N), and completes m.
func (r *reader) chessEnd(m Move) (Move, error) {
	if r.pos < len(r.lo) && r.lo[r.pos] == '=' {
		r.pos++
		k := -1
		if r.pos < len(r.lo) {
			k = strings.IndexByte("..nbrq", r.lo[r.pos])
		}
		if k < 2 {
			return Move{}, engine.Syntax(r.text, r.pos, "expected what the pawn becomes: Q, R, B or N")
		}
		m.promo = chessPiece(k)
		r.pos++
	}
	if r.pos < len(r.lo) {
		return Move{}, engine.Syntax(r.text, r.pos, "unexpected text after the move")
	}
	m.text = m.format()
	return m, nil
}

// crowning reads (Kc5) or (Kc5>d4) (R16).
func (r *reader) crowning() (*crowning, error) {
	r.pos++ // (
	if r.pos >= len(r.lo) || r.lo[r.pos] != 'k' {
		return nil, engine.Syntax(r.text, r.pos, "expected K and the square of the man that becomes the king, like (Kc5)")
	}
	r.pos++
	s, err := r.square()
	if err != nil {
		return nil, err
	}
	c := &crowning{piece: s, at: noSq}
	if r.pos < len(r.lo) && r.lo[r.pos] == '>' {
		r.pos++
		if c.at, err = r.square(); err != nil {
			return nil, err
		}
	}
	if r.pos >= len(r.lo) || r.lo[r.pos] != ')' {
		return nil, engine.Syntax(r.text, r.pos, "expected ) after the king's square")
	}
	r.pos++
	return c, nil
}
