package pairing

// RoundRobin returns the rounds of a round robin of n players by FIDE's Berger
// tables (Handbook C.05, Annex 1). For an even n, player n-1 (the table's
// last number) stays put and meets, in round r, player ((r-1)·n/2 mod (n-1));
// the others pair off around that player on the circle of the other n-1.
// Board 1 is the fixed player's game, whose seat alternates (second seat in
// odd rounds). For an odd n a dummy makes the count even and its opponent
// has a bye (Pair.Second is Bye). Each pair meets once; in every round of an
// even count each player plays once.
func RoundRobin(n int) [][]Pair {
	if n < 2 {
		return nil
	}
	m := n
	if m%2 == 1 {
		m++ // the dummy is player m-1 == n
	}
	last := m - 1
	rounds := make([][]Pair, 0, m-1)
	for r := 0; r < m-1; r++ {
		p := (r * m / 2) % last
		round := make([]Pair, 0, m/2)
		if r%2 == 0 {
			round = append(round, Pair{p, last})
		} else {
			round = append(round, Pair{last, p})
		}
		for k := 1; k < m/2; k++ {
			round = append(round, Pair{(p + k) % last, (p - k + last) % last})
		}
		if m != n {
			for i, g := range round {
				switch {
				case g.Second == n:
					round[i] = Pair{g.First, Bye}
				case g.First == n:
					round[i] = Pair{g.Second, Bye}
				}
			}
			// The bye goes last, after the boards that are played.
			for i, g := range round {
				if g.Second == Bye {
					round = append(append(round[:i:i], round[i+1:]...), g)
					break
				}
			}
		}
		rounds = append(rounds, round)
	}
	return rounds
}

// DoubleRoundRobin plays the Berger table twice, the second cycle with every
// pair's seats swapped, so each pair meets once from each seat.
func DoubleRoundRobin(n int) [][]Pair {
	first := RoundRobin(n)
	rounds := append([][]Pair{}, first...)
	for _, round := range first {
		second := make([]Pair, len(round))
		for i, g := range round {
			if g.Second == Bye {
				second[i] = g
			} else {
				second[i] = Pair{g.Second, g.First}
			}
		}
		rounds = append(rounds, second)
	}
	return rounds
}

// Tables is the round robin of tables for games of k seats (three or four,
// as Superial Chess's multiplayer ruleset): every set of k of the n players
// plays one game, so each pair of players meets equally often. Each player
// takes each seat as often as every other, give or take one (balanceSeats),
// as Berger tables balance colours: the first seat, first to move, falls to
// everyone alike, since moving first is worth something. Each table lists the players by seat.
func Tables(n, k int) [][]int {
	if k < 2 || n < k {
		return nil
	}
	var tables [][]int
	set := make([]int, k)
	var walk func(i, from int)
	walk = func(i, from int) {
		if i == k {
			t := len(tables)
			table := make([]int, k)
			for s := range k {
				table[s] = set[(s+t)%k]
			}
			tables = append(tables, table)
			return
		}
		for p := from; p <= n-(k-i); p++ {
			set[i] = p
			walk(i+1, p+1)
		}
	}
	walk(0, 0)
	balanceSeats(tables, n, k)
	return tables
}
