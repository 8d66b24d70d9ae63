package main

import (
	"context"
	"time"

	"postal/archive"
	"postal/mailer"
)

// outbox is the archive's outbox as the sender's queue: the archive keeps
// rows (mailer.Outbound.Stored wrote them), the sender reads messages.
type outbox struct{ *archive.DB }

var _ mailer.Queue = outbox{}

// Due reads the due rows back into messages. A row that does not read back
// can never be sent: it is given up, and the others go on.
func (o outbox) Due(ctx context.Context, now time.Time, limit int) ([]mailer.Queued, error) {
	rows, err := o.DB.Due(ctx, now, limit)
	if err != nil {
		return nil, err
	}
	out := make([]mailer.Queued, 0, len(rows))
	for _, r := range rows {
		msg, err := mailer.LoadOutbound(r.Mail.Message, r.Mail.Files)
		if err != nil {
			if err := o.DB.Retry(ctx, r.ID, err.Error(), time.Time{}); err != nil {
				return nil, err
			}
			continue
		}
		out = append(out, mailer.Queued{ID: r.ID, Msg: msg, Attempts: r.Attempts})
	}
	return out, nil
}
