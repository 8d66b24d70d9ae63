package imperialchess

import "postal/engine"

// state is the board with its pieces' identities and flags. It is copied by
// value, so positions stay immutable.
type state struct {
	sq    [nsq]uint8 // id of the piece on each square, or empty
	at    [nsq]uint8 // square of each id, or empty when off the board
	pool  bits       // captured ids (R12, R16)
	moved bits       // pawns that have made a move of their own (R11)
	msgr  bits       // messengers (R16)
}

func newState() state {
	var st state
	for i := range st.sq {
		st.sq[i], st.at[i] = empty, empty
	}
	return st
}

// startState is the provisional setup of R2.
func startState() state {
	st := newState()
	for id := 0; id < nsq; id++ {
		if idValid[id] {
			st.put(id, id)
		}
	}
	return st
}

func (st *state) put(id, s int) { st.sq[s], st.at[id] = uint8(id), uint8(s) }

// lift takes the piece on s off the board (not into the pool).
func (st *state) lift(s int) int {
	id := int(st.sq[s])
	st.sq[s], st.at[id] = empty, empty
	return id
}

// capture removes the piece on s into its owner's captured pool.
func (st *state) capture(s int) {
	id := st.lift(s)
	st.pool.set(id)
	st.moved.clear(id)
	st.msgr.clear(id)
}

// owner returns the side of the piece on s; ok is false on an empty square.
func (st *state) owner(s int) (engine.Player, bool) {
	if st.sq[s] == empty {
		return 0, false
	}
	return idSide[st.sq[s]], true
}

func (st *state) kindAt(s int) kind { return idKind[st.sq[s]] }

// offset returns the square (f+df, r+dr) from s, or -1 off the board.
func offset(s, df, dr int) int {
	f, r := fileOf(s)+df, rankOf(s)+dr
	if f < 0 || f >= size || r < 0 || r >= size {
		return -1
	}
	return r*size + f
}

// kingStep[s][d] is the square one step from s in direction kingDirs[d],
// or -1 off the board.
var kingStep = func() (t [nsq][8]int16) {
	for s := range t {
		for d, v := range kingDirs {
			t[s][d] = int16(offset(s, v[0], v[1]))
		}
	}
	return t
}()

var (
	kingDirs = [8][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	// knightJumps (R7): one orthogonal plus one diagonal step in any
	// combination.
	knightJumps = [][2]int{{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}, {1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	// princeJumps (R8): one orthogonal plus two diagonal steps in any
	// combination, 24 targets.
	princeJumps = [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1},
		{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1},
		{3, 0}, {-3, 0}, {0, 3}, {0, -3},
		{3, 2}, {2, 3}, {-3, 2}, {-2, 3}, {3, -2}, {2, -3}, {-3, -2}, {-2, -3}}
	pikeJumps = [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

// forward is the rank direction of side p.
func forward(p engine.Player) int {
	if p == engine.First {
		return 1
	}
	return -1
}

// farRank is the enemy's back rank, index 11 for White and 0 for Black (R12).
func farRank(p engine.Player) int {
	if p == engine.First {
		return size - 1
	}
	return 0
}

// inHome reports whether s is in p's home three ranks (R1).
func inHome(p engine.Player, s int) bool {
	r := rankOf(s)
	if p == engine.First {
		return r < 3
	}
	return r >= size-3
}

// base is one ordinary move of one piece: from, to and its kind of action.
type base struct {
	from, to int
	sep      byte // '-' move, 'x' capture, '*' Catapult shot
}

// gen appends the ordinary moves (no rides, no replacements) of the piece
// on s (R4-R11).
func (st *state) gen(s int, out []base) []base {
	id := st.sq[s]
	me := idSide[id]
	target := func(t int, canCapture bool) bool { // adds s->t if possible; true when t was empty
		if t < 0 {
			return false
		}
		if st.sq[t] == empty {
			out = append(out, base{s, t, '-'})
			return true
		}
		if canCapture && idSide[st.sq[t]] != me {
			out = append(out, base{s, t, 'x'})
		}
		return false
	}
	slide := func(dirs [][2]int) {
		for _, d := range dirs {
			for t := offset(s, d[0], d[1]); target(t, true); t = offset(t, d[0], d[1]) {
			}
		}
	}
	switch k := idKind[id]; k {
	case emperor: // R4
		slide(kingDirs[:])
	case rook: // R9
		slide(kingDirs[:4])
	case bishop: // R9
		slide(kingDirs[4:])
	case empress, queen, crossbowman: // R5, R9
		out = st.walk(s, 2, true, out)
	case impPrincess, princess: // R5: never capture
		out = st.walk(s, 2, false, out)
	case king: // R6
		out = st.walk(s, 3, true, out)
	case knight: // R7
		for _, j := range knightJumps {
			target(offset(s, j[0], j[1]), true)
		}
	case impPrince, prince: // R8
		for _, j := range princeJumps {
			target(offset(s, j[0], j[1]), true)
		}
	case pikeman: // R9
		for _, d := range kingDirs[:4] {
			if m := offset(s, d[0], d[1]); m >= 0 && st.sq[m] == empty {
				target(offset(s, 2*d[0], 2*d[1]), true)
			}
		}
		for _, j := range pikeJumps {
			target(offset(s, j[0], j[1]), true)
		}
	case catapult: // R10
		for _, d := range kingDirs {
			if t := offset(s, d[0], d[1]); t >= 0 && st.sq[t] == empty {
				out = append(out, base{s, t, '-'})
			}
			t := s
			for i := 0; i < 4; i++ {
				if t = offset(t, d[0], d[1]); t < 0 {
					break
				}
				if st.sq[t] != empty && idSide[st.sq[t]] != me {
					out = append(out, base{s, t, '*'})
				}
			}
		}
	case pawn: // R11
		fw := forward(me)
		one := offset(s, 0, fw)
		if one >= 0 {
			if target(one, true) && !st.moved.has(int(id)) {
				target(offset(s, 0, 2*fw), false)
			}
			for _, df := range [2]int{-1, 1} {
				if t := offset(s, df, fw); t >= 0 && st.sq[t] != empty && idSide[st.sq[t]] != me {
					out = append(out, base{s, t, 'x'})
				}
			}
		}
	}
	return out
}

// walk appends the moves of a walker of n steps (R5, R6, R9): every square
// reached by 1 to n king steps over empty squares, the last of which may
// capture when capture is set.
func (st *state) walk(s, n int, capture bool, out []base) []base {
	me := idSide[st.sq[s]]
	// A walk of n <= 3 steps stays within 3 squares of s: at most 48
	// squares are queued.
	var seen bits
	var queue, dist [64]uint8
	seen.set(s)
	queue[0] = uint8(s)
	head, tail := 0, 1
	for head < tail {
		c, dc := int(queue[head]), dist[head]
		head++
		if int(dc) >= n {
			continue
		}
		for _, t := range kingStep[c] {
			if t < 0 || seen.has(int(t)) {
				continue
			}
			if st.sq[t] == empty {
				seen.set(int(t))
				queue[tail], dist[tail] = uint8(t), dc+1
				tail++
				out = append(out, base{s, int(t), '-'})
			} else if capture && idSide[st.sq[t]] != me {
				seen.set(int(t))
				out = append(out, base{s, int(t), 'x'})
			}
		}
	}
	return out
}

// canCapture reports whether the piece on s has a capturing move now.
func (st *state) canCapture(s int, buf []base) bool {
	for _, b := range st.gen(s, buf[:0]) {
		if b.sep != '-' {
			return true
		}
	}
	return false
}

// execBase plays an ordinary move on st and reports whether it captured.
func (st *state) execBase(b base) bool {
	if b.sep == '*' { // R10: the shot removes the target; the Catapult stays
		st.capture(b.to)
		return true
	}
	took := st.sq[b.to] != empty
	if took {
		st.capture(b.to)
	}
	id := st.lift(b.from)
	st.put(id, b.to)
	if idKind[id] == pawn {
		st.moved.set(id) // R11: its own move
	}
	return took
}

// frontline returns the square of p's frontline piece in file f (R14), or
// -1 when p has no piece there.
func (st *state) frontline(p engine.Player, f int) int {
	for i := 0; i < size; i++ {
		r := size - 1 - i
		if p == engine.Second {
			r = i
		}
		s := r*size + f
		if st.sq[s] != empty && idSide[st.sq[s]] == p {
			return s
		}
	}
	return -1
}

// chargeCount counts p's frontline pieces that can capture now or have a
// legal move after which they could capture (R14).
func (st *state) chargeCount(p engine.Player) int {
	n := 0
	buf := make([]base, 0, 64)
	buf2 := make([]base, 0, 64)
	for f := 0; f < size; f++ {
		s := st.frontline(p, f)
		if s < 0 {
			continue
		}
		moves := st.gen(s, buf[:0])
		ok := false
		for _, b := range moves {
			if b.sep != '-' {
				ok = true
				break
			}
		}
		for _, b := range moves {
			if ok {
				break
			}
			after := *st
			after.execBase(b)
			ok = after.canCapture(b.to, buf2)
		}
		if ok {
			n++
		}
	}
	return n
}
