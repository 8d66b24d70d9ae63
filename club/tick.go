package club

import (
	"context"
	"fmt"
	"time"

	"postal/archive"
	"postal/club/games"
	"postal/club/work"
)

// Tick does the clock work that is due by now: vacations that end, games
// whose time ran out (lost on time, or the opponent told they may claim),
// reminders at the club's reminder points, and daily digests. It reads only
// what is due, through the archive's indexes (clock_due, migration 019):
// never the games whose clocks have nothing to do, so its cost follows the
// work, not the number of games in progress (issue 27). A pass takes at
// most CatchUp games; when more are due (after downtime) the next pass is
// due a second later, so reminders go out gradually. It returns when the
// next work falls due (ok false when nothing is pending), so one scheduler
// loop can sleep until then. What it sends is recorded in the same
// transaction as the rows that say it was sent, so a restart neither
// repeats nor skips anything.
func (s *Service) Tick(ctx context.Context) (next time.Time, ok bool, err error) {
	now := s.opt.Now().UTC()
	more := false
	err = s.db.Tx(ctx, func(tx *archive.Tx) error {
		w := &job{s: s, Unit: &work.Unit{Club: s.club, Tx: tx, Now: now}}
		if err := games.EndVacations(w.Unit); err != nil {
			return err
		}
		digests := map[int64]*archive.Player{}
		due, err := tx.DueGames(now, s.opt.CatchUp+1)
		if err != nil {
			return err
		}
		if len(due) > s.opt.CatchUp {
			due, more = due[:s.opt.CatchUp], true
		}
		for _, row := range due {
			if err := games.TickGame(w.Unit, row, digests); err != nil {
				return err
			}
		}
		for _, p := range digests {
			if err := games.Digest(w.Unit, p); err != nil {
				return err
			}
		}
		// Tournaments' own times (a start date, a round's deadline) are
		// few: read every open one.
		var events dueTimes
		if err := w.eventTick(&events); err != nil {
			return err
		}
		if err := w.leagueTick(&events); err != nil { // league_clock.go: through an index, the due alone
			return err
		}
		if err := games.FlushNotices(w.Unit); err != nil {
			return err
		}
		if next, ok, err = tx.NextDue(); err != nil {
			return err
		}
		if !events.next.IsZero() && (!ok || events.next.Before(next)) {
			next, ok = events.next, true
		}
		return nil
	})
	if err != nil {
		return time.Time{}, false, fmt.Errorf("club: clocks: %w", err)
	}
	if more {
		return now.Add(time.Second), true, nil
	}
	return next, ok, nil
}

// dueTimes gathers the earliest future time something is due.
type dueTimes struct{ next time.Time }

func (d *dueTimes) add(t time.Time) {
	if !t.IsZero() && (d.next.IsZero() || t.Before(d.next)) {
		d.next = t
	}
}
