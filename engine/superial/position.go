package superial

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"unsafe"

	"postal/engine"
)

// Position is an immutable state of a game of Superial Chess.
type Position struct {
	b       board
	random  bool    // ruleset random (R11)
	k       int8    // random moves each player started with (R11); 0 in classic
	left    [2]int8 // random moves left, by team
	side    int8    // the team to move, or the team whose random move awaits its throw
	pending bool    // a random move was spent: the cube must be thrown (engine.Chance)
	ply     int
	quiet   int // plies since the last capture, random move or aspect change (see drawLimit)
	last    engine.LastMove[Move]
	// hist holds the hashes of the earlier positions since the last random
	// move, oldest first, for the repetition rule (R10). Pending positions
	// are not counted.
	hist   *histNode
	result engine.Result
}

var _ engine.Position = (*Position)(nil)

var sideNames = [2]string{"White", "Black"}

var aspectNames = [3]string{"pusher", "hopper", "slasher"}

// drawLimit is this project's rule to end games that go nowhere (the seed and
// R10 are silent): after 100 plies in a row with no capture, no aspect change
// and no random move, the game is drawn. Listed in Info.Provisional.
const drawLimit = 100

// ToMove lists the team to move, engine.Chance while a random move waits for
// its throws, nobody once the game is over.
func (p *Position) ToMove() []engine.Player {
	switch {
	case p.result.Over():
		return nil
	case p.pending:
		return engine.Players(engine.Chance)
	}
	return engine.Players(engine.Player(p.side))
}

// Ply counts the moves played, throws included.
func (p *Position) Ply() int { return p.ply }

// Result says whether the game is over (R10).
func (p *Position) Result() engine.Result { return p.result }

// End returns p as the last position of a game that ended with r (a
// resignation, say): its boards say so. It is never stored or played on.
func (p *Position) End(r engine.Result) engine.Position {
	q := *p
	q.result = r
	return &q
}

// Legal lists the moves of pl sorted by their text: every stopping point of
// every chain, with each aspect change R5 allows, the aspect changes alone,
// and random while the player has one left; the 216 throws for engine.Chance.
func (p *Position) Legal(pl engine.Player) []engine.Move {
	if !engine.Acts(p, pl) {
		return nil
	}
	if pl == engine.Chance {
		out := make([]engine.Move, 0, 216)
		for f := int8(0); f < 6; f++ {
			for r := int8(0); r < 6; r++ {
				for face := 0; face < 6; face++ {
					out = append(out, throwFace(sq{f, r}, face))
				}
			}
		}
		slices.SortFunc(out, func(a, b engine.Move) int { return strings.Compare(a.String(), b.String()) })
		return out
	}
	var extra []*Move
	if p.left[p.side] > 0 {
		extra = append(extra, &randomMove)
	}
	return p.b.legal(int(p.side), extra...)
}

// legal lists the moves of the pieces of team t sorted by their text (R5-R9):
// every stopping point of every chain, with each aspect change R5 allows,
// and the aspect changes alone; extra moves join them.
func (b *board) legal(t int, extra ...*Move) []engine.Move {
	// The moves share one string of texts. They carry no legs: Apply reads
	// them from the text of the one move played.
	var (
		ms   = make([]Move, 0, 64)
		ends = make([]int32, 0, 64)
		text = make([]byte, 0, 1024)
	)
	// plain[k] is where the text of the last listed chain of k legs lies.
	plain := make([][2]int, 8)
	b.gen(t, func(from sq, ls []leg, aspect int) bool {
		start := len(text)
		kind := kindMove
		if ls == nil {
			kind = kindAspect
		}
		k := len(ls)
		switch {
		case ls == nil || (k == 1 && aspect < 0):
			text = appendMove(text, from, ls, aspect)
		case aspect >= 0:
			// gen emits a move's aspect changes after the move itself and
			// its continuations: the text of the move is plain[k].
			text = append(text, text[plain[k][0]:plain[k][1]]...)
			text = append(text, '=', aspectChars[aspect])
		default:
			// A continuation of the chain whose text is plain[k-1].
			text = append(text, text[plain[k-1][0]:plain[k-1][1]]...)
			l := ls[k-1]
			text = append(text, '-')
			text = append(text, squareNames[l.to.f][l.to.r]...)
			if l.via != noSq {
				text = append(text, '[')
				text = append(text, squareNames[l.via.f][l.via.r]...)
				text = append(text, ']')
			}
		}
		if ls != nil && aspect < 0 {
			if k >= len(plain) {
				plain = append(plain, make([][2]int, k+1-len(plain))...)
			}
			plain[k] = [2]int{start, len(text)}
		}
		ms = append(ms, Move{kind: kind, from: from, aspect: int8(aspect)})
		ends = append(ends, int32(len(text)))
		return true
	})
	// text is never written again: the strings may share its bytes.
	all := unsafe.String(unsafe.SliceData(text), len(text))
	ptrs := make([]*Move, len(ms), len(ms)+len(extra))
	prev := int32(0)
	for i := range ms {
		ms[i].text = all[prev:ends[i]]
		prev = ends[i]
		ptrs[i] = &ms[i]
	}
	ptrs = append(ptrs, extra...)
	// gen lists the moves in the order of their texts on boards up to 8x8,
	// not on 10x10 (a1=x sorts after a10-a9).
	if !slices.IsSortedFunc(ptrs, cmpMoves) {
		slices.SortFunc(ptrs, cmpMoves)
	}
	out := make([]engine.Move, len(ptrs))
	for i, m := range ptrs {
		out[i] = m
	}
	return out
}

func cmpMoves(a, b *Move) int { return strings.Compare(a.text, b.text) }

// RandomMove draws one of the moves Legal lists, uniformly: one pass of the
// generator keeps every move's legs in one buffer, with no texts and no
// sorting (engine.RandomMover).
func (p *Position) RandomMove(pl engine.Player, rng *rand.Rand) engine.Move {
	if p.result.Over() || p.pending || pl != engine.Player(p.side) {
		return nil
	}
	return p.b.randomMove(int(p.side), p.left[p.side] > 0, rng)
}

// randomMove draws one of the moves of team t uniformly, with the random
// move (R11) among them when random is set; nil when there is none. One
// pass of the generator, in no particular order, keeps a move drawn among
// those seen so far (reservoir sampling: the n-th replaces it with chance
// 1/n), so no list of moves is written. Rather than a draw for every move,
// one draw says which move replaces the kept one next: after n, the k-th
// with chance n/(k-1) - n/k, k = floor(n/u)+1 for u uniform in (0, 1].
func (b *board) randomMove(t int, random bool, rng *rand.Rand) engine.Move {
	n, next := 0, 1
	if random {
		n, next = 1, skip(1, rng) // the random move is the first seen
	}
	var kept struct {
		from   sq
		legs   [maxN * maxN]leg
		nlegs  int // -1: an aspect change alone
		aspect int
	}
	b.generate(t, false, func(from sq, legs []leg, aspect int) bool {
		n++
		if n == next {
			kept.from, kept.aspect, kept.nlegs = from, aspect, -1
			if legs != nil {
				kept.nlegs = copy(kept.legs[:], legs)
			}
			next = skip(n, rng)
		}
		return true
	})
	switch {
	case n == 0:
		return nil
	case kept.nlegs == 0:
		return &randomMove // no move of a piece replaced it
	}
	m := genMove{from: kept.from, lo: -1, aspect: int8(kept.aspect)}
	if kept.nlegs >= 0 {
		m.lo, m.hi = 0, int32(kept.nlegs)
	}
	mv := m.move(kept.legs[:])
	return &mv
}

// skip is the number of the move that replaces the one kept after the
// n-th in reservoir sampling (see randomMove).
func skip(n int, rng *rand.Rand) int {
	u := 1 - rng.Float64() // in (0, 1]
	k := float64(n)/u + 1
	if k >= math.MaxInt32 {
		return math.MaxInt32
	}
	return int(k)
}

// genMove is a move of the generator kept without its text: the legs of
// every move generated stand in one buffer.
type genMove struct {
	from   sq
	lo, hi int32 // its legs in the buffer's [lo:hi]; lo < 0 for an aspect change alone
	aspect int8
}

// genMoves appends the moves of team t's cubes to ms, their legs to legs.
func (b *board) genMoves(t int, ms []genMove, legs []leg) ([]genMove, []leg) {
	b.gen(t, func(from sq, ls []leg, aspect int) bool {
		m := genMove{from: from, lo: -1, aspect: int8(aspect)}
		if ls != nil {
			m.lo = int32(len(legs))
			legs = append(legs, ls...)
			m.hi = int32(len(legs))
		}
		ms = append(ms, m)
		return true
	})
	return ms, legs
}

// move is the Move of m, whose legs are in legs, without its text.
func (m genMove) move(legs []leg) Move {
	if m.lo < 0 {
		return Move{kind: kindAspect, from: m.from, aspect: m.aspect}
	}
	return Move{kind: kindMove, from: m.from, legs: slices.Clone(legs[m.lo:m.hi]), aspect: m.aspect}
}

// throwFace is the outcome of the third throw (R11): 1-3 black o + x,
// 4-6 white o + x.
func throwFace(s sq, face int) Move {
	team := black
	if face >= 3 {
		team = white
	}
	return newThrow(s, team, face%3)
}

// Sample throws the cube three times: file, rank, face (R11).
func (p *Position) Sample(src *rand.Rand) engine.Move {
	f := src.IntN(6)
	r := src.IntN(6)
	face := src.IntN(6)
	return throwFace(sq{int8(f), int8(r)}, face)
}

// ParseMove reads the text of a move of pl (form only).
func (p *Position) ParseMove(pl engine.Player, text string) (engine.Move, error) {
	if pl != engine.Chance && pl != engine.First && pl != engine.Second {
		return nil, engine.Syntax(text, 0, "no such player")
	}
	m, err := parseMove(p.b.n, pl, text)
	if err != nil {
		return nil, err
	}
	return m, nil
}

// Apply plays m for pl: the one place where legality is decided.
func (p *Position) Apply(pl engine.Player, m engine.Move) (engine.Position, error) {
	mv, err := actingMove(p, pl, m, "Superial Chess move")
	if err != nil {
		return nil, err
	}
	mv, err = p.b.complete(mv)
	if err != nil {
		return nil, err
	}
	next := *p
	next.ply++
	next.quiet++
	if pl == engine.Chance {
		if mv.kind != kindThrow {
			return nil, engine.Illegal(mv.text, "the cube must be thrown: a chance outcome reads like throw c4 Wx")
		}
		// R11: an empty square gets a new piece of the thrown team and
		// aspect; a piece takes the thrown aspect and keeps its team.
		c := next.b.at(mv.from)
		if c == 0 {
			next.b.set(mv.from, piece(int(mv.team), int(mv.aspect)))
		} else {
			next.b.set(mv.from, piece(c.team(), int(mv.aspect)))
		}
		next.pending = false
		next.side = 1 - p.side
		next.quiet = 0
		next.last = engine.LastMove[Move]{Move: mv, Set: true}
		next.hist = nil // random moves left changed: no earlier position returns
		next.finish()
		return &next, nil
	}
	switch mv.kind {
	case kindThrow:
		return nil, engine.Illegal(mv.text, "the cube is thrown by the server: write random to spend a random move")
	case kindRandom:
		if !p.random {
			return nil, engine.Illegal(mv.text, "random moves are played in the random ruleset only")
		}
		if p.left[p.side] == 0 {
			return nil, engine.Illegal(mv.text, "%s has no random move left", sideNames[p.side])
		}
		next.left[p.side]--
		next.pending = true
		next.last = engine.LastMove[Move]{Move: mv, Set: true}
		next.hist = nil
		return &next, nil
	default:
		last, reset, err := next.b.turn(int(p.side), sideNames[:], mv)
		if err != nil {
			return nil, err
		}
		if reset {
			next.quiet = 0
		}
		next.last = engine.LastMove[Move]{Move: last, Set: true}
	}
	next.hist = p.hist.push(p.hash(), 2)
	next.side = 1 - p.side
	next.finish()
	return &next, nil
}

// complete returns mv read in full and checked against the board's size:
// a listed move carries its legs in its text only, and a move parsed for
// another board size may name squares off this board.
func (b *board) complete(mv Move) (Move, error) {
	if mv.kind == kindMove && mv.legs == nil {
		full, err := parseMove(b.n, engine.First, mv.text)
		if err != nil {
			return Move{}, engine.Illegal(mv.text, "not a move of this board")
		}
		mv = full
	}
	check := func(s sq) error {
		if s != noSq && !b.on(s) {
			return engine.Illegal(mv.text, "%s is not on the %dx%d board", s, b.n, b.n)
		}
		return nil
	}
	if mv.kind == kindMove || mv.kind == kindAspect || mv.kind == kindThrow {
		if err := check(mv.from); err != nil {
			return Move{}, err
		}
	}
	for _, l := range mv.legs {
		if err := check(l.to); err != nil {
			return Move{}, err
		}
		if err := check(l.via); err != nil {
			return Move{}, err
		}
	}
	return mv, nil
}

// turn plays on b the piece's move or aspect change mv of team t, whose
// owners are called names: the rules of a turn of cubes (R5-R9), for every
// ruleset of cubes against cubes (R13b-R13c: a captured cube passes to its
// capturer). It returns the move in canonical form (its text written on
// first need), and whether it captured or changed an aspect, which the draw
// rules count.
func (b *board) turn(t int, names []string, mv Move) (Move, bool, error) {
	c := b.at(mv.from)
	switch {
	case mv.kind != kindMove && mv.kind != kindAspect:
		return Move{}, false, engine.Illegal(mv.String(), "not the move of a piece")
	case c == 0:
		return Move{}, false, engine.Illegal(mv.String(), "there is no piece on %s", mv.from)
	case c.team() != t:
		return Move{}, false, engine.Illegal(mv.String(), "the piece on %s is %s's", mv.from, names[c.team()])
	}
	if mv.kind == kindAspect {
		if teamColor(mv.from, t) {
			return Move{}, false, engine.Illegal(mv.String(), "%s stands on its home color: only a piece off home may change aspect", mv.from)
		}
		if int(mv.aspect) == c.aspect() {
			return Move{}, false, engine.Illegal(mv.String(), "the piece on %s is already a %s", mv.from, aspectNames[mv.aspect])
		}
		b.set(mv.from, piece(t, int(mv.aspect)))
		return mv, true, nil
	}
	captures := 0
	canon, _, _, err := b.playCube(t, mv, func(s sq) {
		b.set(s, piece(t, b.at(s).aspect())) // R4, R13c: the cube turns to the capturer
		captures++
	})
	if err != nil {
		return Move{}, false, err
	}
	return canon, captures > 0 || mv.aspect >= 0, nil
}

func abs8(x int8) int8 {
	if x < 0 {
		return -x
	}
	return x
}

// torus folds a displacement into -n/2+1 .. n/2 (n even).
func torus(d, n int8) int8 {
	d = ((d % n) + n) % n
	if d > n/2 {
		d -= n
	}
	return d
}

// hash identifies a position for the repetition rule (R10): pieces, teams,
// aspects, side to move, random moves left.
func (p *Position) hash() uint64 {
	h := newFNV()
	h.mix(byte(p.b.n))
	for i := 0; i < int(p.b.n)*int(p.b.n); i++ {
		h.mix(byte(p.b.cells[i]))
	}
	h.mix(byte(p.side))
	h.mix(byte(p.left[0]))
	h.mix(byte(p.left[1]))
	return uint64(h)
}

// finish computes the result of a position whose side is to move (R10).
func (p *Position) finish() {
	p.result = engine.Result{}
	if p.pending {
		return
	}
	s := int(p.side)
	cnt := p.b.count()
	if cnt[s] == 0 {
		p.result = engine.Result{Kind: engine.Win, Winner: engine.Player(1 - s), Reason: sideNames[s] + " owns no pieces"}
		return
	}
	if cnt[1-s] == 0 {
		p.result = engine.Result{Kind: engine.Win, Winner: engine.Player(s), Reason: sideNames[1-s] + " owns no pieces"}
		return
	}
	if 1+p.hist.seen(p.hash(), 2) >= 3 {
		p.result = engine.Result{Kind: engine.Draw, Reason: "the same position occurred for the third time"}
		return
	}
	if !p.hasTurn() {
		p.result = engine.Result{Kind: engine.Win, Winner: engine.Player(1 - s), Reason: sideNames[s] + " cannot move"}
		return
	}
	if p.quiet >= drawLimit {
		p.result = engine.Result{Kind: engine.Draw, Reason: "100 moves in a row without a capture, an aspect change or a random move"}
	}
}

// hasTurn reports whether the side to move has a legal turn (R10).
func (p *Position) hasTurn() bool {
	return p.left[p.side] > 0 || p.b.hasTurn(int(p.side))
}

// hasTurn reports whether team t has a move or an aspect change (R10,
// R13d).
func (b *board) hasTurn(t int) bool {
	n := b.n
	for r := int8(0); r < n; r++ {
		for f := int8(0); f < n; f++ {
			s := sq{f, r}
			if c := b.at(s); c != 0 && c.team() == t && !teamColor(s, t) {
				return true // an aspect change alone (R5)
			}
		}
	}
	found := false
	b.gen(t, func(sq, []leg, int) bool {
		found = true
		return false
	})
	return found
}
