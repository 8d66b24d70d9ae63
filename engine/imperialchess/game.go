// Package imperialchess implements Imperial Chess (James Killian Spratt,
// 2000) on a 12x12 board, as settled by the rulings file
// /work/shared/rules/imperial-chess.md (R1-R18, cited in comments).
//
// Fifteen kinds of piece (R4-R11) fight until a side has no piece of the
// Imperial family left or cannot move (R18). Special rules: replacement on
// the far rank (R12), hitching a ride with a horseman (R13), the Charge
// (R14), Rapid Deployment (R15) and succession by messenger (R16). The
// setup (R2) is this project's own and provisional.
package imperialchess

import (
	"fmt"
	"strconv"
	"strings"

	"postal/engine"
)

func init() { engine.Register(Game{}) }

// Game is Imperial Chess for the registry.
type Game struct{}

// Info describes the game.
func (Game) Info() engine.Info {
	return engine.Info{
		Name:        "imperial-chess",
		Title:       "Imperial Chess",
		Description: "Chess for two on a 12x12 board with 72 pieces of 15 kinds, charges and an imperial succession.",
		Sides:       []string{sides[0], sides[1]},
		Rulesets: []engine.Ruleset{{
			Name:        "standard",
			Description: "The rules of 2000, with a starting position of this server's own.",
		}},
		Unlisted: "charges",
		Provisional: "The original setup diagram is lost: the starting position is this server's own. " +
			"Replacement happens when a piece ends its move on the far rank; walkers move up to their number of steps; " +
			"the Knight also steps one square orthogonally.",
	}
}

// Start returns the provisional starting position (R2).
func (Game) Start(cfg engine.Config) (engine.Position, error) {
	if cfg.Ruleset != "" && cfg.Ruleset != "standard" {
		return nil, fmt.Errorf("imperial-chess: no ruleset %q", cfg.Ruleset)
	}
	return newPosition(startState(), engine.First, 0, nil, nil), nil
}

// ParsePosition reads the text written by Position.String.
func (Game) ParsePosition(text string) (engine.Position, error) { return parsePosition(text) }

// String writes the position as
//
//	standard w BOARD POOL PLY LAST HISTORY
//
// BOARD lists ranks 12 to 1, separated by "/", empty squares counted by a
// number; a piece is its letter (upper case White, lower case Black),
// followed by "(e1)" when it stands elsewhere than its setup square (its
// identity, R12), "'" for a pawn that has made a move of its own (R11) and
// "~" for a messenger (R16). POOL lists the captured pieces ("Qe1,pa10") or
// "-". LAST is the last move with "_" for spaces, or "-". HISTORY lists the
// hashes of the earlier positions that count for repetition (R18), or "-".
func (p *Position) String() string {
	var b strings.Builder
	p.writeKey(&b)
	b.WriteString(" " + strconv.Itoa(p.ply) + " ")
	if p.last == nil {
		b.WriteByte('-')
	} else {
		b.WriteString(strings.ReplaceAll(p.last.String(), " ", "_"))
	}
	b.WriteByte(' ')
	var hs []string
	for h := p.hist; h != nil; h = h.prev {
		hs = append(hs, fmt.Sprintf("%016x", h.hash))
	}
	if len(hs) == 0 {
		b.WriteByte('-')
	}
	for i := len(hs) - 1; i >= 0; i-- {
		b.WriteString(hs[i])
		if i > 0 {
			b.WriteByte(',')
		}
	}
	return b.String()
}

// Key is the transposition key (engine.Keyed): the String's side to move,
// board and captured pools, without the ply, the last move and the history.
// The board text names each piece's identity, its moved mark (R11) and its
// messenger mark (R16), and the pools hold the captured pieces R12 and R16
// bring back: with the side to move they are all a later move reads, as the
// repetition rule's hash says (R18). The history only counts repetitions;
// the key says instead when the game is over (engine.EndKey), so that a
// position drawn by its third occurrence is not the same as one going on.
func (p *Position) Key() string {
	var b strings.Builder
	p.writeKey(&b)
	b.WriteString(engine.EndKey(p.result))
	return b.String()
}

// writeKey writes the fields the String and the Key share.
func (p *Position) writeKey(b *strings.Builder) {
	b.WriteString("standard ")
	b.WriteString([2]string{"w", "b"}[p.side])
	b.WriteByte(' ')
	for r := size - 1; r >= 0; r-- {
		run := 0
		for f := 0; f < size; f++ {
			s := r*size + f
			id := int(p.st.sq[s])
			if p.st.sq[s] == empty {
				run++
				continue
			}
			if run > 0 {
				b.WriteString(strconv.Itoa(run))
				run = 0
			}
			b.WriteByte(pieceChar(id))
			if id != s {
				b.WriteString("(" + sqName(id) + ")")
			}
			if p.st.moved.has(id) {
				b.WriteByte('\'')
			}
			if p.st.msgr.has(id) {
				b.WriteByte('~')
			}
		}
		if run > 0 {
			b.WriteString(strconv.Itoa(run))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	b.WriteByte(' ')
	b.WriteString(p.poolText(-1, ","))
}

// pieceChar is the piece's letter, lower case for Black.
func pieceChar(id int) byte {
	c := idKind[id].letter()
	if idSide[id] == engine.Second {
		c += 'a' - 'A'
	}
	return c
}

// poolText lists captured pieces (of side s, or both when s < 0) as letter
// and setup square, White's first, or "-" when there are none.
func (p *Position) poolText(s int, sep string) string {
	var out []string
	for _, side := range [2]engine.Player{engine.First, engine.Second} {
		if s >= 0 && engine.Player(s) != side {
			continue
		}
		for id := 0; id < nsq; id++ {
			if p.st.pool.has(id) && idSide[id] == side {
				out = append(out, string(pieceChar(id))+sqName(id))
			}
		}
	}
	if len(out) == 0 {
		return "-"
	}
	return strings.Join(out, sep)
}

func parsePosition(text string) (*Position, error) {
	fail := func(off int, format string, args ...any) error {
		return engine.Syntax(text, off, format, args...)
	}
	fields := strings.Split(text, " ")
	offs := make([]int, len(fields))
	for i, o := 1, 0; i < len(fields); i++ {
		o += len(fields[i-1]) + 1
		offs[i] = o
	}
	if len(fields) != 7 {
		return nil, fail(0, "expected 7 fields separated by single spaces (ruleset, side, board, captured, ply, last move, history), found %d", len(fields))
	}
	if fields[0] != "standard" {
		return nil, fail(0, "unknown ruleset %q (only standard)", fields[0])
	}
	var side engine.Player
	switch fields[1] {
	case "w":
	case "b":
		side = engine.Second
	default:
		return nil, fail(offs[1], "the side to move is w or b, not %q", fields[1])
	}
	st := newState()
	seen := func(id int) bool { return st.at[id] != empty || st.pool.has(id) }
	bd, o := fields[2], offs[2]
	i := 0
	for r := size - 1; r >= 0; r-- {
		f := 0
		for f < size {
			if i >= len(bd) {
				return nil, fail(o+i, "rank %d is short: %d squares", r+1, f)
			}
			c := bd[i]
			if c >= '1' && c <= '9' {
				j := i
				for j < len(bd) && bd[j] >= '0' && bd[j] <= '9' {
					j++
				}
				n, _ := strconv.Atoi(bd[i:j])
				if f+n > size {
					return nil, fail(o+i, "rank %d has more than 12 squares", r+1)
				}
				f += n
				i = j
				continue
			}
			up := c
			if c >= 'a' && c <= 'z' {
				up = c - 'a' + 'A'
			}
			k, ok := kindOf(up)
			if !ok {
				return nil, fail(o+i, "expected a piece letter or a number, not %q", c)
			}
			pl := engine.First
			if c != up {
				pl = engine.Second
			}
			s := r*size + f
			id := s
			start := i
			i++
			if i < len(bd) && bd[i] == '(' {
				sq, n, msg, off := parseSquare(bd[i+1:])
				if msg != "" {
					return nil, fail(o+i+1+off, "%s", msg)
				}
				if i+1+n >= len(bd) || bd[i+1+n] != ')' {
					return nil, fail(o+i+1+n, "expected ) after the setup square")
				}
				id = sq
				i += n + 2
			}
			if !idValid[id] || idKind[id] != k || idSide[id] != pl {
				return nil, fail(o+start, "no %s %s starts on %s", sideName(pl), k, sqName(id))
			}
			if seen(id) {
				return nil, fail(o+start, "the piece that started on %s appears twice", sqName(id))
			}
			st.put(id, s)
			if i < len(bd) && bd[i] == '\'' {
				if k != pawn {
					return nil, fail(o+i, "only a pawn is marked as having moved (')")
				}
				st.moved.set(id)
				i++
			}
			if i < len(bd) && bd[i] == '~' {
				if k != prince && k != knight {
					return nil, fail(o+i, "only a Prince or a Knight is a messenger (~)")
				}
				st.msgr.set(id)
				i++
			}
			f++
		}
		if r > 0 {
			if i >= len(bd) || bd[i] != '/' {
				return nil, fail(o+i, "expected / after rank %d", r+1)
			}
			i++
		}
	}
	if i != len(bd) {
		return nil, fail(o+i, "the board has more than 12 ranks")
	}
	if fields[3] != "-" {
		o := offs[3]
		for _, tok := range strings.Split(fields[3], ",") {
			if len(tok) < 3 {
				return nil, fail(o, "a captured piece is a letter and its setup square, like Qe1")
			}
			c := tok[0]
			up := c
			if c >= 'a' && c <= 'z' {
				up = c - 'a' + 'A'
			}
			k, ok := kindOf(up)
			if !ok {
				return nil, fail(o, "expected a piece letter, not %q", c)
			}
			sq, n, msg, off := parseSquare(tok[1:])
			if msg != "" {
				return nil, fail(o+1+off, "%s", msg)
			}
			if 1+n != len(tok) {
				return nil, fail(o+1+n, "unexpected text after the square")
			}
			pl := engine.First
			if c != up {
				pl = engine.Second
			}
			if !idValid[sq] || idKind[sq] != k || idSide[sq] != pl {
				return nil, fail(o, "no %s %s starts on %s", sideName(pl), k, sqName(sq))
			}
			if seen(sq) {
				return nil, fail(o, "the piece that started on %s appears twice", sqName(sq))
			}
			st.pool.set(sq)
			o += len(tok) + 1
		}
	}
	ply, err := strconv.Atoi(fields[4])
	if err != nil || ply < 0 || strconv.Itoa(ply) != fields[4] {
		return nil, fail(offs[4], "the ply is a number, not %q", fields[4])
	}
	var last *Move
	if fields[5] != "-" {
		lt := strings.ReplaceAll(fields[5], "_", " ")
		m, err := parseMove(lt)
		if err != nil {
			se := err.(*engine.SyntaxError)
			return nil, fail(offs[5]+se.Offset, "last move: %s", se.Msg)
		}
		if m.String() != lt {
			return nil, fail(offs[5], "the last move is not written canonically (%s)", strings.ReplaceAll(m.String(), " ", "_"))
		}
		last = &m
	}
	var hist *histNode
	if fields[6] != "-" {
		o := offs[6]
		for _, h := range strings.Split(fields[6], ",") {
			v, err := strconv.ParseUint(h, 16, 64)
			if err != nil || len(h) != 16 || strings.ToLower(h) != h {
				return nil, fail(o, "a history entry is 16 lower-case hex digits, not %q", h)
			}
			hist = &histNode{hash: v, prev: hist}
			o += len(h) + 1
		}
	}
	return newPosition(st, side, ply, last, hist), nil
}
