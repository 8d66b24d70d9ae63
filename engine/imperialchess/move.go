package imperialchess

import (
	"strconv"
	"strings"

	"postal/engine"
)

// moveKind tells single moves, charges and deployments apart.
type moveKind uint8

const (
	single moveKind = iota
	charge
	deploy
)

// Move is a move of Imperial Chess as written (notation of the rulings):
//
//	Pa3-a4            a move            Hd2xf5           a capture
//	Cb1*b5            a Catapult's shot He2-f4 ride Sd2  a hitched ride (R13)
//	Pa11-a12 =Qe1     a replacement (R12), "=E" when the piece is unique
//	charge Pa3-a4, Pb3-b4, ...  (R14)   deploy 3  (R15)
type Move struct {
	Kind     moveKind
	Piece    kind
	From, To int
	Sep      byte // '-', 'x' or '*'
	// Ride: the lady RidePiece on RideFrom rides along (R13).
	Ride      bool
	RidePiece kind
	RideFrom  int
	// Repl: the captured ReplPiece that started on ReplHome comes back (R12);
	// ReplHome is -1 when the text leaves the square out.
	Repl      bool
	ReplPiece kind
	ReplHome  int
	Subs      []Move // a charge's sub-moves, in order
	Rank      int    // deploy: the rank, 1-12
}

// String writes the canonical notation.
func (m Move) String() string { return string(m.appendText(nil)) }

// appendText appends the canonical notation to b.
func (m Move) appendText(b []byte) []byte {
	switch m.Kind {
	case deploy:
		b = append(b, "deploy "...)
		b = strconv.AppendInt(b, int64(m.Rank), 10)
	case charge:
		b = append(b, "charge"...)
		for i, s := range m.Subs {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, ' ')
			b = s.appendText(b)
		}
	default:
		b = append(b, m.Piece.letter())
		b = append(b, sqNames[m.From]...)
		b = append(b, m.Sep)
		b = append(b, sqNames[m.To]...)
		if m.Ride {
			b = append(b, " ride "...)
			b = append(b, m.RidePiece.letter())
			b = append(b, sqNames[m.RideFrom]...)
		}
		if m.Repl {
			b = append(b, " ="...)
			b = append(b, m.ReplPiece.letter())
			if m.ReplHome >= 0 {
				b = append(b, sqNames[m.ReplHome]...)
			}
		}
	}
	return b
}

// moveParser reads one move text; off is the position in text.
type moveParser struct {
	text string
	off  int
	// on is the position the move is read for, nil without one: a move
	// that begins with a square is told the letter of the piece there.
	on *Position
}

func (p *moveParser) fail(off int, format string, args ...any) *engine.SyntaxError {
	return engine.Syntax(p.text, off, format, args...)
}

func (p *moveParser) spaces() int {
	n := 0
	for p.off < len(p.text) && (p.text[p.off] == ' ' || p.text[p.off] == '\t') {
		p.off++
		n++
	}
	return n
}

// word reports whether the letters at off spell w (case-insensitively) and
// end there; it consumes them if so.
func (p *moveParser) word(w string) bool {
	end := p.off + len(w)
	if end > len(p.text) || !strings.EqualFold(p.text[p.off:end], w) {
		return false
	}
	if end < len(p.text) && isLetter(p.text[end]) {
		return false
	}
	p.off = end
	return true
}

// squareAt is the square text begins with, a lower-case file and a
// rank ("a3", "k10"), or "".
func squareAt(text string) string {
	if len(text) < 2 || text[0] < 'a' || text[0] > 'z' {
		return ""
	}
	n := 1
	for n < len(text) && text[n] >= '0' && text[n] <= '9' {
		n++
	}
	if n == 1 {
		return ""
	}
	return text[:n]
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func (p *moveParser) piece() (kind, error) {
	if p.off >= len(p.text) {
		return 0, p.fail(p.off, "a piece letter (%s) is missing", letters)
	}
	c := p.text[p.off]
	k, ok := kindOf(c)
	if !ok {
		if sq := squareAt(p.text[p.off:]); sq != "" {
			// "a3-a4": a square where the piece's letter goes, the
			// letter forgotten (a pawn's most often), not one in lower
			// case.
			k := pawn
			if at, n, msg, _ := parseSquare(sq); msg == "" && n == len(sq) && p.on != nil && p.on.st.sq[at] != empty {
				k = idKind[p.on.st.sq[at]]
			}
			return 0, p.fail(p.off, "a move begins with its piece's letter (%s), then the square: %c%s for the %s on %s", letters, k.letter(), sq, strings.ToLower(k.String()), sq)
		}
		if _, up := kindOf(c - 'a' + 'A'); up && c >= 'a' && c <= 'z' {
			return 0, p.fail(p.off, "piece letters are upper case: %c, not %c", c-'a'+'A', c)
		}
		return 0, p.fail(p.off, "expected a piece letter (%s), not %q", letters, c)
	}
	p.off++
	return k, nil
}

func (p *moveParser) square() (int, error) {
	s, n, msg, off := parseSquare(p.text[p.off:])
	if msg != "" {
		return 0, p.fail(p.off+off, "%s", msg)
	}
	p.off += n
	return s, nil
}

// single reads "Pa3-a4", with an optional " ride Sd2" and " =Qe1".
func (p *moveParser) single() (Move, error) {
	m := Move{Kind: single, ReplHome: -1}
	var err error
	if m.Piece, err = p.piece(); err != nil {
		return m, err
	}
	if m.From, err = p.square(); err != nil {
		return m, err
	}
	if p.off >= len(p.text) || strings.IndexByte("-x*", p.text[p.off]) < 0 {
		if p.off < len(p.text) && p.text[p.off] == 'X' {
			return m, p.fail(p.off, "write captures with a lower-case x")
		}
		return m, p.fail(p.off, "expected -, x or * after %s", sqName(m.From))
	}
	m.Sep = p.text[p.off]
	p.off++
	if m.To, err = p.square(); err != nil {
		return m, err
	}
	save := p.off
	if p.spaces() > 0 && p.word("ride") {
		if p.spaces() == 0 {
			return m, p.fail(p.off, "expected a space after ride")
		}
		m.Ride = true
		if m.RidePiece, err = p.piece(); err != nil {
			return m, err
		}
		if m.RideFrom, err = p.square(); err != nil {
			return m, err
		}
		save = p.off
	}
	p.off = save
	p.spaces()
	if p.off < len(p.text) && p.text[p.off] == '=' {
		p.off++
		p.spaces()
		m.Repl = true
		if m.ReplPiece, err = p.piece(); err != nil {
			return m, err
		}
		if p.off < len(p.text) && p.text[p.off] >= 'a' && p.text[p.off] <= 'z' {
			if m.ReplHome, err = p.square(); err != nil {
				return m, err
			}
		}
		save = p.off
	}
	p.off = save
	return m, nil
}

// parseMove reads a whole move text: a single move, a charge or a
// deployment, with spaces around it tolerated.
func parseMove(text string) (Move, error) { return parseMoveOn(nil, text) }

// parseMoveOn is parseMove for a move of position on (nil for none).
func parseMoveOn(on *Position, text string) (Move, error) {
	p := &moveParser{text: text, on: on}
	p.spaces()
	if p.off >= len(text) {
		return Move{}, p.fail(p.off, "the move is empty")
	}
	var m Move
	var err error
	switch {
	case p.word("deploy"):
		if p.spaces() == 0 {
			return m, p.fail(p.off, "expected a space and a rank after deploy")
		}
		start := p.off
		for p.off < len(text) && text[p.off] >= '0' && text[p.off] <= '9' && p.off-start < 3 {
			p.off++
		}
		r, convErr := strconv.Atoi(text[start:p.off])
		if convErr != nil || r < 1 || r > size || text[start] == '0' {
			return m, p.fail(start, "expected a rank 1 to 12 after deploy")
		}
		m = Move{Kind: deploy, Rank: r}
	case p.word("charge"):
		m = Move{Kind: charge}
		for {
			if p.spaces() == 0 && len(m.Subs) == 0 {
				return m, p.fail(p.off, "expected a space after charge")
			}
			if p.word("charge") || p.word("deploy") {
				return m, p.fail(p.off-6, "a charge is made of single moves")
			}
			sub, err := p.single()
			if err != nil {
				return m, err
			}
			m.Subs = append(m.Subs, sub)
			p.spaces()
			if p.off < len(text) && text[p.off] == ',' {
				p.off++
				continue
			}
			break
		}
		if len(m.Subs) > size {
			return m, p.fail(0, "a charge has at most twelve sub-moves, one per file")
		}
	default:
		if m, err = p.single(); err != nil {
			return m, err
		}
	}
	p.spaces()
	if p.off < len(text) {
		return m, p.fail(p.off, "unexpected %q after the move", text[p.off:])
	}
	return m, nil
}
