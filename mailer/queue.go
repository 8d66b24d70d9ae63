package mailer

import (
	"context"
	"time"
)

// Queued is one outbox row waiting for delivery.
type Queued struct {
	ID       int64
	Msg      Outbound
	Attempts int // failed attempts so far
}

// Queue is the outbox as the sender sees it. The daemon implements it over
// the archive's outbox, which stores each message with Outbound.Stored; a row
// is written in the same transaction as the state change that caused it, and
// counts as sent only after Sent.
type Queue interface {
	// Due returns up to limit rows whose next attempt is at or before now,
	// oldest first.
	Due(ctx context.Context, now time.Time, limit int) ([]Queued, error)
	// Sent records that the SMTP server accepted row id.
	Sent(ctx context.Context, id int64, at time.Time) error
	// Retry records a failed attempt and when to try again; permanent
	// failures (after the sender gives up) pass a zero retryAt.
	Retry(ctx context.Context, id int64, failure string, retryAt time.Time) error
	// NextDue returns the time of the earliest pending attempt; ok is false
	// when the outbox is empty.
	NextDue(ctx context.Context) (at time.Time, ok bool, err error)
}
