package notation_test

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"postal/engine"
	_ "postal/engine/allgames"
	"postal/notation"
)

// position is a position of every game and ruleset a few plies in, with the
// side to move: where the forgiving readings are checked.
type position struct {
	name string
	pos  engine.Position
	side engine.Player
}

func positions(t testing.TB) []position {
	t.Helper()
	var out []position
	for _, g := range engine.Games() {
		info := g.Info()
		for _, rs := range info.Rulesets {
			_, _, pos, err := engine.New(info.Name, engine.Config{Ruleset: rs.Name, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			for ply := 0; ply < 4 && !pos.Result().Over(); ply++ {
				if pos, _, err = engine.ResolveChance(pos, 1); err != nil {
					t.Fatal(err)
				}
				side := pos.ToMove()[0]
				if len(pos.Legal(side)) > 0 {
					out = append(out, position{info.Name + "/" + rs.Name, pos, side})
				}
				legal := pos.Legal(side)
				if len(legal) == 0 {
					break
				}
				if pos, err = pos.Apply(side, legal[len(legal)/2]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	return out
}

// Every legal move of every game, written with a Unicode dash for each "-"
// and a trailing full stop, reads as the move itself (issue 28).
func TestReadMoveDashesAndFullStop(t *testing.T) {
	for _, ps := range positions(t) {
		for _, m := range ps.pos.Legal(ps.side) {
			want := m.String()
			for _, dash := range []string{"–", "—", "−", "‐", "－"} {
				for _, text := range []string{strings.ReplaceAll(want, "-", dash), strings.ReplaceAll(want, "-", dash) + "."} {
					got, err := notation.ReadMove(ps.pos, ps.side, text)
					if err != nil || got.String() != want {
						t.Fatalf("%s: %q read as %v, %v; want %s", ps.name, text, got, err, want)
					}
				}
			}
		}
	}
}

// readAs writes every legal move of every position as texts(move) gives,
// and counts by position's name the texts read as the move itself (read)
// and the legal moves written (moves). A text read as another legal move
// fails the test: a forgiving reading never plays a move not meant.
func readAs(t *testing.T, texts func(want string) []string) (read, moves map[string]int) {
	t.Helper()
	read, moves = map[string]int{}, map[string]int{}
	for _, ps := range positions(t) {
		for _, m := range ps.pos.Legal(ps.side) {
			want := m.String()
			moves[ps.name]++
			for _, text := range texts(want) {
				if text == want {
					continue
				}
				got, err := notation.ReadMove(ps.pos, ps.side, text)
				if err != nil {
					continue
				}
				if got.String() != want {
					if _, err := ps.pos.Apply(ps.side, got); err == nil {
						t.Fatalf("%s: %q read as the legal move %s, not %s", ps.name, text, got, want)
					}
					continue
				}
				read[ps.name]++
			}
		}
	}
	return read, moves
}

// Upper case, and a space for the sign between two cells, read as the one
// legal move they can be, or not at all: never as another move.
func TestReadMoveCaseAndSpace(t *testing.T) {
	read, _ := readAs(t, func(want string) []string {
		return []string{strings.ToUpper(want) + ".", strings.Replace(want, "-", " ", 1), strings.Replace(want, "x", " ", 1)}
	})
	// Where cells are a letter and a number and moves join two of them,
	// these readings are unambiguous and must be found.
	for _, game := range []string{"conflagration/conflagration", "conflagration/mosey", "superial-chess/classic", "superial-chess/multiplayer", "imperial-chess/standard"} {
		if read[game] == 0 {
			t.Errorf("%s: no move read in upper case or with a space", game)
		}
	}
}

// A move written all in lower case (a piece's letter too: "pa3-a4" for
// "Pa3-a4") or all in upper case reads as the one legal move it can be, or
// not at all: never as another move.
func TestReadMoveAnyCase(t *testing.T) {
	read, moves := readAs(t, func(want string) []string { return []string{strings.ToLower(want), strings.ToUpper(want)} })
	// Where a move is a piece's letter and squares, both readings are
	// unambiguous, and must be found for nearly every move.
	for _, game := range []string{"imperial-chess/standard", "superial-chess/classic", "conflagration/conflagration"} {
		if read[game] < moves[game] {
			t.Errorf("%s: %d of %d moves read in lower or upper case, fewer than half", game, read[game], 2*moves[game])
		}
	}
	// Imperial Chess's moves of several words ("He2-f4 ride Sd2") too: a
	// piece's letter begins each word.
	if g := "imperial-chess/standard"; read[g] < 2*moves[g]*95/100 {
		t.Errorf("%s: %d of %d moves read in lower or upper case, fewer than 95%%", g, read[g], 2*moves[g])
	}
}

// The moves of issue 28, as a phone writes them, in Conflagration.
func TestReadMovePhone(t *testing.T) {
	_, _, pos, err := engine.New("conflagration", engine.Config{})
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{"B3-B2", "b3–b2", "B3-B2.", "b3 b2", "B3 B2.", "b3—b2", "b3−b2", "B3 - B2"} {
		m, err := notation.ReadMove(pos, engine.First, text)
		if err != nil || m.String() != "B3-B2" {
			t.Errorf("%q: %v, %v; want B3-B2", text, m, err)
		}
	}
	m, err := notation.ReadMove(pos, engine.First, "b3 b4")
	if err != nil || m.String() != "B3xB4" {
		t.Errorf("b3 b4 (a capture the only legal reading): %v, %v", m, err)
	}
}

// A character no notation holds is quoted as typed, at its place in the
// text as typed: the error once quoted the first byte of a dash ('â').
func TestReadMoveUnicodeError(t *testing.T) {
	_, _, pos, err := engine.New("conflagration", engine.Config{})
	if err != nil {
		t.Fatal(err)
	}
	for text, char := range map[string]string{"b4→b3": "'→'", "b4–b3→": "'→'", "Ç4-b3": "'Ç'", "b4\xe2b3": "U+FFFD", "b4–ß3": "'ß'"} {
		_, err := notation.ReadMove(pos, engine.First, text)
		var se *engine.SyntaxError
		if !errors.As(err, &se) {
			t.Fatalf("%q: %v, want a syntax error", text, err)
		}
		if !strings.Contains(se.Msg, char) || strings.Contains(se.Msg, "â") || !utf8.ValidString(se.Msg) {
			t.Errorf("%q: %q does not quote %s", text, se.Msg, char)
		}
		if se.Text != text || !boundary(text, se.Offset) || !strings.Contains(se.Word(), strings.Trim(char, "'")) && char != "U+FFFD" {
			t.Errorf("%q: error at %d (%q)", text, se.Offset, se.Word())
		}
	}
	// A game's own error points into the text as typed, after the dashes.
	_, err = notation.ReadMove(pos, engine.First, "B3–B2–Z9")
	var se *engine.SyntaxError
	if !errors.As(err, &se) || se.Text != "B3–B2–Z9" || se.Offset < len("B3–B2") || se.Offset > len(se.Text) {
		t.Errorf("B3–B2–Z9: %#v", err)
	}
}

// FuzzReadMove: whatever is typed, a move read is read again from its
// canonical text, dashed and stopped as a phone writes it; an error is a
// syntax error at a character of the text as typed, and a non-ASCII
// character it blames is quoted as typed.
func FuzzReadMove(f *testing.F) {
	ps := positions(f)
	for _, s := range []string{"b4–b3", "B4-B3.", "b4 b3", "Af2 c4", "a2—a1=x", "stack bgkry", "draw Lb", "b4→b3", "\xff", "setup random."} {
		f.Add(s, uint8(0))
	}
	for i, p := range ps {
		for _, m := range p.pos.Legal(p.side)[:1] {
			f.Add(m.String(), uint8(i))
		}
	}
	f.Fuzz(func(t *testing.T, text string, which uint8) {
		p := ps[int(which)%len(ps)]
		m, err := notation.ReadMove(p.pos, p.side, text)
		if err != nil {
			var se *engine.SyntaxError
			if !errors.As(err, &se) {
				return // a game's other errors (not its turn)
			}
			if se.Text != text || se.Offset < 0 || se.Offset > len(text) || !boundary(text, se.Offset) {
				t.Fatalf("%q: error at %d of %q", text, se.Offset, se.Text)
			}
			if strings.HasPrefix(se.Msg, "unexpected '") {
				r, _ := utf8.DecodeRuneInString(se.Msg[len("unexpected '"):])
				if !strings.ContainsRune(text, r) {
					t.Fatalf("%q: %q quotes a character not typed", text, se.Msg)
				}
			}
			return
		}
		want := m.String()
		for _, again := range []string{want, strings.ReplaceAll(want, "-", "–") + "."} {
			back, err := notation.ReadMove(p.pos, p.side, again)
			if err != nil || back.String() != want {
				t.Fatalf("%q -> %q -> %q: %v, %v", text, want, again, back, err)
			}
		}
	})
}

// boundary reports whether off starts a character of text as range reads
// it (a byte that is no UTF-8 counts as one), or is its end.
func boundary(text string, off int) bool {
	for i := range text {
		if i == off {
			return true
		}
	}
	return off == len(text)
}
