package superial

import (
	"math/rand/v2"

	"postal/engine"
)

// The multiplayer ruleset, rulings R13-R13f: three or four players on a
// 10x10 board, each holding a side (South, West, North, East). A piece's
// team is its owner; its core colour is its owner's (coreColors), and a
// captured cube passes to its capturer. The turns and captures are those of
// the classic game (board.turn); this file adds the seats, elimination and
// placings.

// multiSides name the seats in turn order (R13).
var multiSides = [maxSeats]string{"South", "West", "North", "East"}

// multiLetters are the seats' letters: upper case on the board, lower case
// for the side to move.
const multiLetters = "SWNE"

// multiN is the side of the multiplayer board (R13).
const multiN = 10

// Why a player went out (R13d), as a position's text writes it.
const (
	outResigned = 'r'
	outTimeout  = 't'
	outNoPieces = 'p'
	outNoTurn   = 'm'
)

// outWords say why a player went out, for people.
var outWords = map[byte]string{
	outResigned: "resigned",
	outTimeout:  "ran out of time",
	outNoPieces: "owns no pieces",
	outNoTurn:   "cannot move",
}

// multiPosition is an immutable position of the multiplayer ruleset.
type multiPosition struct {
	b       board
	players int8 // 3 or 4 (R13)
	side    int8 // the seat to move, one still in
	// place holds the place of each seat out of the game, 0 while in
	// (R13d); why says how it went out (outResigned...).
	place [maxSeats]int8
	why   [maxSeats]byte
	ply   int
	quiet int // plies of play since the last capture or aspect change (R13e)
	// last is the last move, unset at the start; left, when set, says the
	// last move was that player leaving instead (R13d). lastBy is the seat
	// that made it.
	last   engine.LastMove[Move]
	left   engine.Leaving
	lastBy int8
	// hist holds the hashes of the earlier positions since the last
	// elimination, newest first, for the repetition rule (R13e).
	hist   *histNode
	result engine.Result
	// v1 plays by rules version 1 (records written before R13g): a player
	// whose turn comes with no piece or no legal turn goes out before a
	// draw is judged.
	v1 bool
}

var (
	_ engine.Position = (*multiPosition)(nil)
	_ engine.Leaver   = (*multiPosition)(nil)
)

// multiStart is the setup of R13a: each player's six pushers on the squares
// of its core colour in its two edge lines, the 2x2 corners left empty.
func multiStart(players int) *multiPosition {
	p := &multiPosition{b: board{n: multiN}, players: int8(players)}
	for f := int8(0); f < multiN; f++ {
		for r := int8(0); r < multiN; r++ {
			s := sq{f, r}
			if t := homeSeat(s); t >= 0 && t < players && teamColor(s, t) {
				p.b.set(s, piece(t, pusher))
			}
		}
	}
	p.settle()
	return p
}

// homeSeat is the seat whose two edge lines hold s, -1 for the middle and
// the corners (R13).
func homeSeat(s sq) int {
	edge := func(x int8) int { // -1 low edge, 1 high edge, 0 neither
		switch {
		case x < 2:
			return -1
		case x >= multiN-2:
			return 1
		}
		return 0
	}
	switch f, r := edge(s.f), edge(s.r); {
	case f != 0 && r != 0, f == 0 && r == 0:
		return -1
	case r == -1:
		return 0 // South
	case f == -1:
		return 1 // West
	case r == 1:
		return 2 // North
	}
	return 3 // East
}

// in reports whether seat t is still in the game.
func (p *multiPosition) in(t int) bool { return t < int(p.players) && p.place[t] == 0 }

// inCount is the number of players still in.
func (p *multiPosition) inCount() int {
	n := 0
	for t := range int(p.players) {
		if p.in(t) {
			n++
		}
	}
	return n
}

// nextIn is the seat still in whose turn follows t's (R13: South, West,
// North, East; turns of players out are skipped, R13d).
func (p *multiPosition) nextIn(t int) int {
	for i := 1; i <= int(p.players); i++ {
		if s := (t + i) % int(p.players); p.in(s) {
			return s
		}
	}
	return t
}

// eliminate takes seat t out for reason why: placed behind every player
// still in (R13d). No earlier position can come back (R13e counts the
// players still in).
func (p *multiPosition) eliminate(t int, why byte) {
	p.place[t] = int8(p.inCount())
	p.why[t] = why
	p.hist = nil
}

// settle brings the turn to a player who can play: from the seat to move
// on, every player whose turn comes with no piece or no legal turn is out
// (R13d). Then it computes the result: one player left wins (R13d); a third
// repetition or 100 quiet plies draw among those still in (R13e). The ply
// that completes a draw ends the game before the next player's turn, so
// nobody goes out at it (R13g); rules version 1 put players out first.
func (p *multiPosition) settle() {
	p.result = engine.Result{}
	if !p.in(int(p.side)) {
		p.side = int8(p.nextIn(int(p.side)))
	}
	reason := ""
	if !p.v1 && p.inCount() > 1 {
		reason = p.drawReason()
	}
	for reason == "" && p.inCount() > 1 {
		t := int(p.side)
		switch {
		case !p.in(t):
			p.side = int8(p.nextIn(t))
			continue
		case p.b.owned()[t] == 0:
			p.eliminate(t, outNoPieces)
			continue
		case !p.b.hasTurn(t):
			p.eliminate(t, outNoTurn)
			continue
		}
		break
	}
	places := make([]int, p.players)
	for t := range places {
		places[t] = int(p.place[t])
	}
	p.result.Places = places
	if p.inCount() == 1 {
		for w := range int(p.players) {
			if p.in(w) {
				p.side, places[w] = int8(w), 1
				p.result.Kind, p.result.Winner, p.result.Reason = engine.Win, engine.Player(w), p.lastOut()
			}
		}
		return
	}
	if p.v1 { // version 2 judged the draw before anyone went out
		reason = p.drawReason()
	}
	if reason != "" {
		p.result = p.result.Drawn(reason)
	}
}

// drawReason says why the game is drawn among the players still in (R13e), ""
// when it is not: a third repetition, or 100 quiet plies.
func (p *multiPosition) drawReason() string {
	switch {
	case 1+p.hist.seen(p.hash(), p.inCount()) >= 3:
		return "the same position occurred for the third time"
	case p.quiet >= drawLimit:
		return "100 moves in a row without a capture or an aspect change"
	}
	return ""
}

// lastOut says why the last player to go out went: "West resigned".
func (p *multiPosition) lastOut() string {
	last := -1
	for t := range int(p.players) {
		if p.place[t] != 0 && (last < 0 || p.place[t] < p.place[last]) {
			last = t
		}
	}
	if last < 0 {
		return ""
	}
	return multiSides[last] + " " + outWords[p.why[last]]
}

// ToMove lists the player to move, nobody once the game is over.
func (p *multiPosition) ToMove() []engine.Player {
	if p.result.Over() {
		return nil
	}
	return engine.Players(engine.Player(p.side))
}

func (p *multiPosition) Ply() int              { return p.ply }
func (p *multiPosition) Result() engine.Result { return p.result }

// Sample is never called: the ruleset has no chance (R13e).
func (p *multiPosition) Sample(*rand.Rand) engine.Move { return nil }

// Legal lists the moves of pl sorted by their text, as in the classic game.
func (p *multiPosition) Legal(pl engine.Player) []engine.Move {
	if !engine.Acts(p, pl) {
		return nil
	}
	return p.b.legal(int(p.side))
}

// ParseMove reads the text of a move of pl (form only), squares a1-j10
// (R13f). A player leaves with engine.Play or engine.Leave, not a move.
func (p *multiPosition) ParseMove(pl engine.Player, text string) (engine.Move, error) {
	if pl < 0 || int(pl) >= int(p.players) {
		return nil, engine.Syntax(text, 0, "no such player: the players are %s", p.seatList())
	}
	m, err := parseMove(multiN, pl, text)
	if err != nil {
		return nil, err
	}
	return m, nil
}

// seatList names the seats of the game: "South, West, North".
func (p *multiPosition) seatList() string {
	s := ""
	for t := range int(p.players) {
		if t > 0 {
			s += ", "
		}
		s += multiSides[t]
	}
	return s
}

// Apply plays m for pl: a turn of the classic game (R5-R9 with R13b-R13c),
// then the turn passes on (R13d).
func (p *multiPosition) Apply(pl engine.Player, m engine.Move) (engine.Position, error) {
	mv, err := actingMove(p, pl, m, "Superial Chess move")
	if err != nil {
		return nil, err
	}
	if mv.kind == kindRandom || mv.kind == kindThrow {
		return nil, engine.Illegal(mv.text, "the multiplayer ruleset has no random moves")
	}
	mv, err = p.b.complete(mv)
	if err != nil {
		return nil, err
	}
	next := *p
	next.ply++
	next.quiet++
	last, reset, err := next.b.turn(int(p.side), multiSides[:], mv)
	if err != nil {
		return nil, err
	}
	if reset {
		next.quiet = 0
	}
	next.last, next.left, next.lastBy = engine.LastMove[Move]{Move: last, Set: true}, 0, p.side
	next.hist = p.hist.push(p.hash(), p.inCount())
	next.side = int8(p.nextIn(int(p.side)))
	next.settle()
	return &next, nil
}

// Leave takes pl out of the game (R13d): a resignation or a timeout, at any
// time. It counts as a ply, not as play: the 100 quiet plies of R13e go on
// from where they were.
func (p *multiPosition) Leave(pl engine.Player, how engine.Leaving) (engine.Position, error) {
	why := byte(outResigned)
	switch how {
	case engine.Resign:
	case engine.Timeout:
		why = outTimeout
	default:
		return nil, engine.Illegal(how.String(), "a player leaves by resigning or on time")
	}
	switch {
	case p.result.Over():
		return nil, engine.Illegal(how.String(), "the game is over")
	case pl < 0 || int(pl) >= int(p.players):
		return nil, engine.Illegal(how.String(), "no such player: the players are %s", p.seatList())
	case !p.in(int(pl)):
		return nil, engine.Illegal(how.String(), "%s is out of the game already", multiSides[pl])
	}
	next := *p
	next.ply++
	next.last, next.left, next.lastBy = engine.LastMove[Move]{}, how, int8(pl)
	next.eliminate(int(pl), why)
	next.settle()
	return &next, nil
}

// End returns p as the last position of a game that ended with r off the
// board (a draw agreed by every player still in, R13e): its boards say so.
// It is never stored or played on.
func (p *multiPosition) End(r engine.Result) engine.Position {
	q := *p
	q.result = r
	return &q
}

// hash identifies a position for the repetition rule (R13e): pieces,
// owners, aspects, player to move, players still in.
func (p *multiPosition) hash() uint64 {
	h := newFNV()
	h.mix(byte(p.players))
	for i := 0; i < multiN*multiN; i++ {
		h.mix(byte(p.b.cells[i]))
	}
	h.mix(byte(p.side))
	for t := range int(p.players) {
		if p.in(t) {
			h.mix(1)
		} else {
			h.mix(0)
		}
	}
	return uint64(h)
}

// RandomMove draws one of the moves Legal lists, uniformly, without writing
// and sorting them all (engine.RandomMover): the classic game's generator,
// with no random move (R13e).
func (p *multiPosition) RandomMove(pl engine.Player, rng *rand.Rand) engine.Move {
	if !engine.Acts(p, pl) {
		return nil
	}
	return p.b.randomMove(int(p.side), false, rng)
}

// lastText is the last move's text, a leaving's included; "" at the start.
func (p *multiPosition) lastText() string {
	if p.left != 0 {
		return p.left.String()
	}
	return p.last.Text()
}
