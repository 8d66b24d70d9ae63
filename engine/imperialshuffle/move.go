package imperialshuffle

import (
	"strings"

	"postal/engine"
)

type moveKind uint8

const (
	kindStep   moveKind = iota // the Emperor's step (R7), maybe with a reanimation (R10)
	kindRandom                 // "setup random": ask for a random arrangement (R6)
	kindSetup                  // "setup Cr Ny Cg Cb/...": a whole arrangement (R5)
)

// Move is one move of Imperial Shuffle: an Emperor's step ("b3", "NE",
// "c2 revive a4"), "setup random", or an arrangement ("setup Cg Nb Cy Cr/...",
// ranks 4 to 1). Arrangements are also the outcome of a chance draw.
type Move struct {
	kind   moveKind
	to     int8 // destination square, or -1 when only dir is known
	dir    int8 // direction when the destination would be off the board, else -1
	revive int8 // square of the mover's dead piece to revive, or -1
	arr    [16]piece
}

// String is the canonical notation.
func (m Move) String() string {
	switch m.kind {
	case kindRandom:
		return "setup random"
	case kindSetup:
		return "setup " + arrangementText(&m.arr, " ", "/")
	}
	var s string
	if m.to >= 0 {
		s = sqName(int(m.to))
	} else {
		s = dirNames[m.dir]
	}
	if m.revive >= 0 {
		s += " revive " + sqName(int(m.revive))
	}
	return s
}

// arrangementText writes a board ranks 4 to 1, pieces joined by sep, ranks
// by rankSep.
func arrangementText(b *[16]piece, sep, rankSep string) string {
	var sb strings.Builder
	for r := 3; r >= 0; r-- {
		if r < 3 {
			sb.WriteString(rankSep)
		}
		for f := 0; f < 4; f++ {
			if f > 0 {
				sb.WriteString(sep)
			}
			sb.WriteString(b[4*r+f].String())
		}
	}
	return sb.String()
}

// scanner walks a text, keeping byte offsets for syntax errors.
type scanner struct {
	text string
	i    int
}

func (s *scanner) skipSpace() {
	for s.i < len(s.text) && isSpace(s.text[s.i]) {
		s.i++
	}
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// word returns the next run of letters and digits and its offset.
func (s *scanner) word() (string, int) {
	s.skipSpace()
	start := s.i
	for s.i < len(s.text) && isAlnum(s.text[s.i]) {
		s.i++
	}
	return s.text[start:s.i], start
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func (s *scanner) done() bool {
	s.skipSpace()
	return s.i >= len(s.text)
}

// parseMove reads move text (form only). emperorSq is the square of the
// player's Emperor, or -1 when unknown; with it a direction is turned into
// the destination square, the canonical form.
func parseMove(text string, emperorSq int) (Move, error) {
	m := Move{to: -1, dir: -1, revive: -1}
	sc := &scanner{text: text}
	w, off := sc.word()
	if w == "" {
		if sc.i >= len(text) {
			return m, engine.Syntax(text, off, "empty move: write a square (b3), a direction (NE), \"setup random\" or \"setup\" and an arrangement")
		}
		return m, engine.Syntax(text, off, "unexpected %q: a move starts with a square (b3), a direction (NE) or \"setup\"", text[off:off+1])
	}
	if strings.EqualFold(w, "setup") {
		return parseSetup(text, sc, m)
	}
	if sq, ok := parseSquare(w); ok {
		m.to = int8(sq)
	} else if d, ok := parseDir(w); ok {
		m.dir = int8(d)
		if emperorSq >= 0 {
			if to := step(emperorSq, d); to >= 0 {
				m.to, m.dir = int8(to), -1
			}
		}
	} else {
		return m, engine.Syntax(text, off, "%q is neither a square a1-d4 nor a direction N, NE, E, SE, S, SW, W, NW", w)
	}
	if sc.done() {
		return m, nil
	}
	w, off = sc.word()
	if !strings.EqualFold(w, "revive") {
		if w == "" {
			return m, engine.Syntax(text, off, "unexpected %q after the Emperor's step", text[off:off+1])
		}
		return m, engine.Syntax(text, off, "expected \"revive\" and a square after the Emperor's step, not %q", w)
	}
	w, off = sc.word()
	sq, ok := parseSquare(w)
	if !ok {
		if w == "" && off >= len(text) {
			return m, engine.Syntax(text, off, "revive which square? write e.g. \"revive a4\"")
		}
		return m, engine.Syntax(text, off, "revive needs a square a1-d4, not %q", firstWord(text[off:]))
	}
	m.revive = int8(sq)
	if !sc.done() {
		return m, engine.Syntax(text, sc.i, "unexpected %q after the move", firstWord(text[sc.i:]))
	}
	return m, nil
}

func firstWord(s string) string {
	for i := 0; i < len(s); i++ {
		if isSpace(s[i]) {
			return s[:i]
		}
	}
	return s
}

// parseSetup reads "random" or an arrangement after the word setup: four
// ranks (4 to 1) separated by '/', four pieces each, spaces optional between
// pieces. Letters are read case-insensitively; every piece starts alive (R6).
func parseSetup(text string, sc *scanner, m Move) (Move, error) {
	if sc.done() {
		return m, engine.Syntax(text, sc.i, "setup what? write \"setup random\" or your arrangement, ranks 4 to 1: \"setup Cg Nb Cy Cr/Cb Ng Cg Hr/Ny Nb Ey Cy/Cr Ng Cb Ny\"")
	}
	rest := text[sc.i:]
	if len(rest) >= 6 && strings.EqualFold(rest[:6], "random") {
		save := sc.i
		sc.i += 6
		if sc.done() {
			m.kind = kindRandom
			return m, nil
		}
		if isAlnum(text[save+6]) {
			sc.i = save // e.g. "randomly": read as pieces and fail there
		} else {
			return m, engine.Syntax(text, sc.i, "nothing may follow \"setup random\"")
		}
	}
	m.kind = kindSetup
	for r := 3; r >= 0; r-- {
		for f := 0; f < 4; f++ {
			sc.skipSpace()
			if sc.i >= len(text) {
				return m, engine.Syntax(text, sc.i, "the arrangement ends early: rank %d needs 4 pieces (four ranks 4 to 1 separated by /)", r+1)
			}
			if text[sc.i] == '/' {
				return m, engine.Syntax(text, sc.i, "rank %d has only %d pieces, it needs 4", r+1, f)
			}
			t := strings.IndexByte(typeLetters, text[sc.i]&^0x20)
			if t < 0 || !isAlnum(text[sc.i]) {
				return m, engine.Syntax(text, sc.i, "%q is not a piece type: C commoner, N noble, H high priest, E emperor", text[sc.i:sc.i+1])
			}
			if sc.i+1 >= len(text) {
				return m, engine.Syntax(text, sc.i+1, "the piece needs a colour r, y, g or b")
			}
			c := strings.IndexByte(colourLetters, text[sc.i+1]|0x20)
			if c < 0 || !isAlnum(text[sc.i+1]) {
				return m, engine.Syntax(text, sc.i+1, "%q is not a colour: r, y, g or b", text[sc.i+1:sc.i+2])
			}
			m.arr[4*r+f] = mkPiece(t, c)
			sc.i += 2
		}
		sc.skipSpace()
		if r > 0 {
			if sc.i >= len(text) {
				return m, engine.Syntax(text, sc.i, "the arrangement ends after rank %d: write four ranks 4 to 1 separated by /", r+1)
			}
			if text[sc.i] != '/' {
				return m, engine.Syntax(text, sc.i, "rank %d has more than 4 pieces (or a / is missing)", r+1)
			}
			sc.i++
		}
	}
	if !sc.done() {
		return m, engine.Syntax(text, sc.i, "unexpected %q after rank 1 of the arrangement", firstWord(text[sc.i:]))
	}
	return m, nil
}
