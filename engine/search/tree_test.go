package search

import (
	"math"
	"math/rand/v2"
	"testing"

	"postal/engine"
	_ "postal/engine/allgames"
)

// grow runs n iterations of a search for the player to move at pos and
// returns the root.
func grow(t *testing.T, pos engine.Position, n int) *node {
	t.Helper()
	s := &searcher{rng: rand.New(rand.NewPCG(1, 2)), me: pos.ToMove()[0], seats: seatsOf(pos), plies: 20}
	root := s.newNode(pos, nil)
	if err := s.expandRoot(root); err != nil {
		t.Fatal(err)
	}
	for range n {
		if err := s.iterate(root); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// TestChanceNodes checks Superial Chess's random move (R11), whose cube is
// thrown by chance: the node after "random" draws several outcomes, no
// more than progressive widening allows, each a child reached as often as
// it was drawn or replayed, and its visits are its children's.
func TestChanceNodes(t *testing.T) {
	_, _, pos, err := engine.New("superial-chess", engine.Config{Ruleset: "random"})
	if err != nil {
		t.Fatal(err)
	}
	root := grow(t, pos, 3000)
	var chance *node
	for _, c := range root.children {
		if c.move.String() == "random" {
			chance = c
		}
	}
	if chance == nil || chance.mover != engine.Chance {
		t.Fatalf("no chance node after random among %d root moves", len(root.children))
	}
	if len(chance.children) < 2 || len(chance.children) > 1+int(math.Sqrt(float64(chance.visits))) {
		t.Errorf("%d outcomes after %d visits", len(chance.children), chance.visits)
	}
	sum := 0
	for i, c := range chance.children {
		sum += c.visits
		if c.move.String() != chance.keys[i] || chance.draws[i] < 1 {
			t.Errorf("outcome %d: %s keyed %s, drawn %d times", i, c.move, chance.keys[i], chance.draws[i])
		}
	}
	if sum != chance.visits {
		t.Errorf("children visited %d times, the chance node %d", sum, chance.visits)
	}
}

// TestSimultaneousIsSequential checks Imperial Shuffle's setup, where both
// players may act: the searching player moves first in the tree, and the
// other player answers at the nodes below, as R5 lets them once the first
// arrangement is shown.
func TestSimultaneousIsSequential(t *testing.T) {
	_, _, pos, err := engine.New("imperial-shuffle", engine.Config{})
	if err != nil {
		t.Fatal(err)
	}
	root := grow(t, pos, 300)
	if root.mover != engine.First {
		t.Fatalf("root mover %d", root.mover)
	}
	if len(root.children) != 1+unlistedPerNode {
		t.Errorf("%d moves at the root: setup random and %d arrangements wanted", len(root.children), unlistedPerNode)
	}
	below := 0
	for _, c := range root.children {
		if c.mover != engine.Second && c.mover != engine.Chance {
			t.Errorf("after %s the node's mover is %d", c.move, c.mover)
		}
		if c.mover == engine.Second {
			below++
		}
	}
	if below == 0 {
		t.Error("no node of the second player below the first's arrangements")
	}
}

// TestSolverProvesWins checks MCTS-Solver: a win in one proves the root
// when it is made (keep-a-riding, the last to move wins: one of Dark's
// five moves leaves Light without a move); a win in two plies proves it
// through the opponent's node, all of whose replies lose (dont-mosey, the
// player who cannot move wins: one of Dark's two moves leaves Light only
// moves after which Dark cannot move).
func TestSolverProvesWins(t *testing.T) {
	g, err := engine.Lookup("conflagration")
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{
		"keep-a-riding 4 4/1D3/D5/4LD1/6/L4/4 D 37 F3xF5",
		"dont-mosey 4 2D1/LL1DD/2LD2/1DLL3/DD3L/L2D1/2D1 D 15 G5xE5",
	} {
		p, err := g.ParsePosition(text)
		if err != nil {
			t.Fatal(err)
		}
		root := grow(t, p, 200)
		if !root.proven || root.outcome[engine.Second] != 1 {
			t.Errorf("%s: root proven %v, outcome %v", text, root.proven, root.outcome)
		}
		if b := root.best(); !b.proven || b.outcome[engine.Second] != 1 {
			t.Errorf("%s: best move %s not proven to win", text, b.move)
		}
	}
}

// TestRewardsByPlace checks the rewards of games of more than two players
// (Superial Chess R13d-R13e): by place, the first 1 and the last 0; a
// playout cut short is a draw among the players still in, those out keeping
// their places' rewards.
func TestRewardsByPlace(t *testing.T) {
	won, err := engine.ParseScore("2-1-4-3", 4)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := Outcome(won), (Rewards{2.0 / 3, 1, 0, 1.0 / 3}); !near(got, want) {
		t.Errorf("2-1-4-3: %v, want %v", got, want)
	}
	on := engine.Result{Places: []int{0, 4, 0, 3}}
	if got, want := Cut(on), (Rewards{5.0 / 6, 0, 5.0 / 6, 1.0 / 3}); !near(got, want) {
		t.Errorf("cut with West and East out: %v, want %v", got, want)
	}
	if got, want := Cut(engine.Result{}), (Rewards{0.5, 0.5}); !near(got, want) {
		t.Errorf("cut of two players: %v, want %v", got, want)
	}
}

// TestFourPlayerTree checks a search of every seat of a four-player game
// (Superial Chess R13): every node's rewards, summed over the seats, are
// what its visits give four players (1 + 2/3 + 1/3 + 0 = 2 each), and each
// seat's lies between 0 and the visits; the move chosen is legal.
func TestFourPlayerTree(t *testing.T) {
	_, _, pos, err := engine.New("superial-chess", engine.Config{Ruleset: "multiplayer"})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(7, 7))
	for seat := range 4 {
		if pl := pos.ToMove()[0]; int(pl) != seat {
			t.Fatalf("seat %d to move at ply %d", pl, pos.Ply())
		}
		root := grow(t, pos, 300)
		var check func(n *node)
		check = func(n *node) {
			sum := 0.0
			for p, r := range n.reward {
				if r < -1e-9 || r > float64(n.visits)+1e-9 {
					t.Fatalf("seat %d's reward %v over %d visits", p, r, n.visits)
				}
				sum += r
			}
			if math.Abs(sum-2*float64(n.visits)) > 1e-6 {
				t.Fatalf("rewards %v sum to %v over %d visits, want %v", n.reward, sum, n.visits, 2*n.visits)
			}
			for _, c := range n.children {
				check(c)
			}
		}
		check(root)
		best := root.best()
		next, err := pos.Apply(pos.ToMove()[0], best.move)
		if err != nil {
			t.Fatalf("seat %d: best move %s refused: %v", seat, best.move, err)
		}
		// On to the next seat, after a round of random plies.
		pos = next
		for range 4 {
			m := engine.RandomMove(pos, pos.ToMove()[0], rng)
			if pos, err = pos.Apply(pos.ToMove()[0], m); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func near(a, b Rewards) bool {
	for i := range a {
		if math.Abs(a[i]-b[i]) > 1e-9 {
			return false
		}
	}
	return true
}

// TestMAST checks MAST's records (issue 27): after a search of Imperial
// Chess every iteration has recorded its playout's moves, each move's
// average is a reward, and a node tries first the untried move of best
// average.
func TestMAST(t *testing.T) {
	_, _, pos, err := engine.New("imperial-chess", engine.Config{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if pos, _, err = engine.ResolveChance(pos, 1); err != nil {
		t.Fatal(err)
	}
	s := &searcher{rng: rand.New(rand.NewPCG(1, 2)), me: pos.ToMove()[0], seats: seatsOf(pos), plies: 20, tune: current}
	root := s.newNode(pos, nil)
	if err := s.expandRoot(root); err != nil {
		t.Fatal(err)
	}
	const its = 100
	for range its {
		if err := s.iterate(root); err != nil {
			t.Fatal(err)
		}
	}
	total := 0
	for k, st := range s.mast {
		if k.m == "" || st.n == 0 || st.reward < 0 || st.reward > float64(st.n) {
			t.Errorf("MAST record %v: %+v", k, *st)
		}
		total += st.n
	}
	// Each iteration records at least its new node's move and the 20
	// plies of its playout, unless the game ended sooner.
	if total < its*10 {
		t.Errorf("MAST recorded %d moves in %d iterations", total, its)
	}
	n := s.newNode(pos, nil)
	s.expand(n)
	best := s.untriedPick(n)
	for i, k := range n.keys0 {
		if s.mastValue(mastKey{n.mover, k}) > s.mastValue(mastKey{n.mover, n.keys0[best]}) {
			t.Errorf("untried move %d (%s) averages better than the one picked (%s)", i, k, n.keys0[best])
		}
	}
}
