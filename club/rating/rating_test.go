package rating

import (
	"math"
	"testing"
	"time"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// TestGlickmanExample is the worked example of Glickman's "Example of the
// Glicko-2 system": a player at 1500, RD 200, volatility 0.06 plays
// 1400/30 (wins), 1550/100 (loses) and 1700/300 (loses) in one period.
func TestGlickmanExample(t *testing.T) {
	r := Rating{1500, 200, 0.06}.Update([]Outcome{
		{Rating{1400, 30, 0.06}, 1},
		{Rating{1550, 100, 0.06}, 0},
		{Rating{1700, 300, 0.06}, 0},
	})
	// The paper rounds its intermediate values (mu = -0.2069, v =
	// 1.7785, ...) and prints 1464.06; unrounded, the steps give
	// 1464.0507, 151.5165 and 0.0599960 (the figures other exact
	// implementations print too), within 0.01, 0.005 and 0.00001.
	if !near(r.Rating, 1464.06, 0.01) || !near(r.RD, 151.52, 0.005) || !near(r.Vol, 0.05999, 0.00001) {
		t.Errorf("after the example: %.4f / %.4f / %.6f, want 1464.06 / 151.52 / 0.05999", r.Rating, r.RD, r.Vol)
	}
}

// TestVolatilityLargeDelta takes step 5's other branch (delta^2 > phi^2 +
// v: a surprise), which the paper's example does not.
func TestVolatilityLargeDelta(t *testing.T) {
	r := Rating{1500, 50, 0.06}.Update([]Outcome{{Rating{2300, 30, 0.06}, 1}, {Rating{2300, 30, 0.06}, 1}, {Rating{2300, 30, 0.06}, 1}})
	if r.Vol <= 0.06 || r.Rating <= 1500 || math.IsNaN(r.Vol) {
		t.Errorf("three wins against 2300 from 1500/50: %+v, want a higher rating and volatility", r)
	}
}

// TestIdleGrowth: one period of step 6 per 30 days without a rated game,
// RD sqrt(phi^2+sigma^2) each time, never past 350.
func TestIdleGrowth(t *testing.T) {
	day := 24 * time.Hour
	last := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		after time.Duration
		want  int
	}{{0, 0}, {29 * day, 0}, {30 * day, 1}, {59 * day, 1}, {60 * day, 2}, {365 * day, 12}} {
		if n := IdlePeriods(last, last.Add(c.after)); n != c.want {
			t.Errorf("IdlePeriods after %v = %d, want %d", c.after, n, c.want)
		}
	}
	if n := IdlePeriods(time.Time{}, last); n != 0 {
		t.Errorf("a player who never played gains %d periods, want 0", n)
	}
	p := Player{Rating: Rating{1600, 60, 0.06}, Games: 10, Last: last}
	one := math.Sqrt(60.0/scale*60.0/scale+0.06*0.06) * scale
	if r := p.At(last.Add(45 * day)); !near(r.RD, one, 1e-9) || r.Rating != 1600 || r.Vol != 0.06 {
		t.Errorf("after 45 days: %+v, want RD %.4f and the rest as it was", r, one)
	}
	two := p.At(last.Add(60 * day)).RD
	if two <= one {
		t.Errorf("after 60 days RD %.4f, want more than after 30 (%.4f)", two, one)
	}
	if r := p.At(last.Add(100 * 365 * day)); r.RD != StartRD {
		t.Errorf("after a century RD %.4f, want the cap %v", r.RD, StartRD)
	}
	// The growth is applied before the game: the same game after a long
	// absence moves the rating further.
	opp := Player{Rating: Rating{1600, 60, 0.06}, Games: 10, Last: last.Add(400 * day)}
	soon, _ := Play([]Player{p, opp}, []int{1, 2}, last.Add(day))
	late, _ := Play([]Player{p, opp}, []int{1, 2}, last.Add(400*day))
	if late[0].Rating.Rating-1600 <= soon[0].Rating.Rating-1600 {
		t.Errorf("a win after 400 idle days gains %.2f, after one %.2f: want more after the absence", late[0].Rating.Rating-1600, soon[0].Rating.Rating-1600)
	}
}

// TestPairings: a game of three or four is a result between every pair by
// their places: ahead 1, same place 0.5.
func TestPairings(t *testing.T) {
	got := Pairings([]int{2, 1, 2, 4})
	want := [][]float64{
		{0, 0, 0.5, 1},
		{1, 0, 1, 1},
		{0.5, 0, 0, 1},
		{0, 0, 0, 0},
	}
	for i := range want {
		for j := range want[i] {
			if got[i][j] != want[i][j] {
				t.Fatalf("Pairings(2 1 2 4) = %v, want %v", got, want)
			}
		}
	}
}

// TestPlayMultiplayer: each seat of a game of four is updated once, from
// the ratings before the game, against the three others by places; the
// same as Update with those outcomes.
func TestPlayMultiplayer(t *testing.T) {
	at := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	ps := []Player{Newcomer(), {Rating: Rating{1700, 80, 0.06}, Games: 5, Last: at.Add(-time.Hour)}, Newcomer(), {Rating: Rating{1400, 200, 0.059}, Games: 1, Last: at.Add(-24 * time.Hour)}}
	places := []int{3, 1, 1, 4}
	after, err := Play(ps, places, at)
	if err != nil {
		t.Fatal(err)
	}
	want2 := ps[2].Rating.Update([]Outcome{{ps[0].Rating, 1}, {ps[1].Rating, 0.5}, {ps[3].Rating, 1}})
	if after[2].Rating != want2 {
		t.Errorf("seat 2 (shared first) = %+v, want %+v", after[2].Rating, want2)
	}
	for i, p := range after {
		if p.Games != ps[i].Games+1 || !p.Last.Equal(at) {
			t.Errorf("seat %d: %d games, last %v; want %d, %v", i, p.Games, p.Last, ps[i].Games+1, at)
		}
	}
	if !(after[1].Rating.Rating > 1700 && after[3].Rating.Rating < 1400 && after[2].Rating.Rating > after[0].Rating.Rating) {
		t.Errorf("places 3 1 1 4 gave %v", after)
	}
	if _, err := Play(ps[:2], []int{1, 0}, at); err == nil {
		t.Error("a seat without a place was rated")
	}
}

func TestString(t *testing.T) {
	for _, c := range []struct {
		r    Rating
		want string
	}{{Rating{1523.4, 200, 0.06}, "1523?"}, {Rating{1611.5, 110, 0.06}, "1612"}, {Rating{1499.6, 110.01, 0.06}, "1500?"}} {
		if got := c.r.String(); got != c.want {
			t.Errorf("%+v = %q, want %q", c.r, got, c.want)
		}
	}
}

func TestListOf(t *testing.T) {
	for _, c := range [][3]string{
		{"conflagration", "keep-a-riding", "conflagration"},
		{"conflagration", "shakattrition", "conflagration"},
		{"superial-chess", "classic", "superial-chess"},
		{"superial-chess", "multiplayer", "superial-chess"},
		{"superial-chess", "vs-chess", "superial-chess-vs-chess"},
		{"imperial-chess", "standard", "imperial-chess"},
	} {
		if got := ListOf(c[0], c[1]); got != c[2] {
			t.Errorf("ListOf(%s, %s) = %q, want %q", c[0], c[1], got, c[2])
		}
	}
}

func BenchmarkPlay(b *testing.B) {
	at := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	ps := []Player{{Rating: Rating{1500, 200, 0.06}, Last: at.Add(-40 * 24 * time.Hour)}, {Rating: Rating{1600, 90, 0.06}, Last: at}}
	for b.Loop() {
		Play(ps, []int{1, 2}, at)
	}
}
