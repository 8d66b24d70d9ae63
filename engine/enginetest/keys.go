package enginetest

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"postal/engine"
	"postal/engine/enginetest/long"
)

// Keys checks a game's transposition keys ([engine.Key]) over n random
// games from start, each cut at plies plies: positions with equal keys have
// the same players to act, the same result, and the same sorted Legal moves
// for every seat of seats and for Chance. Random games seldom meet again, so
// beside each game's positions it visits the ones reached by swapping two
// moves of one player (a ply and the next of the same player, the moves
// between played as they were), where both orders are legal: the likeliest
// transpositions. It returns how many keys were met, how many of them
// were reached by positions whose texts differ (the same position reached
// by another order of moves): the transpositions the keys made one, and
// the shortest such pair of orders.
//
// Under the race detector (make test) it plays a quarter of the n games
// (two at least): the swaps find transpositions in a few games, and make
// test-long plays them all.
func Keys(t *testing.T, start func(rng *rand.Rand) engine.Position, seats, n, plies int) KeyStats {
	t.Helper()
	n = long.Sized(n, n, max(2, n/4))
	type seen struct {
		moves  []string // how the first position of this key was reached
		legal  string   // what it offers: players, result, legal moves
		text   string
		joined []string // another order that reached the key in another text
	}
	var st KeyStats
	byKey := map[string]*seen{}
	visit := func(pos engine.Position, steps []engine.Step) {
		k := engine.Key(pos)
		offer := offers(pos, seats)
		s := byKey[k]
		if s == nil {
			byKey[k] = &seen{moves: stepTexts(steps), legal: offer, text: pos.String()}
			return
		}
		if s.legal != offer {
			t.Fatalf("equal keys, different moves:\nkey %s\nafter %s:\n%s\nafter %s:\n%s",
				k, strings.Join(s.moves, " "), s.legal, strings.Join(stepTexts(steps), " "), offer)
		}
		if s.joined == nil && s.text != pos.String() {
			s.joined = stepTexts(steps)
		}
	}
	for i := range n {
		rng := rand.New(rand.NewPCG(uint64(i), 44))
		first := start(rng)
		_, steps, err := engine.RandomGame(first, rng, plies)
		if err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		pos := first
		visit(pos, nil)
		for j, st := range steps {
			if pos, err = pos.Apply(st.Player, st.Move); err != nil {
				t.Fatalf("game %d replays: %v", i, err)
			}
			visit(pos, steps[:j+1])
		}
		for j := range steps {
			if swapped, ok := swap(first, steps, j); ok {
				var pos engine.Position = first
				for _, st := range swapped {
					pos, _ = pos.Apply(st.Player, st.Move)
				}
				visit(pos, swapped)
			}
		}
	}
	st.Keys = len(byKey)
	for _, s := range byKey {
		if s.joined != nil {
			st.Transposed++
			if st.Example[0] == nil || len(s.moves) < len(st.Example[0]) ||
				len(s.moves) == len(st.Example[0]) && strings.Join(s.moves, " ") < strings.Join(st.Example[0], " ") {
				st.Example = [2][]string{s.moves, s.joined}
			}
		}
	}
	return st
}

// KeyStats is what [Keys] met.
type KeyStats struct {
	Keys       int         // keys met
	Transposed int         // keys reached by positions of different texts
	Example    [2][]string // the shortest two orders of moves ("seat:move") reaching one key
}

// swap returns steps up to the next move of the player of steps[j], with
// those two moves swapped, when every move of that order is legal.
func swap(first engine.Position, steps []engine.Step, j int) ([]engine.Step, bool) {
	k := slices.IndexFunc(steps[j+1:], func(s engine.Step) bool { return s.Player == steps[j].Player })
	if k < 0 {
		return nil, false
	}
	k += j + 1
	out := slices.Clone(steps[:k+1])
	out[j], out[k] = out[k], out[j]
	pos := first
	for _, st := range out {
		next, err := pos.Apply(st.Player, st.Move)
		if err != nil {
			return nil, false
		}
		pos = next
	}
	return out, true
}

// offers is what a position lets its players do, as text: who acts, the
// result, and the sorted legal moves of every seat and of Chance.
func offers(pos engine.Position, seats int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "to move %v, result %q\n", pos.ToMove(), pos.Result().Score())
	for p := engine.Chance; p < engine.Player(seats); p++ {
		fmt.Fprintf(&b, "%d: %s\n", p, strings.Join(moveTexts(pos.Legal(p)), " "))
	}
	return b.String()
}

func stepTexts(steps []engine.Step) []string {
	out := make([]string, len(steps))
	for i, s := range steps {
		out[i] = fmt.Sprintf("%d:%s", s.Player, s.Move)
	}
	return out
}

// Transposes checks that two orders of moves from start, each a list of
// "seat:move" (seat a number, -1 for Chance), reach positions of equal keys
// whose texts differ (they differ in how they were reached, the ply or the
// history or the last move). It returns the two positions.
func Transposes(t *testing.T, start engine.Position, a, b []string) (engine.Position, engine.Position) {
	t.Helper()
	pa, pb := playSeats(t, start, a), playSeats(t, start, b)
	if engine.Key(pa) != engine.Key(pb) {
		t.Errorf("two orders, two keys:\n%s\n%s", engine.Key(pa), engine.Key(pb))
	}
	if pa.String() == pb.String() {
		t.Errorf("the two orders reach one text, which transposes already: %s", pa)
	}
	return pa, pb
}

// playSeats plays moves written "seat:move" from pos.
func playSeats(t *testing.T, pos engine.Position, moves []string) engine.Position {
	t.Helper()
	for _, mv := range moves {
		seat, text, _ := strings.Cut(mv, ":")
		var p int
		if _, err := fmt.Sscan(seat, &p); err != nil {
			t.Fatalf("%q: no seat", mv)
		}
		next, _, err := engine.Play(pos, engine.Player(p), text)
		if err != nil {
			t.Fatalf("%s: %v", mv, err)
		}
		pos = next
	}
	return pos
}

// KeyTexts checks keys of positions read from text (g.ParsePosition): each
// of same has base's key (it differs from base only in how it was reached),
// each of differ has a key of its own (it differs in what decides the rest
// of the game).
func KeyTexts(t *testing.T, g engine.Game, base string, same, differ []string) {
	t.Helper()
	key := func(text string) string {
		t.Helper()
		p, err := g.ParsePosition(text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		return engine.Key(p)
	}
	k := key(base)
	for _, s := range same {
		if got := key(s); got != k {
			t.Errorf("%s\nhas the key %s\nnot base's %s", s, got, k)
		}
	}
	keys := map[string]string{k: base}
	for _, d := range differ {
		got := key(d)
		if other, ok := keys[got]; ok {
			t.Errorf("%s\nhas the key of %s: %s", d, other, got)
		}
		keys[got] = d
	}
}

// KeysOf runs [Keys] on game played with cfg, each game from its own seed.
func KeysOf(t *testing.T, game string, cfg engine.Config, n, plies int) KeyStats {
	t.Helper()
	g, full, _, err := engine.New(game, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return Keys(t, func(rng *rand.Rand) engine.Position {
		c := full
		c.Seed = rng.Uint64()
		_, _, pos, err := engine.New(game, c)
		if err != nil {
			t.Fatal(err)
		}
		return pos
	}, len(g.Info().Seats(full)), n, plies)
}

// Start is the start position of game with cfg.
func Start(t testing.TB, game string, cfg engine.Config) engine.Position {
	t.Helper()
	_, _, pos, err := engine.New(game, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return pos
}

// KeyRepetition checks that the key tells a position from the same one met
// for the third time, which a repetition rule ends drawn. From pos it plays
// 2*period plies that keep the history (the text's last field: hashes of
// earlier positions, oldest first), then writes that position's text with
// its own hash where the same player was to move period and 2*period plies
// before (as a move writes its position's hash into its child's history),
// reads it back, and wants a game over under another key. period is the
// number of players taking turns.
func KeyRepetition(t *testing.T, g engine.Game, pos engine.Position, period int) {
	t.Helper()
	for range 2 * period {
		pos, _ = historyChild(t, pos)
	}
	_, h := historyChild(t, pos)
	f := strings.Fields(pos.String())
	hs := strings.Split(f[len(f)-1], ",")
	hs[len(hs)-period], hs[len(hs)-2*period] = h, h
	f[len(f)-1] = strings.Join(hs, ",")
	third, err := g.ParsePosition(strings.Join(f, " "))
	if err != nil {
		t.Fatal(err)
	}
	if !third.Result().Over() {
		t.Fatalf("the third occurrence goes on: %s", third)
	}
	if engine.Key(third) == engine.Key(pos) {
		t.Errorf("the third occurrence, over, has the key of the first: %s", engine.Key(pos))
	}
}

// historyChild is the position after pos's first listed move that adds
// pos to the history (no capture or other reset), and pos's hash there.
func historyChild(t *testing.T, pos engine.Position) (engine.Position, string) {
	t.Helper()
	history := func(p engine.Position) []string {
		f := strings.Fields(p.String())
		if f[len(f)-1] == "-" {
			return nil
		}
		return strings.Split(f[len(f)-1], ",")
	}
	n := len(history(pos))
	for _, p := range pos.ToMove() {
		for _, m := range pos.Legal(p) {
			child, err := pos.Apply(p, m)
			if err != nil {
				t.Fatal(err)
			}
			if hs := history(child); len(hs) == n+1 {
				return child, hs[n]
			}
		}
	}
	t.Fatalf("no move of %s keeps the history", pos)
	return nil, ""
}
