package games

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"postal/archive"
	"postal/club/clock"
	"postal/club/game"
	"postal/club/published"
	"postal/club/reply"
	"postal/club/work"
	"postal/engine"
	"postal/notation"
)

// The clocks of games: what a turn's deadline is, how a time bank is spent,
// and how a vacation stops a clock. The club's clock (TickGame) acts on them.

// startClock sets the clocks of a game that has just begun.
func startClock(u *work.Unit, gs *game.Game) error {
	c := published.Control(gs.Row)
	if c.Kind == clock.Bank {
		gs.Row.Banks = make([]time.Duration, len(gs.Row.Players))
		for i := range gs.Row.Banks {
			gs.Row.Banks[i] = c.Start
		}
	}
	return startTurn(u, gs)
}

// spendClock charges mover for the turn that their move ends: under a time
// bank the time used leaves the bank and the increment comes in.
func spendClock(u *work.Unit, gs *game.Game, mover engine.Player) {
	c := published.Control(gs.Row)
	if c.Kind != clock.Bank || mover < 0 || int(mover) >= len(gs.Row.Banks) || gs.Row.Deadline.IsZero() {
		return
	}
	end := u.Now
	if !gs.Row.Paused.IsZero() {
		end = gs.Row.Paused // a stopped clock spent nothing since
	}
	left := gs.Row.Deadline.Sub(end)
	gs.Row.Banks[mover] = c.AfterMove(gs.Row.Banks[mover], gs.Row.Banks[mover]-left)
}

// startTurn starts the clock of whoever is to move now: their deadline is
// their time per move or what their bank holds. The clock starts stopped
// when they are on vacation.
func startTurn(u *work.Unit, gs *game.Game) error {
	gs.Row.TurnStarted, gs.Row.Paused, gs.Row.Flagged = u.Now, time.Time{}, time.Time{}
	gs.Row.Deadline = time.Time{}
	c := published.Control(gs.Row)
	toMove := gs.ToMove()
	if c.Kind == clock.None || len(toMove) == 0 || gs.Row.Status != archive.GameActive {
		return nil
	}
	have := c.PerMove
	if c.Kind == clock.Bank {
		have = gs.Row.Banks[toMove[0]]
		for _, p := range toMove[1:] {
			have = min(have, gs.Row.Banks[p])
		}
	}
	gs.Row.Deadline = u.Now.Add(have)
	for _, p := range toMove {
		if _, away, err := u.Tx.OngoingVacation(gs.Row.Players[p]); err != nil {
			return err
		} else if away {
			gs.Row.Paused = u.Now
		}
	}
	return nil
}

// resumeClock restarts a stopped clock: the deadline, and the turn's
// reminder points with it, move on by the time it stood still.
func resumeClock(row *archive.Game, now time.Time) {
	if row.Paused.IsZero() {
		return
	}
	stood := now.Sub(row.Paused)
	row.Deadline = row.Deadline.Add(stood)
	row.TurnStarted = row.TurnStarted.Add(stood)
	row.Paused = time.Time{}
}

// clockLine says the state of the clock for a game mail: the deadline and
// time control, or that it stands still.
func clockLine(u *work.Unit, gs *game.Game) string {
	c := published.Control(gs.Row)
	if c.Kind == clock.None {
		return "no time limit"
	}
	if gs.Row.Deadline.IsZero() {
		return c.Describe()
	}
	if !gs.Row.Paused.IsZero() {
		return fmt.Sprintf("the clock is stopped (vacation) with %s left; %s", clock.Left(gs.Row.Deadline.Sub(gs.Row.Paused)), c.Describe())
	}
	line := fmt.Sprintf("%s (%s left; %s)", clock.When(gs.Row.Deadline), clock.Left(gs.Row.Deadline.Sub(u.Now)), c.Describe())
	if c.Kind == clock.Bank && len(gs.Row.Banks) == len(gs.Players) {
		var banks []string
		for i, p := range gs.Players {
			banks = append(banks, p.Name+" "+clock.Left(gs.Row.Banks[i]))
		}
		line += "; banks: " + strings.Join(banks, ", ")
	}
	return line
}

// ClaimTime ends gs on time for the actor, seat side, whose opponent ran
// out of it: the claim of a player by mail, or of the bot.
func ClaimTime(u *work.Unit, gs *game.Game, side engine.Player) error {
	id := gs.Row.ID
	if gs.More() {
		return reply.Refuse(fmt.Sprintf("game #%d has more than two players: there is nothing to claim", id), "A player whose time runs out is out of the game at once, and the others play on.")
	}
	late := gs.ToMove()
	switch {
	case slices.Contains(late, side):
		return reply.Refuse(fmt.Sprintf("it is your move in game #%d: there is nothing to claim", id))
	case gs.Row.Deadline.IsZero() || !gs.Row.Paused.IsZero() || u.Now.Before(gs.Row.Deadline):
		opp, _ := gs.OpponentOfTwo(side)
		return reply.Refuse(fmt.Sprintf("%s still has time in game #%d", gs.Players[opp].Name, id), "Clock: "+clockLine(u, gs)+".")
	}
	if err := u.Tx.AddEvent(u.Now, "claim", id, u.Actor.ID, ""); err != nil {
		return err
	}
	return OutOfTime(u, gs)
}

// Claim ends a game on time at the request of the player whose opponent ran
// out of it.
func Claim(u *work.Unit, c notation.Command) (reply.Section, error) {
	id := c.ID
	gs, side, err := Mine(u, id)
	if err != nil {
		return reply.Section{}, err
	}
	if err := ClaimTime(u, gs, side); err != nil {
		return reply.Section{}, err
	}
	return reply.Section{Title: fmt.Sprintf("you won game #%d on time", id), Lines: []string{"Result: " + gs.ResultText() + "."}, Game: id}, nil
}

// Vacation starts ("vacation 10") or ends ("vacation off") the actor's
// vacation: the clocks of every game where they are to move stop, within the
// yearly allowance, and their opponents are told.
func Vacation(u *work.Unit, c notation.Command) (reply.Section, error) {
	value := c.Value
	current, away, err := u.Tx.OngoingVacation(u.Actor.ID)
	if err != nil {
		return reply.Section{}, err
	}
	if value == "off" {
		if !away {
			return reply.Section{}, reply.Refuse("you are not on vacation")
		}
		if err := endVacation(u, current); err != nil {
			return reply.Section{}, err
		}
		return reply.Section{Title: "welcome back: your vacation is over", Lines: []string{"The clocks of your games run again."}}, nil
	}
	if away {
		return reply.Section{}, reply.Refuse(fmt.Sprintf("you are already on vacation until %s", clock.When(current.Until)), "\"vacation off\" ends it; then you may start another within your allowance.")
	}
	var days int
	fmt.Sscan(value, &days)
	asked := time.Duration(days) * clock.Day
	past, err := u.Tx.Vacations(u.Actor.ID, u.Now.Add(-365*clock.Day))
	if err != nil {
		return reply.Section{}, err
	}
	var stretches []clock.Vacation
	for _, v := range past {
		stretches = append(stretches, clock.Vacation{Start: v.Start, End: v.Ended})
	}
	allowance := u.Club.VacationAllowance
	granted := clock.Grant(asked, allowance, stretches, u.Now)
	if granted <= 0 {
		return reply.Section{}, reply.Refuse("no vacation left this year",
			fmt.Sprintf("The club allows %s of vacation in any 365 days, and you have used %s.", clock.Left(allowance), clock.Left(clock.Used(stretches, u.Now))))
	}
	v := archive.Vacation{PlayerID: u.Actor.ID, Start: u.Now, Until: u.Now.Add(granted)}
	if _, err := u.Tx.AddVacation(v); err != nil {
		return reply.Section{}, err
	}
	if err := u.Tx.AddEvent(u.Now, "vacation", 0, u.Actor.ID, clock.Left(granted)); err != nil {
		return reply.Section{}, err
	}
	games, err := Of(u, u.Actor)
	if err != nil {
		return reply.Section{}, err
	}
	var ids []string
	for _, gs := range games {
		if slices.Contains(gs.ToMove(), gs.Side(u.Actor)) && !gs.Row.Deadline.IsZero() && gs.Row.Paused.IsZero() {
			gs.Row.Paused = u.Now
			if err := u.Tx.UpdateGame(gs.Row); err != nil {
				return reply.Section{}, err
			}
		}
		ids = append(ids, fmt.Sprintf("#%d", gs.Row.ID))
		for _, opp := range gs.Opponents(gs.Side(u.Actor)) {
			if err := Notice(u, gs, opp, []string{fmt.Sprintf("%s is on vacation until %s: while it is their move, their clock stands still.", u.Actor.Name, clock.When(v.Until))}); err != nil {
				return reply.Section{}, err
			}
		}
	}
	lines := []string{fmt.Sprintf("Your vacation lasts until %s (%s).", clock.When(v.Until), clock.Left(granted))}
	if granted < asked {
		lines = append(lines, fmt.Sprintf("You asked for %s, but only %s of your yearly allowance of %s is left.", clock.Left(asked), clock.Left(granted), clock.Left(allowance)))
	}
	if len(ids) > 0 {
		lines = append(lines, "While it is your move, the clocks of your games stand still: "+strings.Join(ids, ", ")+". Your opponents have been told.")
	}
	lines = append(lines, "A move in a game ends nothing; \"vacation off\" ends the vacation early.")
	return reply.Section{Title: "vacation started", Lines: lines}, nil
}

// endVacation ends v now: the stopped clocks of the player run again and the
// opponents are told.
func endVacation(u *work.Unit, v archive.Vacation) error {
	if err := u.Tx.EndVacation(v.ID, u.Now); err != nil {
		return err
	}
	p, err := u.Tx.PlayerByID(v.PlayerID)
	if err != nil {
		return err
	}
	if err := u.Tx.AddEvent(u.Now, "vacation-over", 0, p.ID, ""); err != nil {
		return err
	}
	games, err := Of(u, p)
	if err != nil {
		return err
	}
	for _, gs := range games {
		if !gs.Row.Paused.IsZero() {
			resumeClock(gs.Row, u.Now)
			if err := u.Tx.UpdateGame(gs.Row); err != nil {
				return err
			}
		}
		for _, opp := range gs.Opponents(gs.Side(p)) {
			if err := Notice(u, gs, opp, []string{fmt.Sprintf("%s is back from vacation: their clock runs again.", p.Name)}); err != nil {
				return err
			}
		}
	}
	return nil
}

// SetReminders sets how the actor wants to be reminded.
func SetReminders(u *work.Unit, c notation.Command) (reply.Section, error) {
	mode := c.Value
	if err := u.Tx.SetReminders(u.Actor.ID, mode); err != nil {
		return reply.Section{}, err
	}
	u.Actor.Reminders = mode
	what := map[string]string{
		"each":   "a reminder for each game at the club's reminder points",
		"digest": "one mail a day listing every game that waits for your move",
		"none":   "no reminders (the clocks still run)",
	}[mode]
	return reply.Section{Title: "reminders: " + mode, Lines: []string{"From now on you get " + what + "."}}, nil
}

// SetBoards sets which of the actor's mails carry the board (light
// mail).
func SetBoards(u *work.Unit, c notation.Command) (reply.Section, error) {
	mode := c.Value
	if err := u.Tx.SetBoards(u.Actor.ID, mode); err != nil {
		return reply.Section{}, err
	}
	u.Actor.Boards = mode
	what := map[string]string{
		"mine": "the board in the mails that ask for your move, and at a game's start and end",
		"all":  "the board in every game mail, reminders and the confirmation of your own moves too",
		"none": "no board but in answers to \"board\" and \"preview\" (every mail names the game's page)",
	}[mode]
	return reply.Section{Title: "boards: " + mode, Lines: []string{"From now on you get " + what + "."}}, nil
}
