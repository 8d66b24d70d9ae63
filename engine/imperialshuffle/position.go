package imperialshuffle

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"sync"

	"postal/engine"
)

type stage uint8

const (
	stageSetup  stage = iota // players submit arrangements (R5)
	stageChance              // a random arrangement is being drawn for pending (R6)
	stagePlay                // Emperors step in turn (R7-R12)
)

type lastKind uint8

const (
	lastNone   lastKind = iota
	lastSetup           // a player submitted an arrangement
	lastRandom          // a player asked for "setup random"
	lastDrawn           // chance drew a player's arrangement
	lastStep            // an Emperor's step
)

// lastMove is what the last move did, for pictures: who, the Emperor's
// squares, the square revived and the squares where the victim's pieces died.
type lastMove struct {
	kind             lastKind
	who              engine.Player
	from, to, revive int8
	kills            uint16 // squares (bit per square) of the victim's board
}

// Position is an immutable state of Imperial Shuffle.
type Position struct {
	nobles  nobleSet
	board   [2][16]piece // board[p][sq]; zero pieces until p has set up
	stage   stage
	pending engine.Player // stageChance: whose arrangement is drawn
	turn    engine.Player // stagePlay: who moves
	ply     int
	last    lastMove
	hist    history // earlier positions of the play stage, oldest first (R12)
	reps    int     // how often this position has occurred (play stage)
	result  engine.Result
}

// history is the list of hashes of earlier positions. Positions share one
// append-only buffer: a position's hashes are buf.h[:len(h)], never written
// again, so readers need no lock; a child appends in place when it is the
// first to extend the buffer, else it copies.
type history struct {
	h   []uint64
	buf *histBuf
}

type histBuf struct {
	mu sync.Mutex
	h  []uint64
}

// with returns the history extended by x.
func (hs history) with(x uint64) history {
	n := len(hs.h)
	if hs.buf != nil {
		hs.buf.mu.Lock()
		defer hs.buf.mu.Unlock()
		if len(hs.buf.h) == n {
			hs.buf.h = append(hs.buf.h, x)
			return history{h: hs.buf.h[: n+1 : n+1], buf: hs.buf}
		}
	}
	nb := &histBuf{h: make([]uint64, n+1, 2*n+16)}
	copy(nb.h, hs.h)
	nb.h[n] = x
	return history{h: nb.h[: n+1 : n+1], buf: nb}
}

func (p *Position) set(pl engine.Player) bool { return p.board[pl][0].real() }

var sides = [2]string{"Yellow", "Blue"}

// ToMove lists the players who may act: both while nobody has set up, then
// the one still to set up (R5); Chance while a random arrangement is drawn
// (R6); the mover in play; none once the game is over.
// Unlisted names the arrangements while pl may still set up: Legal lists
// only "setup random" then, and nothing is left out later.
func (p *Position) Unlisted(pl engine.Player) string {
	if p.stage == stageSetup && !p.set(pl) && !p.result.Over() {
		return "setup arrangements"
	}
	return ""
}

func (p *Position) ToMove() []engine.Player {
	if p.result.Over() {
		return nil
	}
	switch p.stage {
	case stageSetup:
		switch {
		case !p.set(engine.First) && !p.set(engine.Second):
			return engine.BothPlayers()
		case !p.set(engine.First):
			return engine.Players(engine.First)
		default:
			return engine.Players(engine.Second)
		}
	case stageChance:
		return engine.Players(engine.Chance)
	}
	return engine.Players(p.turn)
}

func (p *Position) acts(pl engine.Player) bool {
	for _, q := range p.ToMove() {
		if q == pl {
			return true
		}
	}
	return false
}

// Ply counts the moves applied since the start, chance outcomes included.
func (p *Position) Ply() int { return p.ply }

// Result is the game's state: R11's loss or R12's draw, else ongoing.
func (p *Position) Result() engine.Result { return p.result }

// End returns p as the last position of a game that ended with r (a
// resignation, say): its boards say so. It is never stored or played on.
func (p *Position) End(r engine.Result) engine.Position {
	q := *p
	q.result = r
	return &q
}

// Legal lists the moves of pl in canonical order. During setup it lists only
// "setup random": arrangements are too many (Info.Unlisted). For Chance it
// returns nil: the random arrangements are too many to list.
func (p *Position) Legal(pl engine.Player) []engine.Move {
	if !p.acts(pl) || pl == engine.Chance {
		return nil
	}
	if p.stage == stageSetup {
		return []engine.Move{Move{kind: kindRandom, to: -1, dir: -1, revive: -1}}
	}
	var buf [8 * 17]Move
	ms := p.appendSteps(pl, buf[:0])
	if len(ms) == 0 {
		return nil
	}
	out := make([]engine.Move, len(ms))
	for i, m := range ms {
		out[i] = m
	}
	// Canonical order is the order of the texts: by destination square name
	// (file, then rank), the plain step before its reanimations, these by
	// the revived square's name.
	key := func(m engine.Move) int {
		mv := m.(Move)
		k := (int(mv.to)%4*4 + int(mv.to)/4) * 32
		if mv.revive >= 0 {
			k += 16 + int(mv.revive)%4*4 + int(mv.revive)/4
		}
		return k
	}
	sort.Slice(out, func(i, j int) bool { return key(out[i]) < key(out[j]) })
	return out
}

// appendSteps appends the Emperor's steps of pl with their reanimations
// (R7-R10), by direction.
func (p *Position) appendSteps(pl engine.Player, out []Move) []Move {
	e := p.emperor(pl)
	for d := 0; d < 8; d++ {
		r, ok := p.shift(pl, e, d)
		if !ok {
			continue
		}
		m := Move{to: int8(r.to), dir: -1, revive: -1}
		out = append(out, m)
		for s := 0; s < 16; s++ {
			if r.reviveMask&(1<<s) != 0 {
				m.revive = int8(s)
				out = append(out, m)
			}
		}
	}
	return out
}

// emperor returns the square of pl's Emperor.
func (p *Position) emperor(pl engine.Player) int {
	for s, pc := range p.board[pl] {
		if pc.typ() == emperor && pc.real() {
			return s
		}
	}
	return -1
}

// shiftResult is the board after an Emperor's step and its kills (R7-R9),
// with the dead pieces the mover may revive (R10).
type shiftResult struct {
	to         int
	mine, opp  [16]piece
	kills      uint16
	priestSq   int    // the High Priest's new square, -1 when it was not pushed
	reviveMask uint16 // squares of the mover's dead pieces that may be revived
}

// shift plays pl's Emperor from e one step in direction d. ok is false when
// the step leaves the board (R7) or the line holds a dead piece (R8).
func (p *Position) shift(pl engine.Player, e, d int) (r shiftResult, ok bool) {
	to := step(e, d)
	if to < 0 {
		return r, false
	}
	var line [4]int
	n := 0
	for s := to; s >= 0; s = step(s, d) {
		if p.board[pl][s].dead() {
			return r, false // R8
		}
		line[n] = s
		n++
	}
	r.to = to
	r.mine = p.board[pl]
	r.opp = p.board[opponent(pl)]
	// R7: a rotation of the line: the Emperor enters the target square, each
	// piece moves one square away from it, the last falls into e.
	r.mine[to] = p.board[pl][e]
	for i := 1; i < n; i++ {
		r.mine[line[i]] = p.board[pl][line[i-1]]
	}
	r.mine[e] = p.board[pl][line[n-1]]
	// R9: every opponent's live piece now matched by a live piece dies.
	for s := 0; s < 16; s++ {
		if matches(r.mine[s], r.opp[s]) {
			r.opp[s] |= pieceDead
			r.kills |= 1 << s
		}
	}
	// R10: was the High Priest pushed (along the line, or fallen into e)?
	r.priestSq = -1
	if r.mine[e].typ() == priest {
		r.priestSq = e
	}
	for i := 1; i < n; i++ {
		if r.mine[line[i]].typ() == priest {
			r.priestSq = line[i]
		}
	}
	if r.priestSq >= 0 {
		if facing := r.opp[r.priestSq]; facing.countsID() {
			for s := 0; s < 16; s++ {
				if r.mine[s].dead() && r.mine[s].id() == facing.id() {
					r.reviveMask |= 1 << s
				}
			}
		}
	}
	return r, true
}

func (p *Position) hasStep(pl engine.Player) bool {
	e := p.emperor(pl)
	for d := 0; d < 8; d++ {
		if p.canStep(pl, e, d) {
			return true
		}
	}
	return false
}

// ParseMove reads the text of a move of pl (form only). A direction is read
// as the square it leads to when pl's Emperor is on the board.
func (p *Position) ParseMove(pl engine.Player, text string) (engine.Move, error) {
	e := -1
	if pl == engine.First || pl == engine.Second {
		if p.set(pl) {
			e = p.emperor(pl)
		}
	}
	m, err := parseMove(text, e)
	if err != nil {
		return nil, err
	}
	return m, nil
}

// Apply plays m for pl: the single place where legality is decided.
func (p *Position) Apply(pl engine.Player, em engine.Move) (engine.Position, error) {
	if !p.acts(pl) {
		return nil, &engine.NotYourTurnError{Player: pl}
	}
	m, ok := em.(Move)
	if !ok {
		if mp, isPtr := em.(*Move); isPtr && mp != nil {
			m = *mp
		} else {
			return nil, engine.Illegal(fmt.Sprint(em), "not an Imperial Shuffle move")
		}
	}
	switch p.stage {
	case stageSetup:
		switch m.kind {
		case kindRandom:
			q := *p
			q.stage, q.pending = stageChance, pl
			q.ply++
			q.last = lastMove{kind: lastRandom, who: pl, from: -1, to: -1, revive: -1}
			return &q, nil
		case kindSetup:
			return p.applySetup(pl, m, lastSetup)
		}
		return nil, engine.Illegal(m.String(), "the players are still setting up: send your arrangement (\"setup\" and four ranks, 4 to 1, such as \"setup Cg Nb Cy Cr/Cb Ng Cg Hr/Ny Nb Ey Cy/Cr Ng Cb Ny\") or \"setup random\"")
	case stageChance:
		if m.kind != kindSetup {
			return nil, engine.Illegal(m.String(), "the outcome of the draw must be an arrangement (setup ...)")
		}
		return p.applySetup(p.pending, m, lastDrawn)
	}
	if m.kind != kindStep {
		return nil, engine.Illegal(m.String(), "both players have set up: move your Emperor")
	}
	return p.applyStep(pl, m)
}

func (p *Position) applySetup(pl engine.Player, m Move, kind lastKind) (engine.Position, error) {
	for s := range m.arr {
		if !m.arr[s].real() {
			return nil, engine.Illegal(m.String(), "the arrangement must fill all 16 squares")
		}
		m.arr[s] &^= pieceDead // R6: all pieces start alive
	}
	if err := p.nobles.checkSet(&m.arr, pl, "your arrangement"); err != nil {
		return nil, engine.Illegal(m.String(), "%v", err)
	}
	opp := opponent(pl)
	if p.set(opp) {
		var clash []string
		for s := 0; s < 16; s++ {
			if matches(m.arr[s], p.board[opp][s]) {
				clash = append(clash, sqName(s)+" ("+m.arr[s].String()+")")
			}
		}
		if len(clash) > 0 {
			return nil, engine.Illegal(m.String(), "your arrangement matches %s's on %s: identical pieces may not stand on corresponding squares", sides[opp], strings.Join(clash, ", "))
		}
	}
	q := *p
	q.board[pl] = m.arr
	q.ply++
	q.last = lastMove{kind: kind, who: pl, from: -1, to: -1, revive: -1}
	q.stage = stageSetup
	if p.set(opp) {
		// R5: the first accepted arrangement moves first.
		q.stage, q.turn = stagePlay, opp
		q.finish()
	}
	return &q, nil
}

func (p *Position) applyStep(pl engine.Player, m Move) (engine.Position, error) {
	e := p.emperor(pl)
	mv := m.String()
	if m.to < 0 {
		return nil, engine.Illegal(mv, "your Emperor on %s cannot step %s: it would leave the board", sqName(e), dirNames[m.dir])
	}
	to := int(m.to)
	d := -1
	for i := 0; i < 8; i++ {
		if step(e, i) == to {
			d = i
		}
	}
	if to == e {
		return nil, engine.Illegal(mv, "your Emperor already stands on %s: it must step to a neighbouring square", sqName(to))
	}
	if d < 0 {
		return nil, engine.Illegal(mv, "%s is not next to your Emperor on %s: it steps one square in any of 8 directions", sqName(to), sqName(e))
	}
	for s := to; s >= 0; s = step(s, d) {
		if p.board[pl][s].dead() {
			return nil, engine.Illegal(mv, "your dead %s on %s is in the line from %s to the edge: dead pieces cannot be pushed", p.board[pl][s], sqName(s), sqName(to))
		}
	}
	r, _ := p.shift(pl, e, d)
	rev := -1
	if m.revive >= 0 {
		rev = int(m.revive)
		switch {
		case r.priestSq < 0:
			return nil, engine.Illegal(mv, "this step does not push your High Priest, so nothing can be revived")
		case !r.opp[r.priestSq].countsID():
			return nil, engine.Illegal(mv, "your High Priest on %s faces %s's %s, which never counts for reanimation", sqName(r.priestSq), sides[opponent(pl)], typeNames[r.opp[r.priestSq].typ()])
		case r.reviveMask == 0:
			return nil, engine.Illegal(mv, "your High Priest on %s faces a %s (%s), and you have no dead %s to revive", sqName(r.priestSq), r.opp[r.priestSq].id().name(), r.opp[r.priestSq].id(), r.opp[r.priestSq].id())
		case r.reviveMask&(1<<rev) == 0:
			what := "a live " + r.mine[rev].String()
			if r.mine[rev].dead() {
				what = "a dead " + r.mine[rev].id().String()
			}
			return nil, engine.Illegal(mv, "your High Priest on %s faces a %s: only a dead %s can be revived, and %s holds %s", sqName(r.priestSq), r.opp[r.priestSq].id(), r.opp[r.priestSq].id(), sqName(rev), what)
		}
		// R10: the piece stands up; a match it makes kills.
		r.mine[rev] &^= pieceDead
		if matches(r.mine[rev], r.opp[rev]) {
			r.opp[rev] |= pieceDead
			r.kills |= 1 << rev
		}
	}
	q := *p
	q.board[pl], q.board[opponent(pl)] = r.mine, r.opp
	q.turn = opponent(pl)
	q.ply++
	q.last = lastMove{kind: lastStep, who: pl, from: int8(e), to: int8(to), revive: int8(rev), kills: r.kills}
	q.hist = p.hist.with(p.hash())
	q.finish()
	return &q, nil
}

// hash identifies the play position for R12: both boards with every piece's
// life state, and the side to move (48 bits of FNV-1a).
func (p *Position) hash() uint64 {
	h := uint64(14695981039346656037)
	for pl := 0; pl < 2; pl++ {
		for _, pc := range p.board[pl] {
			h ^= uint64(pc)
			h *= 1099511628211
		}
	}
	h ^= uint64(p.turn)
	h *= 1099511628211
	return h & (1<<48 - 1)
}

// finish computes the repetition count and the result of a play position:
// R12 (third occurrence: draw), then R11 (the mover's Emperor cannot move).
func (p *Position) finish() {
	p.result = engine.Result{}
	if p.stage != stagePlay {
		p.reps = 0
		return
	}
	h := p.hash()
	p.reps = 1
	for _, x := range p.hist.h {
		if x == h {
			p.reps++
		}
	}
	if p.reps >= 3 {
		p.result = engine.Result{Kind: engine.Draw, Reason: "the same position occurred for the third time"}
		return
	}
	if !p.hasStep(p.turn) {
		p.result = engine.Result{Kind: engine.Win, Winner: opponent(p.turn),
			Reason: fmt.Sprintf("%s's Emperor cannot move", sides[p.turn])}
	}
}

// Sample draws the random arrangement asked for by "setup random": uniform
// among the arrangements that match nothing on the opponent's board (R6).
func (p *Position) Sample(src *rand.Rand) engine.Move {
	if p.stage != stageChance {
		return nil
	}
	return p.arrangement(p.pending, src)
}

// RandomMove draws a move of pl (engine.RandomMover): in play one of the
// Emperor's steps Legal lists, uniformly, without sorting; in the setup an
// arrangement drawn as "setup random" would draw it (R6), which spares the
// playout its chance move.
func (p *Position) RandomMove(pl engine.Player, rng *rand.Rand) engine.Move {
	if pl == engine.Chance || !p.acts(pl) {
		return nil
	}
	if p.stage == stageSetup {
		return p.arrangement(pl, rng)
	}
	var buf [8 * 17]Move
	ms := p.appendSteps(pl, buf[:0])
	if len(ms) == 0 {
		return nil
	}
	return ms[rng.IntN(len(ms))]
}

// SampleUnlisted draws up to n distinct arrangements for pl during the
// setup (engine.UnlistedSampler): the moves Legal leaves out (R5, R6).
func (p *Position) SampleUnlisted(pl engine.Player, rng *rand.Rand, n int) []engine.Move {
	if p.stage != stageSetup || pl == engine.Chance || !p.acts(pl) {
		return nil
	}
	var out []engine.Move
	seen := map[[16]piece]bool{}
	for tries := 0; len(out) < n && tries < 4*n; tries++ {
		m := p.arrangement(pl, rng)
		if !seen[m.arr] {
			seen[m.arr] = true
			out = append(out, m)
		}
	}
	return out
}

// arrangement draws an arrangement of pl uniformly among those that match
// nothing on the opponent's board, if set (R6).
func (p *Position) arrangement(pl engine.Player, src *rand.Rand) Move {
	set := p.nobles.pieceSet(pl)
	m := Move{kind: kindSetup, to: -1, dir: -1, revive: -1}
	for {
		for i := len(set) - 1; i > 0; i-- {
			j := src.IntN(i + 1)
			set[i], set[j] = set[j], set[i]
		}
		copy(m.arr[:], set)
		clash := false
		if p.set(opponent(pl)) {
			for s := 0; s < 16; s++ {
				if matches(m.arr[s], p.board[opponent(pl)][s]) {
					clash = true
					break
				}
			}
		}
		if !clash {
			return m
		}
	}
}

// opponent is the other player of this game of two (engine.Player names
// no opponent: a game may have more seats).
func opponent(p engine.Player) engine.Player { return 1 - p }
