package superial

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"postal/engine"
)

// The vs-chess ruleset, rulings R14-R17: White plays the chess army, Black
// the cubes.

// vsPosition is an immutable position of the vs-chess ruleset. Its chessPos
// holds the board (men, cubes and the cubes' king), the side to move and
// White's castling, en passant and two-step rights.
type vsPosition struct {
	chessPos
	ply   int
	quiet int    // plies since the last capture or pawn move (see drawLimit)
	last  string // canonical text of the last move, "" at the start
	// hist holds the hashes of the earlier positions since the last capture
	// or pawn move, newest first, for the repetition rule (R10, R17).
	hist   *histNode
	result engine.Result
}

var _ engine.Position = (*vsPosition)(nil)

// vsSideNames name the sides as the mails and boards do.
var vsSideNames = [2]string{"White", "Black"}

// vsStart is the setup of R14: the chess army on ranks 1-2, eight Black
// pushers on the dark squares of ranks 7-8; White moves first.
func vsStart() *vsPosition {
	p := &vsPosition{chessPos: chessPos{b: board{n: 8}, castling: 3, ep: -1}}
	back := [8]chessPiece{cRook, cKnight, cBishop, cQueen, cKing, cBishop, cKnight, cRook}
	for f := int8(0); f < 8; f++ {
		p.b.set(sq{f, 0}, manCell(white, back[f]))
		p.b.set(sq{f, 1}, manCell(white, cPawn))
		p.unmoved |= 1 << idx(sq{f, 1})
		for r := int8(6); r < 8; r++ {
			if dark(sq{f, r}) {
				p.b.set(sq{f, r}, piece(black, pusher))
			}
		}
	}
	p.finish()
	return p
}

func (p *vsPosition) ToMove() []engine.Player {
	if p.result.Over() {
		return nil
	}
	return engine.Players(engine.Player(p.toMove))
}

func (p *vsPosition) Ply() int              { return p.ply }
func (p *vsPosition) Result() engine.Result { return p.result }

// End returns p as the last position of a game that ended with r (a
// resignation, say): its boards say so. It is never stored or played on.
func (p *vsPosition) End(r engine.Result) engine.Position {
	q := *p
	q.result = r
	return &q
}

// Sample is never called: the ruleset has no chance.
func (p *vsPosition) Sample(*rand.Rand) engine.Move { return nil }

func (p *vsPosition) ParseMove(pl engine.Player, text string) (engine.Move, error) {
	m, err := parseVsMove(pl, text)
	if err != nil {
		return nil, err
	}
	return m, nil
}

// Legal lists the legal moves of pl sorted by their text.
func (p *vsPosition) Legal(pl engine.Player) []engine.Move {
	if !engine.Acts(p, pl) {
		return nil
	}
	var ms []Move
	p.each(func(m Move) bool {
		ms = append(ms, m)
		return true
	})
	slices.SortFunc(ms, func(a, b Move) int { return strings.Compare(a.text, b.text) })
	out := make([]engine.Move, len(ms))
	for i := range ms {
		out[i] = ms[i]
	}
	return out
}

// each calls yield with every legal move of the side to move, until yield
// returns false. It reports whether yield stopped it.
func (p *vsPosition) each(yield func(Move) bool) bool {
	us := p.toMove
	safe := func(n *chessPos) bool { return !n.threatened(us) }
	for _, cm := range p.pseudo(p.castleSafe) {
		if safe(p.afterChess(cm)) && !yield(p.chessMoveOf(cm)) {
			return true
		}
	}
	if us == white {
		return false
	}
	crowned := p.stackSq() >= 0
	inCheck := p.threatened(black)
	stopped := false
	p.b.gen(black, func(from sq, legs []leg, aspect int) bool {
		if legs == nil { // an aspect change alone (R5) moves nothing
			if !inCheck && !yield(newAspectMove(from, aspect)) {
				stopped = true
			}
			return !stopped
		}
		// No text: cubeMove writes the canonical one.
		mv := Move{kind: kindMove, from: from, legs: slices.Clone(legs), aspect: int8(aspect)}
		n, canon, end, taken, err := p.cubeMove(mv)
		if err != nil {
			panic(fmt.Sprintf("superial: generated cube move %s refused: %v\nposition %s", appendMove(nil, from, legs, aspect), err, p))
		}
		for _, c := range crownings(crowned, taken, end) {
			m, after, err := p.finishCube(n, canon, end, taken, c)
			if err == nil && safe(after) && !yield(m) {
				stopped = true
				return false
			}
		}
		return true
	})
	return stopped
}

// RandomMove draws a legal move of pl (engine.RandomMover): a candidate by
// the pieces' movement, drawn uniformly, checked as each checks it, and
// dropped for another when illegal. A cube move that crowns the cubes'
// king counts once, its crowning drawn among the legal ones. No texts but
// the drawn move's, no sorting.
func (p *vsPosition) RandomMove(pl engine.Player, rng *rand.Rand) engine.Move {
	if p.result.Over() || int(pl) != p.toMove {
		return nil
	}
	us := p.toMove
	var cbuf [256]chessMove
	chess := append(cbuf[:0], p.pseudo(p.castleSafe)...)
	var mbuf [256]genMove
	var lbuf [1024]leg
	cubes, legs := mbuf[:0], lbuf[:0]
	inCheck := false
	if us == black {
		inCheck = p.threatened(black)
		cubes, legs = p.b.genMoves(black, cubes, legs)
	}
	for len(chess)+len(cubes) > 0 {
		i := rng.IntN(len(chess) + len(cubes))
		if i < len(chess) {
			cm := chess[i]
			chess[i] = chess[len(chess)-1]
			chess = chess[:len(chess)-1]
			if !p.afterChess(cm).threatened(us) {
				m := p.chessMoveOf(cm)
				return &m
			}
			continue
		}
		i -= len(chess)
		mv := cubes[i].move(legs)
		cubes[i] = cubes[len(cubes)-1]
		cubes = cubes[:len(cubes)-1]
		if mv.kind == kindAspect {
			if !inCheck { // an aspect change alone moves nothing (R5)
				mv.text = mv.format()
				return &mv
			}
			continue
		}
		n, canon, end, taken, err := p.cubeMove(mv)
		if err != nil {
			panic(fmt.Sprintf("superial: generated cube move %s refused: %v\nposition %s", mv, err, p))
		}
		crowns := crownings(p.stackSq() >= 0, taken, end)
		for len(crowns) > 0 {
			j := rng.IntN(len(crowns))
			m, after, err := p.finishCube(n, canon, end, taken, crowns[j])
			if err == nil && !after.threatened(black) {
				return &m
			}
			crowns[j] = crowns[len(crowns)-1]
			crowns = crowns[:len(crowns)-1]
		}
	}
	return nil
}

// crownings lists the crownings a cube move that ended on end and took
// the men on taken may carry: none (nil) when the cubes have their king or
// took no man, else each man taken, crowned where it stood or where the
// cube ended (R16).
func crownings(crowned bool, taken []sq, end sq) []*crowning {
	if crowned || len(taken) == 0 {
		return []*crowning{nil}
	}
	var out []*crowning
	for _, s := range taken {
		out = append(out, &crowning{s, noSq}, &crowning{s, end})
	}
	return out
}

// castleSafe tells whether White's king, moved from e1 to s, could not be
// taken there: castling may not start, cross or end in check (R14, R17).
func (p *vsPosition) castleSafe(s int8) bool {
	n := p.chessPos
	if s != 4 {
		n.b.cells[s], n.b.cells[4] = n.b.cells[4], 0
	}
	return !n.threatened(white)
}

// chessMoveOf is the move m of the chess generator as a Move, with its
// canonical text.
func (p *vsPosition) chessMoveOf(m chessMove) Move {
	text := m.text(&p.chessPos)
	switch text {
	case "O-O":
		return castleMove
	case "O-O-O":
		return castleLongMove
	}
	c := p.b.cells[m.from]
	mv := Move{kind: kindChess, from: sqOf(m.from), legs: []leg{{sqOf(m.to), noSq}}, aspect: -1, promo: m.promo, text: text}
	mv.capture = strings.Contains(text, "x")
	if c.man() != cPawn || c.stack() {
		mv.man = c.man()
	}
	return mv
}

// afterChess is the position after the chess move m of the side to move.
func (p *vsPosition) afterChess(m chessMove) *chessPos {
	n := p.play(m)
	n.settle(sqSet{})
	return n
}

// cubeMove plays the cube move mv of the cubes' side on a copy of the
// position (R5-R9): the men it captures change sides where they stand
// (R15). It returns the position, before any crowning, the move in
// canonical form, where the cube ended and the squares of the men taken.
func (p *vsPosition) cubeMove(mv Move) (n chessPos, canon Move, end sq, taken []sq, err error) {
	n = p.chessPos
	canon, end, left, err := n.b.playCube(black, mv, func(s sq) {
		// Only White's men are the cubes' opponents: White has no cubes.
		n.b.set(s, manCell(black, n.b.at(s).man()))
		taken = append(taken, s)
	})
	if err != nil {
		return n, canon, end, nil, err
	}
	canon.text = canon.format()
	n.settle(left)
	n.ep = -1
	n.toMove = white
	return n, canon, end, taken, nil
}

// finishCube applies the crowning c (nil for none) to n, the position after
// the cube move canon that ended on end and took the men on taken, and
// returns the position and the move with its crowning in canonical form.
// R16: the first man the cubes capture becomes their king, stacked on the
// capturing cube on its own square or where the cube ended.
func (p *vsPosition) finishCube(n chessPos, canon Move, end sq, taken []sq, c *crowning) (Move, *chessPos, error) {
	crowned := p.stackSq() >= 0
	switch {
	case c == nil && (crowned || len(taken) == 0):
		return canon, &n, nil
	case c != nil && crowned:
		return Move{}, nil, engine.Illegal(canon.text+c.text(), "the cubes already have their king: only the first man they capture is crowned")
	case c != nil && len(taken) == 0:
		return Move{}, nil, engine.Illegal(canon.text+c.text(), "the move captures no chess man: there is no king to crown")
	case c == nil:
		var opts []string
		for _, s := range taken {
			for _, at := range []sq{noSq, end} {
				if m, after, err := p.finishCube(n, canon, end, taken, &crowning{s, at}); err == nil && !after.threatened(black) {
					opts = append(opts, m.text)
				}
			}
		}
		if len(opts) == 0 {
			return Move{}, nil, engine.Illegal(canon.text, "it captures the cubes' first chess man, but their new king would stand in check on either square")
		}
		return Move{}, nil, engine.Illegal(canon.text, "it captures the cubes' first chess man, which becomes their king: say where the king stands, %s", strings.Join(opts, " or "))
	}
	cr := *c
	if cr.piece == end && cr.at == noSq {
		// (Kd4) with d4 where the cube ended: the king is stacked there.
		if len(taken) > 1 {
			return Move{}, nil, engine.Illegal(canon.text+c.text(), "the move captures several men: name the one that becomes the king, like %s", canon.text+(&crowning{taken[0], end}).text())
		}
		cr = crowning{taken[0], end}
	}
	if !slices.Contains(taken, cr.piece) {
		return Move{}, nil, engine.Illegal(canon.text+c.text(), "the move captures no man on %s: the king is one of the men it captures", cr.piece)
	}
	if cr.at != noSq && cr.at != end {
		return Move{}, nil, engine.Illegal(canon.text+c.text(), "the king stands on the captured man's square %s or where the cube ended, %s, not on %s", cr.piece, end, cr.at)
	}
	cube := n.b.at(end)
	k := n.b.at(cr.piece).man()
	if cr.at == noSq {
		n.b.set(cr.piece, stackCell(black, cube.aspect(), k))
		n.b.set(end, 0)
	} else {
		n.b.set(end, stackCell(black, cube.aspect(), k))
		n.b.set(cr.piece, 0)
	}
	n.settle(sqSet{})
	canon.crown = &cr
	canon.text = canon.format()
	return canon, &n, nil
}

// settle applies the rules that follow any move. A pawn on its last rank
// that did not promote by its own move (it was pushed there, or changed
// sides there) becomes a queen (R16). A piece that left its square, left
// lists them, loses its rights: a pushed king or rook castles no more, a
// pushed pawn counts as moved (R16). Rights also go with the piece that
// held them (a rook taken or turned over). En passant stays only where a
// pawn of the side to move could take.
func (n *chessPos) settle(left sqSet) {
	for f := int8(0); f < 8; f++ {
		for _, e := range [2]struct {
			r    int8
			side int
		}{{7, white}, {0, black}} {
			if c := n.b.at(sq{f, e.r}); c.man() == cPawn && c.team() == e.side {
				n.b.set(sq{f, e.r}, c.withMan(cQueen))
			}
		}
	}
	for _, x := range [3]struct {
		s    int8
		want cell
		lost uint8
	}{{4, manCell(white, cKing), 3}, {7, manCell(white, cRook), 1}, {0, manCell(white, cRook), 2}} {
		if left.has(sqOf(x.s)) || n.b.cells[x.s] != x.want {
			n.castling &^= x.lost
		}
	}
	for s := int8(8); s < 16; s++ {
		if left.has(sqOf(s)) || n.b.cells[s] != manCell(white, cPawn) {
			n.unmoved &^= 1 << s
		}
	}
	if n.ep >= 0 {
		pawn := n.ep + 8 // White's pawn that stepped two, one rank beyond
		ok := false
		for _, d := range [2][2]int8{{-1, 0}, {1, 0}} {
			if t := cstep(pawn, d); t >= 0 && n.b.cells[t].man() == cPawn && n.b.cells[t].team() == black {
				ok = true
			}
		}
		if !ok {
			n.ep = -1
		}
	}
}

// Apply plays m for pl: the one place where legality is decided.
func (p *vsPosition) Apply(pl engine.Player, m engine.Move) (engine.Position, error) {
	mv, err := actingMove(p, pl, m, "move of Superial Chess against chess")
	if err != nil {
		return nil, err
	}
	us := p.toMove
	var (
		after   *chessPos
		canon   Move
		capture bool
		pawn    bool
	)
	switch {
	case mv.kind == kindAspect:
		c, err := p.ownCube(mv)
		if err != nil {
			return nil, err
		}
		if teamColor(mv.from, black) {
			return nil, engine.Illegal(mv.text, "%s is a dark square, the cubes' home color: only a cube off home may change aspect", mv.from)
		}
		if int(mv.aspect) == c.aspect() {
			return nil, engine.Illegal(mv.text, "the cube on %s is already a %s", mv.from, aspectNames[mv.aspect])
		}
		n := p.chessPos
		n.b.set(mv.from, c.withAspect(int(mv.aspect)))
		n.toMove = white
		n.ep = -1
		after, canon = &n, mv
	case mv.kind == kindMove && (mv.crown != nil || !p.manMove(mv)):
		if _, err := p.ownCube(mv); err != nil {
			return nil, err
		}
		n, c, end, taken, err := p.cubeMove(mv)
		if err != nil {
			return nil, err
		}
		if canon, after, err = p.finishCube(n, c, end, taken, mv.crown); err != nil {
			return nil, err
		}
		capture = len(taken) > 0
	default:
		cm, err := p.findChess(mv)
		if err != nil {
			return nil, err
		}
		canon = p.chessMoveOf(cm)
		capture = p.b.cells[cm.to] != 0 || (p.b.cells[cm.from].man() == cPawn && cm.to == p.ep)
		pawn = p.b.cells[cm.from].man() == cPawn
		after = p.afterChess(cm)
	}
	if threat := after.threatText(us); threat != "" {
		return nil, engine.Illegal(canon.text, "%s", threat)
	}
	next := &vsPosition{chessPos: *after, ply: p.ply + 1, quiet: p.quiet + 1, last: canon.text}
	next.hist = p.hist.push(p.hash(), 2)
	if capture || pawn {
		// Neither a capture nor a pawn's move can be undone: no earlier
		// position returns.
		next.quiet, next.hist = 0, nil
	}
	next.finish()
	return next, nil
}

// threatText says why side's royal piece would be in check in n, "" when
// it would not.
func (n *chessPos) threatText(side int) string {
	if side == white {
		if t := n.kingThreat(); t != "" {
			return "it leaves your king in check: " + t
		}
		return ""
	}
	if n.threatened(black) {
		s := n.stackSq()
		return fmt.Sprintf("it leaves your king on %s in check by a White man", sqOf(s))
	}
	return ""
}

// manMove reports whether the move b2-b3 moves a man rather than a cube:
// what stands on its square is a man alone (the king's moves as a man carry
// its letter, Pd4-d3).
func (p *vsPosition) manMove(mv Move) bool {
	c := p.b.at(mv.from)
	return len(mv.legs) == 1 && mv.legs[0].via == noSq && mv.aspect < 0 && c.man() != 0 && !c.stack()
}

// ownCube returns the cube (or the king's stack) of the side to move on
// mv.from.
func (p *vsPosition) ownCube(mv Move) (cell, error) {
	c := p.b.at(mv.from)
	switch {
	case c == 0:
		return 0, engine.Illegal(mv.text, "there is no piece on %s", mv.from)
	case c.team() != p.toMove:
		return 0, engine.Illegal(mv.text, "the %s on %s is %s's", pieceName(c), mv.from, vsSideNames[c.team()])
	case !c.cube():
		return 0, engine.Illegal(mv.text, "the %s on %s is a chess man: it moves as in chess, like %c%s-...", manNames[c.man()], mv.from, chessLetters[c.man()], mv.from)
	}
	return c, nil
}

// pieceName names what stands on a square for people.
func pieceName(c cell) string {
	switch {
	case c.stack():
		return "king"
	case c.cube():
		return aspectNames[c.aspect()]
	}
	return manNames[c.man()]
}

// findChess returns the chess move mv names, by a man (or the king's stack
// as its man) of the side to move, if the man's movement allows it.
func (p *vsPosition) findChess(mv Move) (chessMove, error) {
	us := p.toMove
	pseudo := p.pseudo(p.castleSafe)
	if mv.kind == kindCastle || mv.kind == kindCastleLong {
		if us == black {
			return chessMove{}, engine.Illegal(mv.text, "the cubes have no chess king to castle with")
		}
		to, right, side := int8(6), uint8(1), "king"
		if mv.kind == kindCastleLong {
			to, right, side = 2, 2, "queen"
		}
		for _, m := range pseudo {
			if m.from == 4 && m.to == to && p.b.cells[4] == manCell(white, cKing) {
				return m, nil
			}
		}
		switch {
		case p.castling&right == 0:
			return chessMove{}, engine.Illegal(mv.text, "White may no longer castle on the %s side: the king or that rook has moved, been pushed or taken", side)
		case !p.castleSafe(4):
			return chessMove{}, engine.Illegal(mv.text, "the king is in check")
		}
		return chessMove{}, engine.Illegal(mv.text, "the squares between king and rook must be empty, and the king may not cross or land on a square where it would be in check")
	}
	c := p.b.at(mv.from)
	to := mv.legs[0].to
	switch {
	case c == 0:
		return chessMove{}, engine.Illegal(mv.text, "there is no piece on %s", mv.from)
	case c.team() != us:
		return chessMove{}, engine.Illegal(mv.text, "the %s on %s is %s's", pieceName(c), mv.from, vsSideNames[c.team()])
	case c.man() == 0:
		return chessMove{}, engine.Illegal(mv.text, "the %s on %s is a cube, not a chess man: its move reads like %s-%s", pieceName(c), mv.from, mv.from, to)
	case mv.man != 0 && mv.man != c.man():
		return chessMove{}, engine.Illegal(mv.text, "the man on %s is a %s, not a %s", mv.from, manNames[c.man()], manNames[mv.man])
	}
	if mv.capture && p.b.at(to) == 0 && !(c.man() == cPawn && idx(to) == p.ep) {
		return chessMove{}, engine.Illegal(mv.text, "there is nothing to take on %s", to)
	}
	var found []chessMove
	for _, m := range pseudo {
		if sqOf(m.from) == mv.from && sqOf(m.to) == to {
			found = append(found, m)
		}
	}
	name := manNames[c.man()]
	switch {
	case len(found) == 0:
		return chessMove{}, engine.Illegal(mv.text, "the %s on %s cannot go to %s", name, mv.from, to)
	case found[0].promo != 0 && mv.promo == 0:
		return chessMove{}, engine.Illegal(mv.text, "say what the pawn becomes: %s-%s=Q (or =R, =B, =N)", mv.from, to)
	case found[0].promo == 0 && mv.promo != 0:
		return chessMove{}, engine.Illegal(mv.text, "only a pawn reaching its last rank is promoted")
	}
	for _, m := range found {
		if m.promo == mv.promo {
			return m, nil
		}
	}
	return found[0], nil
}

// finish computes the result of the position (R17, R10).
func (p *vsPosition) finish() {
	p.result = engine.Result{}
	us := p.toMove
	if us == black && p.stackSq() < 0 && !p.hasCube() {
		p.result = engine.Result{Kind: engine.Win, Winner: engine.First, Reason: "every cube is gone before the cubes captured a chess man"}
		return
	}
	if 1+p.hist.seen(p.hash(), 2) >= 3 {
		p.result = engine.Result{Kind: engine.Draw, Reason: "the same position occurred for the third time"}
		return
	}
	if !p.each(func(Move) bool { return false }) {
		if p.threatened(us) {
			p.result = engine.Result{Kind: engine.Win, Winner: engine.Player(1 - us), Reason: vsSideNames[us] + "'s king is checkmated"}
		} else {
			p.result = engine.Result{Kind: engine.Draw, Reason: vsSideNames[us] + " has no legal move and is not in check (stalemate)"}
		}
		return
	}
	if p.quiet >= drawLimit {
		p.result = engine.Result{Kind: engine.Draw, Reason: "100 moves in a row without a capture or a pawn's move"}
	}
}

// hasCube reports whether the cubes' side has a cube on the board.
func (p *vsPosition) hasCube() bool {
	for s := 0; s < 64; s++ {
		if c := p.b.cells[s]; c.cube() && c.team() == black {
			return true
		}
	}
	return false
}

// hash identifies a position for the repetition rule: pieces, side to move,
// castling, en passant and two-step rights.
func (p *vsPosition) hash() uint64 {
	h := newFNV()
	for i := 0; i < 64; i++ {
		h.mix(byte(p.b.cells[i]))
	}
	h.mix(byte(p.toMove))
	h.mix(p.castling)
	h.mix(byte(p.ep))
	h.mix(byte(p.unmoved >> 8))
	return uint64(h)
}
