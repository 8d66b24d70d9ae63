package initiative

import (
	"strings"

	"postal/engine"
)

type moveKind uint8

const (
	mPlay     moveKind = iota // My, My sac Mk up, Sb call, vLb (R5, R7, R9)
	mDraw                     // draft (R13): "draw" in version 1 records
	mDrawSize                 // draft M: the size named on a two-size face (R13)
	mPlace                    // place row 2 (R13)
	mTake                     // take row 3, take row 3 return Mb (R13, R14)
	cStack                    // chance: stack bgkyr (R2)
	cDrafter                  // chance: drafter first (R13)
	cLead                     // chance: lead second (R4)
	cDieDraw                  // chance: die M/L draw Lb (R3, R13)
	cDie                      // chance: die S/M, a two-size face in the draft (R13)
	cDraw                     // chance: draw Mb, after the size was named (R13)
)

// Move is one move of Initiative; its String is the canonical notation.
type Move struct {
	kind  moveKind
	pc    piece // played, drawn or (take) unused
	sac   piece // sacrificed, or noPiece
	dir   int8  // sacrifice direction: -1 up, +1 down, 0 not written
	virt  bool  // a virtual (pummel) play (R9)
	call  bool  // the colour is called (R5)
	row   int8  // 0..2
	ret   piece // take: the pyramid returned to the bag (R14), or noPiece
	size  int8  // draw M
	face  face
	stack stack
	who   engine.Player
}

var sideWords = [2]string{"first", "second"}

func (m Move) String() string {
	switch m.kind {
	case mPlay:
		var b strings.Builder
		if m.virt {
			b.WriteByte('v')
		}
		b.WriteString(m.pc.String())
		if m.sac != noPiece {
			b.WriteString(" sac " + m.sac.String())
			switch m.dir {
			case -1:
				b.WriteString(" up")
			case 1:
				b.WriteString(" down")
			}
		}
		if m.call {
			b.WriteString(" call")
		}
		return b.String()
	case mDraw:
		return "draft"
	case mDrawSize:
		return "draft " + string(sizeLetters[m.size])
	case mPlace:
		return "place row " + string(rune('1'+m.row))
	case mTake:
		s := "take row " + string(rune('1'+m.row))
		if m.ret != noPiece {
			s += " return " + m.ret.String()
		}
		return s
	case cStack:
		return "stack " + m.stack.String()
	case cDrafter:
		return "drafter " + sideWords[m.who]
	case cLead:
		return "lead " + sideWords[m.who]
	case cDieDraw:
		return "die " + m.face.String() + " draw " + m.pc.String()
	case cDie:
		return "die " + m.face.String()
	case cDraw:
		return "draw " + m.pc.String()
	}
	return "?"
}

type token struct {
	s   string
	off int
}

func tokens(text string) []token {
	var out []token
	i := 0
	for i < len(text) {
		for i < len(text) && isSpace(text[i]) {
			i++
		}
		j := i
		for j < len(text) && !isSpace(text[j]) {
			j++
		}
		if j > i {
			out = append(out, token{text[i:j], i})
		}
		i = j
	}
	return out
}

func isSpace(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\r' }

// parseMove reads the notation of a move of p (form only).
func parseMove(p engine.Player, text string) (Move, error) {
	ts := tokens(text)
	if len(ts) == 0 {
		return Move{}, engine.Syntax(text, 0, "empty move")
	}
	if p == engine.Chance {
		return parseChance(text, ts)
	}
	if p != engine.First && p != engine.Second {
		return Move{}, engine.Syntax(text, 0, "no such player")
	}
	first := strings.ToLower(ts[0].s)
	end := func(n int) error {
		if len(ts) > n {
			return engine.Syntax(text, ts[n].off, "unexpected %q after the move", ts[n].s)
		}
		return nil
	}
	rowAt := func(i int) (int8, error) {
		if len(ts) <= i || !strings.EqualFold(ts[i].s, "row") {
			return 0, engine.Syntax(text, offAt(text, ts, i), "expected \"row\"")
		}
		if len(ts) <= i+1 || len(ts[i+1].s) != 1 || ts[i+1].s[0] < '1' || ts[i+1].s[0] > '3' {
			return 0, engine.Syntax(text, offAt(text, ts, i+1), "expected a row number 1, 2 or 3")
		}
		return int8(ts[i+1].s[0] - '1'), nil
	}
	switch first {
	case "draft", "draw":
		// "draw" is how records of rules version 1 wrote it; mail reads
		// "draw" as the draw offer, so the move is "draft" since version 2.
		if len(ts) == 1 {
			return Move{kind: mDraw}, nil
		}
		s := -1
		if len(ts[1].s) == 1 {
			s = sizeIndex(ts[1].s[0])
		}
		if s < 0 {
			return Move{}, engine.Syntax(text, ts[1].off, "expected a size S, M or L")
		}
		return Move{kind: mDrawSize, size: int8(s)}, end(2)
	case "place":
		r, err := rowAt(1)
		if err != nil {
			return Move{}, err
		}
		return Move{kind: mPlace, row: r}, end(3)
	case "take":
		r, err := rowAt(1)
		if err != nil {
			return Move{}, err
		}
		m := Move{kind: mTake, row: r, ret: noPiece, sac: noPiece}
		if len(ts) > 3 {
			if !strings.EqualFold(ts[3].s, "return") {
				return Move{}, engine.Syntax(text, ts[3].off, "expected \"return\" or the end of the move")
			}
			pc, ok := piece(0), false
			if len(ts) > 4 {
				pc, ok = parsePiece(ts[4].s)
			}
			if !ok {
				return Move{}, engine.Syntax(text, offAt(text, ts, 4), "expected the pyramid to return, like Mb")
			}
			m.ret = pc
			return m, end(5)
		}
		return m, nil
	}
	// A play: [v]Xc [sac Xc [up|down]] [call]
	m := Move{kind: mPlay, sac: noPiece, ret: noPiece}
	t := ts[0].s
	if len(t) == 3 && (t[0] == 'v' || t[0] == 'V') {
		m.virt = true
		t = t[1:]
	}
	pc, ok := parsePiece(t)
	if !ok {
		return Move{}, engine.Syntax(text, ts[0].off, "expected a pyramid like My (size S, M or L, colour b, g, k, y or r), vMy, draft, place or take")
	}
	m.pc = pc
	i := 1
	if i < len(ts) && strings.EqualFold(ts[i].s, "sac") {
		sac, ok := piece(0), false
		if i+1 < len(ts) {
			sac, ok = parsePiece(ts[i+1].s)
		}
		if !ok {
			return Move{}, engine.Syntax(text, offAt(text, ts, i+1), "expected the sacrificed pyramid, like Lr")
		}
		m.sac = sac
		i += 2
		if i < len(ts) {
			switch strings.ToLower(ts[i].s) {
			case "up":
				m.dir = -1
				i++
			case "down":
				m.dir = 1
				i++
			}
		}
	}
	if i < len(ts) && strings.EqualFold(ts[i].s, "call") {
		m.call = true
		i++
	}
	if i < len(ts) {
		return Move{}, engine.Syntax(text, ts[i].off, "unexpected %q: a play continues with sac, up, down or call", ts[i].s)
	}
	return m, nil
}

// offAt is the offset of token i, or the end of the text when it is missing.
func offAt(text string, ts []token, i int) int {
	if i < len(ts) {
		return ts[i].off
	}
	return len(strings.TrimRight(text, " \t\r\n"))
}

func parseChance(text string, ts []token) (Move, error) {
	end := func(m Move, n int) (Move, error) {
		if len(ts) > n {
			return Move{}, engine.Syntax(text, ts[n].off, "unexpected %q after the outcome", ts[n].s)
		}
		return m, nil
	}
	side := func(i int) (engine.Player, error) {
		if i < len(ts) {
			switch strings.ToLower(ts[i].s) {
			case "first":
				return engine.First, nil
			case "second":
				return engine.Second, nil
			}
		}
		return 0, engine.Syntax(text, offAt(text, ts, i), "expected first or second")
	}
	pieceAt := func(i int) (piece, error) {
		if i < len(ts) {
			if pc, ok := parsePiece(ts[i].s); ok {
				return pc, nil
			}
		}
		return noPiece, engine.Syntax(text, offAt(text, ts, i), "expected a pyramid like Mb")
	}
	m := Move{sac: noPiece, ret: noPiece}
	switch strings.ToLower(ts[0].s) {
	case "stack":
		var ok bool
		if len(ts) > 1 {
			m.stack, ok = parseStack(ts[1].s)
		}
		if !ok {
			return Move{}, engine.Syntax(text, offAt(text, ts, 1), "expected the five colour letters b g k y r from top to bottom, like bgkyr")
		}
		m.kind = cStack
		return end(m, 2)
	case "drafter", "lead":
		w, err := side(1)
		if err != nil {
			return Move{}, err
		}
		m.kind, m.who = cLead, w
		if strings.EqualFold(ts[0].s, "drafter") {
			m.kind = cDrafter
		}
		return end(m, 2)
	case "die":
		f := face(-1)
		if len(ts) > 1 {
			for i, n := range faceNames {
				if strings.EqualFold(ts[1].s, n) {
					f = face(i)
				}
			}
		}
		if f < 0 {
			return Move{}, engine.Syntax(text, offAt(text, ts, 1), "expected a die face S, M, L, S/M, S/L or M/L")
		}
		m.face = f
		if len(ts) == 2 {
			m.kind = cDie
			return m, nil
		}
		if !strings.EqualFold(ts[2].s, "draw") {
			return Move{}, engine.Syntax(text, ts[2].off, "expected \"draw\"")
		}
		pc, err := pieceAt(3)
		if err != nil {
			return Move{}, err
		}
		m.kind, m.pc = cDieDraw, pc
		return end(m, 4)
	case "draw":
		pc, err := pieceAt(1)
		if err != nil {
			return Move{}, err
		}
		m.kind, m.pc = cDraw, pc
		return end(m, 2)
	}
	return Move{}, engine.Syntax(text, ts[0].off, "expected a chance outcome: stack, drafter, lead, die or draw")
}
