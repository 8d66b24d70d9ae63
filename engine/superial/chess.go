package superial

import (
	"fmt"
	"strings"
)

// The chess side of the vs-chess ruleset (R14: "chess pieces move and
// capture as in chess, castling, en passant, promotion included"). This file
// is the chess move generator on its own: it plays ordinary chess positions
// (chess pieces on both sides), which is how its perft counts are checked
// against the published ones before it drives the chess side against cubes.

// chessPiece is a chess man: 0 empty, else kind + 8 for Black.
type chessPiece int8

const (
	cPawn chessPiece = 1 + iota
	cKnight
	cBishop
	cRook
	cQueen
	cKing
)

const cBlack chessPiece = 8

func (p chessPiece) kind() chessPiece { return p & 7 }
func (p chessPiece) side() int {
	if p&cBlack != 0 {
		return black
	}
	return white
}

const chessLetters = ".PNBRQK"

// chessPos is a chess position: squares 0 (a1) to 63 (h8), rank by rank.
type chessPos struct {
	sq       [64]chessPiece
	toMove   int
	castling uint8 // 1 K, 2 Q, 4 k, 8 q
	ep       int8  // en passant target square, -1 for none
}

// chessMove is a move of the chess generator: from, to, promotion kind
// (0 for none); castling is the king's two-square move.
type chessMove struct {
	from, to int8
	promo    chessPiece
}

func sqName(s int8) string { return string(rune('a'+s%8)) + string(rune('1'+s/8)) }

// String writes the move in long algebraic form: "Ng1-f3", "e7-e8=Q",
// "O-O", "e5xd6" (as the rulings' notation suggests).
func (m chessMove) text(p *chessPos) string {
	pc := p.sq[m.from]
	if pc.kind() == cKing && (m.to-m.from == 2 || m.from-m.to == 2) {
		if m.to > m.from {
			return "O-O"
		}
		return "O-O-O"
	}
	var b strings.Builder
	if k := pc.kind(); k != cPawn {
		b.WriteByte(chessLetters[k])
	}
	b.WriteString(sqName(m.from))
	if p.sq[m.to] != 0 || (pc.kind() == cPawn && m.to == p.ep) {
		b.WriteByte('x')
	} else {
		b.WriteByte('-')
	}
	b.WriteString(sqName(m.to))
	if m.promo != 0 {
		b.WriteByte('=')
		b.WriteByte(chessLetters[m.promo])
	}
	return b.String()
}

// parseFEN reads the first four fields of a FEN.
func parseFEN(fen string) (*chessPos, error) {
	f := strings.Fields(fen)
	if len(f) < 4 {
		return nil, fmt.Errorf("superial: FEN %q has fewer than 4 fields", fen)
	}
	p := &chessPos{ep: -1}
	rank, file := 7, 0
	for _, c := range f[0] {
		switch {
		case c == '/':
			rank, file = rank-1, 0
		case c >= '1' && c <= '8':
			file += int(c - '0')
		default:
			i := strings.IndexRune(chessLetters, c&^0x20)
			if i <= 0 || rank < 0 || file > 7 {
				return nil, fmt.Errorf("superial: FEN %q: bad piece %q", fen, c)
			}
			pc := chessPiece(i)
			if c >= 'a' {
				pc |= cBlack
			}
			p.sq[rank*8+file] = pc
			file++
		}
	}
	if f[1] == "b" {
		p.toMove = black
	}
	for _, c := range f[2] {
		p.castling |= map[rune]uint8{'K': 1, 'Q': 2, 'k': 4, 'q': 8}[c]
	}
	if f[3] != "-" && len(f[3]) == 2 {
		p.ep = int8(f[3][0]-'a') + 8*int8(f[3][1]-'1')
	}
	return p, nil
}

var (
	knightSteps = [8][2]int8{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	kingSteps   = [8][2]int8{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}
	rookDirs    = [4][2]int8{{1, 0}, {0, 1}, {-1, 0}, {0, -1}}
	bishopDirs  = [4][2]int8{{1, 1}, {-1, 1}, {-1, -1}, {1, -1}}
)

// step returns the square d away from s, or -1 off the board.
func cstep(s int8, d [2]int8) int8 {
	f, r := s%8+d[0], s/8+d[1]
	if f < 0 || f > 7 || r < 0 || r > 7 {
		return -1
	}
	return r*8 + f
}

// attacked reports whether side by attacks square s.
func (p *chessPos) attacked(s int8, by int) bool {
	own := func(t int8, kinds ...chessPiece) bool {
		pc := p.sq[t]
		if pc == 0 || pc.side() != by {
			return false
		}
		for _, k := range kinds {
			if pc.kind() == k {
				return true
			}
		}
		return false
	}
	dir := int8(1)
	if by == black {
		dir = -1
	}
	for _, df := range [2]int8{-1, 1} {
		// A pawn of by attacks s from one rank behind s, by its side's view.
		if t := cstep(s, [2]int8{df, -dir}); t >= 0 && own(t, cPawn) {
			return true
		}
	}
	for _, d := range knightSteps {
		if t := cstep(s, d); t >= 0 && own(t, cKnight) {
			return true
		}
	}
	for _, d := range kingSteps {
		if t := cstep(s, d); t >= 0 && own(t, cKing) {
			return true
		}
	}
	for _, set := range []struct {
		dirs  [4][2]int8
		kinds []chessPiece
	}{{rookDirs, []chessPiece{cRook, cQueen}}, {bishopDirs, []chessPiece{cBishop, cQueen}}} {
		for _, d := range set.dirs {
			for t := cstep(s, d); t >= 0; t = cstep(t, d) {
				if p.sq[t] != 0 {
					if own(t, set.kinds...) {
						return true
					}
					break
				}
			}
		}
	}
	return false
}

func (p *chessPos) king(side int) int8 {
	want := cKing
	if side == black {
		want |= cBlack
	}
	for s := int8(0); s < 64; s++ {
		if p.sq[s] == want {
			return s
		}
	}
	return -1
}

// inCheck reports whether side's king is attacked.
func (p *chessPos) inCheck(side int) bool {
	k := p.king(side)
	return k >= 0 && p.attacked(k, 1-side)
}

// pseudo lists the moves of the side to move by the pieces' movement, not
// yet checked for leaving the king in check.
func (p *chessPos) pseudo() []chessMove {
	var out []chessMove
	us := p.toMove
	for s := int8(0); s < 64; s++ {
		pc := p.sq[s]
		if pc == 0 || pc.side() != us {
			continue
		}
		add := func(t int8) {
			if q := p.sq[t]; q == 0 || q.side() != us {
				out = append(out, chessMove{from: s, to: t})
			}
		}
		switch pc.kind() {
		case cPawn:
			out = p.pawnMoves(s, out)
		case cKnight:
			for _, d := range knightSteps {
				if t := cstep(s, d); t >= 0 {
					add(t)
				}
			}
		case cKing:
			for _, d := range kingSteps {
				if t := cstep(s, d); t >= 0 {
					add(t)
				}
			}
			out = p.castles(s, out)
		default:
			var dirs [][2]int8
			if k := pc.kind(); k == cRook || k == cQueen {
				dirs = append(dirs, rookDirs[:]...)
			}
			if k := pc.kind(); k == cBishop || k == cQueen {
				dirs = append(dirs, bishopDirs[:]...)
			}
			for _, d := range dirs {
				for t := cstep(s, d); t >= 0; t = cstep(t, d) {
					add(t)
					if p.sq[t] != 0 {
						break
					}
				}
			}
		}
	}
	return out
}

func (p *chessPos) pawnMoves(s int8, out []chessMove) []chessMove {
	us := p.toMove
	dir, start, last := int8(1), int8(1), int8(7)
	if us == black {
		dir, start, last = -1, 6, 0
	}
	push := func(t int8) {
		if t/8 == last {
			for _, k := range []chessPiece{cQueen, cRook, cBishop, cKnight} {
				out = append(out, chessMove{from: s, to: t, promo: k})
			}
			return
		}
		out = append(out, chessMove{from: s, to: t})
	}
	if t := cstep(s, [2]int8{0, dir}); t >= 0 && p.sq[t] == 0 {
		push(t)
		if s/8 == start {
			if t2 := cstep(t, [2]int8{0, dir}); p.sq[t2] == 0 {
				out = append(out, chessMove{from: s, to: t2})
			}
		}
	}
	for _, df := range [2]int8{-1, 1} {
		t := cstep(s, [2]int8{df, dir})
		if t < 0 {
			continue
		}
		if q := p.sq[t]; q != 0 && q.side() != us || t == p.ep {
			push(t)
		}
	}
	return out
}

// castles adds the castlings of the king on s: rights kept, squares between
// empty, and the king neither in check nor crossing or landing on an
// attacked square.
func (p *chessPos) castles(s int8, out []chessMove) []chessMove {
	us := p.toMove
	home, kRight, qRight := int8(4), uint8(1), uint8(2)
	if us == black {
		home, kRight, qRight = 60, 4, 8
	}
	if s != home || p.attacked(s, 1-us) {
		return out
	}
	if p.castling&kRight != 0 && p.sq[s+1] == 0 && p.sq[s+2] == 0 && !p.attacked(s+1, 1-us) && !p.attacked(s+2, 1-us) {
		out = append(out, chessMove{from: s, to: s + 2})
	}
	if p.castling&qRight != 0 && p.sq[s-1] == 0 && p.sq[s-2] == 0 && p.sq[s-3] == 0 && !p.attacked(s-1, 1-us) && !p.attacked(s-2, 1-us) {
		out = append(out, chessMove{from: s, to: s - 2})
	}
	return out
}

// play returns the position after m (a copy: positions are values).
func (p *chessPos) play(m chessMove) *chessPos {
	n := *p
	pc := n.sq[m.from]
	n.sq[m.from] = 0
	if pc.kind() == cPawn && m.to == p.ep {
		n.sq[m.to-8+16*int8(pc.side())] = 0 // the pawn taken en passant
	}
	n.ep = -1
	if pc.kind() == cPawn && (m.to-m.from == 16 || m.from-m.to == 16) {
		n.ep = (m.from + m.to) / 2
	}
	if pc.kind() == cKing && (m.to-m.from == 2 || m.from-m.to == 2) {
		rookFrom, rookTo := m.from+3, m.from+1
		if m.to < m.from {
			rookFrom, rookTo = m.from-4, m.from-1
		}
		n.sq[rookTo], n.sq[rookFrom] = n.sq[rookFrom], 0
	}
	if m.promo != 0 {
		pc = m.promo | pc&cBlack
	}
	n.sq[m.to] = pc
	// A king's or rook's move, or a capture on a rook's home, loses rights.
	for _, x := range [2]int8{m.from, m.to} {
		switch x {
		case 4:
			n.castling &^= 3
		case 60:
			n.castling &^= 12
		case 7:
			n.castling &^= 1
		case 0:
			n.castling &^= 2
		case 63:
			n.castling &^= 4
		case 56:
			n.castling &^= 8
		}
	}
	n.toMove = 1 - p.toMove
	return &n
}

// legal lists the moves of the side to move that do not leave its king in
// check.
func (p *chessPos) legal() []chessMove {
	var out []chessMove
	for _, m := range p.pseudo() {
		if !p.play(m).inCheck(p.toMove) {
			out = append(out, m)
		}
	}
	return out
}

// chessPerft counts the leaves of the move tree depth plies deep.
func chessPerft(p *chessPos, depth int) int64 {
	moves := p.legal()
	if depth == 1 {
		return int64(len(moves))
	}
	var n int64
	for _, m := range moves {
		n += chessPerft(p.play(m), depth-1)
	}
	return n
}
