package pairing

import (
	"slices"
	"sort"
)

// Result is one finished game between two players, or a bye: Score is
// First's points (1, ½ or 0), Second's are 1-Score. A game of three or four
// counts as a Result between every pair of its players by their places
// (ahead 1, same place ½), as the ratings do.
type Result struct {
	First, Second int
	Score         float64
}

// System names the tie-breaks that order players level on points.
type System int

const (
	// RoundRobinSystem breaks ties by Sonneborn-Berger.
	RoundRobinSystem System = iota
	// SwissSystem breaks ties by Buchholz, then median Buchholz.
	SwissSystem
)

// Standing is one player's line of the table.
type Standing struct {
	Player int
	// Rank is 1 for the leader; players level on points and on every
	// tie-break share a rank.
	Rank   int
	Played int // games played (byes not counted)
	Byes   int
	Score  float64
	// SonnebornBerger sums, over the player's games, the opponent's score
	// times the player's result (a win adds the opponent's whole score, a
	// draw half of it).
	SonnebornBerger float64
	// Buchholz sums the opponents' scores; MedianBuchholz leaves out the
	// highest and the lowest (the two highest and lowest from nine games).
	// A bye counts as an opponent with the player's own score (the FIDE
	// tie-break regulations' dummy opponent, simplified), so that a bye
	// neither helps nor harms.
	Buchholz, MedianBuchholz float64
	// Wins counts the games won (a bye is none).
	Wins int
	// By names the rule that put this player below the one above (ByWins,
	// ...): "" when they have fewer points, BySeed when the whole chain
	// but seed cannot separate them (they share a rank).
	By string
}

// The rules of a round robin's tie-break chain, in order, as a line's By
// names them: after points, Sonneborn-Berger, then games won, then the
// result between the tied players (their points in the games among
// them), then rating at the start, then seed, which only orders players
// who share a place.
const (
	BySB         = "Sonneborn-Berger"
	ByWins       = "games won"
	ByHeadToHead = "the result between them"
	ByRating     = "rating at the start"
	BySeed       = "seed"
	ByBuchholz   = "Buchholz"
	ByMedian     = "median Buchholz"
)

// Standings ranks n players from the results so far, as Ranked does
// without ratings.
func Standings(n int, results []Result, system System) []Standing {
	return Ranked(n, results, system, nil)
}

// Ranked ranks n players (numbered by seed) from the results so far, the
// one ranking every format that ranks by points uses (a round robin, a
// league's divisions, a cup's groups). Ties on points are broken by the
// system's chain: for a round robin Sonneborn-Berger, games won, the
// result between the tied, then ratings (at the start; nil or equal: no
// difference); for a Swiss Buchholz, then median Buchholz. Players the
// chain cannot separate share a rank, ordered by seed; each line's By
// names the rule that put it below the line above.
func Ranked(n int, results []Result, system System, ratings []float64) []Standing {
	st := make([]Standing, n)
	for i := range st {
		st[i].Player = i
	}
	for _, r := range results {
		st[r.First].Score += r.Score
		if r.Second == Bye {
			st[r.First].Byes++
			continue
		}
		st[r.Second].Score += 1 - r.Score
		st[r.First].Played++
		st[r.Second].Played++
	}
	opp := make([][]float64, n) // opponents' scores, a game each
	for _, r := range results {
		a := r.First
		if r.Second == Bye {
			opp[a] = append(opp[a], st[a].Score)
			continue
		}
		b := r.Second
		opp[a] = append(opp[a], st[b].Score)
		opp[b] = append(opp[b], st[a].Score)
		st[a].SonnebornBerger += r.Score * st[b].Score
		st[b].SonnebornBerger += (1 - r.Score) * st[a].Score
	}
	for i := range st {
		s := opp[i]
		for _, v := range s {
			st[i].Buchholz += v
		}
		cut := 1
		if len(s) >= 9 {
			cut = 2
		}
		if len(s) > 2*cut {
			slices.Sort(s)
			for _, v := range s[cut : len(s)-cut] {
				st[i].MedianBuchholz += v
			}
		}
	}
	for _, r := range results {
		switch {
		case r.Second == Bye:
		case r.Score == 1:
			st[r.First].Wins++
		case r.Score == 0:
			st[r.Second].Wins++
		}
	}
	rating := func(p int) float64 {
		if p < len(ratings) {
			return ratings[p]
		}
		return 0
	}
	type rule struct {
		name string
		key  func(s Standing) float64
	}
	chain := []rule{{BySB, func(s Standing) float64 { return s.SonnebornBerger }}, {ByWins, func(s Standing) float64 { return float64(s.Wins) }}}
	if system == SwissSystem {
		chain = []rule{{ByBuchholz, func(s Standing) float64 { return s.Buchholz }}, {ByMedian, func(s Standing) float64 { return s.MedianBuchholz }}}
	}
	// First by points and the tie-breaks of each player alone.
	before := func(a, b Standing) (bool, string, bool) {
		if a.Score != b.Score {
			return a.Score > b.Score, "", true
		}
		for _, r := range chain {
			if x, y := r.key(a), r.key(b); x != y {
				return x > y, r.name, true
			}
		}
		return false, "", false
	}
	sort.SliceStable(st, func(i, j int) bool {
		if less, _, ok := before(st[i], st[j]); ok {
			return less
		}
		return st[i].Player < st[j].Player
	})
	// Then, within each run the keys cannot separate, a round robin's
	// result between them and ratings.
	h2h := make([]float64, n)
	for lo := 0; lo < len(st); {
		hi := lo + 1
		for hi < len(st) {
			if _, _, ok := before(st[lo], st[hi]); ok {
				break
			}
			hi++
		}
		run := st[lo:hi]
		if len(run) > 1 && system != SwissSystem {
			in := map[int]bool{}
			for _, s := range run {
				in[s.Player] = true
				h2h[s.Player] = 0
			}
			for _, r := range results {
				if r.Second != Bye && in[r.First] && in[r.Second] {
					h2h[r.First] += r.Score
					h2h[r.Second] += 1 - r.Score
				}
			}
			sort.SliceStable(run, func(i, j int) bool {
				a, b := run[i].Player, run[j].Player
				if h2h[a] != h2h[b] {
					return h2h[a] > h2h[b]
				}
				if rating(a) != rating(b) {
					return rating(a) > rating(b)
				}
				return a < b
			})
		}
		for k := range run {
			if k == 0 {
				continue
			}
			a, b := run[k-1].Player, run[k].Player
			switch {
			case system == SwissSystem:
				run[k].By = BySeed
			case h2h[a] != h2h[b]:
				run[k].By = ByHeadToHead
			case rating(a) != rating(b):
				run[k].By = ByRating
			default:
				run[k].By = BySeed
			}
		}
		if lo > 0 {
			_, by, _ := before(st[lo-1], st[lo])
			st[lo].By = by
		}
		lo = hi
	}
	for i := range st {
		if i > 0 && st[i].By == BySeed {
			st[i].Rank = st[i-1].Rank
		} else {
			st[i].Rank = i + 1
		}
	}
	return st
}
