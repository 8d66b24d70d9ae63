package initiative

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"postal/engine"
)

type stage uint8

const (
	stStack   stage = iota // chance draws the stack order (R2)
	stDeal                 // chance deals the quick setup (R3)
	stDrafter              // chance draws the first drafter (R13)
	stDraft                // a drafter draws or takes (R13)
	stRoll                 // chance rolls the die for a drafter's draw (R13)
	stSize                 // the drafter names the size of a two-size face (R13)
	stPick                 // chance draws a pyramid of the named size (R13)
	stPlace                // the drafter places the drawn pyramid (R13)
	stLead                 // chance draws who leads the first round (R4)
	stAttack               // the leader attacks (R5)
	stParry                // the other player parries (R7)
	stOver                 // the match is over (R12)
)

var stageNames = [...]string{"stack", "deal", "drafter", "draft", "roll", "size", "pick", "place", "lead", "attack", "parry", "over"}

const (
	maxTurns  = 10 // turns in a round (R10)
	inventory = 10 // pyramids each player gets (R3, R14)
)

// play is one entry of a row: the played pyramid with its sacrifice under it.
type play struct {
	pc, sac piece
	virt    bool
	call    bool
	attack  bool // played as the attack of its turn
}

// Position is an Initiative position. It is a value: Apply copies it.
type Position struct {
	draft    bool
	fixed    bool  // the stack option fixes the starting order
	opt      stack // that order when fixed
	stackSet bool
	start    stack // the starting order of the stack (R2, R12)
	cur      stack // the current order

	st  stage
	ply int
	end engine.Result // how a game ended outside the rules (End), for boards

	bag   multiset
	inv   [2]multiset
	dealt [2]multiset // the inventories as dealt, swapped for round two (R12)

	// The draft (R13, R14).
	drow   [3][2]piece
	dn     [3]uint8
	closed [3]bool
	passed [2]bool
	mover  engine.Player // the drafter to act
	face   face          // stSize: the face rolled
	size   int8          // stPick: the size named
	held   piece         // stPlace: the pyramid drawn

	// The rounds (R4-R12).
	round uint8 // 1 or 2
	lead1 engine.Player
	att   engine.Player // the attacker of this turn: who has the initiative
	turn  uint8         // 1..10
	rows  [2][maxTurns]play
	rn    [2]uint8
	calls uint8
	virt  [2]uint8
	prev  [2][maxTurns]play // round one's rows as it ended, shown until round two's first play
	pn    [2]uint8
	r1    [2]int // scores of round one, once played
	r2    [2]int

	lastBy engine.Player
	last   engine.LastMove[Move]
}

// ToMove implements engine.Position.
func (p *Position) ToMove() []engine.Player {
	switch p.st {
	case stStack, stDeal, stDrafter, stRoll, stPick, stLead:
		return engine.Players(engine.Chance)
	case stDraft, stSize, stPlace:
		return engine.Players(p.mover)
	case stAttack:
		return engine.Players(p.att)
	case stParry:
		return engine.Players(opponent(p.att))
	}
	return nil
}

// Ply implements engine.Position.
func (p *Position) Ply() int { return p.ply }

// ParseMove implements engine.Position: form only.
func (p *Position) ParseMove(pl engine.Player, text string) (engine.Move, error) {
	m, err := parseMove(pl, text)
	if err != nil {
		return nil, err
	}
	return m, nil
}

// End returns p as the last position of a game that ended with r (a
// resignation, say): its boards say so. It is never stored or played on.
func (p *Position) End(r engine.Result) engine.Position {
	q := *p
	q.end = r
	return &q
}

// Result implements engine.Position (R12).
func (p *Position) Result() engine.Result {
	if p.end.Over() {
		return p.end
	}
	if p.st != stOver {
		return engine.Result{}
	}
	t := p.totals()
	reason := fmt.Sprintf("First %d, Second %d after two rounds", t[0], t[1])
	switch {
	case t[0] > t[1]:
		return engine.Result{Kind: engine.Win, Winner: engine.First, Reason: reason}
	case t[1] > t[0]:
		return engine.Result{Kind: engine.Win, Winner: engine.Second, Reason: reason}
	}
	return engine.Result{Kind: engine.Draw, Reason: reason}
}

func (p *Position) totals() [2]int { return [2]int{p.r1[0] + p.r2[0], p.r1[1] + p.r2[1]} }

// lastPlayed is p's last played (not sacrificed) pyramid of this round, the
// one a pummeling player plays again (R9).
func (p *Position) lastPlayed(pl engine.Player) piece {
	if p.rn[pl] == 0 {
		return noPiece
	}
	return p.rows[pl][p.rn[pl]-1].pc
}

// attack is the attacking play of the current turn (stParry).
func (p *Position) attack() play { return p.rows[p.att][p.rn[p.att]-1] }

// Legal implements engine.Position.
func (p *Position) Legal(pl engine.Player) []engine.Move {
	if !slices.Contains(p.ToMove(), pl) {
		return nil
	}
	var out []engine.Move
	switch p.st {
	case stStack:
		for _, s := range permutations() {
			out = append(out, Move{kind: cStack, stack: s, sac: noPiece, ret: noPiece})
		}
	case stDrafter, stLead:
		k := cDrafter
		if p.st == stLead {
			k = cLead
		}
		out = append(out, Move{kind: k, who: engine.First, sac: noPiece, ret: noPiece}, Move{kind: k, who: engine.Second, sac: noPiece, ret: noPiece})
	case stDeal, stRoll:
		for _, f := range validFaces(&p.bag) {
			if p.st == stRoll && f.double() {
				out = append(out, Move{kind: cDie, face: f, sac: noPiece, ret: noPiece})
				continue
			}
			for _, s := range faceSizesLeft(&p.bag, f) {
				for c := 0; c < nColors; c++ {
					if pc := mkPiece(s, c); p.bag[pc] > 0 {
						out = append(out, Move{kind: cDieDraw, face: f, pc: pc, sac: noPiece, ret: noPiece})
					}
				}
			}
		}
	case stPick:
		for c := 0; c < nColors; c++ {
			if pc := mkPiece(int(p.size), c); p.bag[pc] > 0 {
				out = append(out, Move{kind: cDraw, pc: pc, sac: noPiece, ret: noPiece})
			}
		}
	case stDraft:
		if p.canDraw() {
			out = append(out, Move{kind: mDraw, sac: noPiece, ret: noPiece})
		}
		for r := int8(0); r < 3; r++ {
			if p.closed[r] || p.dn[r] == 0 {
				continue
			}
			if p.surplus(r) == 0 {
				out = append(out, Move{kind: mTake, row: r, sac: noPiece, ret: noPiece})
				continue
			}
			all := p.inv[pl]
			for i := uint8(0); i < p.dn[r]; i++ {
				all[p.drow[r][i]]++
			}
			for k := range all {
				if all[k] > 0 {
					out = append(out, Move{kind: mTake, row: r, sac: noPiece, ret: piece(k)})
				}
			}
		}
	case stSize:
		for _, s := range faceSizesLeft(&p.bag, p.face) {
			out = append(out, Move{kind: mDrawSize, size: int8(s), sac: noPiece, ret: noPiece})
		}
	case stPlace:
		for r := int8(0); r < 3; r++ {
			if !p.closed[r] && p.dn[r] < 2 {
				out = append(out, Move{kind: mPlace, row: r, sac: noPiece, ret: noPiece})
			}
		}
	case stAttack:
		out = p.plays(pl, true)
	case stParry:
		out = p.plays(pl, false)
	}
	sortMoves(out)
	return out
}

// canDraw: a drafter may draw when an open row has room and the bag is not
// empty (R13).
func (p *Position) canDraw() bool {
	if p.bag.total() == 0 {
		return false
	}
	for r := 0; r < 3; r++ {
		if !p.closed[r] && p.dn[r] < 2 {
			return true
		}
	}
	return false
}

// surplus is how many pyramids a take of row r would put past 10 (R14).
func (p *Position) surplus(r int8) int {
	return max(0, p.inv[p.mover].total()+int(p.dn[r])-inventory)
}

// qualifies reports whether pc may parry the current attack, holding inv
// (or pummeling with pc when virt) (R7, R9).
func (p *Position) qualifies(pl engine.Player, pc piece, virt bool) bool {
	a := p.attack()
	if a.call {
		return pc.color() == a.pc.color()
	}
	holdsSize := false
	if virt {
		holdsSize = pc.size() == a.pc.size()
	} else {
		holdsSize = p.inv[pl].ofSize(a.pc.size()) > 0
	}
	if holdsSize {
		return pc.size() == a.pc.size()
	}
	return pc.color() == a.pc.color()
}

// plays lists the plays of pl: an attack or a parry (R5, R6, R7, R9).
func (p *Position) plays(pl engine.Player, attack bool) []engine.Move {
	var out []engine.Move
	p.eachPlay(pl, attack, func(m Move) bool {
		out = append(out, m)
		return true
	})
	return out
}

// eachPlay calls yield with every play of pl, an attack or a parry (R5, R6,
// R7, R9), until yield returns false.
func (p *Position) eachPlay(pl engine.Player, attack bool, yield func(Move) bool) {
	inv := &p.inv[pl]
	if inv.total() == 0 {
		pc := p.lastPlayed(pl)
		if pc == noPiece {
			return
		}
		if !attack && !p.qualifies(pl, pc, true) {
			return
		}
		if !yield(Move{kind: mPlay, pc: pc, sac: noPiece, ret: noPiece, virt: true}) {
			return
		}
		if attack && pc.size() == 0 {
			yield(Move{kind: mPlay, pc: pc, sac: noPiece, ret: noPiece, virt: true, call: true})
		}
		return
	}
	called := -1
	if !attack && p.attack().call {
		called = p.attack().pc.color()
	}
	for k := range inv {
		pc := piece(k)
		if inv[k] == 0 || (!attack && !p.qualifies(pl, pc, false)) {
			continue
		}
		for call := range 2 {
			if call == 1 && !(attack && pc.size() == 0) {
				break
			}
			if !yield(Move{kind: mPlay, pc: pc, sac: noPiece, ret: noPiece, call: call == 1}) {
				return
			}
			idx := p.cur.index(pc.color())
			for s := range inv {
				sac := piece(s)
				if inv[s] == 0 || (sac == pc && inv[s] < 2) || sac.color() == called {
					continue
				}
				up, down := int8(-1), int8(1)
				if idx == 0 {
					up = 0
				}
				if idx == nColors-1 {
					down = 0
				}
				if !yield(Move{kind: mPlay, pc: pc, sac: sac, dir: up, ret: noPiece, call: call == 1}) ||
					!yield(Move{kind: mPlay, pc: pc, sac: sac, dir: down, ret: noPiece, call: call == 1}) {
					return
				}
			}
		}
	}
}

// hasPlay reports whether pl has a play, an attack or a parry.
func (p *Position) hasPlay(pl engine.Player, attack bool) bool {
	found := false
	p.eachPlay(pl, attack, func(Move) bool {
		found = true
		return false
	})
	return found
}

// RandomMove draws one of the moves Legal lists, uniformly; the attacks
// and parries, most of the match, without texts or sorting
// (engine.RandomMover).
func (p *Position) RandomMove(pl engine.Player, rng *rand.Rand) engine.Move {
	if pl == engine.Chance || !slices.Contains(p.ToMove(), pl) {
		return nil
	}
	if p.st != stAttack && p.st != stParry {
		legal := p.Legal(pl)
		if len(legal) == 0 {
			return nil
		}
		return legal[rng.IntN(len(legal))]
	}
	var buf [256]Move
	ms := buf[:0]
	p.eachPlay(pl, p.st == stAttack, func(m Move) bool {
		ms = append(ms, m)
		return true
	})
	if len(ms) == 0 {
		return nil
	}
	return ms[rng.IntN(len(ms))]
}

// Sample implements engine.Position: draws with the game's probabilities.
func (p *Position) Sample(src *rand.Rand) engine.Move {
	m := Move{sac: noPiece, ret: noPiece}
	switch p.st {
	case stStack:
		perm := src.Perm(nColors)
		m.kind = cStack
		for i, c := range perm {
			m.stack[i] = uint8(c)
		}
	case stDrafter, stLead:
		m.kind = cDrafter
		if p.st == stLead {
			m.kind = cLead
		}
		m.who = engine.Player(src.IntN(2))
	case stDeal, stRoll:
		// A face with no size left is rolled again (R3): uniform over the rest.
		fs := validFaces(&p.bag)
		if len(fs) == 0 {
			return nil
		}
		m.face = fs[src.IntN(len(fs))]
		if p.st == stRoll && m.face.double() {
			m.kind = cDie // the drafter names the size (R13)
			return m
		}
		// In quick setup the server picks the size of a two-size face at
		// random among the sizes left (R3).
		sizes := faceSizesLeft(&p.bag, m.face)
		m.kind = cDieDraw
		m.pc = drawOfSize(&p.bag, sizes[src.IntN(len(sizes))], src)
	case stPick:
		m.kind = cDraw
		m.pc = drawOfSize(&p.bag, int(p.size), src)
	default:
		return nil
	}
	return m
}

// drawOfSize draws a pyramid of size s blindly: each colour in proportion to
// what the bag holds.
func drawOfSize(bag *multiset, s int, src *rand.Rand) piece {
	n := src.IntN(bag.ofSize(s))
	for c := 0; c < nColors; c++ {
		pc := mkPiece(s, c)
		if n < int(bag[pc]) {
			return pc
		}
		n -= int(bag[pc])
	}
	return noPiece
}

// sortMoves sorts moves by their canonical text, each written once.
func sortMoves(ms []engine.Move) {
	type keyed struct {
		s string
		m engine.Move
	}
	ks := make([]keyed, len(ms))
	for i, m := range ms {
		ks[i] = keyed{m.String(), m}
	}
	slices.SortFunc(ks, func(a, b keyed) int { return strings.Compare(a.s, b.s) })
	for i := range ks {
		ms[i] = ks[i].m
	}
}

// showPrev reports whether the pictures show round one's rows: round two
// has just begun and nothing is played yet.
func (p *Position) showPrev() bool {
	return p.round == 2 && p.st == stAttack && p.rn[0] == 0 && p.rn[1] == 0 && p.pn[0]+p.pn[1] > 0
}

// shownRows are the rows the pictures show.
func (p *Position) shownRows() (*[2][maxTurns]play, [2]uint8) {
	if p.showPrev() {
		return &p.prev, p.pn
	}
	return &p.rows, p.rn
}

// opponent is the other player of this game of two (engine.Player names
// no opponent: a game may have more seats).
func opponent(p engine.Player) engine.Player { return 1 - p }
