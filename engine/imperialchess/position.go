package imperialchess

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"postal/engine"
)

// histNode is a list of earlier positions' hashes, newest first, kept since
// the last capture, pawn move, replacement or succession (R18).
type histNode struct {
	hash uint64
	prev *histNode
}

// Position is an immutable position of Imperial Chess.
type Position struct {
	st     state
	side   engine.Player
	ply    int
	last   *Move
	hist   *histNode
	hash   uint64
	result engine.Result
}

var _ engine.Position = (*Position)(nil)

func newPosition(st state, side engine.Player, ply int, last *Move, hist *histNode) *Position {
	p := &Position{st: st, side: side, ply: ply, last: last, hist: hist}
	p.hash = p.st.hashFor(side)
	p.result = p.computeResult()
	return p
}

// hashFor is an FNV-1a hash of everything that makes a position the same
// for the repetition rule (R18): pieces with identities, flags, pools and
// the side to move.
func (st *state) hashFor(side engine.Player) uint64 {
	h := uint64(14695981039346656037)
	for _, b := range st.sq {
		h = (h ^ uint64(b)) * 1099511628211
	}
	for _, set := range [3]*bits{&st.pool, &st.moved, &st.msgr} {
		for _, w := range set {
			h = (h ^ w) * 1099511628211
		}
	}
	return (h ^ uint64(side)) * 1099511628211
}

// ToMove is the side to move, or nobody once the game is over.
func (p *Position) ToMove() []engine.Player {
	if p.result.Over() {
		return nil
	}
	return engine.Players(p.side)
}

// Ply counts the moves played.
func (p *Position) Ply() int { return p.ply }

// Result tells whether the game is over (R18).
func (p *Position) Result() engine.Result { return p.result }

// End returns p as the last position of a game that ended with r (a
// resignation, say): its boards say so. It is never stored or played on.
func (p *Position) End(r engine.Result) engine.Position {
	q := *p
	q.result = r
	return &q
}

// Sample is never called: Imperial Chess has no chance.
func (p *Position) Sample(*rand.Rand) engine.Move { return nil }

// ChargeAvailable reports whether the side to move may charge (R14): at
// least six of its frontline pieces can capture now or after one move.
func (p *Position) ChargeAvailable() bool {
	return !p.result.Over() && p.st.chargeCount(p.side) >= 6
}

func (p *Position) computeResult() engine.Result {
	// R18: a side with no piece of the Imperial family has lost.
	for _, s := range [2]engine.Player{opponent(p.side), p.side} {
		if !p.st.hasImperial(s) {
			return engine.Result{Kind: engine.Win, Winner: opponent(s),
				Reason: sideName(s) + " has no piece of the Imperial family left"}
		}
	}
	n := 1
	for h := p.hist; h != nil; h = h.prev {
		if h.hash == p.hash {
			n++
		}
	}
	if n >= 3 {
		return engine.Result{Kind: engine.Draw, Reason: "the same position occurred for the third time"}
	}
	if !p.st.hasMove(p.side) {
		return engine.Result{Kind: engine.Win, Winner: opponent(p.side), Reason: sideName(p.side) + " cannot move"}
	}
	return engine.Result{}
}

func (st *state) hasImperial(s engine.Player) bool {
	for id := 0; id < nsq; id++ {
		if idValid[id] && idSide[id] == s && idKind[id].isImperial() && st.at[id] != empty {
			return true
		}
	}
	return false
}

// hasMove reports whether side s has any legal move. Every legal move
// (charge and deployment included) needs an ordinary move or a deployment.
func (st *state) hasMove(s engine.Player) bool {
	buf := make([]base, 0, 64)
	for sq := 0; sq < nsq; sq++ {
		if st.sq[sq] != empty && idSide[st.sq[sq]] == s && len(st.gen(sq, buf[:0])) > 0 {
			return true
		}
	}
	for r := 1; r <= size; r++ {
		if st.deployable(s, r) {
			return true
		}
	}
	return false
}

// deployable reports whether s may deploy rank r (1-based) (R15).
func (st *state) deployable(s engine.Player, r int) bool {
	to := r - 1 + forward(s)
	if to < 0 || to >= size {
		return false
	}
	for f := 0; f < size; f++ {
		if a, b := st.sq[(r-1)*size+f], st.sq[to*size+f]; a == empty || idSide[a] != s || b != empty {
			return false
		}
	}
	return true
}

// canDeploy returns "" when s may deploy rank r (1-based), or why not (R15).
func (st *state) canDeploy(s engine.Player, r int) string {
	to := r - 1 + forward(s)
	if to < 0 || to >= size {
		return fmt.Sprintf("rank %d has no rank in front of it", r)
	}
	for f := 0; f < size; f++ {
		sq := (r-1)*size + f
		if st.sq[sq] == empty || idSide[st.sq[sq]] != s {
			return fmt.Sprintf("%s does not hold one of your pieces: all 12 squares of rank %d must hold yours", sqName(sq), r)
		}
	}
	for f := 0; f < size; f++ {
		if sq := to*size + f; st.sq[sq] != empty {
			return fmt.Sprintf("%s is not empty: the 12 squares in front of rank %d must all be empty", sqName(sq), r)
		}
	}
	return ""
}

// Legal lists the single moves and deployments of p, sorted by text.
// Charges are accepted by Apply but not listed (Info.Unlisted).
func (p *Position) Legal(pl engine.Player) []engine.Move {
	if p.result.Over() || pl != p.side {
		return nil
	}
	var buf [512]smove
	ss := p.st.singles(pl, buf[:0])
	moves := make([]Move, len(ss), len(ss)+size)
	for i, m := range ss {
		moves[i] = p.st.move(m)
	}
	for r := 1; r <= size; r++ {
		if p.st.deployable(pl, r) {
			moves = append(moves, Move{Kind: deploy, Rank: r})
		}
	}
	// Sort by canonical text through order-preserving numeric keys, with
	// the move's index in the low 16 bits.
	keys := make([]uint64, len(moves))
	for i := range moves {
		keys[i] = orderKey(&moves[i])<<16 | uint64(i)
	}
	slices.Sort(keys)
	out := make([]engine.Move, len(moves))
	for i, k := range keys {
		out[i] = &moves[k&0xFFFF]
	}
	return out
}

// RandomMove draws one of the moves Legal lists, uniformly, without listing
// them as Moves or sorting them (engine.RandomMover). Charges are left out,
// as by Legal: SampleUnlisted draws them.
func (p *Position) RandomMove(pl engine.Player, rng *rand.Rand) engine.Move {
	if p.result.Over() || pl != p.side {
		return nil
	}
	var buf [512]smove
	ss := p.st.singles(pl, buf[:0])
	var deploys [size]int
	nd := 0
	for r := 1; r <= size; r++ {
		if p.st.deployable(pl, r) {
			deploys[nd] = r
			nd++
		}
	}
	if len(ss)+nd == 0 {
		return nil
	}
	k := rng.IntN(len(ss) + nd)
	if k >= len(ss) {
		return &Move{Kind: deploy, Rank: deploys[k-len(ss)]}
	}
	m := p.st.move(ss[k])
	return &m
}

// Text order of moves as numbers. A single move's text is letter, from
// square, separator, target square and an optional suffix (" =Xsq" sorts
// before " ride Ysq", and no suffix before both); a square's name followed
// by the end or a space sorts as the name alone. Deployments ("deploy N",
// lower case) sort after every single move.
var (
	letterRank  [nkinds]uint64
	nameRank    [nsq]uint64
	fromSepRank [nsq][3]uint64
	seps        = "*-x"
)

func init() {
	for k := kind(0); k < nkinds; k++ {
		for j := kind(0); j < nkinds; j++ {
			if j.letter() < k.letter() {
				letterRank[k]++
			}
		}
	}
	var names, fromSeps []string
	for s := 0; s < nsq; s++ {
		names = append(names, sqNames[s])
		for _, c := range seps {
			fromSeps = append(fromSeps, sqNames[s]+string(c))
		}
	}
	slices.Sort(names)
	slices.Sort(fromSeps)
	for s := 0; s < nsq; s++ {
		i, _ := slices.BinarySearch(names, sqNames[s])
		nameRank[s] = uint64(i)
		for j, c := range seps {
			i, _ := slices.BinarySearch(fromSeps, sqNames[s]+string(c))
			fromSepRank[s][j] = uint64(i)
		}
	}
}

func orderKey(m *Move) uint64 {
	if m.Kind == deploy {
		r, _ := slices.BinarySearch([]string{"1", "10", "11", "12", "2", "3", "4", "5", "6", "7", "8", "9"}, strconv.Itoa(m.Rank))
		return 1<<46 | uint64(r)
	}
	k := letterRank[m.Piece]<<41 | fromSepRank[m.From][strings.IndexByte(seps, m.Sep)]<<32 | nameRank[m.To]<<24
	switch {
	case m.Repl:
		k |= 1<<22 | letterRank[m.ReplPiece]<<8 | nameRank[m.ReplHome]
	case m.Ride:
		k |= 2<<22 | letterRank[m.RidePiece]<<8 | nameRank[m.RideFrom]
	}
	return k
}

// smove is a single move in compact form, as the generator makes it:
// Legal and RandomMove turn only what they hand out into Moves.
type smove struct {
	from, to uint8
	sep      byte  // '-', 'x' or '*'
	extra    uint8 // plainMove, rideMove or replMove
	other    uint8 // rideMove: the lady's square; replMove: the replaced piece's id
}

const (
	plainMove uint8 = iota
	rideMove        // a hitched ride (R13)
	replMove        // a replacement (R12)
)

// singles appends every single move of side pl, with rides (R13) and
// replacements (R12), in the order of the squares.
func (st *state) singles(pl engine.Player, out []smove) []smove {
	var buf [64]base
	for s := 0; s < nsq; s++ {
		if st.sq[s] != empty && idSide[st.sq[s]] == pl {
			out = st.pieceSingles(s, pl, out, buf[:0])
		}
	}
	return out
}

// pieceSingles appends the single moves of the piece on s.
func (st *state) pieceSingles(s int, pl engine.Player, out []smove, buf []base) []smove {
	id := int(st.sq[s])
	k := idKind[id]
	for _, b := range st.gen(s, buf[:0]) {
		m := smove{from: uint8(b.from), to: uint8(b.to), sep: b.sep}
		out = append(out, m)
		if k.isHorseman() {
			for _, d := range kingDirs[:4] {
				l := offset(s, d[0], d[1])
				if l < 0 || st.sq[l] == empty || idSide[st.sq[l]] != pl || !idKind[st.sq[l]].isLady() {
					continue
				}
				if land := offset(b.to, d[0], d[1]); land >= 0 && (st.sq[land] == empty || land == s) {
					out = append(out, smove{from: m.from, to: m.to, sep: m.sep, extra: rideMove, other: uint8(l)})
				}
			}
		}
		if b.sep != '*' && replacer(k) && rankOf(b.to) == farRank(pl) && (st.sq[id] == empty || id == s) {
			for c := 0; c < nsq; c++ {
				if st.pool.has(c) && idSide[c] == pl && st.replaceBar(k, c) == replOK {
					out = append(out, smove{from: m.from, to: m.to, sep: m.sep, extra: replMove, other: uint8(c)})
				}
			}
		}
	}
	return out
}

// move is the Move of the single move m of the piece on m.from.
func (st *state) move(m smove) Move {
	mv := Move{Kind: single, Piece: idKind[st.sq[m.from]], From: int(m.from), To: int(m.to), Sep: m.sep, ReplHome: -1}
	switch m.extra {
	case rideMove:
		mv.Ride, mv.RidePiece, mv.RideFrom = true, idKind[st.sq[m.other]], int(m.other)
	case replMove:
		mv.Repl, mv.ReplPiece, mv.ReplHome = true, idKind[m.other], int(m.other)
	}
	return mv
}

// replacer reports whether a piece of kind k may bring back a piece on the
// far rank (R12).
func replacer(k kind) bool {
	switch k {
	case emperor, empress, impPrincess, queen, pawn, princess:
		return true
	}
	return false
}

// What bars a replacement (R12).
const (
	replOK      = iota
	replTooHigh // a Queen or a Pawn brings back a King or lower
	replRange   // a Princess brings back King down to Princess
	replEmperor // an Emperor is on the board
)

// replaceBar tells whether a k arriving on the far rank may bring back
// captured piece c (replOK), or what bars it (R12).
func (st *state) replaceBar(k kind, c int) int {
	ck := idKind[c]
	switch {
	case (k == queen || k == pawn) && ck < king:
		return replTooHigh
	case k == princess && (ck < king || ck > princess):
		return replRange
	case ck == emperor && st.at[emperorID[idSide[c]]] != empty:
		return replEmperor
	}
	return replOK
}

// replaceable returns "" when a k arriving on the far rank may bring back
// captured piece c, or why not (R12).
func (st *state) replaceable(k kind, c int) string {
	switch ck := idKind[c]; st.replaceBar(k, c) {
	case replTooHigh:
		return fmt.Sprintf("a %s brings back only a King or lower, not an %s", k, ck)
	case replRange:
		return fmt.Sprintf("a Princess brings back only a piece from King down to Princess, not a %s", ck)
	case replEmperor:
		return "an Emperor may not be added while one is on the board"
	}
	return ""
}

// ParseMove reads a move of pl; it checks form only.
func (p *Position) ParseMove(pl engine.Player, text string) (engine.Move, error) {
	m, err := parseMoveOn(p, text)
	if err != nil {
		return nil, err
	}
	return &m, nil
}

// Apply plays m for pl; all legality is decided here.
func (p *Position) Apply(pl engine.Player, em engine.Move) (engine.Position, error) {
	var m Move
	switch v := em.(type) {
	case Move:
		m = v
	case *Move:
		m = *v
	default:
		return nil, engine.Illegal(fmt.Sprint(em), "not an Imperial Chess move")
	}
	if p.result.Over() {
		return nil, engine.Illegal(m.String(), "the game is over (%s)", p.result.Reason)
	}
	if pl != p.side {
		return nil, &engine.NotYourTurnError{Player: pl}
	}
	st := p.st
	var fx effects
	var played Move
	switch m.Kind {
	case deploy:
		if why := st.canDeploy(pl, m.Rank); why != "" {
			return nil, engine.Illegal(m.String(), "%s", why)
		}
		// R15: the whole rank steps forward; no pawn makes a move of its own
		// and nobody is replaced.
		fw := forward(pl)
		for f := 0; f < size; f++ {
			s := (m.Rank-1)*size + f
			id := st.lift(s)
			st.put(id, offset(s, 0, fw))
		}
		st.afterMove(pl, &fx)
		played = m
	case charge:
		var err error
		if played, err = st.playCharge(pl, m, &fx, p); err != nil {
			return nil, err
		}
	default:
		var err error
		if played, err = st.playSingle(pl, m, true, &fx); err != nil {
			return nil, err
		}
		st.afterMove(pl, &fx)
	}
	var hist *histNode
	if !fx.reset {
		hist = &histNode{hash: p.hash, prev: p.hist}
	}
	return newPosition(st, opponent(pl), p.ply+1, &played, hist), nil
}

// effects records what a move did, for the repetition rule: a capture, a
// pawn's own move, a replacement or a succession starts it afresh (R18).
type effects struct{ reset bool }

// afterMove applies R16 after a move (or sub-move) of pl.
func (st *state) afterMove(pl engine.Player, fx *effects) {
	for _, s := range [2]engine.Player{engine.First, engine.Second} {
		if st.at[emperorID[s]] != empty {
			// R16: an Emperor on the board (regained through R12) means
			// no messengers.
			for id := 0; id < nsq; id++ {
				if idSide[id] == s {
					st.msgr.clear(id)
				}
			}
			continue
		}
		for id := 0; id < nsq; id++ {
			if idValid[id] && idSide[id] == s && (idKind[id] == prince || idKind[id] == knight) &&
				st.at[id] != empty && inHome(s, int(st.at[id])) {
				st.msgr.set(id)
			}
		}
	}
	ip := impPrinceID[pl]
	if st.at[emperorID[pl]] != empty || st.at[ip] == empty || !st.pool.has(emperorID[pl]) {
		return
	}
	s := int(st.at[ip])
	for _, d := range kingDirs {
		n := offset(s, d[0], d[1])
		if n >= 0 && st.sq[n] != empty && st.msgr.has(int(st.sq[n])) && idSide[st.sq[n]] == pl {
			// R16: the Imperial Prince is replaced by the captured Emperor.
			st.lift(s)
			st.pool.clear(emperorID[pl])
			st.put(emperorID[pl], s)
			for id := 0; id < nsq; id++ {
				if idSide[id] == pl {
					st.msgr.clear(id)
				}
			}
			fx.reset = true
			return
		}
	}
}

// playSingle checks and plays one single move of pl (rides allowed when
// rides is set) and returns it with the replaced piece's square filled in.
func (st *state) playSingle(pl engine.Player, m Move, rides bool, fx *effects) (Move, error) {
	text := m.String // only for errors: a listed move needs no text
	if m.Kind != single {
		return m, engine.Illegal(text(), "a charge is made of single moves")
	}
	if st.sq[m.From] == empty {
		return m, engine.Illegal(text(), "there is no piece on %s", sqName(m.From))
	}
	id := int(st.sq[m.From])
	k := idKind[id]
	if idSide[id] != pl {
		return m, engine.Illegal(text(), "the %s on %s is %s's", k, sqName(m.From), sideName(idSide[id]))
	}
	if k != m.Piece {
		return m, engine.Illegal(text(), "%s holds a %s (%c), not a %s (%c)", sqName(m.From), k, k.letter(), m.Piece, m.Piece.letter())
	}
	var b base
	found := false
	var buf [64]base
	for _, g := range st.gen(m.From, buf[:0]) {
		if g.to == m.To && g.sep == m.Sep {
			b, found = g, true
			break
		}
	}
	if !found {
		return m, engine.Illegal(text(), "%s", st.whyNot(m, k))
	}
	land := -1
	var lady int
	if m.Ride {
		if !rides {
			return m, engine.Illegal(text(), "a ride is not part of a charge")
		}
		if !k.isHorseman() {
			return m, engine.Illegal(text(), "only a horseman (Imperial Prince, Prince, Knight) gives a ride, not a %s", k)
		}
		df, dr := fileOf(m.RideFrom)-fileOf(m.From), rankOf(m.RideFrom)-rankOf(m.From)
		if df*df+dr*dr != 1 {
			return m, engine.Illegal(text(), "%s is not in front of, behind or beside %s", sqName(m.RideFrom), sqName(m.From))
		}
		if st.sq[m.RideFrom] == empty || idSide[st.sq[m.RideFrom]] != pl {
			return m, engine.Illegal(text(), "there is no piece of yours on %s to ride along", sqName(m.RideFrom))
		}
		lk := idKind[st.sq[m.RideFrom]]
		if lk != m.RidePiece {
			return m, engine.Illegal(text(), "%s holds a %s, not a %s", sqName(m.RideFrom), lk, m.RidePiece)
		}
		if !lk.isLady() {
			return m, engine.Illegal(text(), "only a lady (Empress, Queen, Imperial Princess, Princess) may ride, not a %s", lk)
		}
		land = offset(m.To, df, dr)
		if land < 0 {
			return m, engine.Illegal(text(), "the %s would land off the board", lk)
		}
		if st.sq[land] != empty && land != m.From {
			return m, engine.Illegal(text(), "the %s would land on %s, which is not empty", lk, sqName(land))
		}
		lady = m.RideFrom
	}
	var repl int
	if m.Repl {
		if b.sep == '*' {
			return m, engine.Illegal(text(), "a shot does not bring back a piece")
		}
		if !replacer(k) {
			return m, engine.Illegal(text(), "a %s cannot bring back a piece", k)
		}
		if rankOf(m.To) != farRank(pl) {
			return m, engine.Illegal(text(), "a piece comes back only when its replacer ends on the far rank, rank %d", farRank(pl)+1)
		}
		if m.ReplHome >= 0 {
			repl = m.ReplHome
			if !st.pool.has(repl) || idSide[repl] != pl || idKind[repl] != m.ReplPiece {
				return m, engine.Illegal(text(), "you have no captured %s that started on %s", m.ReplPiece, sqName(repl))
			}
		} else {
			var cands []string
			for c := 0; c < nsq; c++ {
				if st.pool.has(c) && idSide[c] == pl && idKind[c] == m.ReplPiece {
					repl = c
					cands = append(cands, string(m.ReplPiece.letter())+sqName(c))
				}
			}
			if len(cands) == 0 {
				return m, engine.Illegal(text(), "you have no captured %s", m.ReplPiece)
			}
			if len(cands) > 1 {
				return m, engine.Illegal(text(), "name the square: you have %d captured %ss (%s)", len(cands), m.ReplPiece, strings.Join(cands, ", "))
			}
		}
		if why := st.replaceable(k, repl); why != "" {
			return m, engine.Illegal(text(), "%s", why)
		}
		if st.sq[id] != empty && id != m.From {
			return m, engine.Illegal(text(), "the %s's own starting square %s is not empty", k, sqName(id))
		}
	}
	// Play it.
	if st.execBase(b) || k == pawn {
		fx.reset = true
	}
	if land >= 0 {
		lid := st.lift(lady)
		st.put(lid, land)
	}
	if m.Repl {
		st.lift(m.To)
		st.pool.clear(repl)
		st.put(repl, m.To)
		if idKind[repl] == pawn {
			st.moved.set(repl)
		}
		st.put(id, id) // back to its own starting square
		m.ReplHome = repl
		fx.reset = true
	}
	return m, nil
}

// whyNot explains why the piece k on m.From cannot make move m.
func (st *state) whyNot(m Move, k kind) string {
	to := sqName(m.To)
	occ, taken := st.owner(m.To)
	for _, g := range st.gen(m.From, nil) {
		if g.to == m.To {
			return fmt.Sprintf("write %c%s%c%s: %s", k.letter(), sqName(m.From), g.sep, to, map[byte]string{
				'-': to + " is empty", 'x': to + " holds an enemy piece to capture", '*': "a Catapult takes by shooting"}[g.sep])
		}
	}
	switch {
	case m.Sep == '*' && k != catapult:
		return "only a Catapult shoots; write - for a move or x for a capture"
	case m.Sep == '*':
		if !taken || occ == idSide[st.sq[m.From]] {
			return fmt.Sprintf("there is no enemy piece on %s to shoot", to)
		}
		return fmt.Sprintf("%s is not 1 to 4 squares away in a straight line", to)
	case taken && occ == idSide[st.sq[m.From]]:
		return fmt.Sprintf("%s is occupied by your own piece", to)
	case m.Sep == 'x' && !taken:
		return fmt.Sprintf("there is nothing to capture on %s", to)
	case m.Sep == 'x' && (k == princess || k == impPrincess):
		return fmt.Sprintf("a %s never captures", k)
	}
	return fmt.Sprintf("the %s on %s cannot reach %s (%s)", k, sqName(m.From), to, moveRule[k])
}

// moveRule names how each kind moves, with its ruling.
var moveRule = [nkinds]string{
	"any distance in a straight line over empty squares",
	"1 or 2 steps over empty squares",
	"1 to 3 steps over empty squares",
	"1 or 2 steps over empty squares",
	"the 24 leaps of one orthogonal and two diagonal steps",
	"1 or 2 steps over empty squares",
	"the 24 leaps of one orthogonal and two diagonal steps",
	"1 or 2 steps over empty squares",
	"the 12 leaps of one orthogonal and one diagonal step",
	"any distance along a rank or file over empty squares",
	"any distance diagonally over empty squares",
	"one step onto an empty square, or a shot",
	"1 or 2 steps over empty squares",
	"two squares straight over an empty square, or one diagonally",
	"forward one, two on its first move, capturing straight or diagonally forward",
}

// files returns the file each piece stands on, -1 for those off the board:
// a charge moves one piece from each file as it stood when the turn began
// (R14).
func (st *state) files() [nsq]int8 {
	var f [nsq]int8
	for id := range f {
		f[id] = -1
		if st.at[id] != empty {
			f[id] = int8(fileOf(int(st.at[id])))
		}
	}
	return f
}

// playCharge checks and plays a charge (R14).
func (st *state) playCharge(pl engine.Player, m Move, fx *effects, p *Position) (Move, error) {
	text := m.String()
	if n := st.chargeCount(pl); n < 6 {
		return m, engine.Illegal(text, "no charge is available: only %d frontline pieces can capture now or after one move, six are needed", n)
	}
	if len(m.Subs) == 0 {
		return m, engine.Illegal(text, "a charge needs at least one sub-move")
	}
	// The file each piece stood on at the start of the turn.
	startFile := st.files()
	var used [size]bool
	played := Move{Kind: charge}
	for i, sub := range m.Subs {
		if i > 0 && (!st.hasImperial(opponent(pl))) {
			return m, engine.Illegal(text, "the game ended with sub-move %d (%s): nothing may follow it", i, m.Subs[i-1])
		}
		if sub.Kind == single && st.sq[sub.From] != empty {
			if id := st.sq[sub.From]; idSide[id] == pl {
				f := startFile[id]
				if f < 0 {
					return m, engine.Illegal(text, "sub-move %d (%s): that piece was not on the board when the charge began", i+1, sub)
				}
				if used[f] {
					return m, engine.Illegal(text, "sub-move %d (%s): file %c has already charged; one piece moves from each file", i+1, sub, 'a'+f)
				}
				used[f] = true
			}
		}
		done, err := st.playSingle(pl, sub, false, fx)
		if err != nil {
			ie := err.(*engine.IllegalMoveError)
			return m, engine.Illegal(text, "sub-move %d (%s): %s", i+1, sub, ie.Reason)
		}
		st.afterMove(pl, fx)
		played.Subs = append(played.Subs, done)
	}
	if st.hasImperial(opponent(pl)) {
		// R14: a file may be skipped only if none of its pieces can move now.
		buf := make([]base, 0, 64)
		for s := 0; s < nsq; s++ {
			id := st.sq[s]
			if id == empty || idSide[id] != pl || startFile[id] < 0 || used[startFile[id]] {
				continue
			}
			if len(st.gen(s, buf[:0])) > 0 {
				return m, engine.Illegal(text, "file %c is skipped but the %s on %s can still move", 'a'+startFile[id], idKind[id], sqName(s))
			}
		}
	}
	return played, nil
}

// opponent is the other player of this game of two (engine.Player names
// no opponent: a game may have more seats).
func opponent(p engine.Player) engine.Player { return 1 - p }
