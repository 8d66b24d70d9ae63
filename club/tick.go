package club

import (
	"context"
	"fmt"
	"slices"
	"time"

	"postal/archive"
	"postal/club/clock"
	"postal/club/game"
	"postal/club/reply"
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
		if err := w.endVacations(); err != nil {
			return err
		}
		digests := map[int64]*archive.Player{}
		games, err := tx.DueGames(now, s.opt.CatchUp+1)
		if err != nil {
			return err
		}
		if len(games) > s.opt.CatchUp {
			games, more = games[:s.opt.CatchUp], true
		}
		for _, row := range games {
			if err := w.tickGame(row, digests); err != nil {
				return err
			}
		}
		for _, p := range digests {
			if err := w.digest(p); err != nil {
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
		if err := w.flushNotices(); err != nil {
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

// tickGame does the clock work of one game that is due, and records when
// the game is next due. A write that changes the game (a timeout that puts
// a player out, a flag) puts it back to "look now" by itself (the archive's
// triggers): its next pass then sees the game as it became.
func (w *job) tickGame(row *archive.Game, digests map[int64]*archive.Player) error {
	switch {
	case row.Status != archive.GameActive || row.Deadline.IsZero() || !row.Paused.IsZero():
		// Over, untimed, or stopped for a vacation: nothing until a write
		// (the vacation's end resumes the clock) changes it.
		return w.Tx.SetDue(row.ID, time.Time{})
	case !w.Now.Before(row.Deadline) && !row.Flagged.IsZero():
		// Claim mode, the opponent told: nothing until a move or a claim.
		return w.Tx.SetDue(row.ID, time.Time{})
	}
	gs, err := w.gameOf(row)
	if err != nil {
		return err
	}
	if !w.Now.Before(row.Deadline) {
		return w.timeUp(gs)
	}
	var due dueTimes
	due.add(row.Deadline)
	if err := w.remind(gs, digests, &due); err != nil {
		return err
	}
	return w.Tx.SetDue(row.ID, due.next)
}

// dueTimes gathers the earliest future time something is due.
type dueTimes struct{ next time.Time }

func (d *dueTimes) add(t time.Time) {
	if !t.IsZero() && (d.next.IsZero() || t.Before(d.next)) {
		d.next = t
	}
}

// endVacations ends the vacations whose time is up.
func (w *job) endVacations() error {
	vs, err := w.Tx.DueVacations(w.Now)
	if err != nil {
		return err
	}
	for _, v := range vs {
		if err := w.endVacation(v); err != nil {
			return err
		}
	}
	return nil
}

// timeUp handles a game whose player to move ran out of time: in the club's
// automatic mode (and in any game of more) the player is out of the game
// (outOfTime); in claim mode the opponent in a game of two is told, once,
// that they may claim it.
func (w *job) timeUp(gs *game.Game) error {
	if w.s.opt.Timeout != "claim" || gs.More() {
		return w.outOfTime(gs)
	}
	if !gs.Row.Flagged.IsZero() {
		return nil
	}
	gs.Row.Flagged = w.Now
	if err := w.Tx.UpdateGame(gs.Row); err != nil {
		return err
	}
	if err := w.Tx.AddEvent(w.Now, "flag", gs.Row.ID, 0, ""); err != nil {
		return err
	}
	late := gs.ToMove()
	for _, p := range late {
		opp, _ := gs.OpponentOfTwo(p)
		if slices.Contains(late, opp) {
			continue // both late: neither may claim
		}
		if err := w.gameNotice(gs, gs.Players[opp], []string{
			fmt.Sprintf("%s ran out of time in game #%d. Write \"claim %d\" to win on time, or wait for their move: a move before your claim goes on with the game.", gs.Players[p].Name, gs.Row.ID, gs.Row.ID)}); err != nil {
			return err
		}
		if err := w.gameNotice(gs, gs.Players[p], []string{
			fmt.Sprintf("Your time in game #%d ran out; %s may now claim the game. Move soon: until they claim, your move is still taken.", gs.Row.ID, gs.Players[opp].Name)}); err != nil {
			return err
		}
	}
	return nil
}

// remind sends the reminders of gs that are due: to each player to move, a
// mail per reminder point, or a place in their next digest.
func (w *job) remind(gs *game.Game, digests map[int64]*archive.Player, due *dueTimes) error {
	schedule := clock.Schedule(w.s.opt.ReminderPoints, gs.Row.TurnStarted, gs.Row.Deadline)
	sent, err := w.Tx.RemindersSent(gs.Row.ID, gs.Row.Ply)
	if err != nil {
		return err
	}
	var point clock.Due
	found := false
	for _, d := range schedule {
		if sent[d.Index] {
			continue
		}
		if d.At.After(w.Now) {
			due.add(d.At)
			break
		}
		// Of several points passed at once (a restart after a long stop),
		// only the latest is worth a mail; the earlier ones are marked too.
		point, found = d, true
		if err := w.Tx.MarkReminderSent(gs.Row.ID, gs.Row.Ply, d.Index, w.Now); err != nil {
			return err
		}
	}
	if !found {
		return nil
	}
	for _, p := range gs.ToMove() {
		pl := gs.Players[p]
		switch pl.Reminders {
		case "none":
		case "digest":
			digests[pl.ID] = pl
		default:
			line := fmt.Sprintf("Reminder: your move in game #%d is due by %s (%s left).", gs.Row.ID, clock.When(gs.Row.Deadline), clock.Left(gs.Row.Deadline.Sub(w.Now)))
			if err := w.reminderNotice(gs, pl, []string{line}); err != nil {
				return err
			}
		}
		if err := w.Tx.AddEvent(w.Now, "reminder", gs.Row.ID, pl.ID, point.At.Format(time.RFC3339)); err != nil {
			return err
		}
	}
	return nil
}

// digestEvery is how often a player who chose the digest gets one.
const digestEvery = 24 * time.Hour

// digest mails p one message listing every game that waits for their move,
// at most once a day: a reminder that falls within a day of the last digest
// waits for the next one.
func (w *job) digest(p *archive.Player) error {
	if !p.DigestSent.IsZero() && w.Now.Before(p.DigestSent.Add(digestEvery)) {
		return nil
	}
	games, err := w.gamesOf(p)
	if err != nil {
		return err
	}
	var secs []reply.Section
	for _, gs := range games {
		if !slices.Contains(gs.ToMove(), gs.Side(p)) {
			continue
		}
		// A reminder, so no board (issue 28: light mail): the player had
		// it when the turn began.
		secs = append(secs, reply.Section{Title: fmt.Sprintf("game #%d: your move (move %d)", gs.Row.ID, gs.MoveNumber()),
			Lines: []string{fmt.Sprintf("Answer with \"move %d MOVE\"; \"board %d\" sends the board.", gs.Row.ID, gs.Row.ID)}})
	}
	if len(secs) == 0 {
		return nil
	}
	if err := w.Tx.SetDigestSent(p.ID, w.Now); err != nil {
		return err
	}
	return w.send(reply.Mail{To: p.Address, Player: p, Subject: waitingSubject(len(secs)), Auto: "auto-generated",
		View: reply.View{Intro: []string{"Your daily digest: every game that waits for your move. \"set reminders each\" sends a reminder per game instead."}, Sections: secs,
			HowTo: []string{"Write \"move ID MOVE\" for each game, one a line, in one mail."}}})
}

func waitingSubject(n int) string {
	if n == 1 {
		return "[postal] a game waits for your move"
	}
	return fmt.Sprintf("[postal] %d games wait for your move", n)
}
