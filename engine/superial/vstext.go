package superial

import (
	"fmt"
	"strings"

	"postal/engine"
)

// Position text of the vs-chess ruleset, one line of space-separated fields:
//
//		vs-chess 1o1o1o1o/o1o1o1o1/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - abcdefgh 0 0 - -
//
//	 1. the ruleset, vs-chess
//	 2. the board, rank 8 first, ranks separated by /: White's men PNBRQK,
//	    the cubes' side's men pnbrqk, its cubes o + x (pusher, hopper,
//	    slasher), its king as [ and its cube's and its man's letters ([xn]: a
//	    knight on a slasher); a number counts empty squares
//	 3. side to move: w or b
//	 4. White's castling rights: K, Q, KQ or -
//	 5. the en passant square, or -
//	 6. the files of White's pawns that may still step two squares, or -
//	 7. ply; 8. plies since the last capture or pawn move
//	 9. last move, - at the start
//	 10. hashes of the earlier positions since the last capture or pawn move,
//	    for the repetition rule: 16 hex digits each, comma-separated, or -
const vsMen = ".pnbrqk"

func (p *vsPosition) String() string {
	var b strings.Builder
	p.writeKey(&b)
	fmt.Fprintf(&b, " %d %d %s %s", p.ply, p.quiet, orDash(p.last), p.hist.text())
	return b.String()
}

// Key is the transposition key (engine.Keyed): the String's board, side to
// move, castling rights, en passant square and pawns that may still step
// two squares (R14-R16, as chess reads them), then the quiet plies, without
// the ply, the last move and the history. The quiet plies stay: the draw
// after 100 of them (drawLimit) ends the game, so positions that differ in
// them may end differently. The history only counts repetitions (R10, R17);
// the key says instead when the game is over (engine.EndKey), so that a
// position drawn by its third occurrence is not the same as one going on.
func (p *vsPosition) Key() string {
	var b strings.Builder
	p.writeKey(&b)
	fmt.Fprintf(&b, " quiet=%d%s", p.quiet, engine.EndKey(p.result))
	return b.String()
}

// writeKey writes the fields the String and the Key share.
func (p *vsPosition) writeKey(b *strings.Builder) {
	b.WriteString("vs-chess ")
	p.b.writeText(b, vsCellText)
	b.WriteByte(' ')
	b.WriteByte("wb"[p.toMove])
	b.WriteByte(' ')
	rights := ""
	if p.castling&1 != 0 {
		rights += "K"
	}
	if p.castling&2 != 0 {
		rights += "Q"
	}
	b.WriteString(orDash(rights))
	b.WriteByte(' ')
	ep := ""
	if p.ep >= 0 {
		ep = sqName(p.ep)
	}
	b.WriteString(orDash(ep))
	b.WriteByte(' ')
	files := ""
	for f := 0; f < 8; f++ {
		if p.unmoved&(1<<(8+f)) != 0 {
			files += string(rune('a' + f))
		}
	}
	b.WriteString(orDash(files))
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// vsCellText is a piece in the position text.
func vsCellText(c cell) string {
	man := ""
	if k := c.man(); k != 0 {
		man = string(vsMen[k])
		if c.team() == white {
			man = strings.ToUpper(man)
		}
	}
	switch {
	case c.stack():
		return "[" + string(aspectChars[c.aspect()]) + man + "]"
	case c.cube():
		return string(aspectChars[c.aspect()])
	}
	return man
}

func parseVsPosition(text string) (*vsPosition, error) {
	bad := func(format string, args ...any) (*vsPosition, error) {
		return nil, fmt.Errorf("superial-chess: bad position %q: %s", text, fmt.Sprintf(format, args...))
	}
	fields := strings.Fields(text)
	if len(fields) != 10 || fields[0] != "vs-chess" {
		return bad("want 10 fields, starting with vs-chess")
	}
	p := &vsPosition{chessPos: chessPos{b: board{n: 8}, ep: -1}}
	ranks := strings.Split(fields[1], "/")
	if len(ranks) != 8 {
		return bad("the board needs 8 ranks")
	}
	kings, stacks := 0, 0
	for i, row := range ranks {
		r := int8(7 - i)
		f := int8(0)
		for j := 0; j < len(row); j++ {
			ch := row[j]
			var c cell
			switch {
			case ch >= '1' && ch <= '8':
				if j+1 < len(row) && row[j+1] >= '0' && row[j+1] <= '9' {
					return bad("two counts of empty squares in a row on rank %d", r+1)
				}
				f += int8(ch - '0')
				continue
			case ch == '[':
				end := strings.IndexByte(row[j:], ']')
				if end != 3 {
					return bad("a king's stack reads like [xn] on rank %d", r+1)
				}
				a, k := strings.IndexByte(aspectChars, row[j+1]), strings.IndexByte(vsMen, row[j+2])
				if a < 0 || k < 1 {
					return bad("a king's stack reads like [xn]: an aspect o + x, then a man pnbrq, not %q", row[j:j+4])
				}
				c = stackCell(black, a, chessPiece(k))
				stacks++
				j += 3
			case strings.IndexByte(aspectChars, ch) >= 0:
				c = piece(black, strings.IndexByte(aspectChars, ch))
			case strings.IndexByte(vsMen, ch) >= 1:
				c = manCell(black, chessPiece(strings.IndexByte(vsMen, ch)))
			case strings.IndexByte(strings.ToUpper(vsMen), ch) >= 1:
				c = manCell(white, chessPiece(strings.IndexByte(strings.ToUpper(vsMen), ch)))
			default:
				return bad("unknown piece %q on rank %d", ch, r+1)
			}
			if f >= 8 {
				return bad("rank %d is too long", r+1)
			}
			switch k := c.man(); {
			case k == cKing && c.team() == white:
				kings++
			case k == cKing:
				return bad("the cubes' side has no chess king: their king is a stack")
			case k == cPawn && (r == 7 && c.team() == white || r == 0 && c.team() == black):
				return bad("a pawn on its last rank is promoted")
			}
			p.b.set(sq{f, r}, c)
			f++
		}
		if f != 8 {
			return bad("rank %d has %d squares, not 8", r+1, f)
		}
	}
	if kings != 1 || stacks > 1 {
		return bad("White needs one king and the cubes at most one")
	}
	switch fields[2] {
	case "w":
	case "b":
		p.toMove = black
	default:
		return bad("side to move must be w or b")
	}
	switch fields[3] {
	case "-":
	case "K", "Q", "KQ":
		if strings.Contains(fields[3], "K") {
			p.castling |= 1
		}
		if strings.Contains(fields[3], "Q") {
			p.castling |= 2
		}
	default:
		return bad("castling rights must be K, Q, KQ or -")
	}
	if fields[4] != "-" {
		r := &reader{text: fields[4], lo: fields[4], n: 8}
		s, err := r.square()
		if err != nil || r.pos != len(fields[4]) || s.r != 2 || p.toMove != black ||
			p.b.at(s) != 0 || p.b.at(sq{s.f, 1}) != 0 || p.b.at(sq{s.f, 3}) != manCell(white, cPawn) {
			return bad("en passant square %q: an empty square of rank 3 that a White pawn just crossed, with Black to move", fields[4])
		}
		p.ep = idx(s)
	}
	if fields[5] != "-" {
		last := -1
		for _, ch := range fields[5] {
			f := int(ch - 'a')
			if f <= last || f > 7 {
				return bad("two-step files %q: a to h in order", fields[5])
			}
			p.unmoved |= 1 << (8 + f)
			last = f
		}
	}
	var err error
	if p.ply, p.quiet, err = counters(fields[6], fields[7]); err != nil {
		return bad("%v", err)
	}
	if fields[8] != "-" {
		m, err := parseVsMove(engine.First, fields[8])
		if err != nil {
			return bad("last move: %v", err)
		}
		p.last = m.String()
	}
	if p.hist, err = parseHistory(fields[9], p.quiet, 2); err != nil {
		return bad("%v", err)
	}
	// The rights must belong to pieces that are there: settle drops any
	// that do not, and the text must already say so.
	check := p.chessPos
	check.settle(sqSet{})
	if check != p.chessPos {
		return bad("castling, en passant or two-step rights without their pieces")
	}
	if p.threatened(1 - p.toMove) {
		return bad("the side that just moved has left its king in check")
	}
	p.finish()
	return p, nil
}
