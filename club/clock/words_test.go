package clock

import (
	"testing"
	"time"
)

// Time left is rounded, not cut: a mail a second after the deadline was
// set says "3 days" as the first did.
func TestLeftRounds(t *testing.T) {
	for _, c := range []struct {
		d    time.Duration
		want string
	}{
		{72 * time.Hour, "3 days"},
		{72*time.Hour - time.Second, "3 days"},
		{72*time.Hour - 29*time.Minute, "3 days"},
		{72*time.Hour - 31*time.Minute, "2 days 23 hours"},
		{90 * time.Minute, "2 hours"},
		{89 * time.Minute, "1 hour"},
		{59*time.Minute + 40*time.Second, "1 hour"},
		{40*time.Minute + 20*time.Second, "40 minutes"},
		{10 * time.Second, "1 minute"},
		{0, "no time"},
	} {
		if got := Left(c.d); got != c.want {
			t.Errorf("Left(%v) = %q, want %q", c.d, got, c.want)
		}
	}
}
