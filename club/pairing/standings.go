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
}

// Standings ranks n players from the results so far. Ties on points are
// broken by the system's tie-breaks, then by the players' order (the caller's
// ranking by rating), which does not share a rank.
func Standings(n int, results []Result, system System) []Standing {
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
	keys := func(s Standing) []float64 {
		if system == SwissSystem {
			return []float64{s.Score, s.Buchholz, s.MedianBuchholz}
		}
		return []float64{s.Score, s.SonnebornBerger}
	}
	sort.SliceStable(st, func(i, j int) bool {
		a, b := keys(st[i]), keys(st[j])
		for k := range a {
			if a[k] != b[k] {
				return a[k] > b[k]
			}
		}
		return st[i].Player < st[j].Player
	})
	for i := range st {
		if i > 0 && slices.Equal(keys(st[i]), keys(st[i-1])) {
			st[i].Rank = st[i-1].Rank
		} else {
			st[i].Rank = i + 1
		}
	}
	return st
}
