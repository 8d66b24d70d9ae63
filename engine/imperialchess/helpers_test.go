package imperialchess

import (
	"errors"
	"strings"
	"testing"

	"postal/engine"
	"postal/engine/enginetest"
)

const (
	white = engine.First
	black = engine.Second
)

func start(t testing.TB) *Position {
	t.Helper()
	_, _, pos, err := engine.New("imperial-chess", engine.Config{})
	if err != nil {
		t.Fatal(err)
	}
	return pos.(*Position)
}

func parse(t testing.TB, text string) *Position {
	t.Helper()
	pos, err := Game{}.ParsePosition(text)
	if err != nil {
		t.Fatalf("ParsePosition(%q): %v", text, err)
	}
	return pos.(*Position)
}

func sq(t testing.TB, name string) int {
	t.Helper()
	s, n, msg, _ := parseSquare(name)
	if msg != "" || n != len(name) {
		t.Fatalf("bad square %q", name)
	}
	return s
}

// mk builds a position from placements "HOME>NOW" (the piece that started
// on HOME stands on NOW), "HOME" (on its setup square), with a trailing '
// for a pawn that has moved and ~ for a messenger. Every other piece is in
// its owner's captured pool.
func mk(t testing.TB, side engine.Player, placements string) *Position {
	t.Helper()
	st := newState()
	for _, w := range strings.Fields(placements) {
		moved := strings.HasSuffix(w, "'")
		w = strings.TrimSuffix(w, "'")
		msgr := strings.HasSuffix(w, "~")
		w = strings.TrimSuffix(w, "~")
		home, now, ok := strings.Cut(w, ">")
		if !ok {
			now = home
		}
		h, s := sq(t, home), sq(t, now)
		if !idValid[h] || st.at[h] != empty || st.sq[s] != empty {
			t.Fatalf("mk: bad placement %q", w)
		}
		st.put(h, s)
		if moved {
			st.moved.set(h)
		}
		if msgr {
			st.msgr.set(h)
		}
	}
	for id := 0; id < nsq; id++ {
		if idValid[id] && st.at[id] == empty {
			st.pool.set(id)
		}
	}
	pos := newPosition(st, side, 10, nil, nil)
	enginetest.RoundTrip(t, Game{}, pos)
	return pos
}

// play applies moves alternately from pos, checking round trips.
func play(t testing.TB, pos engine.Position, moves ...string) *Position {
	t.Helper()
	for _, mv := range moves {
		next, m, err := engine.Play(pos, pos.ToMove()[0], mv)
		if err != nil {
			t.Fatalf("%s: %v\nposition %s", mv, err, pos)
		}
		if back, err := pos.ParseMove(pos.ToMove()[0], m.String()); err != nil || back.String() != m.String() {
			t.Fatalf("move %q does not round-trip: %v", m, err)
		}
		enginetest.RoundTrip(t, Game{}, next)
		pos = next
	}
	return pos.(*Position)
}

func illegal(t *testing.T, pos engine.Position, text, want string) {
	t.Helper()
	_, _, err := engine.Play(pos, pos.(*Position).side, text)
	var ie *engine.IllegalMoveError
	if !errors.As(err, &ie) {
		t.Fatalf("%s: got %v, want an illegal move error", text, err)
	}
	if !strings.Contains(ie.Reason, want) {
		t.Errorf("%s: reason %q does not say %q", text, ie.Reason, want)
	}
}

func legalTexts(pos engine.Position) []string {
	var out []string
	for _, m := range pos.Legal(pos.ToMove()[0]) {
		out = append(out, m.String())
	}
	return out
}

// movesFrom lists the legal move texts starting with prefix (e.g. "Qe5").
func movesFrom(pos engine.Position, prefix string) []string {
	var out []string
	for _, m := range legalTexts(pos) {
		if strings.HasPrefix(m, prefix) {
			out = append(out, m)
		}
	}
	return out
}

// targets lists the target squares of the plain moves starting with prefix.
func targets(pos engine.Position, prefix string) string {
	var out []string
	for _, m := range movesFrom(pos, prefix) {
		if strings.Contains(m, " ") {
			continue
		}
		out = append(out, m[len(prefix):])
	}
	return strings.Join(out, " ")
}

func has(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
