package clock

import (
	"time"

	"postal/docs/words"
)

// Left writes a duration for people: "2 days 3 hours", "40 minutes".
// It rounds to the nearest hour (the nearest minute under an hour), so that
// two mails a second apart say the same: "3 days", not "3 days" and then
// "2 days 23 hours".
func Left(d time.Duration) string {
	if d <= 0 {
		return "no time"
	}
	if d >= time.Hour {
		d = d.Round(time.Hour)
	} else {
		d = d.Round(time.Minute)
	}
	days, hours := int(d/(24*time.Hour)), int(d%(24*time.Hour)/time.Hour)
	switch {
	case days > 0 && hours > 0:
		return words.Plural(days, "day") + " " + words.Plural(hours, "hour")
	case days > 0:
		return words.Plural(days, "day")
	case hours > 0:
		return words.Plural(hours, "hour")
	}
	return words.Plural(max(1, int(d/time.Minute)), "minute")
}

// When writes a time for mails, in UTC: "Mon 2 Jan 2006 15:04 UTC".
func When(t time.Time) string { return t.UTC().Format("Mon 2 Jan 2006 15:04 MST") }
