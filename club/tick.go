package club

import (
	"context"
	"fmt"
	"slices"
	"time"

	"postal/archive"
	"postal/club/clock"
	"postal/mailer"
)

// Tick does everything the clocks make due by now, in one transaction:
// vacations that end, games whose time ran out (lost on time, or the
// opponent told they may claim), reminders at the club's reminder points,
// and daily digests. It returns when the next of these falls due (ok false
// when nothing is pending), so one scheduler loop can sleep until then.
// What it sends is recorded in the same transaction as the rows that say it
// was sent, so a restart neither repeats nor skips anything.
func (s *Service) Tick(ctx context.Context) (next time.Time, ok bool, err error) {
	now := s.opt.Now().UTC()
	var due dueTimes
	err = s.db.Tx(ctx, func(tx *archive.Tx) error {
		h := &handling{s: s, tx: tx, in: &mailer.Inbound{}, now: now}
		if err := h.endVacations(&due); err != nil {
			return err
		}
		digests := map[int64]*archive.Player{}
		games, err := tx.TimedGames()
		if err != nil {
			return err
		}
		for _, row := range games {
			if !row.Paused.IsZero() {
				continue // stopped for a vacation: its end is due instead
			}
			gs, err := h.loadGame(row.ID)
			if err != nil {
				return err
			}
			if !now.Before(row.Deadline) {
				if err := h.timeUp(gs, &due); err != nil {
					return err
				}
				continue
			}
			due.add(row.Deadline)
			if err := h.remind(gs, digests, &due); err != nil {
				return err
			}
		}
		for _, p := range digests {
			if err := h.digest(p, &due); err != nil {
				return err
			}
		}
		return h.flushNotices()
	})
	if err != nil {
		return time.Time{}, false, fmt.Errorf("club: clocks: %w", err)
	}
	return due.next, !due.next.IsZero(), nil
}

// dueTimes gathers the earliest future time something is due.
type dueTimes struct{ next time.Time }

func (d *dueTimes) add(t time.Time) {
	if !t.IsZero() && (d.next.IsZero() || t.Before(d.next)) {
		d.next = t
	}
}

// endVacations ends the vacations whose time is up.
func (h *handling) endVacations(due *dueTimes) error {
	vs, err := h.tx.OngoingVacations()
	if err != nil {
		return err
	}
	for _, v := range vs {
		if h.now.Before(v.Until) {
			due.add(v.Until)
			continue
		}
		if err := h.endVacation(v); err != nil {
			return err
		}
	}
	return nil
}

// timeUp handles a game whose player to move ran out of time: in the club's
// automatic mode the game is lost on time; in claim mode the opponent is
// told, once, that they may claim it.
func (h *handling) timeUp(gs *gameState, due *dueTimes) error {
	if gs.more() {
		return h.timeOut(gs)
	}
	if h.s.opt.Timeout != "claim" {
		if err := h.tx.AddEvent(h.now, "timeout", gs.row.ID, 0, ""); err != nil {
			return err
		}
		return h.finish(gs, h.timeoutResult(gs))
	}
	if !gs.row.Flagged.IsZero() {
		return nil
	}
	gs.row.Flagged = h.now
	if err := h.tx.UpdateGame(gs.row); err != nil {
		return err
	}
	if err := h.tx.AddEvent(h.now, "flag", gs.row.ID, 0, ""); err != nil {
		return err
	}
	late := gs.toMove()
	for _, p := range late {
		if slices.Contains(late, p.Other()) {
			continue
		}
		if err := h.gameNotice(gs, gs.players[p.Other()], []string{
			fmt.Sprintf("%s ran out of time in game #%d. Write \"claim %d\" to win on time, or wait for their move: a move before your claim goes on with the game.", gs.players[p].Name, gs.row.ID, gs.row.ID)}); err != nil {
			return err
		}
		if err := h.gameNotice(gs, gs.players[p], []string{
			fmt.Sprintf("Your time in game #%d ran out; %s may now claim the game. Move soon: until they claim, your move is still taken.", gs.row.ID, gs.players[p.Other()].Name)}); err != nil {
			return err
		}
	}
	return nil
}

// remind sends the reminders of gs that are due: to each player to move, a
// mail per reminder point, or a place in their next digest.
func (h *handling) remind(gs *gameState, digests map[int64]*archive.Player, due *dueTimes) error {
	schedule := clock.Schedule(h.s.opt.ReminderPoints, gs.row.TurnStarted, gs.row.Deadline)
	sent, err := h.tx.RemindersSent(gs.row.ID, gs.row.Ply)
	if err != nil {
		return err
	}
	var point clock.Due
	found := false
	for _, d := range schedule {
		if sent[d.Index] {
			continue
		}
		if d.At.After(h.now) {
			due.add(d.At)
			break
		}
		// Of several points passed at once (a restart after a long stop),
		// only the latest is worth a mail; the earlier ones are marked too.
		point, found = d, true
		if err := h.tx.MarkReminderSent(gs.row.ID, gs.row.Ply, d.Index, h.now); err != nil {
			return err
		}
	}
	if !found {
		return nil
	}
	for _, p := range gs.toMove() {
		pl := gs.players[p]
		switch pl.Reminders {
		case "none":
		case "digest":
			digests[pl.ID] = pl
		default:
			line := fmt.Sprintf("Reminder: your move in game #%d is due by %s (%s left).", gs.row.ID, fmtWhen(gs.row.Deadline), left(gs.row.Deadline.Sub(h.now)))
			if err := h.reminderNotice(gs, pl, []string{line}); err != nil {
				return err
			}
		}
		if err := h.tx.AddEvent(h.now, "reminder", gs.row.ID, pl.ID, point.At.Format(time.RFC3339)); err != nil {
			return err
		}
	}
	return nil
}

// digestEvery is how often a player who chose the digest gets one.
const digestEvery = 24 * time.Hour

// digest mails p one message listing every game that waits for their move,
// at most once a day; a digest that must wait is due when the day is over.
func (h *handling) digest(p *archive.Player, due *dueTimes) error {
	if !p.DigestSent.IsZero() && h.now.Before(p.DigestSent.Add(digestEvery)) {
		due.add(p.DigestSent.Add(digestEvery))
		return nil
	}
	games, err := h.gamesOf(p)
	if err != nil {
		return err
	}
	var secs []section
	for _, gs := range games {
		if !slices.Contains(gs.toMove(), gs.side(p)) {
			continue
		}
		// A reminder, so no board (issue 28: light mail): the player had
		// it when the turn began.
		secs = append(secs, section{Title: fmt.Sprintf("game #%d: your move (move %d)", gs.row.ID, gs.moveNumber()),
			Lines: []string{fmt.Sprintf("Answer with \"move %d MOVE\"; \"board %d\" sends the board.", gs.row.ID, gs.row.ID)}})
	}
	if len(secs) == 0 {
		return nil
	}
	if err := h.tx.SetDigestSent(p.ID, h.now); err != nil {
		return err
	}
	return h.send(outgoing{to: p.Address, player: p, subject: waitingSubject(len(secs)), auto: "auto-generated",
		view: mailView{Intro: []string{"Your daily digest: every game that waits for your move. \"set reminders each\" sends a reminder per game instead."}, Sections: secs,
			HowTo: []string{"Write \"move ID MOVE\" for each game, one a line, in one mail."}}})
}

func waitingSubject(n int) string {
	if n == 1 {
		return "[postal] a game waits for your move"
	}
	return fmt.Sprintf("[postal] %d games wait for your move", n)
}
