package pairing

// balanceSeats turns the seats within tables (each lists k of the n players
// by seat) so that each player takes every seat as often as every other,
// give or take one, as Berger tables do for colours: no one gets the
// advantage of moving first more often than the others. The table
// sets stay; only who sits where changes.
//
// It is de Werra's balancing of an edge colouring of a bipartite graph
// (players on one side, tables on the other, each seat a colour): while a
// player p sits at seat a at least twice more than at seat b, walk from p
// along the tables where a player sits at a, to the player at b there, and
// on from that player's tables at a, until a player has no table at a left
// unwalked; then swap a and b at every table walked. Every player met on
// the way keeps their counts but the first, who gives an a for a b, and
// the last, who sat at b more than at a and gains an a for a b; so the
// sum of the squared counts falls at each swap and the balancing ends. A
// table has one player at each seat before and after.
func balanceSeats(tables [][]int, n, k int) {
	count := make([][]int, n) // count[p][s]: the tables where p sits at s
	at := make([][][]int, n)  // at[p][s]: those tables, by index
	for p := range n {
		count[p] = make([]int, k)
		at[p] = make([][]int, k)
	}
	for t, table := range tables {
		for s, p := range table {
			count[p][s]++
			at[p][s] = append(at[p][s], t)
		}
	}
	walked := make([]bool, len(tables))
	var trail []int
	for {
		p, a, b, ok := unbalanced(count)
		if !ok {
			return
		}
		trail = trail[:0]
		last := p
		for {
			next := -1
			for _, t := range at[last][a] {
				if !walked[t] {
					next = t
					break
				}
			}
			if next < 0 {
				break
			}
			walked[next] = true
			trail = append(trail, next)
			last = tables[next][b]
		}
		for _, t := range trail {
			walked[t] = false
			x, y := tables[t][a], tables[t][b]
			tables[t][a], tables[t][b] = y, x
			at[x][a], at[x][b] = without(at[x][a], t), append(at[x][b], t)
			at[y][b], at[y][a] = without(at[y][b], t), append(at[y][a], t)
		}
		count[p][a], count[p][b] = count[p][a]-1, count[p][b]+1
		count[last][a], count[last][b] = count[last][a]+1, count[last][b]-1
	}
}

// unbalanced finds the first player who sits at a seat a at least twice
// more than at a seat b: the seat they take most, and the one least.
func unbalanced(count [][]int) (p, a, b int, ok bool) {
	for p, c := range count {
		a, b = 0, 0
		for s := range c {
			if c[s] > c[a] {
				a = s
			}
			if c[s] < c[b] {
				b = s
			}
		}
		if c[a]-c[b] >= 2 {
			return p, a, b, true
		}
	}
	return 0, 0, 0, false
}

// without returns list without t (which it holds once).
func without(list []int, t int) []int {
	for i, u := range list {
		if u == t {
			return append(list[:i], list[i+1:]...)
		}
	}
	return list
}
