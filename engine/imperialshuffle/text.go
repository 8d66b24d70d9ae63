package imperialshuffle

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"postal/engine"
)

// String writes the position as one line of eight fields:
//
//	standard nobles=ygb BOARD1 BOARD2 STATE PLY LAST HISTORY
//
// BOARD is a player's board ranks 4 to 1 separated by '/', a piece as type
// and colour ("Ny"), a dead piece with a lower-case type ("ny"), or "-" before
// that player has set up. STATE is "setup", "random1"/"random2" (a random
// arrangement is being drawn for that player) or "move1"/"move2". LAST is the
// last move: "-", "1:setup", "1:random", "1:drawn" or a step
// "1:c2-d1[+REVIVED][xKILLED...]". HISTORY lists the 48-bit hashes (12 hex
// digits, oldest first) of the earlier positions of the play stage, for R12,
// or "-".
func (p *Position) String() string {
	var b strings.Builder
	p.writeKey(&b)
	b.WriteString(" " + strconv.Itoa(p.ply) + " " + p.last.text() + " ")
	if len(p.hist.h) == 0 {
		b.WriteByte('-')
		return b.String()
	}
	buf := make([]byte, 13*len(p.hist.h)-1)
	for i, x := range p.hist.h {
		o := 13 * i
		for j := 11; j >= 0; j-- {
			buf[o+j] = hexDigits[x&15]
			x >>= 4
		}
		if o+12 < len(buf) {
			buf[o+12] = ','
		}
	}
	b.Write(buf)
	return b.String()
}

// Key is the transposition key (engine.Keyed): the String's nobles, both
// boards and the stage, without the ply, the last move and the history. The
// boards hold every piece's place and life state, which with the side to
// move is what R12 calls a position; in setup they are the arrangements
// accepted so far (R5, R6: an accepted one is shown at once, and who set up
// first moves first), and a pending "setup random" names whose arrangement
// the server draws. The history only counts repetitions (R12); the key says
// instead when the game is over (engine.EndKey), so that a position drawn by
// its third occurrence is not the same as one going on.
func (p *Position) Key() string {
	var b strings.Builder
	p.writeKey(&b)
	b.WriteString(engine.EndKey(p.result))
	return b.String()
}

// writeKey writes the fields the String and the Key share.
func (p *Position) writeKey(b *strings.Builder) {
	b.WriteString("standard nobles=")
	b.WriteString(string(p.nobles))
	for pl := 0; pl < 2; pl++ {
		b.WriteByte(' ')
		if p.set(engine.Player(pl)) {
			b.WriteString(arrangementText(&p.board[pl], "", "/"))
		} else {
			b.WriteByte('-')
		}
	}
	b.WriteByte(' ')
	switch p.stage {
	case stageSetup:
		b.WriteString("setup")
	case stageChance:
		b.WriteString("random" + strconv.Itoa(int(p.pending)+1))
	default:
		b.WriteString("move" + strconv.Itoa(int(p.turn)+1))
	}
}

const hexDigits = "0123456789abcdef"

func (l lastMove) text() string {
	if l.kind == lastNone {
		return "-"
	}
	s := strconv.Itoa(int(l.who)+1) + ":"
	switch l.kind {
	case lastSetup:
		return s + "setup"
	case lastRandom:
		return s + "random"
	case lastDrawn:
		return s + "drawn"
	}
	s += sqName(int(l.from)) + "-" + sqName(int(l.to))
	if l.revive >= 0 {
		s += "+" + sqName(int(l.revive))
	}
	if l.kills != 0 {
		s += "x"
		for q := 0; q < 16; q++ {
			if l.kills&(1<<q) != 0 {
				s += sqName(q)
			}
		}
	}
	return s
}

func parsePosition(text string) (*Position, error) {
	f := strings.Fields(text)
	if len(f) != 8 {
		return nil, fmt.Errorf("imperial-shuffle: a position has 8 fields (standard nobles=ygb BOARD BOARD STATE PLY LAST HISTORY), not %d", len(f))
	}
	if f[0] != "standard" {
		return nil, fmt.Errorf("imperial-shuffle: unknown ruleset %q", f[0])
	}
	n, ok := strings.CutPrefix(f[1], "nobles=")
	if !ok || !slices.Contains(nobleValues, n) {
		return nil, fmt.Errorf("imperial-shuffle: %q is not nobles= one of %v", f[1], nobleValues)
	}
	p := &Position{nobles: nobleSet(n)}
	for pl := 0; pl < 2; pl++ {
		if f[2+pl] == "-" {
			continue
		}
		b, err := parseBoard(f[2+pl])
		if err != nil {
			return nil, err
		}
		if err := p.nobles.checkSet(&b, engine.Player(pl), sides[pl]); err != nil {
			return nil, fmt.Errorf("imperial-shuffle: %v", err)
		}
		for s, pc := range b {
			if pc.dead() && !pc.countsID() {
				return nil, fmt.Errorf("imperial-shuffle: %s's %s on %s cannot be dead: it never matches", sides[pl], typeNames[pc.typ()], sqName(s))
			}
		}
		p.board[pl] = b
	}
	both := p.set(engine.First) && p.set(engine.Second)
	switch st := f[4]; st {
	case "setup":
		if both {
			return nil, fmt.Errorf("imperial-shuffle: both boards are set up, so the state must be move1 or move2")
		}
	case "random1", "random2":
		p.stage, p.pending = stageChance, engine.Player(st[6]-'1')
		if p.set(p.pending) {
			return nil, fmt.Errorf("imperial-shuffle: %s cannot draw an arrangement: already set up", sides[p.pending])
		}
	case "move1", "move2":
		p.stage, p.turn = stagePlay, engine.Player(st[4]-'1')
		if !both {
			return nil, fmt.Errorf("imperial-shuffle: play needs both boards set up")
		}
	default:
		return nil, fmt.Errorf("imperial-shuffle: state %q is none of setup, random1, random2, move1, move2", st)
	}
	if p.stage != stagePlay {
		for pl := 0; pl < 2; pl++ {
			for _, pc := range p.board[pl] {
				if pc.dead() {
					return nil, fmt.Errorf("imperial-shuffle: no piece is dead during setup")
				}
			}
		}
	}
	ply, err := strconv.Atoi(f[5])
	if err != nil || ply < 0 {
		return nil, fmt.Errorf("imperial-shuffle: ply %q is not a count", f[5])
	}
	p.ply = ply
	if p.last, err = parseLast(f[6]); err != nil {
		return nil, err
	}
	if p.last.kind == lastStep && p.stage != stagePlay {
		return nil, fmt.Errorf("imperial-shuffle: a step cannot be the last move during setup")
	}
	if f[7] != "-" {
		if p.stage != stagePlay {
			return nil, fmt.Errorf("imperial-shuffle: a repetition history only exists in play")
		}
		w := f[7]
		if (len(w)+1)%13 != 0 {
			return nil, fmt.Errorf("imperial-shuffle: the history is a list of position hashes of 12 hex digits separated by commas")
		}
		hs := make([]uint64, (len(w)+1)/13)
		for i := range hs {
			o := 13 * i
			var x uint64
			for j := 0; j < 12; j++ {
				c := w[o+j]
				var d byte
				switch {
				case c >= '0' && c <= '9':
					d = c - '0'
				case c >= 'a' && c <= 'f':
					d = c - 'a' + 10
				default:
					return nil, fmt.Errorf("imperial-shuffle: %q in the history is not a position hash of 12 hex digits", w[o:o+12])
				}
				x = x<<4 | uint64(d)
			}
			if o+12 < len(w) && w[o+12] != ',' {
				return nil, fmt.Errorf("imperial-shuffle: position hashes in the history are separated by commas")
			}
			hs[i] = x
		}
		p.hist = history{h: hs[:len(hs):len(hs)]}
	}
	p.finish()
	return p, nil
}

func parseBoard(s string) ([16]piece, error) {
	var b [16]piece
	ranks := strings.Split(s, "/")
	if len(ranks) != 4 {
		return b, fmt.Errorf("imperial-shuffle: board %q needs 4 ranks separated by /", s)
	}
	for i, rk := range ranks {
		if len(rk) != 8 {
			return b, fmt.Errorf("imperial-shuffle: rank %d of %q needs 4 pieces of 2 letters", 4-i, s)
		}
		for f := 0; f < 4; f++ {
			t := strings.IndexByte(typeLetters, rk[2*f]&^0x20)
			c := strings.IndexByte(colourLetters, rk[2*f+1])
			if t < 0 || c < 0 || !isAlnum(rk[2*f]) {
				return b, fmt.Errorf("imperial-shuffle: %q in %q is not a piece (type CNHE, lower case when dead, colour rygb)", rk[2*f:2*f+2], s)
			}
			pc := mkPiece(t, c)
			if rk[2*f] >= 'a' {
				pc |= pieceDead
			}
			b[4*(3-i)+f] = pc
		}
	}
	return b, nil
}

func parseLast(s string) (lastMove, error) {
	l := lastMove{from: -1, to: -1, revive: -1}
	if s == "-" {
		return l, nil
	}
	bad := fmt.Errorf("imperial-shuffle: last move %q is none of -, 1:setup, 1:random, 1:drawn, 1:c2-d1+c2xa4c2", s)
	if len(s) < 3 || (s[0] != '1' && s[0] != '2') || s[1] != ':' {
		return l, bad
	}
	l.who = engine.Player(s[0] - '1')
	switch rest := s[2:]; rest {
	case "setup":
		l.kind = lastSetup
		return l, nil
	case "random":
		l.kind = lastRandom
		return l, nil
	case "drawn":
		l.kind = lastDrawn
		return l, nil
	}
	l.kind = lastStep
	rest := s[2:]
	if len(rest) < 5 || rest[2] != '-' {
		return l, bad
	}
	from, ok1 := parseSquare(rest[:2])
	to, ok2 := parseSquare(rest[3:5])
	if !ok1 || !ok2 || rest[0] > 'd' || rest[3] > 'd' {
		return l, bad
	}
	l.from, l.to = int8(from), int8(to)
	rest = rest[5:]
	if strings.HasPrefix(rest, "+") {
		if len(rest) < 3 || rest[1] > 'd' {
			return l, bad
		}
		r, ok := parseSquare(rest[1:3])
		if !ok {
			return l, bad
		}
		l.revive = int8(r)
		rest = rest[3:]
	}
	if strings.HasPrefix(rest, "x") {
		rest = rest[1:]
		if rest == "" || len(rest)%2 != 0 {
			return l, bad
		}
		prev := -1
		for i := 0; i < len(rest); i += 2 {
			q, ok := parseSquare(rest[i : i+2])
			if !ok || rest[i] > 'd' || q <= prev {
				return l, bad
			}
			prev = q
			l.kills |= 1 << q
		}
		rest = ""
	}
	if rest != "" {
		return l, bad
	}
	return l, nil
}
