package conflagration

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"

	"postal/engine"
)

// Position is an immutable Conflagration position. Its legal moves are
// worked out once, on first need.
type Position struct {
	g       *geom
	rs      ruleset
	b       board
	turn    engine.Player // engine.First (Light) or engine.Second (Dark)
	ply     int
	last    Move
	hasLast bool
	end     *engine.Result // how a game ended outside the rules (End), for boards; nil in play (a smaller position)

	once  sync.Once
	known bool // moves was worked out before p was handed out (Playout), once is not needed
	moves []mv // unsorted
}

// End returns p as the last position of a game that ended with r (a
// resignation, say): its boards say so. It is never stored or played on.
func (p *Position) End(r engine.Result) engine.Position {
	return &Position{g: p.g, rs: p.rs, b: p.b, turn: p.turn, ply: p.ply, last: p.last, hasLast: p.hasLast, end: &r}
}

func colourOf(p engine.Player) uint8 {
	if p == engine.First {
		return light
	}
	return dark
}

func sideName(p engine.Player) string { return sides[p] }

var sides = [2]string{"Light", "Dark"}

func (p *Position) legal() []mv {
	if p.known {
		return p.moves
	}
	p.once.Do(func() { p.moves = p.g.generate(p.rs, &p.b, colourOf(p.turn)) })
	return p.moves
}

// String is the canonical text:
//
//	<ruleset> <order> <rows> <side to move> <ply> <last move or ->
//
// Rows run from the top row down, separated by '/'; in a row, L is a Light
// piece, D a Dark one and a number a run of empty cells. Order 4 lists only
// its 37 playable cells (R1).
func (p *Position) String() string {
	var b strings.Builder
	p.writeKey(&b)
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(p.ply))
	b.WriteByte(' ')
	if p.hasLast {
		b.WriteString(p.last.String())
	} else {
		b.WriteByte('-')
	}
	return b.String()
}

// Key is the transposition key (engine.Keyed): the String without the ply
// and the last move. The ruleset, the board and the side to move decide the
// rest of the game: moves read only the board (R4-R9), the game ends when
// the side to move cannot move (R3, R10), and no rule counts moves or
// repetitions (every ruleset ends by itself, R11).
func (p *Position) Key() string {
	var b strings.Builder
	p.writeKey(&b)
	return b.String()
}

// writeKey writes the fields the String and the Key share: ruleset, order,
// board and side to move.
func (p *Position) writeKey(b *strings.Builder) {
	b.WriteString(rulesetNames[p.rs])
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(p.g.order))
	b.WriteByte(' ')
	b.WriteString(p.boardText())
	b.WriteString([]string{" L", " D"}[p.turn])
}

func (p *Position) boardText() string {
	var b strings.Builder
	first := true
	for r := len(p.g.rows) - 1; r >= 0; r-- {
		cells := p.g.rows[r]
		if len(cells) == 0 {
			continue
		}
		if !first {
			b.WriteByte('/')
		}
		first = false
		run := 0
		for _, c := range cells {
			if p.b[c] == empty {
				run++
				continue
			}
			if run > 0 {
				b.WriteString(strconv.Itoa(run))
				run = 0
			}
			b.WriteByte(" LD"[p.b[c]])
		}
		if run > 0 {
			b.WriteString(strconv.Itoa(run))
		}
	}
	return b.String()
}

// parsePosition reads the text written by String. Letters are read
// case-insensitively.
func parsePosition(text string) (*Position, error) {
	f := strings.Fields(text)
	if len(f) != 6 {
		return nil, fmt.Errorf("conflagration: position needs 6 fields (ruleset, order, board, side, ply, last move), found %d", len(f))
	}
	rs, ok := parseRuleset(strings.ToLower(f[0]))
	if !ok {
		return nil, fmt.Errorf("conflagration: unknown ruleset %q", f[0])
	}
	var g *geom
	switch f[1] {
	case "4", "5", "6":
		g = geoms[f[1][0]-'0']()
	default:
		return nil, fmt.Errorf("conflagration: order must be 4, 5 or 6, not %q", f[1])
	}
	p := &Position{g: g, rs: rs}
	rows := strings.Split(f[2], "/")
	var playable [][]int8
	for r := len(g.rows) - 1; r >= 0; r-- {
		if len(g.rows[r]) > 0 {
			playable = append(playable, g.rows[r])
		}
	}
	if len(rows) != len(playable) {
		return nil, fmt.Errorf("conflagration: the Order %d board has %d rows, the text %d", g.order, len(playable), len(rows))
	}
	for i, row := range rows {
		cells := playable[i]
		k := 0
		for j := 0; j < len(row); j++ {
			ch := row[j]
			switch {
			case ch >= '1' && ch <= '9':
				n := int(ch - '0')
				if j+1 < len(row) && row[j+1] >= '0' && row[j+1] <= '9' {
					n = n*10 + int(row[j+1]-'0')
					j++
				}
				k += n
			case ch == 'L' || ch == 'l' || ch == 'D' || ch == 'd':
				if k < len(cells) {
					p.b[cells[k]] = light
					if ch|0x20 == 'd' {
						p.b[cells[k]] = dark
					}
				}
				k++
			default:
				return nil, fmt.Errorf("conflagration: unexpected %q in board row %d", ch, i+1)
			}
			if k > len(cells) {
				return nil, fmt.Errorf("conflagration: board row %d from the top has more than %d cells", i+1, len(cells))
			}
		}
		if k != len(cells) {
			return nil, fmt.Errorf("conflagration: board row %d from the top has %d cells, not %d", i+1, k, len(cells))
		}
	}
	switch f[3] {
	case "L", "l":
		p.turn = engine.First
	case "D", "d":
		p.turn = engine.Second
	default:
		return nil, fmt.Errorf("conflagration: side to move must be L or D, not %q", f[3])
	}
	ply, err := strconv.Atoi(f[4])
	if err != nil || ply < 0 || ply > 1_000_000 {
		return nil, fmt.Errorf("conflagration: bad ply count %q", f[4])
	}
	p.ply = ply
	if f[5] != "-" {
		m, err := parseMove(f[5], anyBoard)
		if err != nil {
			return nil, fmt.Errorf("conflagration: last move: %w", err)
		}
		if g.at(int(m.fromRow), int(m.fromCol)) < 0 || g.at(int(m.toRow), int(m.toCol)) < 0 {
			return nil, fmt.Errorf("conflagration: last move %s leaves the Order %d board", m, g.order)
		}
		p.last, p.hasLast = m, true
	}
	return p, nil
}

// ToMove is the side to move, or nobody once the game is over.
func (p *Position) ToMove() []engine.Player {
	if len(p.legal()) == 0 {
		return nil
	}
	return engine.Players(p.turn)
}

// Legal lists the moves of pl, sorted by text.
func (p *Position) Legal(pl engine.Player) []engine.Move {
	if pl != p.turn {
		return nil
	}
	ms := p.legal()
	if len(ms) == 0 {
		return nil
	}
	out := moveList(len(ms))
	p.g.sortedInto(ms, out)
	return out
}

// moveSlab hands out Legal's lists from a larger array, so that a list
// costs the allocator a slice expression rather than a call: a playout
// through Legal asks for one every ply.
type moveSlab struct{ free []engine.Move }

// slabLen is the moves of one slab: some tens of lists. A list kept keeps
// its slab (16 kB) from the collector.
const slabLen = 1024

var slabs = sync.Pool{New: func() any { return new(moveSlab) }}

// moveList returns a list of n moves of its own (its capacity n, so that
// appending to it never writes into another's).
func moveList(n int) []engine.Move {
	if n > slabLen/4 {
		return make([]engine.Move, n)
	}
	s := slabs.Get().(*moveSlab)
	if len(s.free) < n {
		s.free = make([]engine.Move, slabLen)
	}
	out := s.free[:n:n]
	s.free = s.free[n:]
	slabs.Put(s)
	return out
}

// RandomMove draws one of pl's legal moves uniformly (engine.RandomMover).
func (p *Position) RandomMove(pl engine.Player, rng *rand.Rand) engine.Move {
	ms := p.legal()
	if pl != p.turn || len(ms) == 0 {
		return nil
	}
	return p.g.boxed(ms[rng.IntN(len(ms))])
}

// ParseMove reads a move's text (form only).
func (p *Position) ParseMove(pl engine.Player, text string) (engine.Move, error) {
	m, err := parseMove(text, namesOf(p.g))
	if err != nil {
		return nil, err
	}
	return m, nil
}

// Apply plays m for pl. It is the one place that decides legality.
func (p *Position) Apply(pl engine.Player, m engine.Move) (engine.Position, error) {
	if pl != p.turn || len(p.legal()) == 0 {
		return nil, &engine.NotYourTurnError{Player: pl}
	}
	var mm Move
	switch v := m.(type) {
	case Move:
		mm = v
	case *Move:
		mm = *v
	default:
		var err error
		if mm, err = parseMove(m.String(), anyBoard); err != nil {
			return nil, engine.Illegal(m.String(), "not a Conflagration move")
		}
	}
	from := p.g.at(int(mm.fromRow), int(mm.fromCol))
	to := p.g.at(int(mm.toRow), int(mm.toCol))
	if from >= 0 && to >= 0 {
		want := mv{from, to, mm.Capture}
		for _, x := range p.legal() {
			if x == want {
				return p.play(x), nil
			}
		}
	}
	return nil, engine.Illegal(mm.String(), "%s", p.why(mm, from, to))
}

// play returns the position after the legal move x.
func (p *Position) play(x mv) *Position {
	q := &Position{g: p.g, rs: p.rs, b: p.b, turn: opponent(p.turn), ply: p.ply + 1}
	q.b[x.to] = q.b[x.from] // a capture replaces the enemy piece (R6)
	q.b[x.from] = empty
	q.last, q.hasLast = p.g.toMove(x), true
	return q
}

// Sample is never called: the game has no chance.
func (p *Position) Sample(*rand.Rand) engine.Move { return nil }

// Ply counts the moves played.
func (p *Position) Ply() int { return p.ply }

// Result: the game ends when the side to move cannot move (R3: no passing;
// R10: no pieces means no move); who wins depends on the ruleset.
func (p *Position) Result() engine.Result {
	if p.end != nil && p.end.Over() {
		return *p.end
	}
	if len(p.legal()) > 0 {
		return engine.Result{}
	}
	// The reason says why, the winner is said by whoever words the result
	// (engine.Result.Words): "Light wins: Dark cannot move".
	stuck := p.turn
	if p.rs.cannotMoveWins() {
		return engine.Result{Kind: engine.Win, Winner: stuck,
			Reason: fmt.Sprintf("%s cannot move, which wins in %s", sideName(stuck), rulesetNames[p.rs])}
	}
	return engine.Result{Kind: engine.Win, Winner: opponent(stuck),
		Reason: fmt.Sprintf("%s cannot move", sideName(stuck))}
}

// opponent is the other player of this game of two (engine.Player names
// no opponent: a game may have more seats).
func opponent(p engine.Player) engine.Player { return 1 - p }
