package search_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"postal/engine"
	"postal/engine/search"
)

// plainUCT is the reference the searcher is measured against (issue 27):
// textbook UCT over the engine contract and nothing else. UCB1 with
// c = sqrt(2) on rewards in [0, 1], uniform random playouts to the end of
// the game (engine.Playout up to search.MaxPlayoutPlies, a cut a draw among
// those still in), no evaluator, no priors, no solver, no tree kept between
// moves; the most visited root move is played. Chance nodes draw a fresh
// outcome from Sample at every visit (children keyed by the outcome's
// text); in a simultaneous phase the searching player moves first, as in
// the searcher. It considers the moves Legal lists and, in a game with
// moves Legal does not list, the same few unlisted ones the searcher does,
// so that both choose among the same kinds of move.
type plainUCT struct {
	playouts int
	rng      *rand.Rand
	me       engine.Player
}

type uctNode struct {
	pos      engine.Position
	move     engine.Move
	mover    engine.Player // engine.Chance at a chance node
	over     bool
	untried  []engine.Move
	children []*uctNode
	keys     []string // a chance node's outcomes, by text
	visits   int
	reward   search.Rewards
}

// uctExplore is UCB1's constant, sqrt(2), for rewards in [0, 1].
var uctExplore = math.Sqrt2

// newPlainUCT returns the reference with a fixed number of playouts per
// move and its own random source.
func newPlainUCT(playouts int, seed uint64) *plainUCT {
	return &plainUCT{playouts: playouts, rng: rand.New(rand.NewPCG(seed, 0x0c7))}
}

func (u *plainUCT) node(pos engine.Position, m engine.Move) *uctNode {
	n := &uctNode{pos: pos, move: m}
	players := pos.ToMove()
	switch {
	case len(players) == 0:
		n.over = true
		return n
	case slices.Contains(players, engine.Chance):
		n.mover = engine.Chance
		return n
	case slices.Contains(players, u.me):
		n.mover = u.me
	default:
		n.mover = players[0]
	}
	n.untried = slices.Clone(pos.Legal(n.mover))
	if us, ok := pos.(engine.UnlistedSampler); ok {
		n.untried = append(n.untried, us.SampleUnlisted(n.mover, u.rng, 8)...)
	}
	return n
}

// choose returns the move p plays in pos after the reference's playouts.
func (u *plainUCT) choose(pos engine.Position, p engine.Player) (engine.Move, error) {
	u.me = p
	root := u.node(pos, nil)
	if len(root.untried) == 1 {
		return root.untried[0], nil
	}
	path := make([]*uctNode, 0, 64)
	for range u.playouts {
		path = append(path[:0], root)
		n := root
		for !n.over {
			if n.mover == engine.Chance {
				c, err := u.chance(n)
				if err != nil {
					return nil, err
				}
				n = c
				path = append(path, n)
				continue
			}
			if len(n.untried) > 0 {
				i := u.rng.IntN(len(n.untried))
				m := n.untried[i]
				n.untried = slices.Delete(n.untried, i, i+1)
				next, err := n.pos.Apply(n.mover, m)
				if err != nil {
					return nil, fmt.Errorf("plain UCT: move %s refused: %w", m, err)
				}
				c := u.node(next, m)
				n.children = append(n.children, c)
				n = c
				path = append(path, n)
				break
			}
			if len(n.children) == 0 {
				return nil, fmt.Errorf("plain UCT: player %d has no move: %s", n.mover, n.pos)
			}
			n = n.ucb1()
			path = append(path, n)
		}
		end, _, err := engine.Playout(n.pos, u.rng, search.MaxPlayoutPlies)
		if err != nil {
			return nil, err
		}
		r := search.Cut(end.Result())
		if res := end.Result(); res.Over() {
			r = search.Outcome(res)
		}
		for _, x := range path {
			x.visits++
			for i := range r {
				x.reward[i] += r[i]
			}
		}
	}
	var best *uctNode
	for _, c := range root.children {
		if best == nil || c.visits > best.visits {
			best = c
		}
	}
	if best == nil {
		return nil, search.ErrNoMove
	}
	return best.move, nil
}

// ucb1 returns the child UCB1 prefers for the player acting at n.
func (n *uctNode) ucb1() *uctNode {
	var best *uctNode
	score := math.Inf(-1)
	logN := math.Log(float64(n.visits))
	for _, c := range n.children {
		s := c.reward[n.mover]/float64(c.visits) + uctExplore*math.Sqrt(logN/float64(c.visits))
		if s > score {
			best, score = c, s
		}
	}
	return best
}

// chance draws a fresh outcome of a chance node.
func (u *plainUCT) chance(n *uctNode) (*uctNode, error) {
	m := n.pos.Sample(u.rng)
	key := m.String()
	if i := slices.Index(n.keys, key); i >= 0 {
		return n.children[i], nil
	}
	next, err := n.pos.Apply(engine.Chance, m)
	if err != nil {
		return nil, fmt.Errorf("plain UCT: chance outcome %s refused: %w", m, err)
	}
	c := u.node(next, m)
	n.children = append(n.children, c)
	n.keys = append(n.keys, key)
	return c, nil
}
