package superial

import "fmt"

// Check in the vs-chess ruleset (R17): a royal piece is in check when the
// other side could capture it on its next turn, each side by its own means.

// threatened reports whether side's royal piece could be taken on the
// opponent's next turn: White's king by any piece of the cubes' side, the
// cubes' king by White's men. The cubes have no royal piece before their
// first capture (R16).
func (p *chessPos) threatened(side int) bool {
	if side == black {
		s := p.stackSq()
		return s >= 0 && p.attacked(s, white)
	}
	return p.kingThreat() != ""
}

// kingThreat says how the cubes' side could take White's king on its next
// turn, or "" when it could not (R17): one of its men as in chess, or one of
// its cubes by its own capture rules. A capture counts even if the move
// would leave the cubes' own king in check or crown a king in check (R16),
// as a pinned piece gives check in chess: taking the king ends the game.
func (p *chessPos) kingThreat() string {
	ki := p.find(manCell(white, cKing))
	if ki < 0 {
		return ""
	}
	k := sqOf(ki)
	if p.attacked(ki, black) {
		return "a man of the cubes' side attacks it"
	}
	b := &p.b
	// R6: a pusher captures the pieces of a line it pushes that land on a
	// dark square; pushed one square, the king lands on one if it stands on
	// a light square now. The pusher stands anywhere behind the king in an
	// unbroken line, and the square after the line must be empty.
	if !teamColor(k, black) {
		for _, d := range orth {
			q := add(k, d)
			for b.on(q) && b.at(q) != 0 {
				q = add(q, d)
			}
			if !b.on(q) {
				continue
			}
			back := mul(d, -1)
			for x := add(k, back); b.on(x) && b.at(x) != 0; x = add(x, back) {
				if c := b.at(x); c.team() == black && c.aspect() == pusher {
					return fmt.Sprintf("the pusher on %s could push it onto %s, a dark square", x, add(k, d))
				}
			}
		}
	}
	// R7, R8: a hopper takes a piece it jumps on a dark square, a slasher
	// any piece it jumps: look for a chain that jumps the king.
	hoppers := teamColor(k, black)
	var buf [maxN * maxN]leg
	for i := int8(0); i < 64; i++ {
		c := b.cells[i]
		if c == 0 || c.team() != black || !(c.aspect() == slasher || hoppers && c.aspect() == hopper) {
			continue
		}
		s, a := sqOf(i), c.aspect()
		if !b.jumpable(k, s, a) || !b.mayJump(s, a, k) {
			continue
		}
		hit := false
		b.genPiece(s, c, buf[:0], false, func(from sq, legs []leg, aspect int) bool {
			if aspect >= 0 || legs == nil {
				return true // an aspect change: the same move again, or no move
			}
			prev := from
			if len(legs) > 1 {
				prev = legs[len(legs)-2].to
			}
			hit = b.jumped(prev, legs[len(legs)-1], a) == k
			return !hit
		})
		if hit {
			return fmt.Sprintf("the %s on %s could jump it", aspectNames[a], s)
		}
	}
	return ""
}

// jumpable is a quick test that the piece on k has room to be jumped by
// the hopper or slasher on s: a square to jump from (empty, or s itself) and
// one to land on, as R7 and R8 place them. Without it no chain can jump k.
func (b *board) jumpable(k, s sq, aspect int) bool {
	free := func(x sq) bool { return x == s || b.at(x) == 0 }
	if aspect == slasher {
		for _, d := range diag {
			if from, to := b.wrap(add(k, mul(d, -1))), b.wrap(add(k, d)); free(from) && to != s && b.at(to) == 0 {
				return true
			}
		}
		return false
	}
	for _, d := range orth {
		from := add(k, d)
		if !b.on(from) || !free(from) {
			continue
		}
		for _, e := range orth {
			if to := add(k, e); e != d && b.on(to) && to != s && b.at(to) == 0 {
				return true
			}
		}
	}
	return false
}

// mayJump is a quick necessary condition for the hopper or slasher on s to
// jump k in a chain: k is jumped by some step the generator's own step
// rules allow from a square reachable by such steps, ignoring which pieces
// the chain has already jumped and where it has been. Only a chain that
// passes this test is searched for in full.
func (b *board) mayJump(s sq, aspect int, k sq) bool {
	var seen sqSet
	seen.add(s)
	queue := []sq{s}
	h := hopState{b: b, start: s}
	var buf [16]step
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		var st []step
		if aspect == hopper {
			st = h.hops(cur, buf[:0])
		} else {
			var none sqSet
			st = b.slashes(s, cur, &none, buf[:0])
		}
		for _, x := range st {
			if x.over == k {
				return true
			}
			if !seen.has(x.to) {
				seen.add(x.to)
				queue = append(queue, x.to)
			}
		}
	}
	return false
}

// jumped returns the square a hopper or slasher jumps over on the leg l
// from prev, noSq for a step or a plain move.
func (b *board) jumped(prev sq, l leg, aspect int) sq {
	if aspect == hopper {
		if l.via != noSq {
			return l.via
		}
		df, dr := l.to.f-prev.f, l.to.r-prev.r
		if (df == 0) != (dr == 0) && abs8(df)+abs8(dr) == 2 {
			return sq{prev.f + df/2, prev.r + dr/2}
		}
		return noSq
	}
	df, dr := torus(l.to.f-prev.f, b.n), torus(l.to.r-prev.r, b.n)
	if abs8(df) == 2 {
		return b.wrap(sq{prev.f + df/2, prev.r + dr/2})
	}
	return noSq
}

// stackSq returns the square of the cubes' king, -1 before their first
// capture.
func (p *chessPos) stackSq() int8 {
	for s := int8(0); s < 64; s++ {
		if p.b.cells[s].stack() {
			return s
		}
	}
	return -1
}
