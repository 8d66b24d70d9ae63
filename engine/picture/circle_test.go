//go:build !js

package picture

import (
	"math"
	"testing"
)

// TestCirclePointsAsComputed shows the circles drawn from the kept unit
// circles are the very points computed anew: as many vertices, the
// fewest of 12, 24, ... that keep within a hundredth of a pixel (at most
// 768), and the same bits, so every PNG stays byte for byte the same.
func TestCirclePointsAsComputed(t *testing.T) {
	for _, rad := range []float64{0, 0.3, 0.6, 1, 2.5, 7, 19.75, 40, 120, 999, 5000} {
		n := 12
		for n < 512 && rad*(1-math.Cos(math.Pi/float64(n))) > 0.01 {
			n *= 2
		}
		cx, cy := 13.25, 7.1
		got := circlePoints(cx, cy, rad)
		if len(got) != n {
			t.Fatalf("radius %g: %d points, want %d", rad, len(got), n)
		}
		for i, pt := range got {
			a := 2 * math.Pi * float64(i) / float64(n)
			if want := (Point{cx + rad*math.Cos(a), cy + rad*math.Sin(a)}); pt != want {
				t.Fatalf("radius %g, point %d: %v, want %v", rad, i, pt, want)
			}
		}
	}
}
