package explorer_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"postal/engine"
	"postal/engine/picture"
	"postal/notation"
	"postal/site/explorer"
)

// heaps is a tiny game registered by this test: two heaps of stones, a
// player takes one stone from either, whoever takes the last wins. Its
// String counts plies and names the last move, as the real games' do; its
// Key leaves them out, so "a" then "b" and "b" then "a" are one position.
type heaps struct{}

type heapsPos struct {
	a, b, ply int
	last      string
}

type heapsMove string

func (m heapsMove) String() string { return string(m) }

func init() { engine.Register(heaps{}) }

func (heaps) Info() engine.Info {
	return engine.Info{Name: "test-heaps", Title: "Test Heaps", Sides: []string{"North", "South"},
		Rulesets: []engine.Ruleset{{Name: "standard"}}}
}

func (heaps) Start(engine.Config) (engine.Position, error) { return heapsPos{a: 3, b: 3}, nil }

func (heaps) ParsePosition(text string) (engine.Position, error) {
	var p heapsPos
	_, err := fmt.Sscanf(text, "%d %d %d %s", &p.a, &p.b, &p.ply, &p.last)
	return p, err
}

func (p heapsPos) String() string { return fmt.Sprintf("%d %d %d %s", p.a, p.b, p.ply, p.last+"-") }
func (p heapsPos) Key() string    { return fmt.Sprintf("%d %d %d", p.a, p.b, p.ply%2) }

func (p heapsPos) ToMove() []engine.Player {
	if p.a+p.b == 0 {
		return nil
	}
	return engine.Players(engine.Player(p.ply % 2))
}

func (p heapsPos) Legal(pl engine.Player) []engine.Move {
	var out []engine.Move
	if engine.Acts(p, pl) && p.a > 0 {
		out = append(out, heapsMove("a"))
	}
	if engine.Acts(p, pl) && p.b > 0 {
		out = append(out, heapsMove("b"))
	}
	return out
}

func (p heapsPos) ParseMove(_ engine.Player, text string) (engine.Move, error) {
	if text != "a" && text != "b" {
		return nil, &engine.SyntaxError{Text: text, Msg: "a or b"}
	}
	return heapsMove(text), nil
}

func (p heapsPos) Apply(pl engine.Player, m engine.Move) (engine.Position, error) {
	q := p
	switch {
	case !engine.Acts(p, pl):
		return nil, &engine.IllegalMoveError{Move: m.String(), Reason: "not your turn"}
	case m == heapsMove("a") && p.a > 0:
		q.a--
	case m == heapsMove("b") && p.b > 0:
		q.b--
	default:
		return nil, &engine.IllegalMoveError{Move: m.String(), Reason: "that heap is empty"}
	}
	q.ply, q.last = p.ply+1, strings.TrimSuffix(m.String(), "-")
	return q, nil
}

func (p heapsPos) Sample(*rand.Rand) engine.Move { return nil }

func (p heapsPos) Result() engine.Result {
	if p.a+p.b > 0 {
		return engine.Result{}
	}
	return engine.Result{Kind: engine.Win, Winner: engine.Player((p.ply + 1) % 2)}
}

func (p heapsPos) Ply() int                  { return p.ply }
func (p heapsPos) ASCII() string             { return p.String() }
func (p heapsPos) Picture() *picture.Picture { return &picture.Picture{Width: 10, Height: 10} }

func heapsGame(id int64, moves string) explorer.Game {
	rec := &notation.Record{Game: "test-heaps", Players: []string{"n", "s"}}
	for i, m := range strings.Split(moves, " ") {
		rec.Add(engine.Player(i%2), m)
	}
	rec.Result = engine.Result{Kind: engine.Win, Winner: engine.Player((len(rec.Moves) + 1) % 2)}
	return explorer.Game{ID: id, Record: rec, Finished: time.Unix(id, 0)}
}

// TestBookTransposition: two orders of moves that reach one position (by
// its Key: engine.Keyed) make one node, which counts both games.
func TestBookTransposition(t *testing.T) {
	b, err := explorer.NewBook("test-heaps", engine.Config{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range []explorer.Game{heapsGame(1, "a b a b a b"), heapsGame(2, "b a b a b a"), heapsGame(3, "a a b b a b")} {
		if err := b.Add(g); err != nil {
			t.Fatal(err)
		}
	}
	ab, err := b.At([]string{"a", "b"})
	if err != nil {
		t.Fatal(err)
	}
	ba, err := b.At([]string{"b", "a"})
	if err != nil {
		t.Fatal(err)
	}
	if ab.Key != ba.Key || ab.Games != 2 || ba.Games != 2 {
		t.Fatalf("a b: %q %d games; b a: %q %d games; want one node of 2 games", ab.Key, ab.Games, ba.Key, ba.Games)
	}
	if len(ab.Lines) != 2 || ab.Lines[0].Games != 1 {
		t.Errorf("a b: lines %+v, want a and b of a game each", ab.Lines)
	}
	// Both roads into it lead to its file: "a" then "b" was one game's
	// (game 1) until game 2 came by "b" then "a".
	for _, first := range []string{"a", "b"} {
		n, err := b.At([]string{first})
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range n.Lines {
			if first == "a" && l.Move == "a" {
				continue // game 3's alone
			}
			if l.Next != explorer.FileName(ab.Key) {
				t.Errorf("after %s, line %s leads to %q, want %q", first, l.Move, l.Next, explorer.FileName(ab.Key))
			}
		}
	}
}

// TestBookTranspositionReal: in the real games, two orders of a side's
// two moves around the other's one reach one position (their Keys are
// equal), and the book makes one node of it.
func TestBookTranspositionReal(t *testing.T) {
	for _, game := range []string{"imperial-chess", "conflagration", "superial-chess"} {
		t.Run(game, func(t *testing.T) {
			_, _, start, err := engine.New(game, engine.Config{})
			if err != nil {
				t.Fatal(err)
			}
			a, b := transposition(start)
			if a == nil {
				t.Skip("no transposition in three plies")
			}
			bk, err := explorer.NewBook(game, engine.Config{}, 0)
			if err != nil {
				t.Fatal(err)
			}
			for i, moves := range [][]string{a, b} {
				rec := &notation.Record{Game: game, Players: []string{"x", "y"}, Result: engine.Result{Kind: engine.Win, Winner: engine.Second, Reason: "resigned"}}
				for j, m := range moves {
					rec.Add(engine.Player(j%2), m)
				}
				if err := bk.Add(explorer.Game{ID: int64(i + 1), Record: rec, Finished: time.Unix(int64(i), 0)}); err != nil {
					t.Fatal(err)
				}
			}
			na, err := bk.At(a)
			if err != nil {
				t.Fatal(err)
			}
			nb, err := bk.At(b)
			if err != nil {
				t.Fatal(err)
			}
			if na.Key != nb.Key || na.Games != 2 {
				t.Errorf("%v and %v: %d games, keys %q and %q; want one node of 2 games", a, b, na.Games, na.Key, nb.Key)
			}
		})
	}
}

// transposition finds moves w1 b w2 and w2 b w1 from start that reach
// positions of one key; nil when there are none.
func transposition(start engine.Position) (a, b []string) {
	p0 := start.ToMove()[0]
	first := start.Legal(p0)
	for i, w1 := range first {
		pos1, err := start.Apply(p0, w1)
		if err != nil || len(pos1.ToMove()) != 1 {
			continue
		}
		p1 := pos1.ToMove()[0]
		for _, bm := range pos1.Legal(p1) {
			pos2, err := pos1.Apply(p1, bm)
			if err != nil || len(pos2.ToMove()) != 1 || pos2.ToMove()[0] != p0 {
				continue
			}
			for _, w2 := range first[i+1:] {
				x, _, err := engine.Play(pos2, p0, w2.String())
				if err != nil {
					continue
				}
				y1, _, err := engine.Play(start, p0, w2.String())
				if err != nil {
					continue
				}
				y2, _, err := engine.Play(y1, p1, bm.String())
				if err != nil {
					continue
				}
				y, _, err := engine.Play(y2, p0, w1.String())
				if err != nil {
					continue
				}
				if engine.Key(x) == engine.Key(y) && x.String() != y.String() {
					return []string{w1.String(), bm.String(), w2.String()}, []string{w2.String(), bm.String(), w1.String()}
				}
			}
		}
	}
	return nil, nil
}

// TestBookComesBack: a game that comes back to a position (equal keys, as
// knights going out and back) counts once there, by its first visit, and
// the start's lines still sum to its games.
func TestBookComesBack(t *testing.T) {
	_, _, start, err := engine.New("imperial-chess", engine.Config{})
	if err != nil {
		t.Fatal(err)
	}
	// Find a move of each side and a move back, from the start.
	var out, back []string
	p0 := start.ToMove()[0]
	for _, w := range start.Legal(p0) {
		pos1, _ := start.Apply(p0, w)
		p1 := pos1.ToMove()[0]
		for _, bm := range pos1.Legal(p1) {
			pos2, _ := pos1.Apply(p1, bm)
			for _, w2 := range pos2.Legal(p0) {
				pos3, _ := pos2.Apply(p0, w2)
				for _, b2 := range pos3.Legal(p1) {
					pos4, _ := pos3.Apply(p1, b2)
					if engine.Key(pos4) == engine.Key(start) {
						out, back = []string{w.String(), bm.String()}, []string{w2.String(), b2.String()}
					}
					if out != nil {
						break
					}
				}
				if out != nil {
					break
				}
			}
			if out != nil {
				break
			}
		}
		if out != nil {
			break
		}
	}
	if out == nil {
		t.Skip("no way back to the start in four plies")
	}
	rec := &notation.Record{Game: "imperial-chess", Players: []string{"x", "y"}, Result: engine.Result{Kind: engine.Draw, Reason: "agreed"}}
	for i, m := range append(append(append([]string{}, out...), back...), out[0]) {
		rec.Add(engine.Player(i%2), m)
	}
	b, _ := explorer.NewBook("imperial-chess", engine.Config{}, 0)
	for id := int64(1); id <= 2; id++ {
		if err := b.Add(explorer.Game{ID: id, Record: rec, Finished: time.Unix(id, 0)}); err != nil {
			t.Fatal(err)
		}
	}
	root := b.Root()
	if root.Games != 2 || len(root.Lines) != 1 || root.Lines[0].Games != 2 {
		t.Errorf("two games out and back to the start: root of %d games, lines %+v", root.Games, root.Lines)
	}
}
