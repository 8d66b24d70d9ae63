package club

import (
	"time"

	"postal/club/clock"
)

// Span writes a duration as the club's mails do ("2 days 3 hours", "40
// minutes"), for the operator's tools too.
func Span(d time.Duration) string { return clock.Left(d) }
