package initiative

import (
	"fmt"
	"strconv"
	"strings"

	"postal/engine"
)

// The position text: "initiative" then key=value fields, in this order, each
// written only at the stages where it matters:
//
//	draft=no|yes stack=random|bgkyr     the options
//	start=bgkyr cur=ygbrk               the stack at the start and now, once drawn
//	stage=attack ply=57                 the stage and the moves played so far
//	bag=SbMgMg inv1=... inv2=...        the bag and both inventories ("-" empty)
//	rows=MbLk/x./Sg pass=- mover=first  the draft's rows (x closed, . empty), who
//	face=S/M size=M held=Mb             has passed, who drafts, the pending draw
//	dealt1=... dealt2=...               the inventories as dealt (R12)
//	round=1 lead=first att=second turn=3  the round, who led round one, who attacks
//	row1=*Sb!,Mb/Lr,*vLb row2=...       plays: * attack, v virtual, /sacrifice, ! call
//	prev1=... prev2=...                 round one's rows, until round two's first play
//	r1=24,0 r2=0,9                      scores of finished rounds
//	last=second:My_sac_Mk_up            the last move (spaces as _), or -
func (p *Position) String() string { return p.text(true) }

// Key is the transposition key (engine.Keyed): the String without the ply,
// the last move and round one's rows shown at the start of round two, which
// only the boards show. The rest decides the game: the options, the stack
// (R2, R6), the stage with its pending draw (a rolled face, a named size, a
// held pyramid: R3, R13), the bag and the inventories, the draft's rows and
// passes (R13, R14), the inventories as dealt for round two (R12), the
// round, who led and who attacks, the turn, both rows (R9 reads the last
// pyramid played) and the scores (R11).
func (p *Position) Key() string { return p.text(false) }

// text writes the String, or the Key without whole.
func (p *Position) text(whole bool) string {
	var b strings.Builder
	w := func(k, v string) { b.WriteString(" " + k + "=" + v) }
	b.WriteString("initiative")
	w("draft", map[bool]string{false: "no", true: "yes"}[p.draft])
	if p.fixed {
		w("stack", p.opt.String())
	} else {
		w("stack", "random")
	}
	if p.stackSet {
		w("start", p.start.String())
		w("cur", p.cur.String())
	}
	w("stage", stageNames[p.st])
	if whole {
		w("ply", strconv.Itoa(p.ply))
	}
	w("bag", p.bag.String())
	w("inv1", p.inv[0].String())
	w("inv2", p.inv[1].String())
	if p.inDraft() {
		rs := make([]string, 3)
		for r := range rs {
			s := ""
			if p.closed[r] {
				s = "x"
			}
			for i := uint8(0); i < p.dn[r]; i++ {
				s += p.drow[r][i].String()
			}
			if p.dn[r] == 0 {
				s += "."
			}
			rs[r] = s
		}
		w("rows", strings.Join(rs, "/"))
		pass := "-"
		for i, x := range p.passed {
			if x {
				pass = sideWords[i]
			}
		}
		w("pass", pass)
		w("mover", sideWords[p.mover])
		switch p.st {
		case stSize:
			w("face", p.face.String())
		case stPick:
			w("size", string(sizeLetters[p.size]))
		case stPlace:
			w("held", p.held.String())
		}
	}
	if p.st >= stAttack {
		w("dealt1", p.dealt[0].String())
		w("dealt2", p.dealt[1].String())
		w("round", strconv.Itoa(int(p.round)))
		w("lead", sideWords[p.lead1])
		w("att", sideWords[p.att])
		w("turn", strconv.Itoa(int(p.turn)))
		for pl := 0; pl < 2; pl++ {
			w("row"+strconv.Itoa(pl+1), rowText(p.rows[pl][:p.rn[pl]]))
		}
		if whole && p.showPrev() {
			for pl := 0; pl < 2; pl++ {
				w("prev"+strconv.Itoa(pl+1), rowText(p.prev[pl][:p.pn[pl]]))
			}
		}
		if p.round == 2 {
			w("r1", fmt.Sprintf("%d,%d", p.r1[0], p.r1[1]))
		}
		if p.st == stOver {
			w("r2", fmt.Sprintf("%d,%d", p.r2[0], p.r2[1]))
		}
	}
	switch {
	case !whole:
	case p.last.Text() == "":
		w("last", "-")
	default:
		who := "chance"
		if p.lastBy != engine.Chance {
			who = sideWords[p.lastBy]
		}
		w("last", who+":"+strings.ReplaceAll(p.last.Text(), " ", "_"))
	}
	return b.String()
}

func (p *Position) inDraft() bool { return p.st >= stDraft && p.st <= stPlace }

func rowText(es []play) string {
	if len(es) == 0 {
		return "-"
	}
	parts := make([]string, len(es))
	for i, e := range es {
		s := ""
		if e.attack {
			s += "*"
		}
		if e.virt {
			s += "v"
		}
		s += e.pc.String()
		if e.sac != noPiece {
			s += "/" + e.sac.String()
		}
		if e.call {
			s += "!"
		}
		parts[i] = s
	}
	return strings.Join(parts, ",")
}

func parseRow(v string) ([]play, bool) {
	if v == "-" {
		return nil, true
	}
	var out []play
	for _, t := range strings.Split(v, ",") {
		e := play{sac: noPiece}
		if strings.HasPrefix(t, "*") {
			e.attack, t = true, t[1:]
		}
		if strings.HasPrefix(t, "v") {
			e.virt, t = true, t[1:]
		}
		if strings.HasSuffix(t, "!") {
			e.call, t = true, t[:len(t)-1]
		}
		a, s, hasSac := strings.Cut(t, "/")
		pc, ok := parsePieceStrict(a)
		if !ok {
			return nil, false
		}
		e.pc = pc
		if hasSac {
			if e.virt {
				return nil, false
			}
			if e.sac, ok = parsePieceStrict(s); !ok {
				return nil, false
			}
		}
		if e.call && pc.size() != 0 {
			return nil, false
		}
		out = append(out, e)
	}
	return out, true
}

// parsePieceStrict reads a pyramid in its canonical case only.
func parsePieceStrict(t string) (piece, bool) {
	pc, ok := parsePiece(t)
	if !ok || pc.String() != t {
		return noPiece, false
	}
	return pc, true
}

func parseMultiset(v string) (multiset, bool) {
	var m multiset
	if v == "-" {
		return m, true
	}
	if len(v)%2 != 0 || len(v) == 0 {
		return m, false
	}
	for i := 0; i < len(v); i += 2 {
		pc, ok := parsePieceStrict(v[i : i+2])
		if !ok || m[pc] >= bagCopies(pc) {
			return m, false
		}
		m[pc]++
	}
	return m, true
}

func parseSide(v string) (engine.Player, bool) {
	switch v {
	case "first":
		return engine.First, true
	case "second":
		return engine.Second, true
	}
	return 0, false
}

func posErr(text, format string, args ...any) error {
	return fmt.Errorf("initiative: bad position %q: %s", text, fmt.Sprintf(format, args...))
}

func parsePosition(text string) (*Position, error) {
	fields := strings.Fields(text)
	if len(fields) == 0 || fields[0] != "initiative" {
		return nil, posErr(text, "it must start with \"initiative\"")
	}
	kv := map[string]string{}
	var order []string
	for _, f := range fields[1:] {
		k, v, ok := strings.Cut(f, "=")
		if !ok || v == "" {
			return nil, posErr(text, "%q is not key=value", f)
		}
		if _, dup := kv[k]; dup {
			return nil, posErr(text, "%s given twice", k)
		}
		kv[k] = v
		order = append(order, k)
	}
	p := newPosition()
	used := map[string]bool{}
	get := func(k string) (string, error) {
		v, ok := kv[k]
		if !ok {
			return "", posErr(text, "%s is missing", k)
		}
		used[k] = true
		return v, nil
	}
	var err error
	var v string
	ms := func(k string, dst *multiset) error {
		if v, err = get(k); err != nil {
			return err
		}
		m, ok := parseMultiset(v)
		if !ok {
			return posErr(text, "%s=%s is not a list of pyramids", k, v)
		}
		*dst = m
		return nil
	}
	side := func(k string, dst *engine.Player) error {
		if v, err = get(k); err != nil {
			return err
		}
		s, ok := parseSide(v)
		if !ok {
			return posErr(text, "%s must be first or second", k)
		}
		*dst = s
		return nil
	}
	num := func(k string, lo, hi int) (int, error) {
		if v, err = get(k); err != nil {
			return 0, err
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < lo || n > hi || strconv.Itoa(n) != v {
			return 0, posErr(text, "%s must be a number from %d to %d", k, lo, hi)
		}
		return n, nil
	}
	if v, err = get("draft"); err != nil {
		return nil, err
	}
	switch v {
	case "no":
	case "yes":
		p.draft = true
	default:
		return nil, posErr(text, "draft must be no or yes")
	}
	if v, err = get("stack"); err != nil {
		return nil, err
	}
	if v != "random" {
		s, ok := parseStack(v)
		if !ok || s.String() != v {
			return nil, posErr(text, "stack must be random or five colour letters")
		}
		p.fixed, p.opt = true, s
	}
	if v, err = get("stage"); err != nil {
		return nil, err
	}
	st := -1
	for i, n := range stageNames {
		if n == v {
			st = i
		}
	}
	if st < 0 {
		return nil, posErr(text, "unknown stage %q", v)
	}
	p.st = stage(st)
	if p.draft && p.st == stDeal || !p.draft && p.inDraft() || !p.draft && p.st == stDrafter {
		return nil, posErr(text, "stage %s does not fit draft=%s", v, kv["draft"])
	}
	if p.st != stStack {
		p.stackSet = true
		for _, k := range []string{"start", "cur"} {
			if v, err = get(k); err != nil {
				return nil, err
			}
			s, ok := parseStack(v)
			if !ok || s.String() != v {
				return nil, posErr(text, "%s must be five different colour letters", k)
			}
			if k == "start" {
				p.start = s
			} else {
				p.cur = s
			}
		}
		if p.fixed && p.start != p.opt {
			return nil, posErr(text, "start differs from the stack option")
		}
		if p.st < stAttack && p.cur != p.start {
			return nil, posErr(text, "the stack moves only in play")
		}
	} else if p.fixed {
		return nil, posErr(text, "a fixed stack is not drawn")
	}
	if p.ply, err = num("ply", 0, 1<<20); err != nil {
		return nil, err
	}
	if err := ms("bag", &p.bag); err != nil {
		return nil, err
	}
	if err := ms("inv1", &p.inv[0]); err != nil {
		return nil, err
	}
	if err := ms("inv2", &p.inv[1]); err != nil {
		return nil, err
	}
	for pl := 0; pl < 2; pl++ {
		if p.inv[pl].total() > inventory {
			return nil, posErr(text, "an inventory holds more than 10 pyramids")
		}
	}
	// Setup and draft: every pyramid is in the bag, an inventory, a row or
	// the drafter's hand.
	if p.st < stAttack {
		all := p.bag
		for pl := 0; pl < 2; pl++ {
			for k := range all {
				all[k] += p.inv[pl][k]
			}
		}
		if p.inDraft() {
			if v, err = get("rows"); err != nil {
				return nil, err
			}
			rs := strings.Split(v, "/")
			if len(rs) != 3 {
				return nil, posErr(text, "rows must be three rows separated by /")
			}
			for r, s := range rs {
				if strings.HasPrefix(s, "x") {
					p.closed[r], s = true, s[1:]
				}
				if s == "." {
					continue
				}
				if len(s) != 2 && len(s) != 4 {
					return nil, posErr(text, "row %d must hold one or two pyramids, or be .", r+1)
				}
				for i := 0; i < len(s); i += 2 {
					pc, ok := parsePieceStrict(s[i : i+2])
					if !ok {
						return nil, posErr(text, "row %d holds %q", r+1, s[i:i+2])
					}
					p.drow[r][p.dn[r]] = pc
					p.dn[r]++
					all[pc]++
				}
			}
			if v, err = get("pass"); err != nil {
				return nil, err
			}
			if v != "-" {
				s, ok := parseSide(v)
				if !ok {
					return nil, posErr(text, "pass must be -, first or second")
				}
				p.passed[s] = true
			}
			if err := side("mover", &p.mover); err != nil {
				return nil, err
			}
			if p.passed[p.mover] || p.inv[p.mover].total() >= inventory {
				return nil, posErr(text, "the mover has passed or stopped")
			}
			switch p.st {
			case stSize:
				if v, err = get("face"); err != nil {
					return nil, err
				}
				f := face(-1)
				for i, n := range faceNames {
					if n == v && i >= 3 {
						f = face(i)
					}
				}
				if f < 0 {
					return nil, posErr(text, "face must be S/M, S/L or M/L")
				}
				p.face = f
			case stPick:
				if v, err = get("size"); err != nil {
					return nil, err
				}
				if len(v) != 1 || strings.IndexByte(sizeLetters, v[0]) < 0 {
					return nil, posErr(text, "size must be S, M or L")
				}
				p.size = int8(strings.IndexByte(sizeLetters, v[0]))
				if p.bag.ofSize(int(p.size)) == 0 {
					return nil, posErr(text, "the bag holds no pyramid of that size")
				}
			case stPlace:
				if v, err = get("held"); err != nil {
					return nil, err
				}
				pc, ok := parsePieceStrict(v)
				if !ok {
					return nil, posErr(text, "held must be a pyramid")
				}
				p.held = pc
				all[pc]++
				if !p.canPlace() {
					return nil, posErr(text, "no open row has room for the held pyramid")
				}
			}
		}
		for k := range all {
			if all[k] != bagCopies(piece(k)) {
				return nil, posErr(text, "the pyramids do not add up to the bag's 25 (%s)", piece(k))
			}
		}
		if p.st == stDeal && (p.inv[0].total() < inventory && p.inv[1].total() > 0 || p.inv[1].total() >= inventory) {
			return nil, posErr(text, "the deal gives ten to the first player, then ten to the second")
		}
		if (p.st == stStack || p.st == stDrafter) && (p.inv[0].total() > 0 || p.inv[1].total() > 0) {
			return nil, posErr(text, "nothing is dealt before stage %s ends", stageNames[p.st])
		}
		if p.st == stLead {
			if p.inv[0].total() != inventory || p.inv[1].total() != inventory {
				return nil, posErr(text, "both players hold ten pyramids when the leader is drawn")
			}
			p.dealt = p.inv
		}
	} else if err := p.parsePlay(text, get, ms, side, num); err != nil {
		return nil, err
	}
	if v, err = get("last"); err != nil {
		return nil, err
	}
	if v != "-" {
		who, mv, ok := strings.Cut(v, ":")
		var pl engine.Player
		switch who {
		case "chance":
			pl = engine.Chance
		case "first", "second":
			pl, _ = parseSide(who)
		default:
			ok = false
		}
		if !ok {
			return nil, posErr(text, "last must be -, or who:move")
		}
		m, err := parseMove(pl, strings.ReplaceAll(mv, "_", " "))
		if err != nil {
			return nil, posErr(text, "last move: %v", err)
		}
		p.lastBy, p.last = pl, engine.LastMove[Move]{Move: m, Set: true}
	}
	for _, k := range order {
		if !used[k] {
			return nil, posErr(text, "%s does not belong at stage %s", k, stageNames[p.st])
		}
	}
	return p, nil
}

func (p *Position) canPlace() bool {
	for r := 0; r < 3; r++ {
		if !p.closed[r] && p.dn[r] < 2 {
			return true
		}
	}
	return false
}

// parsePlay reads the fields of the rounds and checks that they add up.
func (p *Position) parsePlay(text string, get func(string) (string, error), ms func(string, *multiset) error,
	side func(string, *engine.Player) error, num func(string, int, int) (int, error)) error {
	if err := ms("dealt1", &p.dealt[0]); err != nil {
		return err
	}
	if err := ms("dealt2", &p.dealt[1]); err != nil {
		return err
	}
	for k := range p.bag {
		if p.bag[k]+p.dealt[0][k]+p.dealt[1][k] != bagCopies(piece(k)) {
			return posErr(text, "the bag and the dealt inventories do not add up to 25")
		}
	}
	if p.dealt[0].total() != inventory || p.dealt[1].total() != inventory {
		return posErr(text, "each player is dealt ten pyramids")
	}
	r, err := num("round", 1, 2)
	if err != nil {
		return err
	}
	p.round = uint8(r)
	if p.st == stOver && r != 2 {
		return posErr(text, "the match ends after round 2")
	}
	if err := side("lead", &p.lead1); err != nil {
		return err
	}
	if err := side("att", &p.att); err != nil {
		return err
	}
	t, err := num("turn", 1, maxTurns)
	if err != nil {
		return err
	}
	p.turn = uint8(t)
	for pl := 0; pl < 2; pl++ {
		v, err := get("row" + strconv.Itoa(pl+1))
		if err != nil {
			return err
		}
		es, ok := parseRow(v)
		if !ok || len(es) > maxTurns {
			return posErr(text, "row%d=%s is not a row of plays", pl+1, v)
		}
		copy(p.rows[pl][:], es)
		p.rn[pl] = uint8(len(es))
		// What was dealt is either held or in the row.
		held := p.inv[pl]
		for _, e := range es {
			if !e.virt {
				held[e.pc]++
			}
			if e.sac != noPiece {
				held[e.sac]++
			}
			if e.call {
				p.calls++
			}
			if e.virt {
				p.virt[pl]++
			}
		}
		src := pl
		if p.round == 2 {
			src = 1 - pl
		}
		if held != p.dealt[src] {
			return posErr(text, "inventory and row of player %d do not add up to what was dealt", pl+1)
		}
	}
	if p.round == 2 && p.st == stAttack && p.rn[0] == 0 && p.rn[1] == 0 {
		for pl := 0; pl < 2; pl++ {
			v, err := get("prev" + strconv.Itoa(pl+1))
			if err != nil {
				return err
			}
			es, ok := parseRow(v)
			if !ok || len(es) > maxTurns {
				return posErr(text, "prev%d=%s is not a row of plays", pl+1, v)
			}
			copy(p.prev[pl][:], es)
			p.pn[pl] = uint8(len(es))
		}
		if p.pn[0]+p.pn[1] == 0 {
			return posErr(text, "round one left no plays")
		}
	}
	a, d := p.rn[p.att], p.rn[opponent(p.att)]
	switch p.st {
	case stAttack:
		if a != uint8(t-1) || d != a {
			return posErr(text, "both rows hold turn-1 plays when an attack is due")
		}
	case stParry:
		if a != uint8(t) || d != a-1 || !p.rows[p.att][a-1].attack {
			return posErr(text, "the attacker's row holds the attack of this turn")
		}
	case stOver:
		if a > uint8(t) || d > uint8(t) || a+1 < uint8(t) || d+1 < uint8(t) {
			return posErr(text, "the rows do not fit the turn")
		}
	}
	for i, k := range [2]string{"r1", "r2"} {
		if i == 0 && p.round != 2 || i == 1 && p.st != stOver {
			continue
		}
		v, err := get(k)
		if err != nil {
			return err
		}
		x, y, ok := strings.Cut(v, ",")
		n1, e1 := strconv.Atoi(x)
		n2, e2 := strconv.Atoi(y)
		if !ok || e1 != nil || e2 != nil || n1 < 0 || n2 < 0 || n1 > 1<<40 || n2 > 1<<40 ||
			strconv.Itoa(n1) != x || strconv.Itoa(n2) != y {
			return posErr(text, "%s must be two scores like 24,0", k)
		}
		s := [2]int{n1, n2}
		if i == 0 {
			p.r1 = s
		} else {
			p.r2 = s
		}
	}
	return nil
}
