package search

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"postal/engine"
)

// searcher is the state of one search.
type searcher struct {
	rng   *rand.Rand
	me    engine.Player // the searching player: first to act in a simultaneous phase
	seats int           // the game's players
	plies int           // playout cap in games with an Evaluator
	path  []*node       // scratch: the nodes of the current iteration
	tune  tuning

	// MAST: each move's rewards for its player, summed over
	// the iterations that played it, and the moves of the current
	// iteration.
	mast  map[mastKey]*mastStat
	trail []mastKey
}

// mastKey names a move for MAST: its player and its text.
type mastKey struct {
	p engine.Player
	m string
}

// mastStat is a move's MAST record.
type mastStat struct {
	reward float64
	n      int
}

// mastValue is the average reward of move k for its player, with one
// draw's worth (1/2) as prior so that a move seen once is not taken for
// sure.
func (s *searcher) mastValue(k mastKey) float64 {
	st := s.mast[k]
	if st == nil {
		return 0.5
	}
	return (st.reward + 0.5) / float64(st.n+1)
}

// node is a position of the search tree.
type node struct {
	pos   engine.Position
	move  engine.Move   // the move that led here from the parent
	mover engine.Player // who acts here: a player, or engine.Chance

	// proven is set once the outcome of best play from here is known
	// (MCTS-Solver): the game is over, or the mover has a move proven to
	// win, or every move is proven. A visit then returns outcome, and
	// the search never goes below.
	proven  bool
	outcome Rewards

	// A player's node.
	expanded bool
	untried  []engine.Move // moves not yet tried, in no particular order
	keys0    []string      // with MAST: the texts of untried, in step
	key      string        // with MAST: move's text
	children []*node

	// A chance node: the outcomes drawn, their texts and how often each
	// was drawn.
	keys  []string
	draws []int

	visits int
	reward Rewards // summed over the visits
	square Rewards // the squares of the rewards, summed (UCB1-Tuned)
}

// newNode makes the node of pos, reached by move.
func (s *searcher) newNode(pos engine.Position, move engine.Move) *node {
	n := &node{pos: pos, move: move}
	players := pos.ToMove()
	switch {
	case len(players) == 0:
		n.proven, n.outcome = true, Outcome(pos.Result())
	case slices.Contains(players, engine.Chance):
		n.mover = engine.Chance
	case slices.Contains(players, s.me):
		n.mover = s.me // simultaneous: the searching player moves first
	default:
		n.mover = players[0]
	}
	return n
}

// expand lists the moves of a player's node: the listed ones and a few the
// game does not list.
func (s *searcher) expand(n *node) {
	n.expanded = true
	n.untried = slices.Clone(n.pos.Legal(n.mover))
	if us, ok := n.pos.(engine.UnlistedSampler); ok {
		n.untried = append(n.untried, us.SampleUnlisted(n.mover, s.rng, unlistedPerNode)...)
	}
	if s.tune.mast > 1 {
		n.keys0 = make([]string, len(n.untried))
		for i, m := range n.untried {
			n.keys0[i] = m.String()
		}
	}
}

// untriedPick returns the index of the untried move of n to try next: a
// random one, or with MAST the one of best average, ties to
// the first from a random start.
func (s *searcher) untriedPick(n *node) int {
	start := s.rng.IntN(len(n.untried))
	if n.keys0 == nil {
		return start
	}
	best, bestV := start, -1.0
	for j := range n.untried {
		i := (start + j) % len(n.untried)
		if v := s.mastValue(mastKey{n.mover, n.keys0[i]}); v > bestV {
			best, bestV = i, v
		}
	}
	return best
}

// iterate runs one playout: down the tree by UCT to a node not yet
// expanded, one new child, a random playout from it, and its rewards back
// up the path; then what the new child proves, up the path too.
func (s *searcher) iterate(root *node) error {
	path := append(s.path[:0], root)
	s.trail = s.trail[:0]
	n := root
	for !n.proven {
		if n.mover == engine.Chance {
			c, err := s.chanceChild(n)
			if err != nil {
				return err
			}
			n = c
			path = append(path, n)
			continue
		}
		if !n.expanded {
			s.expand(n)
		}
		if len(n.untried) > 0 {
			c, err := s.tryMove(n, s.untriedPick(n))
			if err != nil {
				return err
			}
			path = append(path, c)
			n = c
			break
		}
		if len(n.children) == 0 {
			return fmt.Errorf("search: player %d has no move but the game is not over: %s", n.mover, n.pos)
		}
		n = n.choose(s.tune)
		path = append(path, n)
	}
	r := n.outcome
	if !n.proven {
		var err error
		if r, err = s.playout(n); err != nil {
			return err
		}
	}
	for _, x := range path {
		x.visits++
		x.reward.add(r)
		x.square.addSquares(r)
	}
	if s.tune.mast > 1 {
		for i := 1; i < len(path); i++ {
			if path[i-1].mover != engine.Chance {
				s.trail = append(s.trail, mastKey{path[i-1].mover, path[i].key})
			}
		}
		if s.mast == nil {
			s.mast = make(map[mastKey]*mastStat)
		}
		for _, k := range s.trail {
			st := s.mast[k]
			if st == nil {
				st = new(mastStat)
				s.mast[k] = st
			}
			st.reward += r[k.p]
			st.n++
		}
	}
	for i := len(path) - 1; i > 0 && path[i].proven && path[i-1].prove(path[i]); i-- {
	}
	s.path = path
	return nil
}

// tryMove plays n's untried move i and returns the new child.
func (s *searcher) tryMove(n *node, i int) (*node, error) {
	m := n.untried[i]
	last := len(n.untried) - 1
	n.untried[i] = n.untried[last]
	n.untried = n.untried[:last]
	key := ""
	if n.keys0 != nil {
		key = n.keys0[i]
		n.keys0[i] = n.keys0[last]
		n.keys0 = n.keys0[:last]
	}
	next, err := n.pos.Apply(n.mover, m)
	if err != nil {
		return nil, fmt.Errorf("search: move %s of player %d refused: %w\nposition %s", m, n.mover, err, n.pos)
	}
	c := s.newNode(next, m)
	c.key = key
	n.children = append(n.children, c)
	return c, nil
}

// prove updates a player's node n after its child c was proven, and
// reports whether n is proven now: the mover wins with c, or every move of
// n is proven and the mover takes the best of them.
func (n *node) prove(c *node) bool {
	if n.proven || n.mover == engine.Chance {
		return false
	}
	if c.outcome[n.mover] == 1 {
		n.proven, n.outcome = true, c.outcome
		return true
	}
	if !n.expanded || len(n.untried) > 0 {
		return false
	}
	best := n.children[0]
	for _, x := range n.children {
		if !x.proven {
			return false
		}
		if x.outcome[n.mover] > best.outcome[n.mover] {
			best = x
		}
	}
	n.proven, n.outcome = true, best.outcome
	return true
}

// choose returns the child UCT prefers for the player acting at n: one
// never visited first (the root has them all made at once).
func (n *node) choose(t tuning) *node {
	var best *node
	bestScore := math.Inf(-1)
	for _, c := range n.children {
		if c.visits == 0 {
			return c
		}
		mean := c.reward[n.mover] / float64(c.visits)
		var score float64
		if t.tuned {
			score = ucbTuned(mean, c.square[n.mover]/float64(c.visits), c.visits, n.visits, t.explore)
		} else {
			score = ucb(mean, c.visits, n.visits, t.explore)
		}
		if score > bestScore {
			best, bestScore = c, score
		}
	}
	return best
}

// chanceChild draws the outcome of a chance node. While the node has fewer
// outcomes than 1+sqrt(visits) it draws afresh with Sample (an outcome
// drawn before leads to its child again); past that it replays an outcome
// already drawn, in proportion to how often each was drawn.
func (s *searcher) chanceChild(n *node) (*node, error) {
	if len(n.children) < 1+int(math.Sqrt(float64(n.visits))) {
		m := n.pos.Sample(s.rng)
		if m == nil {
			return nil, fmt.Errorf("search: the game drew no chance outcome: %s", n.pos)
		}
		key := m.String()
		if i := slices.Index(n.keys, key); i >= 0 {
			n.draws[i]++
			return n.children[i], nil
		}
		next, err := n.pos.Apply(engine.Chance, m)
		if err != nil {
			return nil, fmt.Errorf("search: chance outcome %s refused: %w\nposition %s", m, err, n.pos)
		}
		c := s.newNode(next, m)
		n.children = append(n.children, c)
		n.keys = append(n.keys, key)
		n.draws = append(n.draws, 1)
		return c, nil
	}
	total := 0
	for _, d := range n.draws {
		total += d
	}
	k := s.rng.IntN(total)
	for i, d := range n.draws {
		if k < d {
			return n.children[i], nil
		}
		k -= d
	}
	return n.children[len(n.children)-1], nil
}

// playout plays n's position out at random and returns the rewards: the
// result's, or the Evaluator's where the game has one and the playout
// reached its cap, or a draw's among those still in at MaxPlayoutPlies.
func (s *searcher) playout(n *node) (Rewards, error) {
	plies := MaxPlayoutPlies
	if _, ok := n.pos.(engine.Evaluator); ok {
		plies = s.plies
	}
	var end engine.Position
	var err error
	if _, fast := n.pos.(engine.Playouter); fast || s.tune.mast <= 1 {
		end, _, err = engine.Playout(n.pos, s.rng, plies)
	} else {
		end, err = s.mastPlayout(n.pos, plies)
	}
	if err != nil {
		return Rewards{}, fmt.Errorf("search: playout: %w", err)
	}
	if r := end.Result(); r.Over() {
		return Outcome(r), nil
	}
	if ev, ok := end.(engine.Evaluator); ok {
		return Estimate(ev, s.seats), nil
	}
	return Cut(end.Result()), nil
}

// best returns the root's child to play: one proven to win, else the most
// visited of those not proven to lose (the higher mean reward breaking
// ties), else the best proven. n has children.
func (n *node) best() *node {
	me := n.mover
	rank := func(c *node) (int, int, float64) {
		class := 1
		switch {
		case c.proven && c.outcome[me] == 1:
			class = 2
		case c.proven && c.outcome[me] == 0:
			class = 0
		}
		mean := 0.0
		if c.visits > 0 {
			mean = c.reward[me] / float64(c.visits)
		}
		return class, c.visits, mean
	}
	var best *node
	for _, c := range n.children {
		if best == nil {
			best = c
			continue
		}
		cc, cv, cm := rank(c)
		bc, bv, bm := rank(best)
		if cc > bc || cc == bc && (cv > bv || cv == bv && cm > bm) {
			best = c
		}
	}
	return best
}

// mastPlayout is engine.Playout with MAST's moves: at each ply
// the mover's move is the best by MAST average of s.tune.mast drawn at
// random, and recorded in s.trail.
func (s *searcher) mastPlayout(pos engine.Position, maxPlies int) (engine.Position, error) {
	for range maxPlies {
		players := pos.ToMove()
		if len(players) == 0 {
			if pos.Result().Over() {
				break
			}
			return pos, fmt.Errorf("nobody may act but the game is not over: %s", pos)
		}
		p := players[0]
		if len(players) > 1 {
			p = players[s.rng.IntN(len(players))]
		}
		var m engine.Move
		if p == engine.Chance {
			m = pos.Sample(s.rng)
		} else {
			bestV := -1.0
			var bestK mastKey
			for range s.tune.mast {
				x := engine.RandomMove(pos, p, s.rng)
				if x == nil {
					break
				}
				k := mastKey{p, x.String()}
				if v := s.mastValue(k); v > bestV {
					m, bestK, bestV = x, k, v
				}
			}
			if m != nil {
				s.trail = append(s.trail, bestK)
			}
		}
		if m == nil {
			return pos, fmt.Errorf("player %d has no move but the game is not over: %s", p, pos)
		}
		next, err := pos.Apply(p, m)
		if err != nil {
			return pos, fmt.Errorf("random move %s of player %d refused: %w\nposition %s", m, p, err, pos)
		}
		pos = next
	}
	return pos, nil
}
