package initiative

import (
	"slices"

	"postal/engine"
)

// Apply implements engine.Position: every rule of legality is decided here.
func (p *Position) Apply(pl engine.Player, em engine.Move) (engine.Position, error) {
	m, ok := em.(Move)
	if !ok {
		if mp, ok2 := em.(*Move); ok2 && mp != nil {
			m = *mp
		} else {
			return nil, engine.Illegal(moveText(em), "not an Initiative move")
		}
	}
	if !slices.Contains(p.ToMove(), pl) {
		return nil, &engine.NotYourTurnError{Player: pl}
	}
	q := *p
	var err error
	switch p.st {
	case stStack:
		err = q.applyStack(m)
	case stDeal:
		err = q.applyDeal(m)
	case stDrafter, stLead:
		err = q.applySide(m)
	case stDraft:
		err = q.applyDraft(m)
	case stRoll:
		err = q.applyRoll(m)
	case stSize:
		err = q.applySize(m)
	case stPick:
		err = q.applyPick(m)
	case stPlace:
		err = q.applyPlace(m)
	case stAttack:
		err = q.applyAttack(m)
	case stParry:
		err = q.applyParry(m)
	default:
		return nil, engine.Illegal(m.String(), "the match is over")
	}
	if err != nil {
		return nil, err
	}
	q.ply++
	q.lastBy, q.last = pl, engine.LastMove[Move]{Move: m, Set: true}
	return &q, nil
}

func moveText(m engine.Move) string {
	if m == nil {
		return "<nil>"
	}
	return m.String()
}

func want(m Move, kinds ...moveKind) bool { return slices.Contains(kinds, m.kind) }

// R2: the server draws the starting order of the stack.
func (q *Position) applyStack(m Move) error {
	if !want(m, cStack) {
		return engine.Illegal(m.String(), "the stack order is being drawn (stack bgkyr)")
	}
	q.start, q.cur, q.stackSet = m.stack, m.stack, true
	q.afterStack()
	return nil
}

func (q *Position) afterStack() {
	if q.draft {
		q.st = stDrafter
	} else {
		q.st = stDeal
	}
}

// takeFromBag checks that the bag holds pc and removes it.
func (q *Position) takeFromBag(m Move, pc piece) error {
	if q.bag[pc] == 0 {
		return engine.Illegal(m.String(), "the bag holds no %s pyramid", pc.name())
	}
	q.bag[pc]--
	return nil
}

// checkFace: the face must be one that can be drawn from (R3: a face with
// nothing left is rolled again).
func (q *Position) checkFace(m Move) error {
	if !slices.Contains(validFaces(&q.bag), m.face) {
		return engine.Illegal(m.String(), "the bag holds no pyramid of the sizes of face %s, which is rolled again", m.face)
	}
	return nil
}

// R3: quick setup, ten draws for the first player then ten for the second.
func (q *Position) applyDeal(m Move) error {
	if !want(m, cDieDraw) {
		return engine.Illegal(m.String(), "the quick setup is being dealt (die M/L draw Lb)")
	}
	if err := q.checkFace(m); err != nil {
		return err
	}
	if !slices.Contains(faceSizes[m.face], m.pc.size()) {
		return engine.Illegal(m.String(), "face %s does not show size %c", m.face, sizeLetters[m.pc.size()])
	}
	if err := q.takeFromBag(m, m.pc); err != nil {
		return err
	}
	to := engine.First
	if q.inv[0].total() >= inventory {
		to = engine.Second
	}
	q.inv[to][m.pc]++
	if q.inv[1].total() >= inventory {
		q.dealt = q.inv
		q.st = stLead
	}
	return nil
}

// R13 (first drafter) and R4 (first leader).
func (q *Position) applySide(m Move) error {
	if q.st == stDrafter {
		if !want(m, cDrafter) {
			return engine.Illegal(m.String(), "the first drafter is being drawn (drafter first)")
		}
		q.mover, q.st = m.who, stDraft
		return nil
	}
	if !want(m, cLead) {
		return engine.Illegal(m.String(), "the first leader is being drawn (lead first)")
	}
	q.lead1 = m.who
	q.startRound(1, m.who)
	return nil
}

// R13: draw, or take an open non-empty row.
func (q *Position) applyDraft(m Move) error {
	switch m.kind {
	case mDraw:
		if q.bag.total() == 0 {
			return engine.Illegal(m.String(), "the bag is empty: take a row")
		}
		if !q.canDraw() {
			return engine.Illegal(m.String(), "no open row has room: you must take a row")
		}
		q.st = stRoll
		return nil
	case mTake:
		r := m.row
		if q.closed[r] {
			return engine.Illegal(m.String(), "row %d is closed until both players have taken a row", r+1)
		}
		if q.dn[r] == 0 {
			return engine.Illegal(m.String(), "row %d is empty", r+1)
		}
		all := q.inv[q.mover]
		for i := uint8(0); i < q.dn[r]; i++ {
			all[q.drow[r][i]]++
		}
		sur := q.surplus(r)
		if sur == 0 && m.ret != noPiece {
			return engine.Illegal(m.String(), "you will not pass 10 pyramids, so nothing returns to the bag")
		}
		if sur > 0 {
			if m.ret == noPiece {
				return engine.Illegal(m.String(), "you would hold %d pyramids: name one to return to the bag, like take row %d return %s", all.total(), r+1, q.drow[r][0])
			}
			if all[m.ret] == 0 {
				return engine.Illegal(m.String(), "you would hold no %s pyramid to return", m.ret.name())
			}
			all[m.ret]--
			q.bag[m.ret]++
		}
		q.inv[q.mover] = all
		q.dn[r], q.drow[r] = 0, [2]piece{noPiece, noPiece}
		q.afterTake(r)
		return nil
	}
	return engine.Illegal(m.String(), "it is your draft turn: draw a pyramid (draft) or take a row (take row 1)")
}

// afterTake closes the row and decides who drafts next (R13, R14).
func (q *Position) afterTake(r int8) {
	x := q.mover
	y := opponent(x)
	xDone := q.inv[x].total() >= inventory
	yDone := q.inv[y].total() >= inventory
	if xDone && yDone {
		// R14: pyramids left in rows go back to the bag.
		for i := 0; i < 3; i++ {
			for j := uint8(0); j < q.dn[i]; j++ {
				q.bag[q.drow[i][j]]++
			}
			q.dn[i], q.drow[i], q.closed[i] = 0, [2]piece{noPiece, noPiece}, false
		}
		q.passed = [2]bool{}
		q.dealt = q.inv
		q.st = stLead
		return
	}
	q.st = stDraft
	switch {
	case q.passed[y] || yDone:
		// Both have taken now, or the other has stopped: every row reopens.
		q.closed = [3]bool{}
		q.passed = [2]bool{}
	case xDone:
		// x stops (R14); the row stays closed until y takes, then all reopen.
		q.closed[r] = true
	default:
		q.closed[r] = true
		q.passed[x] = true
	}
	q.mover = q.nextDrafter(x)
}

// nextDrafter: players alternate, but one who has taken a row passes until
// the other takes too, and one who has stopped never drafts again (R13, R14).
func (q *Position) nextDrafter(x engine.Player) engine.Player {
	y := opponent(x)
	if q.inv[y].total() >= inventory || q.passed[y] {
		return x
	}
	return y
}

// R13: the die for a drafter's draw.
func (q *Position) applyRoll(m Move) error {
	if !want(m, cDieDraw, cDie) {
		return engine.Illegal(m.String(), "the die is being rolled for the draw (die S draw Sb, or die S/M)")
	}
	if err := q.checkFace(m); err != nil {
		return err
	}
	if m.face.double() {
		if m.kind != cDie {
			return engine.Illegal(m.String(), "on a two-size face the drafter names the size: the outcome is die %s", m.face)
		}
		q.face, q.st = m.face, stSize
		return nil
	}
	if m.kind != cDieDraw {
		return engine.Illegal(m.String(), "face %s shows one size: the outcome names the pyramid drawn", m.face)
	}
	if m.pc.size() != faceSizes[m.face][0] {
		return engine.Illegal(m.String(), "face %s does not show size %c", m.face, sizeLetters[m.pc.size()])
	}
	if err := q.takeFromBag(m, m.pc); err != nil {
		return err
	}
	q.held, q.st = m.pc, stPlace
	return nil
}

// R13: on a two-size face the drafter names the size.
func (q *Position) applySize(m Move) error {
	if !want(m, mDrawSize) {
		return engine.Illegal(m.String(), "the die shows %s: name the size to draw (draw %c)", q.face, sizeLetters[faceSizes[q.face][0]])
	}
	if !slices.Contains(faceSizes[q.face], int(m.size)) {
		return engine.Illegal(m.String(), "the die shows %s, not %c", q.face, sizeLetters[m.size])
	}
	if q.bag.ofSize(int(m.size)) == 0 {
		return engine.Illegal(m.String(), "the bag holds no %s pyramid", sizeNames[m.size])
	}
	q.size, q.st = m.size, stPick
	return nil
}

func (q *Position) applyPick(m Move) error {
	if !want(m, cDraw) {
		return engine.Illegal(m.String(), "a pyramid is being drawn (draw %cb)", sizeLetters[q.size])
	}
	if int8(m.pc.size()) != q.size {
		return engine.Illegal(m.String(), "the drafter named size %c", sizeLetters[q.size])
	}
	if err := q.takeFromBag(m, m.pc); err != nil {
		return err
	}
	q.held, q.st = m.pc, stPlace
	return nil
}

// R13: the drawn pyramid goes to an open row with fewer than 2.
func (q *Position) applyPlace(m Move) error {
	if !want(m, mPlace) {
		return engine.Illegal(m.String(), "place the %s you drew in a row (place row 1)", q.held.name())
	}
	r := m.row
	if q.closed[r] {
		return engine.Illegal(m.String(), "row %d is closed", r+1)
	}
	if q.dn[r] >= 2 {
		return engine.Illegal(m.String(), "row %d is full", r+1)
	}
	q.drow[r][q.dn[r]] = q.held
	q.dn[r]++
	q.held = noPiece
	q.st = stDraft
	q.mover = q.nextDrafter(q.mover)
	return nil
}

// startRound deals a round: round two swaps the dealt inventories, resets
// the stack and lets the other player lead (R12).
func (q *Position) startRound(n uint8, leader engine.Player) {
	q.round, q.att, q.turn = n, leader, 1
	q.rows, q.rn, q.calls, q.virt = [2][maxTurns]play{}, [2]uint8{}, 0, [2]uint8{}
	if n == 1 {
		q.prev, q.pn = [2][maxTurns]play{}, [2]uint8{}
	}
	q.cur = q.start
	if n == 2 {
		q.inv[0], q.inv[1] = q.dealt[1], q.dealt[0]
	} else {
		q.inv = q.dealt
	}
	q.st = stAttack
}

// checkPlay checks the pieces of a play of pl against the inventory and the
// pummel rule, and the sacrifice direction (R5, R6, R9).
func (q *Position) checkPlay(pl engine.Player, m Move) error {
	if m.kind != mPlay {
		return engine.Illegal(m.String(), "play a pyramid from your inventory, like My")
	}
	inv := &q.inv[pl]
	if inv.total() == 0 {
		last := q.lastPlayed(pl)
		if !m.virt {
			return engine.Illegal(m.String(), "your inventory is empty: you pummel with v%s", last)
		}
		if m.pc != last {
			return engine.Illegal(m.String(), "you pummel with your last played pyramid, %s", last)
		}
		if m.sac != noPiece {
			return engine.Illegal(m.String(), "a virtual play cannot sacrifice")
		}
		return nil
	}
	if m.virt {
		return engine.Illegal(m.String(), "only a player with an empty inventory pummels")
	}
	if inv[m.pc] == 0 {
		return engine.Illegal(m.String(), "you hold no %s pyramid", m.pc.name())
	}
	if m.sac != noPiece {
		if inv[m.sac] == 0 || (m.sac == m.pc && inv[m.sac] < 2) {
			return engine.Illegal(m.String(), "you hold no other %s pyramid to sacrifice", m.sac.name())
		}
		idx := q.cur.index(m.pc.color())
		if m.dir == 0 && idx != 0 && idx != nColors-1 {
			return engine.Illegal(m.String(), "say whether %s moves up or down the stack", colorNames[m.pc.color()])
		}
	}
	return nil
}

// place puts the play into pl's row and moves the stack (R6).
func (q *Position) place(pl engine.Player, m Move, attack bool) {
	if m.virt {
		q.virt[pl]++
	} else {
		q.inv[pl][m.pc]--
	}
	if m.sac != noPiece {
		q.inv[pl][m.sac]--
		dir := int(m.dir)
		if dir == 0 { // the colour is at the top or bottom and does not move
			dir = -1
			if q.cur.index(m.pc.color()) == nColors-1 {
				dir = 1
			}
		}
		q.cur = q.cur.move(m.pc.color(), dir*m.sac.pips())
	}
	if m.call {
		q.calls++
	}
	q.rows[pl][q.rn[pl]] = play{pc: m.pc, sac: m.sac, virt: m.virt, call: m.call, attack: attack}
	q.rn[pl]++
}

// R5: the attack; R10: an attack nobody can parry ends the round at once.
func (q *Position) applyAttack(m Move) error {
	pl := q.att
	if err := q.checkPlay(pl, m); err != nil {
		return err
	}
	if m.call && m.pc.size() != 0 {
		return engine.Illegal(m.String(), "only a small pyramid may call its colour")
	}
	q.place(pl, m, true)
	if !q.hasPlay(opponent(pl), false) {
		q.endRound(pl)
		return nil
	}
	q.st = stParry
	return nil
}

// R7, R8: the parry and who gains the initiative.
func (q *Position) applyParry(m Move) error {
	pl := opponent(q.att)
	if err := q.checkPlay(pl, m); err != nil {
		return err
	}
	a := q.attack()
	if m.call {
		return engine.Illegal(m.String(), "only the attacker may call a colour")
	}
	if !q.qualifies(pl, m.pc, m.virt) {
		switch {
		case a.call:
			return engine.Illegal(m.String(), "%s was called: parry with a %s pyramid", colorNames[a.pc.color()], colorNames[a.pc.color()])
		case m.pc.size() != a.pc.size() && (m.virt || q.inv[pl].ofSize(a.pc.size()) > 0):
			return engine.Illegal(m.String(), "you hold a %s pyramid, so you must parry with one", sizeNames[a.pc.size()])
		default:
			return engine.Illegal(m.String(), "you hold no %s pyramid, so you must parry with a %s one", sizeNames[a.pc.size()], colorNames[a.pc.color()])
		}
	}
	if a.call && m.sac != noPiece && m.sac.color() == a.pc.color() {
		return engine.Illegal(m.String(), "%s was called: you may not sacrifice a %s pyramid this turn", colorNames[a.pc.color()], colorNames[a.pc.color()])
	}
	q.place(pl, m, false)
	// R8: after both sacrifices, compare.
	ac, pc := a.pc.color(), m.pc.color()
	if (m.pc.size() == a.pc.size() && q.cur.index(pc) < q.cur.index(ac)) ||
		(pc == ac && m.pc.size() > a.pc.size()) {
		q.att = pl
	}
	// R10: drawn after the 10th turn, or when both inventories are empty.
	if q.turn >= maxTurns || (q.inv[0].total() == 0 && q.inv[1].total() == 0) {
		q.endRound(-1)
		return nil
	}
	q.turn++
	q.st = stAttack
	return nil
}

// score is the winner's score of a round won by w (R11).
func (q *Position) score(w engine.Player) int {
	n := 0
	for i := uint8(0); i < q.rn[w]; i++ {
		e := q.rows[w][i]
		if !e.virt {
			n++
		}
		if e.sac != noPiece {
			n++
		}
	}
	a := q.rows[w][q.rn[w]-1]
	return n * a.pc.pips() << q.calls << q.virt[w]
}

// endRound scores the round (w < 0: drawn, R10) and starts round two or
// ends the match (R12).
func (q *Position) endRound(w engine.Player) {
	var s [2]int
	if w >= 0 {
		s[w] = q.score(w)
	}
	if q.round == 1 {
		q.r1 = s
		q.prev, q.pn = q.rows, q.rn
		q.startRound(2, opponent(q.lead1))
		return
	}
	q.r2 = s
	q.st = stOver
}
