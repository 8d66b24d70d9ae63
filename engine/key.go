package engine

// Keyed is a position that knows which other positions are the same one
// reached by another order of moves: the opening explorer (site/explorer)
// makes one node of them. Its Key holds what decides the rest of the game
// as the rules play it (the pieces and where they stand, the stage, who is
// to move, any rights or counters a later move depends on) and leaves out
// how the position was reached: the ply count, the last move and the
// history kept only for the repetition rule, as chess's explorers leave
// out a FEN's move counters. Two positions with equal keys have the same
// legal moves.
type Keyed interface {
	Key() string
}

// Key is p's transposition key: [Keyed.Key] when p has one, else its
// String, which no other order of moves reaches when it counts plies or
// names the last move (such a game's explorer then makes no transpositions:
// each order of moves is its own node).
func Key(p Position) string {
	if k, ok := p.(Keyed); ok {
		return k.Key()
	}
	return p.String()
}

// EndKey is what a Key adds for a position whose game is over: its score
// (" over 1/2-1/2"), "" while it goes on. A game whose end reads the history
// (a third repetition) needs it: the same pieces, one position over and one
// not, have different moves.
func EndKey(r Result) string {
	if !r.Over() {
		return ""
	}
	return " over " + r.Score()
}
