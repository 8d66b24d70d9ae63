package superial

// Board geometry, pieces and the move generator. Rulings R1-R12 are those of
// /work/shared/rules/superial-chess.md.

// Teams (R2). White is engine.First, Black engine.Second. A piece's team is
// its owner: one of two players, or of up to four in the multiplayer
// ruleset (R13), whose cubes have the core colour of coreColors.
const (
	white = 0
	black = 1
)

// maxSeats is the most players a game has (R13).
const maxSeats = 4

// coreColors are the core colours of the owners' cubes: the two teams' own
// (R2); in the multiplayer ruleset South white, West black, North black,
// East white (R13). A piece's home colour is its core colour (R13c).
var coreColors = [maxSeats]int{white, black, black, white}

// Aspects (R2): pusher o, hopper +, slasher x.
const (
	pusher  = 0
	hopper  = 1
	slasher = 2
)

const aspectChars = "o+x"

// maxN is the largest board side (R12).
const maxN = 10

// cell is the content of a square: 0 when empty; 1-6 a cube, 1 + team*3 +
// aspect. The vs-chess ruleset (R14-R16) adds 7-18, a chess man, 7 + side*6
// + kind-1, and 19-54, a stack: a cube carrying a chess man of its team (the
// cubes' king), 19 + (team*3+aspect)*6 + kind-1. A man's side is its team.
// The multiplayer ruleset (R13) adds 55-60, the cubes of the third and
// fourth owners (North, East), 55 + (team-2)*3 + aspect. (The values of
// earlier rulesets stay as they were: stored positions hash them.)
type cell int8

const (
	firstMan   = 7
	firstStack = 19
	firstMulti = 55
	lastCell   = 60
)

func piece(team, aspect int) cell {
	if team >= 2 {
		return cell(firstMulti + (team-2)*3 + aspect)
	}
	return cell(1 + team*3 + aspect)
}

// manCell is a chess man of kind k (cPawn..cKing) of side.
func manCell(side int, k chessPiece) cell { return cell(firstMan + side*6 + int(k) - 1) }

// stackCell is the cube of team and aspect carrying a man of kind k.
func stackCell(team, aspect int, k chessPiece) cell {
	return cell(firstStack + (team*3+aspect)*6 + int(k) - 1)
}

// cellTeam, cellAspect and cellMan describe every cell value; tables keep
// team() and aspect() as cheap as the arithmetic of cubes alone.
var cellTeam, cellAspect, cellMan = func() (team, aspect [256]int8, man [256]chessPiece) {
	for i := range aspect {
		aspect[i] = -1
	}
	for c := 1; c <= lastCell; c++ {
		switch {
		case c < firstMan:
			team[c], aspect[c] = int8((c-1)/3), int8((c-1)%3)
		case c >= firstMulti:
			team[c], aspect[c] = int8(2+(c-firstMulti)/3), int8((c-firstMulti)%3)
		case c < firstStack:
			team[c], man[c] = int8((c-firstMan)/6), chessPiece((c-firstMan)%6+1)
		default:
			x := c - firstStack
			team[c], aspect[c], man[c] = int8(x/6/3), int8(x/6%3), chessPiece(x%6+1)
		}
	}
	return
}()

// team is the owner of the piece; aspect its cube's aspect, -1 for a man
// alone; man its chess man's kind, 0 for a cube alone.
func (c cell) team() int       { return int(cellTeam[uint8(c)]) }
func (c cell) aspect() int     { return int(cellAspect[uint8(c)]) }
func (c cell) man() chessPiece { return cellMan[uint8(c)] }
func (c cell) cube() bool      { return cellAspect[uint8(c)] >= 0 }
func (c cell) stack() bool     { return c >= firstStack && c < firstMulti }

// withAspect is the cube or stack c turned to aspect a; withMan the man or
// stack c with its man of kind k (a promotion).
func (c cell) withAspect(a int) cell {
	if c.stack() {
		return stackCell(c.team(), a, c.man())
	}
	return piece(c.team(), a)
}

func (c cell) withMan(k chessPiece) cell {
	if c.stack() {
		return stackCell(c.team(), c.aspect(), k)
	}
	return manCell(c.team(), k)
}

// sq is a square by file and rank, both from 0 (a1 is {0, 0}).
type sq struct{ f, r int8 }

var noSq = sq{-1, -1}

func (s sq) String() string {
	if s == noSq {
		return "-"
	}
	return squareNames[s.f][s.r]
}

// squareNames[f][r] is the name of a square, "a1" to "j10".
var squareNames = func() (t [maxN][maxN]string) {
	for f := range maxN {
		for r := range maxN {
			t[f][r] = string(rune('a'+f)) + itoa(r+1)
		}
	}
	return t
}()

func itoa(n int) string {
	if n >= 10 {
		return string(rune('0'+n/10)) + string(rune('0'+n%10))
	}
	return string(rune('0' + n))
}

// dark reports whether s is a black square: a1 is black, as on a checkers
// board (R1).
func dark(s sq) bool { return (s.f+s.r)%2 == 0 }

// teamColor reports whether s is of team t's home color: White's home is the
// white squares, Black's the black ones (R2, R3); an owner's home is its
// cubes' core colour (R13c).
func teamColor(s sq, t int) bool { return dark(s) == (coreColors[t] == black) }

// board is the content of the squares, rank by rank from a1.
type board struct {
	n     int8
	cells [maxN * maxN]cell
}

func (b *board) on(s sq) bool { return s.f >= 0 && s.r >= 0 && s.f < b.n && s.r < b.n }
func (b *board) at(s sq) cell { return b.cells[int(s.r)*int(b.n)+int(s.f)] }
func (b *board) set(s sq, c cell) {
	b.cells[int(s.r)*int(b.n)+int(s.f)] = c
}

// wrap folds s onto the board as a torus: slashers only (R8).
func (b *board) wrap(s sq) sq {
	n := b.n
	if s.f >= 0 && s.f < n && s.r >= 0 && s.r < n {
		return s // most squares need no folding
	}
	return sq{((s.f % n) + n) % n, ((s.r % n) + n) % n}
}

var orth = [4]sq{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}
var diag = [4]sq{{1, 1}, {1, -1}, {-1, -1}, {-1, 1}}

func add(a, d sq) sq      { return sq{a.f + d.f, a.r + d.r} }
func mul(d sq, k int8) sq { return sq{d.f * k, d.r * k} }

// count returns the number of pieces of each of the two teams.
func (b *board) count() [2]int {
	n := b.owned()
	return [2]int{n[white], n[black]}
}

// owned returns the number of pieces of each owner.
func (b *board) owned() (n [maxSeats]int) {
	for i := 0; i < int(b.n)*int(b.n); i++ {
		if c := b.cells[i]; c != 0 {
			n[c.team()]++
		}
	}
	return n
}

// start is the setup of R3 and R12: each team fills its own color's squares
// of its first two ranks with pushers.
func startBoard(n int8) board {
	b := board{n: n}
	for r := int8(0); r < n; r++ {
		for f := int8(0); f < n; f++ {
			s := sq{f, r}
			switch {
			case r < 2 && teamColor(s, white):
				b.set(s, piece(white, pusher))
			case r >= n-2 && teamColor(s, black):
				b.set(s, piece(black, pusher))
			}
		}
	}
	return b
}

// rankOrder lists the ranks in the order of their names ("1" < "10" < "2").
var (
	rankOrder   = [...]int8{0, 1, 2, 3, 4, 5, 6, 7}
	rankOrder10 = [...]int8{0, 9, 1, 2, 3, 4, 5, 6, 7, 8}
)

// emitFunc receives a generated move: an aspect change alone (legs nil) or a
// move along legs, with the new aspect or -1. legs belongs to the generator:
// copy it to keep it. Returning false stops the generation.
type emitFunc func(from sq, legs []leg, aspect int) bool

// gen calls emit with every move of the pieces of team t (not the random
// move), each piece's in the order of their texts. It stops early when emit
// returns false.
func (b *board) gen(t int, emit emitFunc) { b.generate(t, true, emit) }

// generate is gen, the order of each piece's moves kept only when ordered
// (a random draw needs none).
func (b *board) generate(t int, ordered bool, emit emitFunc) {
	n := b.n
	var buf [maxN * maxN]leg
	ranks := rankOrder10[:]
	if n < 10 {
		ranks = rankOrder[:n]
	}
	for f := int8(0); f < n; f++ {
		for _, r := range ranks {
			s := sq{f, r}
			c := b.at(s)
			if c == 0 || c.team() != t || !c.cube() {
				continue
			}
			if !b.genPiece(s, c, buf[:0], ordered, emit) {
				return
			}
		}
	}
}

// aspectOrder lists the aspects in the order of their letters: + o x.
var aspectOrder = [3]int{hopper, pusher, slasher}

// step is a candidate leg of a move: where it lands, the side hop's jumped
// square (via), and whether a chain may go on from there (jump).
type step struct {
	to, via sq
	jump    bool
	over    sq // the jumped piece
}

// before orders legs as their texts sort on boards up to 9x9: by landing
// square, a leg without a jumped square before one with it.
func (x step) before(y step) bool {
	if x.to != y.to {
		return x.to.f < y.to.f || (x.to.f == y.to.f && x.to.r < y.to.r)
	}
	if x.via == noSq || y.via == noSq {
		return x.via == noSq && y.via != noSq
	}
	return x.via.f < y.via.f || (x.via.f == y.via.f && x.via.r < y.via.r)
}

func sortSteps(st []step) {
	for i := 1; i < len(st); i++ {
		for j := i; j > 0 && st[j].before(st[j-1]); j-- {
			st[j], st[j-1] = st[j-1], st[j]
		}
	}
}

// genPiece emits the moves of the piece c on s; false when emit stopped.
// buf is scratch space for the legs of chains. When ordered, the moves come
// in the order of their texts (up to 9x9), so that Legal seldom needs to
// sort: a chain before its continuations, these before its aspect changes.
func (b *board) genPiece(s sq, c cell, buf []leg, ordered bool, emit emitFunc) bool {
	t, a := c.team(), c.aspect()
	// variants emits the aspect changes R5 allows at the end of a move
	// (after the move itself, as Legal expects).
	variants := func(legs []leg) bool {
		if !teamColor(legs[len(legs)-1].to, t) {
			for _, na := range aspectOrder {
				if na != a && !emit(s, legs, na) {
					return false
				}
			}
		}
		return true
	}
	var first [16]step
	st := first[:0]
	switch a {
	case pusher: // R6
		for _, d := range orth {
			to := add(s, d)
			if !b.on(to) {
				continue
			}
			q := to
			for b.on(q) && b.at(q) != 0 {
				q = add(q, d)
			}
			if b.on(q) { // nothing is pushed off the board
				st = append(st, step{to: to, via: noSq})
			}
		}
	case hopper: // R7
		for _, d := range orth {
			mid, to := add(s, d), add(s, mul(d, 2))
			if b.on(to) && b.at(mid) == 0 && b.at(to) == 0 {
				st = append(st, step{to: to, via: noSq})
			}
		}
	case slasher: // R8
		for _, d := range diag {
			if to := b.wrap(add(s, d)); b.at(to) == 0 {
				st = append(st, step{to: to, via: noSq})
			}
		}
	}
	var h hopState
	var visited sqSet
	switch a {
	case hopper:
		h = hopState{b: b, start: s, ordered: ordered}
		h.visited.add(s)
		st = h.hops(s, st)
	case slasher:
		visited.add(s)
		st = b.slashes(s, s, &visited, st)
	}
	if ordered {
		sortSteps(st)
	}
	for _, x := range st {
		legs := append(buf[:0], leg{x.to, x.via})
		if !emit(s, legs, -1) {
			return false
		}
		if x.jump {
			var ok bool
			if a == hopper {
				ok = h.follow(s, x, legs, emit, variants)
			} else {
				ok = b.slashFollow(s, x, legs, &visited, ordered, emit, variants)
			}
			if !ok {
				return false
			}
		}
		if !variants(legs) {
			return false
		}
	}
	// R5: a piece that starts the turn off home may change aspect alone.
	if !teamColor(s, t) {
		for _, na := range aspectOrder {
			if na != a && !emit(s, nil, na) {
				return false
			}
		}
	}
	return true
}

// hopState is the search state of a hopper's chain (R7).
type hopState struct {
	b       *board
	start   sq
	visited sqSet // squares the hopper has occupied this turn
	jumped  sqSet // pieces jumped this turn
	ordered bool  // continuations in the order of their texts
}

// occupied tells whether s holds a piece while the hopper is away from its
// start square.
func (h *hopState) occupied(s sq) bool { return s != h.start && h.b.at(s) != 0 }

// hops appends the hops from cur to st.
func (h *hopState) hops(cur sq, st []step) []step {
	for _, d := range orth {
		j := add(cur, d)
		if !h.b.on(j) || !h.occupied(j) || h.jumped.has(j) {
			continue
		}
		for _, e := range orth {
			if e == mul(d, -1) {
				continue // never back to the side it came from
			}
			to := add(j, e)
			if !h.b.on(to) || h.occupied(to) || h.visited.has(to) {
				continue
			}
			via := noSq
			if e != d {
				via = j // a side hop names the jumped square
			}
			st = append(st, step{to: to, via: via, jump: true, over: j})
		}
	}
	return st
}

// follow emits the continuations of a chain of the hopper from whose last
// hop is x, in the order of their texts.
func (h *hopState) follow(from sq, x step, legs []leg, emit emitFunc, variants func([]leg) bool) bool {
	visited, jumped := h.visited, h.jumped
	h.visited.add(x.to)
	h.jumped.add(x.over)
	var buf [12]step
	st := h.hops(x.to, buf[:0])
	if h.ordered {
		sortSteps(st)
	}
	ok := true
	for _, y := range st {
		next := append(legs, leg{y.to, y.via})
		if !emit(from, next, -1) || !h.follow(from, y, next, emit, variants) || !variants(next) {
			ok = false
			break
		}
	}
	h.visited, h.jumped = visited, jumped
	return ok
}

// slashes appends the jumps of a slasher from cur to st (R8). The start
// square is empty while the slasher is away.
func (b *board) slashes(start, cur sq, visited *sqSet, st []step) []step {
	for _, d := range diag {
		j := b.wrap(add(cur, d))
		if j == start || b.at(j) == 0 {
			continue
		}
		to := b.wrap(add(cur, mul(d, 2)))
		if visited.has(to) || b.at(to) != 0 {
			continue
		}
		st = append(st, step{to: to, via: noSq, jump: true, over: j})
	}
	return st
}

// slashFollow emits the continuations of a slasher's chain whose last jump
// is x, in the order of their texts.
func (b *board) slashFollow(from sq, x step, legs []leg, visited *sqSet, ordered bool, emit emitFunc, variants func([]leg) bool) bool {
	saved := *visited
	visited.add(x.to)
	var buf [4]step
	st := b.slashes(from, x.to, visited, buf[:0])
	if ordered {
		sortSteps(st)
	}
	ok := true
	for _, y := range st {
		next := append(legs, leg{y.to, noSq})
		if !emit(from, next, -1) || !b.slashFollow(from, y, next, visited, ordered, emit, variants) || !variants(next) {
			ok = false
			break
		}
	}
	*visited = saved
	return ok
}

// sqSet is a set of squares.
type sqSet [maxN]uint16

func (s *sqSet) add(x sq)      { s[x.f] |= 1 << x.r }
func (s *sqSet) has(x sq) bool { return s[x.f]&(1<<x.r) != 0 }
