package club

import (
	"context"
	"fmt"
	"time"

	"postal/archive"
	"postal/mailer"
)

// Remind mails every player whose move is due within Options.RemindBefore
// and who has not been reminded of that deadline yet, in one transaction.
// It returns when the next reminder falls due (ok is false when none is
// pending), so a scheduler loop can sleep until then. Timeouts (what
// happens when a deadline passes) belong to the clocks issue.
func (s *Service) Remind(ctx context.Context) (next time.Time, ok bool, err error) {
	if s.opt.RemindBefore < 0 {
		return time.Time{}, false, nil
	}
	now := s.opt.Now().UTC()
	err = s.db.Tx(ctx, func(tx *archive.Tx) error {
		due, err := tx.DueReminders(now.Add(s.opt.RemindBefore))
		if err != nil {
			return err
		}
		h := &handling{s: s, tx: tx, in: &mailer.Inbound{}, now: now}
		for _, row := range due {
			gs, err := h.loadGame(row.ID)
			if err != nil {
				return err
			}
			for _, p := range gs.toMove() {
				line := fmt.Sprintf("Reminder: your move in game #%d is due by %s (%s left).", row.ID, row.Deadline.Format("Mon 2 Jan 2006 15:04 MST"), left(row.Deadline.Sub(now)))
				if err := h.gameNotice(gs, gs.players[p], []string{line}); err != nil {
					return err
				}
			}
			gs.row.Reminded = gs.row.Deadline
			if err := tx.UpdateGame(gs.row); err != nil {
				return err
			}
			if err := tx.AddEvent(now, "reminder", row.ID, 0, fmtDeadline(row.Deadline)); err != nil {
				return err
			}
		}
		return h.flushNotices()
	})
	if err != nil {
		return time.Time{}, false, fmt.Errorf("club: reminders: %w", err)
	}
	deadline, ok, err := s.db.NextDeadline(ctx)
	if err != nil || !ok {
		return time.Time{}, false, err
	}
	return deadline.Add(-s.opt.RemindBefore), true, nil
}

func fmtDeadline(t time.Time) string { return t.UTC().Format(time.RFC3339) }
