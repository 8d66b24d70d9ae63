package rating

import (
	"fmt"
	"math"
	"time"
)

// The system's constants.
const (
	// Tau constrains the change of volatility over time (the paper's
	// example uses 0.5, the middle of its advice of 0.3 to 1.2).
	Tau = 0.5
	// Start, StartRD and StartVol are an unrated player's (step 1).
	Start, StartRD, StartVol = 1500.0, 350.0, 0.06
	// Provisional is the RD above which a rating is provisional, shown
	// with "?".
	Provisional = 110.0
	// Idle is the time without a rated game that adds a period of step 6.
	Idle = 30 * 24 * time.Hour

	// scale converts between the Glicko and Glicko-2 scales (step 2).
	scale = 173.7178
	// epsilon is the convergence tolerance of step 5.
	epsilon = 0.000001
)

// Rating is a player's rating on the Glicko scale: the rating, its
// deviation (RD) and the volatility.
type Rating struct {
	Rating, RD, Vol float64
}

// New is the rating of a player who has not played (step 1).
func New() Rating { return Rating{Start, StartRD, StartVol} }

// IsProvisional reports whether the rating is not yet established: RD
// above Provisional.
func (r Rating) IsProvisional() bool { return r.RD > Provisional }

// String is the rating as people see it: rounded, with "?" when
// provisional ("1523?", "1611").
func (r Rating) String() string {
	s := fmt.Sprintf("%.0f", r.Rating)
	if r.IsProvisional() {
		s += "?"
	}
	return s
}

// Outcome is one game of a period against one opponent: the opponent's
// rating before the period and the score, 1 for a win, 0.5 a draw, 0 a
// loss.
type Outcome struct {
	Opponent Rating
	Score    float64
}

func g(phi float64) float64 { return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi)) }

func expected(mu, muj, phij float64) float64 { return 1 / (1 + math.Exp(-g(phij)*(mu-muj))) }

// Update is r after a rating period with the outcomes (steps 2 to 8). A
// period without outcomes only widens the deviation (step 6).
func (r Rating) Update(outcomes []Outcome) Rating {
	if len(outcomes) == 0 {
		return r.Idle(1)
	}
	// Step 2: the Glicko-2 scale.
	mu, phi, sigma := (r.Rating-Start)/scale, r.RD/scale, r.Vol
	// Steps 3 and 4: the estimated variance v and improvement delta.
	var vinv, sum float64
	for _, o := range outcomes {
		muj, phij := (o.Opponent.Rating-Start)/scale, o.Opponent.RD/scale
		gj, e := g(phij), expected(mu, muj, phij)
		vinv += gj * gj * e * (1 - e)
		sum += gj * (o.Score - e)
	}
	v := 1 / vinv
	delta := v * sum
	// Step 5: the new volatility, by the Illinois algorithm.
	sigma = volatility(phi, sigma, v, delta)
	// Step 6: the pre-period deviation.
	phiStar := math.Sqrt(phi*phi + sigma*sigma)
	// Step 7: the new deviation and rating.
	phi = 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	mu += phi * phi * sum
	// Step 8: back to the Glicko scale.
	return Rating{Rating: scale*mu + Start, RD: scale * phi, Vol: sigma}
}

// volatility is step 5: the root of f by the Illinois algorithm.
func volatility(phi, sigma, v, delta float64) float64 {
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(Tau*Tau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*Tau) < 0 {
			k++
		}
		B = a - k*Tau
	}
	fA, fB := f(A), f(B)
	for math.Abs(B-A) > epsilon {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}

// Idle is r after n periods without a game (step 6 alone, n times): the
// deviation grows, never past StartRD, the deviation of a player who has
// not played (Glickman's Glicko bounds it so too).
func (r Rating) Idle(n int) Rating {
	phi, sigma := r.RD/scale, r.Vol
	for range n {
		phi = math.Sqrt(phi*phi + sigma*sigma)
		if phi*scale >= StartRD {
			phi = StartRD / scale
			break
		}
	}
	r.RD = phi * scale
	return r
}

// IdlePeriods is the number of whole Idle spans from last to now: the
// periods without a game a player gains before a game at now. A player who
// never played (last zero) gains none.
func IdlePeriods(last, now time.Time) int {
	if last.IsZero() || !now.After(last) {
		return 0
	}
	return int(now.Sub(last) / Idle)
}
