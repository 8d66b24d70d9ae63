package superial

import (
	"slices"

	"postal/engine"
)

// playCube plays the cube move mv of team side on b: the move of the cube
// (or stack) on mv.from by its aspect (R6-R8) and its aspect change (R5).
// The caller has checked that the piece is side's and has a cube. capture is
// called for every opposing piece the move captures, where it stands when
// captured, and turns it over to side: the classic game turns the cube (R4),
// vs-chess changes the man's side (R15). playCube returns the move in
// canonical form (its text left to be written on first need) (side hops name their jumped square), the square where the
// cube ends and the squares whose piece left them (the start square and a
// pushed line).
func (b *board) playCube(side int, mv Move, capture func(s sq)) (Move, sq, sqSet, error) {
	var left sqSet
	c := b.at(mv.from)
	for _, l := range mv.legs {
		if l.via != noSq && c.aspect() != hopper {
			return Move{}, noSq, left, engine.Illegal(mv.text, "only a hopper's side hop names a jumped square, like c3-d4[d3]")
		}
	}
	// Own pieces are never captured (R4).
	take := func(s sq) {
		if x := b.at(s); x != 0 && x.team() != side {
			capture(s)
		}
	}
	left.add(mv.from)
	legs := make([]leg, len(mv.legs))
	copy(legs, mv.legs)
	from := mv.from
	switch c.aspect() {
	case pusher: // R6
		if len(legs) != 1 {
			return Move{}, noSq, left, engine.Illegal(mv.text, "a pusher steps one square: it makes no chains")
		}
		to := legs[0].to
		d := sq{to.f - from.f, to.r - from.r}
		if !slices.Contains(orth[:], d) {
			return Move{}, noSq, left, engine.Illegal(mv.text, "%s is not orthogonally next to %s: a pusher steps one square", to, from)
		}
		q := to
		for b.on(q) && b.at(q) != 0 {
			q = add(q, d)
		}
		if !b.on(q) {
			return Move{}, noSq, left, engine.Illegal(mv.text, "the line of pieces from %s reaches the edge: nothing is pushed off the board", to)
		}
		for x := to; x != q; x = add(x, d) {
			left.add(x)
		}
		for x := q; x != to; {
			prev := add(x, mul(d, -1))
			b.set(x, b.at(prev))
			x = prev
		}
		b.set(to, 0)
		b.set(from, 0)
		// R6: opposing pieces now standing on the pusher's team color are
		// captured, unless it is their own home color (R13b: a pusher never
		// captures a piece of its own core color); the others, and own
		// pieces, only move.
		for x := to; x != q; {
			x = add(x, d)
			if teamColor(x, side) && !teamColor(x, b.at(x).team()) {
				take(x)
			}
		}
		from = to
	case hopper: // R7
		b.set(from, 0) // the hopper is lifted for the whole turn
		var visited, jumped sqSet
		visited.add(from)
		cur := from
		for i, l := range legs {
			to := l.to
			df, dr := to.f-cur.f, to.r-cur.r
			var cands []sq
			straight := false
			switch {
			case (abs8(df) == 2 && dr == 0) || (df == 0 && abs8(dr) == 2):
				straight = true
				cands = []sq{{cur.f + df/2, cur.r + dr/2}}
			case abs8(df) == 1 && abs8(dr) == 1:
				cands = []sq{{cur.f + df, cur.r}, {cur.f, cur.r + dr}}
			default:
				return Move{}, noSq, left, engine.Illegal(mv.text, "%s to %s is not a hopper's move: it hops over an orthogonally adjacent piece onto a square next to that piece", cur, to)
			}
			if straight && b.at(cands[0]) == 0 && l.via == noSq {
				// A plain two-square move ends the turn and cannot follow a hop.
				switch {
				case i > 0:
					return Move{}, noSq, left, engine.Illegal(mv.text, "%s is empty: once it has hopped, a hopper never moves over an empty square", cands[0])
				case len(legs) > 1:
					return Move{}, noSq, left, engine.Illegal(mv.text, "%s is empty: a plain two-square move ends the turn", cands[0])
				}
				if b.at(to) != 0 {
					return Move{}, noSq, left, engine.Illegal(mv.text, "%s is occupied", to)
				}
				cur = to
				break
			}
			var j sq
			if l.via != noSq {
				if !slices.Contains(cands, l.via) {
					return Move{}, noSq, left, engine.Illegal(mv.text, "a hop from %s to %s cannot go over %s", cur, to, l.via)
				}
				j = l.via
				if b.at(j) == 0 {
					return Move{}, noSq, left, engine.Illegal(mv.text, "there is no piece on %s to hop over", j)
				}
				if jumped.has(j) {
					return Move{}, noSq, left, engine.Illegal(mv.text, "the hopper may not jump the piece on %s twice", j)
				}
			} else {
				var ok []sq
				twice := noSq
				for _, x := range cands {
					if b.at(x) != 0 {
						if jumped.has(x) {
							twice = x
						} else {
							ok = append(ok, x)
						}
					}
				}
				switch {
				case len(ok) == 2:
					return Move{}, noSq, left, engine.Illegal(mv.text, "ambiguous hop from %s to %s: name the jumped square, %s-%s[%s] or %s-%s[%s]", cur, to, cur, to, ok[0], cur, to, ok[1])
				case len(ok) == 1:
					j = ok[0]
				case twice != noSq:
					return Move{}, noSq, left, engine.Illegal(mv.text, "the hopper may not jump the piece on %s twice", twice)
				default:
					return Move{}, noSq, left, engine.Illegal(mv.text, "there is no piece to hop over between %s and %s", cur, to)
				}
			}
			if visited.has(to) {
				return Move{}, noSq, left, engine.Illegal(mv.text, "the hopper may not land on %s again: it was there this turn", to)
			}
			if b.at(to) != 0 {
				return Move{}, noSq, left, engine.Illegal(mv.text, "%s is occupied", to)
			}
			// R7: a jumped opposing piece is captured only on a square of
			// the hopper's team color.
			if teamColor(j, side) {
				take(j)
			}
			jumped.add(j)
			visited.add(to)
			legs[i].via = noSq
			if !straight {
				legs[i].via = j
			}
			cur = to
		}
		from = cur
	case slasher: // R8
		b.set(from, 0)
		var visited sqSet
		visited.add(from)
		cur := from
		n := b.n
		for _, l := range legs {
			to := l.to
			df, dr := torus(to.f-cur.f, n), torus(to.r-cur.r, n)
			switch {
			case abs8(df) == 1 && abs8(dr) == 1:
				if len(legs) > 1 {
					return Move{}, noSq, left, engine.Illegal(mv.text, "%s to %s is a step: a slasher's step ends its move", cur, to)
				}
				if b.at(to) != 0 {
					return Move{}, noSq, left, engine.Illegal(mv.text, "%s is occupied", to)
				}
			case abs8(df) == 2 && abs8(dr) == 2:
				j := b.wrap(sq{cur.f + df/2, cur.r + dr/2})
				if b.at(j) == 0 {
					return Move{}, noSq, left, engine.Illegal(mv.text, "there is no piece on %s to jump over", j)
				}
				if visited.has(to) {
					return Move{}, noSq, left, engine.Illegal(mv.text, "the slasher may not land on %s again: it was there this turn", to)
				}
				if b.at(to) != 0 {
					return Move{}, noSq, left, engine.Illegal(mv.text, "%s is occupied", to)
				}
				take(j) // R8: whatever its square color
				visited.add(to)
			default:
				return Move{}, noSq, left, engine.Illegal(mv.text, "%s to %s is not a slasher's move: it steps or jumps diagonally", cur, to)
			}
			cur = to
		}
		from = cur
	}
	// R5: a piece that ends its move off home may change aspect.
	a := c.aspect()
	if mv.aspect >= 0 {
		if teamColor(from, side) {
			return Move{}, noSq, left, engine.Illegal(mv.text, "the piece ends on %s, its home color: it may change aspect only off home", from)
		}
		if int(mv.aspect) == a {
			return Move{}, noSq, left, engine.Illegal(mv.text, "the piece is already a %s", aspectNames[a])
		}
		a = int(mv.aspect)
	}
	b.set(from, c.withAspect(a))
	return Move{kind: kindMove, from: mv.from, legs: legs, aspect: mv.aspect}, from, left, nil
}
