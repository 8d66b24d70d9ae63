package engine

import (
	"fmt"
	"math/rand/v2"
	"slices"
)

// ChanceSource returns the source for the chance event at ply of a game with
// seed. It depends on nothing else, so a server that restarts mid-game draws
// exactly what it would have drawn, and a record replays from its Seed.
func ChanceSource(seed uint64, ply int) *rand.Rand {
	return rand.New(rand.NewPCG(seed, uint64(ply)))
}

// Acts reports whether p may act in pos: make a move of the game. (A player
// of a game of more than two may also leave it at any time: see [Leaver].)
func Acts(pos Position, p Player) bool { return slices.Contains(pos.ToMove(), p) }

// MayPlay reports whether p may play text now: p acts, or text is p leaving
// a game that has leavings ([Leaver]; whether p is still in, Leave decides).
func MayPlay(pos Position, p Player, text string) bool {
	if Acts(pos, p) {
		return true
	}
	_, leaver := pos.(Leaver)
	_, leaving := ParseLeaving(text)
	return leaver && leaving
}

// Play parses text as a move of p and applies it. In a game where players
// may leave ([Leaver]), the text "resign" or "timeout" is p leaving, at any
// time; the move returned is then the [Leaving].
func Play(pos Position, p Player, text string) (Position, Move, error) {
	if how, ok := ParseLeaving(text); ok {
		if lv, ok := pos.(Leaver); ok {
			next, err := lv.Leave(p, how)
			if err != nil {
				return nil, nil, err
			}
			return next, how, nil
		}
	}
	m, err := pos.ParseMove(p, text)
	if err != nil {
		return nil, nil, err
	}
	next, err := pos.Apply(p, m)
	if err != nil {
		return nil, nil, err
	}
	return next, m, nil
}

// Step is one applied move of a game: who made it and what it was.
type Step struct {
	Player Player
	Move   Move
}

// ResolveChance applies chance outcomes while pos waits for [Chance], each
// drawn from ChanceSource(seed, ply). It returns the new position and the
// outcomes drawn, in order.
func ResolveChance(pos Position, seed uint64) (Position, []Step, error) {
	next, _, steps, err := ResolveChanceBefore(pos, seed)
	return next, steps, err
}

// ResolveChanceBefore is ResolveChance, and before, the position before the
// last outcome drawn (pos when none was): a game keeps the position before
// its last ply, whoever played it.
func ResolveChanceBefore(pos Position, seed uint64) (next, before Position, steps []Step, err error) {
	before = pos
	for Acts(pos, Chance) {
		m := pos.Sample(ChanceSource(seed, pos.Ply()))
		next, err := pos.Apply(Chance, m)
		if err != nil {
			return nil, nil, nil, fmt.Errorf("engine: chance outcome %s refused: %w", m, err)
		}
		steps = append(steps, Step{Chance, m})
		before, pos = pos, next
	}
	return pos, before, steps, nil
}

// Perft counts the leaves of the move tree of the given depth from pos,
// counting every listed move of every player who may act, and every chance
// outcome. A finished game is a leaf.
func Perft(pos Position, depth int) int64 {
	if depth == 0 {
		return 1
	}
	var n int64
	for _, p := range pos.ToMove() {
		for _, m := range pos.Legal(p) {
			next, err := pos.Apply(p, m)
			if err != nil {
				panic(fmt.Sprintf("engine: listed move %s of player %d refused: %v\nposition %s", m, p, err, pos))
			}
			if depth == 1 {
				n++
				continue
			}
			n += Perft(next, depth-1)
		}
	}
	return n
}

// RandomGame plays pos to its end with uniformly random listed moves (chance
// outcomes drawn by Sample), at most maxPlies plies. It returns the final
// position and the steps played. A position whose players have no listed move
// although the game is not over is an error: the game would hang.
func RandomGame(pos Position, rng *rand.Rand, maxPlies int) (Position, []Step, error) {
	var steps []Step
	for i := 0; i < maxPlies && !pos.Result().Over(); i++ {
		players := pos.ToMove()
		if len(players) == 0 {
			return pos, steps, fmt.Errorf("engine: nobody may act but the game is not over: %s", pos)
		}
		p := players[rng.IntN(len(players))]
		var m Move
		if p == Chance {
			m = pos.Sample(rng)
		} else {
			legal := pos.Legal(p)
			if len(legal) == 0 {
				return pos, steps, fmt.Errorf("engine: player %d has no listed move but the game is not over: %s", p, pos)
			}
			m = legal[rng.IntN(len(legal))]
		}
		next, err := pos.Apply(p, m)
		if err != nil {
			return pos, steps, fmt.Errorf("engine: move %s of player %d refused: %w\nposition %s", m, p, err, pos)
		}
		steps = append(steps, Step{p, m})
		pos = next
	}
	return pos, steps, nil
}
