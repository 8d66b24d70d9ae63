package pairing

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// table writes rounds as the handbook prints them, players numbered from 1.
func table(rounds [][]Pair) []string {
	var out []string
	for _, round := range rounds {
		var games []string
		for _, g := range round {
			if g.Second == Bye {
				games = append(games, fmt.Sprintf("%d-bye", g.First+1))
			} else {
				games = append(games, fmt.Sprintf("%d-%d", g.First+1, g.Second+1))
			}
		}
		out = append(out, strings.Join(games, " "))
	}
	return out
}

// FIDE Handbook C.05 Annex 1, the Berger tables for 3 or 4 and 5 or 6 players.
func TestBergerTablesOfTheHandbook(t *testing.T) {
	for _, tc := range []struct {
		n    int
		want []string
	}{
		{4, []string{"1-4 2-3", "4-3 1-2", "2-4 3-1"}},
		{6, []string{"1-6 2-5 3-4", "6-4 5-3 1-2", "2-6 3-1 4-5", "6-5 1-4 2-3", "3-6 4-2 5-1"}},
		// Three players: the handbook's table for four, player 4 the bye.
		{3, []string{"2-3 1-bye", "1-2 3-bye", "3-1 2-bye"}},
	} {
		if got := table(RoundRobin(tc.n)); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("RoundRobin(%d) =\n%q\nwant\n%q", tc.n, got, tc.want)
		}
	}
}

// Every pair meets once, every player plays once a round, seats as even as
// the count allows (a difference of at most one), for every size up to 20;
// the double round robin meets every pair once from each seat.
func TestRoundRobinMeetsEveryPairOnce(t *testing.T) {
	for n := 2; n <= 20; n++ {
		rounds := RoundRobin(n)
		met := map[[2]int]int{}
		first := make([]int, n)
		for r, round := range rounds {
			seen := map[int]bool{}
			for _, g := range round {
				for _, p := range []int{g.First, g.Second} {
					if p == Bye {
						continue
					}
					if seen[p] {
						t.Fatalf("n=%d round %d: player %d twice", n, r+1, p)
					}
					seen[p] = true
				}
				if g.Second != Bye {
					met[[2]int{min(g.First, g.Second), max(g.First, g.Second)}]++
					first[g.First]++
				}
			}
			if len(seen) != n {
				t.Fatalf("n=%d round %d: %d players, want %d", n, r+1, len(seen), n)
			}
		}
		if len(met) != n*(n-1)/2 {
			t.Fatalf("n=%d: %d pairs met, want %d", n, len(met), n*(n-1)/2)
		}
		games := n - 1
		for p, f := range first {
			if d := f - (games - f); d < -1 || d > 1 && n%2 == 0 || d > 2 {
				t.Errorf("n=%d: player %d first seat %d of %d games", n, p+1, f, games)
			}
		}
		seats := map[Pair]int{}
		for _, round := range DoubleRoundRobin(n) {
			for _, g := range round {
				if g.Second != Bye {
					seats[g]++
				}
			}
		}
		if len(seats) != n*(n-1) {
			t.Fatalf("double n=%d: %d ordered pairs, want %d", n, len(seats), n*(n-1))
		}
	}
}

func TestTablesOfThreeAndFour(t *testing.T) {
	for _, tc := range []struct{ n, k, tables int }{{3, 3, 1}, {4, 3, 4}, {5, 3, 10}, {5, 4, 5}, {6, 4, 15}} {
		tables := Tables(tc.n, tc.k)
		if len(tables) != tc.tables {
			t.Fatalf("Tables(%d, %d): %d tables, want %d", tc.n, tc.k, len(tables), tc.tables)
		}
		pairs := map[[2]int]int{}
		for _, table := range tables {
			for i := range table {
				for j := i + 1; j < len(table); j++ {
					pairs[[2]int{min(table[i], table[j]), max(table[i], table[j])}]++
				}
			}
		}
		for pr, c := range pairs {
			if c != pairs[[2]int{0, 1}] {
				t.Errorf("Tables(%d, %d): pair %v meets %d times, pair 0-1 %d", tc.n, tc.k, pr, c, pairs[[2]int{0, 1}])
			}
		}
	}
}

// Issue 35: across a round robin of tables each player takes each seat as
// often as every other seat, give or take one, as Berger tables do for
// colours: for every field of 3 to 12 players at tables of three and four.
// Each table seats k different players, and every set of k meets once.
func TestTablesBalanceSeats(t *testing.T) {
	for k := 3; k <= 4; k++ {
		for n := k; n <= 12; n++ {
			tables := Tables(n, k)
			if want := binomial(n, k); len(tables) != want {
				t.Fatalf("Tables(%d, %d): %d tables, want %d", n, k, len(tables), want)
			}
			seats := make([][]int, n) // seats[p][s]: tables where p sits at s
			for p := range seats {
				seats[p] = make([]int, k)
			}
			sets := map[string]bool{}
			for _, table := range tables {
				if len(table) != k {
					t.Fatalf("Tables(%d, %d): table %v", n, k, table)
				}
				sorted := slices.Sorted(slices.Values(table))
				if len(slices.Compact(slices.Clone(sorted))) != k || sorted[0] < 0 || sorted[k-1] >= n {
					t.Fatalf("Tables(%d, %d): table %v seats someone twice, or nobody", n, k, table)
				}
				if key := fmt.Sprint(sorted); sets[key] {
					t.Fatalf("Tables(%d, %d): %v meets twice", n, k, sorted)
				} else {
					sets[key] = true
				}
				for s, p := range table {
					seats[p][s]++
				}
			}
			for p, counts := range seats {
				if slices.Max(counts)-slices.Min(counts) > 1 {
					t.Errorf("Tables(%d, %d): player %d sits at the seats %v times", n, k, p+1, counts)
				}
			}
		}
	}
}

func binomial(n, k int) int {
	c := 1
	for i := range k {
		c = c * (n - i) / (i + 1)
	}
	return c
}

func TestBracketSeedsOneAgainstN(t *testing.T) {
	for _, tc := range []struct {
		n    int
		want []string
	}{
		{8, []string{"1-8 4-5 2-7 3-6"}},
		{4, []string{"1-4 2-3"}},
		// Six: the top two seeds have byes.
		{6, []string{"1-bye 4-5 2-bye 3-6"}},
		{2, []string{"1-2"}},
	} {
		if got := table([][]Pair{Bracket(tc.n)}); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Bracket(%d) = %q, want %q", tc.n, got, tc.want)
		}
	}
}

// A round robin of four, worked by hand: A-B 1-0, A-C 0-1, A-D 1-0, B-C 1-0,
// B-D 1-0, C-D 0-1. A and B have 2 points, C and D 1. Sonneborn-Berger: A
// beat B (2) and D (1): 3; B beat C (1) and D (1): 2; C beat A (2): 2; D beat
// C (1): 1. So A before B, C before D.
func TestSonnebornBergerWorkedByHand(t *testing.T) {
	const A, B, C, D = 0, 1, 2, 3
	results := []Result{{A, B, 1}, {A, C, 0}, {A, D, 1}, {B, C, 1}, {B, D, 1}, {C, D, 0}}
	got := Standings(4, results, RoundRobinSystem)
	want := []struct {
		player, rank int
		score, sb    float64
	}{{A, 1, 2, 3}, {B, 2, 2, 2}, {C, 3, 1, 2}, {D, 4, 1, 1}}
	for i, w := range want {
		g := got[i]
		if g.Player != w.player || g.Rank != w.rank || g.Score != w.score || g.SonnebornBerger != w.sb {
			t.Errorf("line %d: %+v, want player %d rank %d score %v SB %v", i+1, g, w.player, w.rank, w.score, w.sb)
		}
	}
}

// A Swiss of six over three rounds, worked by hand:
//
//	round 1: 1-4 1-0, 2-5 1-0, 3-6 ½
//	round 2: 1-2 ½, 6-4 1-0, 5-3 0-1
//	round 3: 3-1 ½, 2-6 1-0, 4-5 1-0
//
// Points: 1: 2, 2: 2½, 3: 2, 4: 1, 5: 0, 6: 1½. Buchholz (opponents'
// points): 1: 1+2½+2 = 5½; 2: 0+2+1½ = 3½; 3: 1½+0+2 = 3½; 4: 2+1½+0 = 3½;
// 5: 2½+2+1 = 5½; 6: 2+1+2½ = 5½. Median Buchholz drops the highest and the
// lowest: 1: 2; 2: 1½; 3: 1½; 4: 1½; 5: 2; 6: 2. So 2 leads, then 1
// (Buchholz 5½) before 3 (3½).
func TestBuchholzWorkedByHand(t *testing.T) {
	results := []Result{
		{0, 3, 1}, {1, 4, 1}, {2, 5, 0.5},
		{0, 1, 0.5}, {5, 3, 1}, {4, 2, 0},
		{2, 0, 0.5}, {1, 5, 1}, {3, 4, 1},
	}
	got := Standings(6, results, SwissSystem)
	want := []struct {
		player                  int
		score, buchholz, median float64
	}{{1, 2.5, 3.5, 1.5}, {0, 2, 5.5, 2}, {2, 2, 3.5, 1.5}, {5, 1.5, 5.5, 2}, {3, 1, 3.5, 1.5}, {4, 0, 5.5, 2}}
	for i, w := range want {
		g := got[i]
		if g.Player != w.player || g.Score != w.score || g.Buchholz != w.buchholz || g.MedianBuchholz != w.median || g.Rank != i+1 {
			t.Errorf("line %d: %+v, want player %d score %v Buchholz %v median %v", i+1, g, w.player+1, w.score, w.buchholz, w.median)
		}
	}
}

// Level on points and Buchholz, the median Buchholz decides: players 0 and
// 1 both have 2 points and Buchholz 5, from opponents of 4, 1, 0, 0 points
// (median 1) and of 2, 2, 1, 0 (median 3), so 1 ranks first.
func TestMedianBuchholzBreaksALevelBuchholz(t *testing.T) {
	// Player 0 met 2, 3, 4, 5; player 1 met 6, 7, 8, 9. Their opponents'
	// final points are set by games among themselves and byes.
	results := []Result{
		// 0 and 1 each win two and lose two.
		{0, 2, 0}, {0, 3, 1}, {0, 4, 1}, {0, 5, 0},
		{1, 6, 0}, {1, 7, 1}, {1, 8, 0}, {1, 9, 1},
	}
	// From these games the opponents have 2: 1, 3: 0, 4: 0, 5: 1 and
	// 6: 1, 7: 0, 8: 1, 9: 0. Byes give 2 three more points (4, 0, 0, 1)
	// and 6 one, 7 two (2, 2, 1, 0).
	results = append(results, Result{2, Bye, 1}, Result{2, Bye, 1}, Result{2, Bye, 1},
		Result{6, Bye, 1}, Result{7, Bye, 1}, Result{7, Bye, 1})
	got := Standings(10, results, SwissSystem)
	var b0, b1 Standing
	rank := map[int]int{}
	for i, s := range got {
		rank[s.Player] = i
		switch s.Player {
		case 0:
			b0 = s
		case 1:
			b1 = s
		}
	}
	if b0.Score != 2 || b1.Score != 2 || b0.Buchholz != 5 || b1.Buchholz != 5 {
		t.Fatalf("setup: %+v %+v", b0, b1)
	}
	if b0.MedianBuchholz != 1 || b1.MedianBuchholz != 3 {
		t.Fatalf("median Buchholz %v and %v, want 1 and 3", b0.MedianBuchholz, b1.MedianBuchholz)
	}
	if rank[1] > rank[0] || b1.Rank == b0.Rank {
		t.Errorf("player 1 (median 3) ranks %d, player 0 (median 1) %d", b1.Rank, b0.Rank)
	}
}

// simulate plays a Swiss of n players over rounds rounds with random results
// and checks every round against the rules.
func simulate(t testing.TB, n, rounds int, seed uint64) ([][]Pair, []Result) {
	rng := rand.New(rand.NewPCG(seed, 1))
	s := Swiss{Players: n, Scores: make([]float64, n)}
	var results []Result
	for r := range rounds {
		round, err := s.Next()
		if err != nil {
			t.Fatalf("round %d: %v", r+1, err)
		}
		s.Rounds = append(s.Rounds, round)
		for _, g := range round {
			res := Result{g.First, g.Second, 1}
			if g.Second != Bye {
				res.Score = []float64{0, 0.5, 1}[rng.IntN(3)]
				s.Scores[g.Second] += 1 - res.Score
			}
			s.Scores[g.First] += res.Score
			results = append(results, res)
		}
	}
	return s.Rounds, results
}

// The acceptance of issue 25: a Swiss of 9 over 4 rounds by simulation.
func TestSwissOfNineOverFourRounds(t *testing.T) {
	for seed := range uint64(50) {
		checkSwiss(t, 9, 4, seed)
	}
	for seed := range uint64(5) {
		checkSwiss(t, 100, 9, seed)
		checkSwiss(t, 15, 7, seed)
	}
}

func checkSwiss(t *testing.T, n, rounds int, seed uint64) {
	t.Helper()
	played, _ := simulate(t, n, rounds, seed)
	met := map[[2]int]bool{}
	byes := make([]int, n)
	diff := make([]int, n)
	for r, round := range played {
		seen := map[int]bool{}
		roundByes := 0
		for _, g := range round {
			if seen[g.First] || g.Second != Bye && seen[g.Second] {
				t.Fatalf("n=%d seed %d round %d: a player twice", n, seed, r+1)
			}
			seen[g.First] = true
			if g.Second == Bye {
				roundByes++
				byes[g.First]++
				continue
			}
			seen[g.Second] = true
			key := [2]int{min(g.First, g.Second), max(g.First, g.Second)}
			if met[key] {
				t.Fatalf("n=%d seed %d round %d: %d and %d meet again", n, seed, r+1, g.First, g.Second)
			}
			met[key] = true
			diff[g.First]++
			diff[g.Second]--
		}
		if len(seen) != n {
			t.Fatalf("n=%d seed %d round %d: %d players paired", n, seed, r+1, len(seen))
		}
		if want := n % 2; roundByes != want {
			t.Fatalf("n=%d seed %d round %d: %d byes, want %d", n, seed, r+1, roundByes, want)
		}
		for p, d := range diff {
			if d > 2 || d < -2 {
				t.Fatalf("n=%d seed %d round %d: player %d seat difference %d", n, seed, r+1, p, d)
			}
		}
	}
	for p, b := range byes {
		if b > 1 {
			t.Fatalf("n=%d seed %d: player %d had %d byes", n, seed, p, b)
		}
	}
}

// The bye goes to the lowest ranked player who has not had one.
func TestSwissByeToTheLowestRanked(t *testing.T) {
	s := Swiss{Players: 5, Scores: []float64{1, 1, 0, 0, 1}, Rounds: [][]Pair{{{0, 3}, {1, 2}, {4, Bye}}}}
	round, err := s.Next()
	if err != nil {
		t.Fatal(err)
	}
	last := round[len(round)-1]
	// Ranked 0, 1, 4 (1 point), 2, 3 (0): 3 is lowest; 4 had the bye.
	if last != (Pair{3, Bye}) {
		t.Errorf("bye %v, want player 3 (lowest ranked without one)", last)
	}
	// Players who left are not paired.
	s.Out = []bool{false, false, false, true, false}
	round, err = s.Next()
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range round {
		if g.First == 3 || g.Second == 3 || g.Second == Bye {
			t.Errorf("round %v pairs the absent player or gives a bye to four", round)
		}
	}
}

func TestSwissRoundOneTopHalfAgainstBottomHalf(t *testing.T) {
	round, err := Swiss{Players: 8}.Next()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := table([][]Pair{round}), []string{"1-5 6-2 3-7 8-4"}; !reflect.DeepEqual(got, want) {
		t.Errorf("round 1 %q, want %q", got, want)
	}
}

func TestSwissNoPairingLeft(t *testing.T) {
	s := Swiss{Players: 2, Rounds: [][]Pair{{{0, 1}}}, Scores: []float64{1, 0}}
	if _, err := s.Next(); err != ErrNoPairing {
		t.Errorf("two players who met: %v, want ErrNoPairing", err)
	}
}

// Issue 25: standings of a 100-player Swiss under 50 ms.
func BenchmarkStandings(b *testing.B) {
	_, results := simulate(b, 100, 9, 1)
	b.ResetTimer()
	for b.Loop() {
		Standings(100, results, SwissSystem)
	}
}

func BenchmarkSwissNext(b *testing.B) {
	played, results := simulate(b, 100, 8, 1)
	st := Standings(100, results, SwissSystem)
	scores := make([]float64, 100)
	for _, s := range st {
		scores[s.Player] = s.Score
	}
	s := Swiss{Players: 100, Rounds: played, Scores: scores}
	b.ResetTimer()
	for b.Loop() {
		if _, err := s.Next(); err != nil {
			b.Fatal(err)
		}
	}
}

// The round robin's tie-break chain: points, Sonneborn-Berger, games won,
// the result between the tied, rating at the start, seed. Each line says
// the rule that put its player below the one above; players whom the
// whole chain but seed cannot separate share a rank.
func TestRoundRobinTieBreakChain(t *testing.T) {
	// Six players, a double round robin of draws but for: 0 beats 1, 1
	// beats 0 (0 and 1 win one game each); 2 beats 3 and 3 beats 2 as well,
	// but 4 and 5 only draw. Everyone has 5 points and SB 25; 0 to 3 won a
	// game each and are level between themselves; 1 is rated higher.
	var results []Result
	for a := 0; a < 6; a++ {
		for b := a + 1; b < 6; b++ {
			results = append(results, Result{a, b, 0.5}, Result{a, b, 0.5})
		}
	}
	results[0] = Result{0, 1, 1}
	results[1] = Result{0, 1, 0}
	i := slices.Index(results, Result{2, 3, 0.5})
	results[i], results[i+1] = Result{2, 3, 1}, Result{2, 3, 0}
	got := Ranked(6, results, RoundRobinSystem, []float64{1500, 1600, 1500, 1500, 1500, 1500})
	want := []struct {
		player, rank int
		by           string
	}{{1, 1, ""}, {0, 2, ByRating}, {2, 2, BySeed}, {3, 2, BySeed}, {4, 5, ByWins}, {5, 5, BySeed}}
	for k, w := range want {
		g := got[k]
		if g.Player != w.player || g.Rank != w.rank || g.By != w.by {
			t.Errorf("line %d: player %d rank %d by %q, want player %d rank %d by %q", k+1, g.Player, g.Rank, g.By, w.player, w.rank, w.by)
		}
	}
	if got[0].Wins != 1 || got[4].Wins != 0 {
		t.Errorf("games won: %+v", got)
	}
	// The result between the tied: 0 beat 1 once, no return game.
	results = []Result{{0, 1, 0}, {0, 2, 1}, {1, 2, 0}}
	// 0: 1 point (beat 2), 1: 1 (beat 0), 2: 1 (beat 1); SB 1 each, one win each:
	// a circle, which head-to-head cannot break either (1 point each among them).
	got = Ranked(3, results, RoundRobinSystem, nil)
	if got[0].Rank != 1 || got[1].Rank != 1 || got[2].Rank != 1 || got[1].By != BySeed {
		t.Errorf("a circle: %+v", got)
	}
}

// Level on points, SB and games won, the player who beat the other is
// ahead, the lower seed though they are: 0 and 2 have 1½, SB 1.75 and a
// win each; 2 beat 0.
func TestHeadToHeadDecides(t *testing.T) {
	results := []Result{{0, 1, 1}, {0, 2, 0}, {0, 3, 0.5}, {1, 2, 0.5}, {1, 3, 0}, {2, 3, 0}}
	got := Ranked(4, results, RoundRobinSystem, []float64{1700, 1600, 1500, 1400})
	if got[1].Player != 2 || got[2].Player != 0 || got[2].By != ByHeadToHead || got[2].Rank != 3 {
		t.Errorf("%+v", got)
	}
}
