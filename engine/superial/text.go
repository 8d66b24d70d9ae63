package superial

import (
	"fmt"
	"strconv"
	"strings"

	"postal/engine"
)

// Position text, one line of space-separated fields:
//
//		classic 6 1p1p1p/p1p1p1/6/6/P1P1P1/1P1P1P w - 0 0 - -
//
//	 1. ruleset: classic or random
//	 2. board size N: 6, 8 or 10 (R12)
//	 3. the board, rank N first, ranks separated by /; a piece is P, H or S
//	    (pusher, hopper, slasher), upper case for White, lower case for Black;
//	    a number counts empty squares
//	 4. side to move: w or b; w* or b* when that side spent a random move and
//	    the cube is to be thrown (R11)
//	 5. random moves: - in classic; K:W:B in random (K each at the start, W and
//	    B left)
//	 6. ply; 7. plies since the last capture, aspect change or random move
//	 8. last move, spaces written as _ (throw_c4_Wx), - at the start
//	 9. hashes of the earlier positions since the last random move, for the
//	    repetition rule (R10): 16 hex digits each, comma-separated, or -
const pieceLetters = "PHSphs"

// String is the canonical text of the position.
func (p *Position) String() string {
	var b strings.Builder
	p.writeKey(&b)
	fmt.Fprintf(&b, " %d %d ", p.ply, p.quiet)
	if last := p.last.Text(); last == "" {
		b.WriteByte('-')
	} else {
		b.WriteString(strings.ReplaceAll(last, " ", "_"))
	}
	b.WriteByte(' ')
	b.WriteString(p.hist.text())
	return b.String()
}

// Key is the transposition key (engine.Keyed): the String's ruleset, board,
// side to move (with a pending throw, R11) and random moves left (R11),
// then the quiet plies, without the ply, the last move and the history. The
// quiet plies stay: the project's draw after 100 of them (drawLimit) ends
// the game, so positions that differ in them may end differently. The
// history only counts repetitions (R10); the key says instead when the game
// is over (engine.EndKey), so that a position drawn by its third occurrence
// is not the same as one going on.
func (p *Position) Key() string {
	var b strings.Builder
	p.writeKey(&b)
	fmt.Fprintf(&b, " quiet=%d%s", p.quiet, engine.EndKey(p.result))
	return b.String()
}

// writeKey writes the fields the String and the Key share.
func (p *Position) writeKey(b *strings.Builder) {
	if p.random {
		b.WriteString("random ")
	} else {
		b.WriteString("classic ")
	}
	n := p.b.n
	b.WriteString(strconv.Itoa(int(n)))
	b.WriteByte(' ')
	p.b.writeText(b, func(c cell) string { return pieceLetters[c-1 : c] })
	b.WriteByte(' ')
	b.WriteByte("wb"[p.side])
	if p.pending {
		b.WriteByte('*')
	}
	if p.random {
		fmt.Fprintf(b, " %d:%d:%d", p.k, p.left[0], p.left[1])
	} else {
		b.WriteString(" -")
	}
}

// writeText writes the board as a position's text holds it: rank N first,
// ranks separated by /, each piece as text(cell), a number counting empty
// squares.
func (b *board) writeText(w *strings.Builder, text func(cell) string) {
	for r := b.n - 1; r >= 0; r-- {
		empty := 0
		for f := int8(0); f < b.n; f++ {
			c := b.at(sq{f, r})
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				w.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			w.WriteString(text(c))
		}
		if empty > 0 {
			w.WriteString(strconv.Itoa(empty))
		}
		if r > 0 {
			w.WriteByte('/')
		}
	}
}

// ParsePosition reads the text written by Position.String.
func (Game) ParsePosition(text string) (engine.Position, error) {
	switch {
	case strings.HasPrefix(strings.TrimSpace(text), "vs-chess "):
		return parseVsPosition(text)
	case strings.HasPrefix(strings.TrimSpace(text), "multiplayer "):
		return parseMultiPosition(text)
	}
	return parsePosition(text)
}

func parsePosition(text string) (*Position, error) {
	fields := strings.Fields(text)
	bad := func(format string, args ...any) (*Position, error) {
		return nil, fmt.Errorf("superial-chess: bad position %q: %s", text, fmt.Sprintf(format, args...))
	}
	if len(fields) != 9 {
		return bad("want 9 fields, got %d", len(fields))
	}
	p := &Position{}
	var err error
	switch fields[0] {
	case "classic":
	case "random":
		p.random = true
	default:
		return bad("unknown ruleset %q", fields[0])
	}
	switch fields[1] {
	case "6", "8", "10":
	default:
		return bad("board size must be 6, 8 or 10")
	}
	n, _ := strconv.Atoi(fields[1])
	if p.random && n != 6 {
		return bad("the random ruleset is played on 6x6 only")
	}
	if p.b, err = readBoard(fields[2], n, func(s string) (cell, int) {
		if x := strings.IndexByte(pieceLetters, s[0]); x >= 0 {
			return cell(x + 1), 1
		}
		return 0, 0
	}); err != nil {
		return bad("%v", err)
	}
	side := fields[3]
	if strings.HasSuffix(side, "*") {
		p.pending = true
		side = side[:len(side)-1]
	}
	switch side {
	case "w":
	case "b":
		p.side = 1
	default:
		return bad("side to move must be w, b, w* or b*")
	}
	if p.random {
		parts := strings.Split(fields[4], ":")
		if len(parts) != 3 {
			return bad("random moves must read K:W:B")
		}
		var v [3]int
		for i, s := range parts {
			x, err := strconv.Atoi(s)
			if err != nil || x < 0 || x > 3 || s != strconv.Itoa(x) {
				return bad("random moves must be 0-3, not %q", s)
			}
			v[i] = x
		}
		if v[0] < 1 || v[1] > v[0] || v[2] > v[0] {
			return bad("random moves left cannot exceed K (1-3)")
		}
		p.k, p.left = int8(v[0]), [2]int8{int8(v[1]), int8(v[2])}
	} else {
		if fields[4] != "-" {
			return bad("classic has no random moves: field 5 must be -")
		}
		if p.pending {
			return bad("classic has no random moves to throw")
		}
	}
	if p.ply, p.quiet, err = counters(fields[5], fields[6]); err != nil {
		return bad("%v", err)
	}
	if fields[7] != "-" {
		pl := engine.First
		if strings.HasPrefix(fields[7], "throw") {
			pl = engine.Chance
		}
		m, err := parseMove(p.b.n, pl, strings.ReplaceAll(fields[7], "_", " "))
		if err != nil {
			return bad("last move: %v", err)
		}
		p.last = engine.LastMove[Move]{Move: m, Set: true}
	}
	if p.hist, err = parseHistory(fields[8], p.ply, 2); err != nil {
		return bad("%v", err)
	}
	p.finish()
	return p, nil
}

// readBoard reads the board field of a position's text: n ranks, rank n
// first, separated by /. In a rank a number counts empty squares, and
// piece reads the piece at the start of its argument: the piece and the
// length of its text, or 0, 0 when there is none.
func readBoard(field string, n int, piece func(string) (cell, int)) (board, error) {
	b := board{n: int8(n)}
	ranks := strings.Split(field, "/")
	if len(ranks) != n {
		return b, fmt.Errorf("the board needs %d ranks", n)
	}
	for i, row := range ranks {
		r := int8(n - 1 - i)
		f := 0
		for j := 0; j < len(row); {
			c := row[j]
			if c >= '1' && c <= '9' {
				k := int(c - '0')
				j++
				if k == 1 && j < len(row) && row[j] == '0' {
					k = 10
					j++
				}
				if j < len(row) && row[j] >= '0' && row[j] <= '9' {
					return b, fmt.Errorf("two counts of empty squares in a row on rank %d", r+1)
				}
				f += k
				continue
			}
			x, w := piece(row[j:])
			if w == 0 {
				return b, fmt.Errorf("unknown piece %q on rank %d", c, r+1)
			}
			if f >= n {
				return b, fmt.Errorf("rank %d is too long", r+1)
			}
			b.set(sq{int8(f), r}, x)
			f++
			j += w
		}
		if f != n {
			return b, fmt.Errorf("rank %d has %d squares, not %d", r+1, f, n)
		}
	}
	return b, nil
}

// counters reads the ply and the quiet plies of a position's text.
func counters(plyField, quietField string) (ply, quiet int, err error) {
	if ply, err = count(plyField); err != nil {
		return 0, 0, fmt.Errorf("ply: %v", err)
	}
	if quiet, err = count(quietField); err != nil {
		return 0, 0, fmt.Errorf("quiet plies: %v", err)
	}
	if quiet > ply {
		return 0, 0, fmt.Errorf("more quiet plies than plies")
	}
	return ply, quiet, nil
}

func count(s string) (int, error) {
	x, err := strconv.Atoi(s)
	if err != nil || x < 0 || s != strconv.Itoa(x) || x > 1_000_000 {
		return 0, fmt.Errorf("%q is not a count", s)
	}
	return x, nil
}
