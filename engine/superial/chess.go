package superial

import (
	"fmt"
	"strings"
)

// The chess rules of the vs-chess ruleset (R14: "chess pieces move and
// capture as in chess, castling, en passant, promotion included"). The
// generator works on the cells of the Superial board, so the same code plays
// ordinary chess positions (men on both sides, how its perft counts are
// checked against the published ones) and the men of both sides against the
// cubes: a cube blocks like any piece and is taken by moving onto it, and the
// cubes' king, a stack, moves as its man.

// chessPiece is the kind of a chess man.
type chessPiece int8

const (
	cPawn chessPiece = 1 + iota
	cKnight
	cBishop
	cRook
	cQueen
	cKing
)

const chessLetters = ".PNBRQK"

var manNames = [...]string{"", "pawn", "knight", "bishop", "rook", "queen", "king"}

// chessPos is a chess position: an 8x8 board whose squares are numbered 0
// (a1) to 63 (h8), rank by rank, as the board's cells are.
type chessPos struct {
	b        board
	toMove   int
	castling uint8  // 1 K, 2 Q, 4 k, 8 q
	ep       int8   // en passant target square, -1 for none
	unmoved  uint64 // pawns that have not moved yet: only they step two squares
}

// chessMove is a move of the chess generator: from, to, promotion kind
// (0 for none); castling is the king's two-square move.
type chessMove struct {
	from, to int8
	promo    chessPiece
}

func sqName(s int8) string { return squareNames[s%8][s/8] }
func sqOf(s int8) sq       { return sq{s % 8, s / 8} }
func idx(s sq) int8        { return s.r*8 + s.f }

// text writes the move in long algebraic form, as the rulings' notation
// suggests: "Ng1-f3", "e7-e8=Q", "O-O", "e5xd6". A pawn's moves carry no
// letter, except those of the cubes' king, whose moves as a pawn read
// "Pd4-d3" so that they differ from its cube's moves.
func (m chessMove) text(p *chessPos) string {
	c := p.b.cells[m.from]
	k := c.man()
	if k == cKing && (m.to-m.from == 2 || m.from-m.to == 2) {
		if m.to > m.from {
			return "O-O"
		}
		return "O-O-O"
	}
	var b strings.Builder
	if k != cPawn || c.stack() {
		b.WriteByte(chessLetters[k])
	}
	b.WriteString(sqName(m.from))
	if p.b.cells[m.to] != 0 || (k == cPawn && m.to == p.ep) {
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
	p := &chessPos{b: board{n: 8}, ep: -1}
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
			side := white
			if c >= 'a' {
				side = black
			}
			s := int8(rank*8 + file)
			p.b.cells[s] = manCell(side, chessPiece(i))
			if i == int(cPawn) && rank == 1+5*side {
				p.unmoved |= 1 << s
			}
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
	queenDirs   = [8][2]int8{rookDirs[0], rookDirs[1], rookDirs[2], rookDirs[3], bishopDirs[0], bishopDirs[1], bishopDirs[2], bishopDirs[3]}
)

// cstep returns the square d away from s, or -1 off the board.
func cstep(s int8, d [2]int8) int8 {
	f, r := s%8+d[0], s/8+d[1]
	if f < 0 || f > 7 || r < 0 || r > 7 {
		return -1
	}
	return r*8 + f
}

// attacked reports whether a man of side by (a stack's man included)
// attacks square s.
func (p *chessPos) attacked(s int8, by int) bool {
	own := func(t int8, a, b chessPiece) bool {
		c := p.b.cells[t]
		k := c.man()
		return k != 0 && c.team() == by && (k == a || k == b)
	}
	dir := int8(1)
	if by == black {
		dir = -1
	}
	for _, df := range [2]int8{-1, 1} {
		// A pawn of by attacks s from one rank behind s, by its side's view.
		if t := cstep(s, [2]int8{df, -dir}); t >= 0 && own(t, cPawn, cPawn) {
			return true
		}
	}
	for _, d := range knightSteps {
		if t := cstep(s, d); t >= 0 && own(t, cKnight, cKnight) {
			return true
		}
	}
	for _, d := range kingSteps {
		if t := cstep(s, d); t >= 0 && own(t, cKing, cKing) {
			return true
		}
	}
	for _, d := range rookDirs {
		if t := p.slide(s, d); t >= 0 && own(t, cRook, cQueen) {
			return true
		}
	}
	for _, d := range bishopDirs {
		if t := p.slide(s, d); t >= 0 && own(t, cBishop, cQueen) {
			return true
		}
	}
	return false
}

// slide returns the first occupied square from s in direction d, -1 if none.
func (p *chessPos) slide(s int8, d [2]int8) int8 {
	for t := cstep(s, d); t >= 0; t = cstep(t, d) {
		if p.b.cells[t] != 0 {
			return t
		}
	}
	return -1
}

// find returns the square of the first cell equal to c, -1 if none.
func (p *chessPos) find(c cell) int8 {
	for s := int8(0); s < 64; s++ {
		if p.b.cells[s] == c {
			return s
		}
	}
	return -1
}

// inCheck reports whether side's king is attacked (ordinary chess).
func (p *chessPos) inCheck(side int) bool {
	k := p.find(manCell(side, cKing))
	return k >= 0 && p.attacked(k, 1-side)
}

// pseudo lists the moves of the men of the side to move by the pieces'
// movement, not yet checked for leaving the king in check. safe tells
// whether the king could stand on a square without being in check, for
// castling.
func (p *chessPos) pseudo(safe func(s int8) bool) []chessMove {
	out := make([]chessMove, 0, 64)
	us := p.toMove
	for s := int8(0); s < 64; s++ {
		c := p.b.cells[s]
		k := c.man()
		if k == 0 || c.team() != us {
			continue
		}
		add := func(t int8) {
			if q := p.b.cells[t]; q == 0 || q.team() != us {
				out = append(out, chessMove{from: s, to: t})
			}
		}
		switch k {
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
			out = p.castles(s, out, safe)
		default:
			dirs := queenDirs[:]
			switch k {
			case cRook:
				dirs = queenDirs[:4]
			case cBishop:
				dirs = queenDirs[4:]
			}
			for _, d := range dirs {
				for t := cstep(s, d); t >= 0; t = cstep(t, d) {
					add(t)
					if p.b.cells[t] != 0 {
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
	dir, last := int8(1), int8(7)
	if us == black {
		dir, last = -1, 0
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
	if t := cstep(s, [2]int8{0, dir}); t >= 0 && p.b.cells[t] == 0 {
		push(t)
		if p.unmoved&(1<<s) != 0 {
			if t2 := cstep(t, [2]int8{0, dir}); t2 >= 0 && p.b.cells[t2] == 0 {
				out = append(out, chessMove{from: s, to: t2})
			}
		}
	}
	for _, df := range [2]int8{-1, 1} {
		t := cstep(s, [2]int8{df, dir})
		if t < 0 {
			continue
		}
		if q := p.b.cells[t]; q != 0 && q.team() != us || t == p.ep {
			push(t)
		}
	}
	return out
}

// castles adds the castlings of the king on s: rights kept, squares between
// empty, and the king neither in check nor crossing or landing on a square
// where it would be.
func (p *chessPos) castles(s int8, out []chessMove, safe func(int8) bool) []chessMove {
	us := p.toMove
	home, kRight, qRight := int8(4), uint8(1), uint8(2)
	if us == black {
		home, kRight, qRight = 60, 4, 8
	}
	if s != home || p.castling&(kRight|qRight) == 0 || !safe(s) {
		return out
	}
	empty := func(t int8) bool { return p.b.cells[t] == 0 }
	if p.castling&kRight != 0 && empty(s+1) && empty(s+2) && safe(s+1) && safe(s+2) {
		out = append(out, chessMove{from: s, to: s + 2})
	}
	if p.castling&qRight != 0 && empty(s-1) && empty(s-2) && empty(s-3) && safe(s-1) && safe(s-2) {
		out = append(out, chessMove{from: s, to: s - 2})
	}
	return out
}

// play returns the position after m (a copy: positions are values). The
// whole cell moves, so the cubes' king moves with its cube.
func (p *chessPos) play(m chessMove) *chessPos {
	n := *p
	c := n.b.cells[m.from]
	k := c.man()
	n.b.cells[m.from] = 0
	if k == cPawn && m.to == p.ep {
		n.b.cells[m.to-8+16*int8(c.team())] = 0 // the pawn taken en passant
	}
	n.ep = -1
	if k == cPawn && (m.to-m.from == 16 || m.from-m.to == 16) {
		n.ep = (m.from + m.to) / 2
	}
	if k == cKing && (m.to-m.from == 2 || m.from-m.to == 2) {
		rookFrom, rookTo := m.from+3, m.from+1
		if m.to < m.from {
			rookFrom, rookTo = m.from-4, m.from-1
		}
		n.b.cells[rookTo], n.b.cells[rookFrom] = n.b.cells[rookFrom], 0
	}
	if m.promo != 0 {
		c = c.withMan(m.promo)
	}
	n.b.cells[m.to] = c
	n.castling &^= castlingLost(m.from) | castlingLost(m.to)
	n.unmoved &^= 1<<m.from | 1<<m.to
	n.toMove = 1 - p.toMove
	return &n
}

// castlingLost is the castling rights lost when the piece on s moves or is
// taken: the king's or a rook's home square.
func castlingLost(s int8) uint8 {
	switch s {
	case 4:
		return 3
	case 60:
		return 12
	case 7:
		return 1
	case 0:
		return 2
	case 63:
		return 4
	case 56:
		return 8
	}
	return 0
}

// legal lists the moves of the side to move that do not leave its king in
// check (ordinary chess).
func (p *chessPos) legal() []chessMove {
	var out []chessMove
	safe := func(s int8) bool { return !p.attacked(s, 1-p.toMove) }
	for _, m := range p.pseudo(safe) {
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
