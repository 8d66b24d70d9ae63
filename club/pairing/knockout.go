package pairing

// Bracket returns the first round of a knockout of n players seeded 0..n-1
// (0 the strongest), in bracket order: in a field of P (n rounded up to a
// power of two) seed s meets seed P-1-s, and the halves are arranged so that
// seeds 0 and 1 can meet only in the final, 0..3 only in the semi-finals, and
// so on (1 v 8, 4 v 5, 2 v 7, 3 v 6 for eight). Seeds beyond n are byes, so
// the top seeds have them. Winners of neighbouring pairs meet next.
func Bracket(n int) []Pair {
	if n < 2 {
		return nil
	}
	order := []int{0}
	for size := 1; size < n; size *= 2 {
		next := make([]int, 0, 2*len(order))
		for _, s := range order {
			next = append(next, s, 2*size-1-s)
		}
		order = next
	}
	pairs := make([]Pair, 0, len(order)/2)
	for i := 0; i < len(order); i += 2 {
		a, b := order[i], order[i+1]
		if b >= n {
			b = Bye
		}
		pairs = append(pairs, Pair{a, b})
	}
	return pairs
}
