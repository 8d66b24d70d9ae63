package clock

import "time"

// DefaultAllowance is the vacation a player may take in a year.
const DefaultAllowance = 30 * Day

// Vacation is one stretch of vacation: from Start to End (End zero while it
// lasts).
type Vacation struct {
	Start, End time.Time
}

// Used returns how much vacation the player has used in the 365 days before
// now, counting an ongoing vacation up to now.
func Used(vacations []Vacation, now time.Time) time.Duration {
	from := now.Add(-365 * Day)
	var used time.Duration
	for _, v := range vacations {
		end := v.End
		if end.IsZero() || end.After(now) {
			end = now
		}
		start := v.Start
		if start.Before(from) {
			start = from
		}
		if end.After(start) {
			used += end.Sub(start)
		}
	}
	return used
}

// Grant returns how long a vacation asked for now may last: what was asked,
// cut to what is left of the yearly allowance. Zero means none is left.
func Grant(asked, allowance time.Duration, vacations []Vacation, now time.Time) time.Duration {
	left := allowance - Used(vacations, now)
	if left <= 0 {
		return 0
	}
	return min(asked, left)
}
