package games

import (
	"fmt"
	"slices"
	"time"

	"postal/archive"
	"postal/club/clock"
	"postal/club/game"
	"postal/club/reply"
	"postal/club/work"
)

// TickGame does the clock work of one game that is due, and records when
// the game is next due. A write that changes the game (a timeout that puts
// a player out, a flag) puts it back to "look now" by itself (the archive's
// triggers): its next pass then sees the game as it became.
func TickGame(u *work.Unit, row *archive.Game, digests map[int64]*archive.Player) error {
	switch {
	case row.Status != archive.GameActive || row.Deadline.IsZero() || !row.Paused.IsZero():
		// Over, untimed, or stopped for a vacation: nothing until a write
		// (the vacation's end resumes the clock) changes it.
		return u.Tx.SetDue(row.ID, time.Time{})
	case !u.Now.Before(row.Deadline) && !row.Flagged.IsZero():
		// Claim mode, the opponent told: nothing until a move or a claim.
		return u.Tx.SetDue(row.ID, time.Time{})
	}
	if !u.Now.Before(row.Deadline) {
		gs, err := LoadRow(u, row)
		if err != nil {
			return err
		}
		return timeUp(u, gs)
	}
	// Most passes come after a move, with no reminder due yet: they only
	// say when to look again, from the row alone. The game is read and
	// replayed only when a reminder goes out.
	point, due, next, err := reminderDue(u, row)
	if err != nil {
		return err
	}
	if due {
		gs, err := LoadRow(u, row)
		if err != nil {
			return err
		}
		if err := remind(u, gs, point, digests); err != nil {
			return err
		}
	}
	if next.IsZero() || row.Deadline.Before(next) {
		next = row.Deadline
	}
	return u.Tx.SetDue(row.ID, next)
}

// EndVacations ends the vacations whose time is up.
func EndVacations(u *work.Unit) error {
	vs, err := u.Tx.DueVacations(u.Now)
	if err != nil {
		return err
	}
	for _, v := range vs {
		if err := endVacation(u, v); err != nil {
			return err
		}
	}
	return nil
}

// timeUp handles a game whose player to move ran out of time: in the club's
// automatic mode (and in any game of more) the player is out of the game
// (OutOfTime); in claim mode the opponent in a game of two is told, once,
// that they may claim it.
func timeUp(u *work.Unit, gs *game.Game) error {
	if u.Club.Timeout != "claim" || gs.More() {
		return OutOfTime(u, gs)
	}
	if !gs.Row.Flagged.IsZero() {
		return nil
	}
	gs.Row.Flagged = u.Now
	if err := u.Tx.UpdateGame(gs.Row); err != nil {
		return err
	}
	if err := u.Tx.AddEvent(u.Now, "flag", gs.Row.ID, 0, ""); err != nil {
		return err
	}
	late := gs.ToMove()
	for _, p := range late {
		opp, _ := gs.OpponentOfTwo(p)
		if slices.Contains(late, opp) {
			continue // both late: neither may claim
		}
		if err := Notice(u, gs, gs.Players[opp], []string{
			fmt.Sprintf("%s ran out of time in game #%d. Write \"claim %d\" to win on time, or wait for their move: a move before your claim goes on with the game.", gs.Players[p].Name, gs.Row.ID, gs.Row.ID)}); err != nil {
			return err
		}
		if err := Notice(u, gs, gs.Players[p], []string{
			fmt.Sprintf("Your time in game #%d ran out; %s may now claim the game. Move soon: until they claim, your move is still taken.", gs.Row.ID, gs.Players[opp].Name)}); err != nil {
			return err
		}
	}
	return nil
}

// reminderDue marks the reminder points of row's turn that have passed
// unsent, and returns the latest of them, if any (due), and when the next
// one falls; zero for none.
func reminderDue(u *work.Unit, row *archive.Game) (point clock.Due, due bool, next time.Time, err error) {
	schedule := clock.Schedule(u.Club.ReminderPoints, row.TurnStarted, row.Deadline)
	sent, err := u.Tx.RemindersSent(row.ID, row.Ply)
	if err != nil {
		return point, false, next, err
	}
	for _, d := range schedule {
		if sent[d.Index] {
			continue
		}
		if d.At.After(u.Now) {
			next = d.At
			break
		}
		// Of several points passed at once (a restart after a long stop),
		// only the latest is worth a mail; the earlier ones are marked too.
		point, due = d, true
		if err := u.Tx.MarkReminderSent(row.ID, row.Ply, d.Index, u.Now); err != nil {
			return point, due, next, err
		}
	}
	return point, due, next, nil
}

// remind sends gs's reminder of point: to each player to move, a mail, or
// a place in their next digest.
func remind(u *work.Unit, gs *game.Game, point clock.Due, digests map[int64]*archive.Player) error {
	for _, p := range gs.ToMove() {
		pl := gs.Players[p]
		switch pl.Reminders {
		case "none":
		case "digest":
			digests[pl.ID] = pl
		default:
			line := fmt.Sprintf("Reminder: your move in game #%d is due by %s (%s left).", gs.Row.ID, clock.When(gs.Row.Deadline), clock.Left(gs.Row.Deadline.Sub(u.Now)))
			if err := reminderNotice(u, gs, pl, []string{line}); err != nil {
				return err
			}
		}
		if err := u.Tx.AddEvent(u.Now, "reminder", gs.Row.ID, pl.ID, point.At.Format(time.RFC3339)); err != nil {
			return err
		}
	}
	return nil
}

// digestEvery is how often a player who chose the digest gets one.
const digestEvery = 24 * time.Hour

// Digest mails p one message listing every game that waits for their move,
// at most once a day: a reminder that falls within a day of the last digest
// waits for the next one.
func Digest(u *work.Unit, p *archive.Player) error {
	if !p.DigestSent.IsZero() && u.Now.Before(p.DigestSent.Add(digestEvery)) {
		return nil
	}
	games, err := Of(u, p)
	if err != nil {
		return err
	}
	var secs []reply.Section
	for _, gs := range games {
		if !slices.Contains(gs.ToMove(), gs.Side(p)) {
			continue
		}
		// A reminder, so no board (light mail): the player had
		// it when the turn began.
		secs = append(secs, reply.Section{Title: fmt.Sprintf("game #%d: your move (move %d)", gs.Row.ID, gs.MoveNumber()),
			Lines: []string{fmt.Sprintf("Answer with \"move %d MOVE\"; \"board %d\" sends the board.", gs.Row.ID, gs.Row.ID)}})
	}
	if len(secs) == 0 {
		return nil
	}
	if err := u.Tx.SetDigestSent(p.ID, u.Now); err != nil {
		return err
	}
	return u.Send(reply.Mail{To: p.Address, Player: p, Subject: waitingSubject(len(secs)), Auto: "auto-generated",
		View: reply.View{Intro: []string{"Your daily digest: every game that waits for your move. \"set reminders each\" sends a reminder per game instead."}, Sections: secs,
			HowTo: []string{"Write \"move ID MOVE\" for each game, one a line, in one mail."}}})
}

func waitingSubject(n int) string {
	if n == 1 {
		return "[postal] a game waits for your move"
	}
	return fmt.Sprintf("[postal] %d games wait for your move", n)
}
