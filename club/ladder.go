package club

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"postal/archive"
	"postal/club/event"
	"postal/club/games"
	"postal/club/reply"
	"postal/club/work"
	"postal/docs/words"
	"postal/notation"
)

// A ladder's climbs in the club (issue 37). Its rules (event.Ladder) decide
// whom a player may climb and what a climb's end does to the order; the
// club starts the climb's game at once (joining agreed to it), stores the
// order (the entrants' seeds), tells those whose place changed, and drops
// the idle (league_clock.go).

// climb is "climb NAME PLAYER": the actor's climb of PLAYER on ladder NAME,
// a game that starts at once, its seats drawn as a challenge's.
func (h *handling) climb(c notation.Command) (reply.Section, error) {
	t, err := h.eventNamed(c.Arg)
	if err != nil {
		return reply.Section{}, err
	}
	if t.Format != event.LadderName {
		return reply.Section{}, reply.Refuse(fmt.Sprintf("%s is not a ladder", t.Name), "\"climb\" challenges a player above you on a ladder; \"tournaments\" lists them.")
	}
	if t.Status != archive.TournamentRunning {
		return reply.Section{}, reply.Refuse(fmt.Sprintf("%s is over", t.Name))
	}
	defender, err := h.Tx.PlayerByName(c.Value)
	if errors.Is(err, archive.ErrNotFound) {
		return reply.Section{}, reply.Refuse(fmt.Sprintf("there is no player called %s", c.Value), "\"standings "+t.Name+"\" shows the ladder.")
	}
	if err != nil {
		return reply.Section{}, err
	}
	tr, err := h.loadEvent(t)
	if err != nil {
		return reply.Section{}, err
	}
	l := tr.ev.Format.(*event.Ladder)
	st, err := l.Climb(tr.ev, h.Actor.ID, defender.ID)
	if err != nil {
		return reply.Section{}, reply.Explain(err)
	}
	ch := &archive.Challenge{ChallengerID: h.Actor.ID, Game: t.Game, Config: t.Config, Side: "random", Days: t.Days, Control: t.Control, Created: h.Now,
		Seats: []archive.ChallengeSeat{{PlayerID: defender.ID, Accepted: h.Now}}}
	if err := h.Tx.AddChallenge(ch); err != nil {
		return reply.Section{}, err
	}
	gs, err := games.Start(h.Unit, ch, nil, nil, &games.Place{Tournament: t, Round: st.Round, Board: st.Board})
	if err != nil {
		return reply.Section{}, err
	}
	if err := games.Notice(h.Unit, gs, defender, []string{fmt.Sprintf("%s (%s) climbs you (%s) on %s: if they win, they take your place and you move down one.",
		h.Actor.Name, words.Ordinal(slices.Index(l.Order(tr.ev), h.Actor.ID)+1), words.Ordinal(st.Board), t.Name)}); err != nil {
		return reply.Section{}, err
	}
	if err := h.Tx.AddClimb(t.ID, archive.Climb{GameID: gs.Row.ID, ClimberID: h.Actor.ID, DefenderID: defender.ID}); err != nil {
		return reply.Section{}, err
	}
	from := slices.Index(l.Order(tr.ev), h.Actor.ID) + 1
	detail := fmt.Sprintf("%s (%s) climbs %s (%s)", h.Actor.Name, words.Ordinal(from), defender.Name, words.Ordinal(st.Board))
	if err := h.Tx.AddAct(t.ID, archive.Act{At: h.Now, ByID: h.Actor.ID, Act: "climb", GameID: gs.Row.ID, PlayerID: defender.ID, Detail: detail}); err != nil {
		return reply.Section{}, err
	}
	tr.ev.Games = append(tr.ev.Games, event.Game{ID: gs.Row.ID, Round: st.Round, Board: st.Board, Players: gs.Row.Players, Score: "*"})
	l.Climbs = append(l.Climbs, event.Climb{Game: gs.Row.ID, Climber: h.Actor.ID, Defender: defender.ID})
	if err := h.ladderDue(tr); err != nil {
		return reply.Section{}, err
	}
	// The climber's reply is the game's first mail: it joins its
	// conversation, so the game's notice to them would say it twice.
	h.Notices = slices.DeleteFunc(h.Notices, func(n work.Notice) bool { return n.Game == gs.Row.ID && n.Player.ID == h.Actor.ID })
	sec, err := games.StartedSection(h.Unit, gs, h.Actor)
	if err != nil {
		return reply.Section{}, err
	}
	sec.Title = fmt.Sprintf("climb %d of %s: game #%d has started", st.Round, t.Name, gs.Row.ID)
	sec.Lines = append([]string{fmt.Sprintf("You are %s and climb %s, %s: win and you take that place, those between moving down one.", words.Ordinal(from), defender.Name, words.Ordinal(st.Board))}, sec.Lines...)
	return sec, nil
}

// climbOver records how a climb of ladder tr ended and, when the climber
// won, the new order, telling each player whose place changed.
func (w *job) climbOver(tr *tournament, st event.ClimbOver) error {
	t := tr.t
	if err := w.Tx.SetClimbOutcome(st.Game, st.Outcome); err != nil {
		return err
	}
	climber, defender := tr.name(st.Climber), tr.name(st.Defender)
	if st.Outcome != event.ClimbWon {
		detail := fmt.Sprintf("%s's climb of %s changed nothing", climber, defender)
		order := tr.ev.Format.(*event.Ladder).Order(tr.ev)
		if ci, di := slices.Index(order, st.Climber), slices.Index(order, st.Defender); di >= 0 && di < ci {
			detail = fmt.Sprintf("%s kept %s place against %s", defender, words.Ordinal(di+1), climber)
		}
		if err := w.Tx.AddAct(t.ID, archive.Act{At: w.Now, Act: "held", GameID: st.Game, PlayerID: st.Defender, Detail: detail}); err != nil {
			return err
		}
		return w.ladderDue(tr)
	}
	if err := w.storeOrder(tr); err != nil {
		return err
	}
	news := fmt.Sprintf("%s beat %s in game #%d and takes %s place on %s (from %s).", climber, defender, st.Game, words.Ordinal(st.To), t.Name, words.Ordinal(st.From))
	if err := w.Tx.AddAct(t.ID, archive.Act{At: w.Now, Act: "climbed", GameID: st.Game, PlayerID: st.Climber,
		Detail: fmt.Sprintf("%s beat %s and took %s place (from %s)", climber, defender, words.Ordinal(st.To), words.Ordinal(st.From))}); err != nil {
		return err
	}
	for place := st.To; place <= st.From; place++ {
		p, err := w.Tx.PlayerByID(st.Order[place-1])
		if err != nil {
			return err
		}
		err = w.send(reply.Mail{To: p.Address, Player: p, Subject: fmt.Sprintf("[postal] %s: %s takes %s place", t.Name, climber, words.Ordinal(st.To)), Auto: "auto-generated",
			View: reply.View{Intro: []string{news, fmt.Sprintf("You are now %s.", words.Ordinal(place))}, Sections: []reply.Section{w.standingsSection(tr)}}})
		if err != nil {
			return err
		}
	}
	return w.ladderDue(tr)
}

// dropped records an idle player's drop on ladder tr and tells them; a
// drop spent in place (those below idle too) is recorded alone, for the
// time of the next.
func (w *job) dropped(tr *tournament, st event.Dropped) error {
	if st.To == 0 {
		return w.Tx.AddAct(tr.t.ID, archive.Act{At: w.Now, Act: "idle", PlayerID: st.Player,
			Detail: fmt.Sprintf("%s, idle, stays %s: none below plays more", tr.name(st.Player), words.Ordinal(st.Stays))})
	}
	if err := w.storeOrder(tr); err != nil {
		return err
	}
	l := tr.ev.Format.(*event.Ladder)
	name := tr.name(st.Player)
	if err := w.Tx.AddAct(tr.t.ID, archive.Act{At: w.Now, Act: "dropped", PlayerID: st.Player,
		Detail: fmt.Sprintf("%s, idle, dropped to %s; %s moved up", name, words.Ordinal(st.To), tr.name(st.Up))}); err != nil {
		return err
	}
	p, err := w.Tx.PlayerByID(st.Player)
	if err != nil {
		return err
	}
	return w.send(reply.Mail{To: p.Address, Player: p, Subject: fmt.Sprintf("[postal] %s: you drop to %s place", tr.t.Name, words.Ordinal(st.To)), Auto: "auto-generated",
		View: reply.View{Intro: []string{
			fmt.Sprintf("You have neither climbed nor been climbed on %s for %s or more: you drop one place, to %s, and %s moves up.", tr.t.Name, words.Count(l.IdleDays, "day", "days"), words.Ordinal(st.To), tr.name(st.Up)),
			fmt.Sprintf("You drop one more every 30 days while idle. A climb (\"climb %s PLAYER\") ends it.", tr.t.Name)},
			Sections: []reply.Section{w.standingsSection(tr)}}})
}

// storeOrder writes ladder tr's order, as its rules left it, into its
// entrants' seeds.
func (w *job) storeOrder(tr *tournament) error {
	entrants, err := w.Tx.Entrants(tr.t.ID)
	if err != nil {
		return err
	}
	for _, e := range entrants {
		in := tr.entrant(e.PlayerID)
		if in == nil || in.Seed == e.Seed {
			continue
		}
		e.Seed = in.Seed
		if err := w.Tx.UpdateEntrant(tr.t.ID, e); err != nil {
			return err
		}
	}
	return nil
}

// ladderGone takes player, out of ladder t, off its order: those below move
// up one.
func (w *job) ladderGone(t *archive.Tournament, player int64) error {
	tr, err := w.loadEvent(t)
	if err != nil {
		return err
	}
	tr.ev.Format.(*event.Ladder).Leave(tr.ev, player)
	if err := w.storeOrder(tr); err != nil {
		return err
	}
	return w.ladderDue(tr)
}

// ladderDue records when ladder tr next has an idle player to drop: now
// when one is due already.
func (w *job) ladderDue(tr *tournament) error {
	l := tr.ev.Format.(*event.Ladder)
	since, dropped, err := w.ladderActivity(tr)
	if err != nil {
		return err
	}
	due, _, next := l.Idle(tr.ev, w.Now, since, dropped)
	if len(due) > 0 {
		next = w.Now
	}
	return w.Tx.SetLeagueDue(tr.t.ID, next)
}

// ladderActivity reads from ladder tr's record when each player was last
// active (joined, made or defended a climb, or saw one end) and how many
// places they dropped since.
func (w *job) ladderActivity(tr *tournament) (since map[int64]time.Time, dropped map[int64]int, err error) {
	acts, err := w.Tx.Acts(tr.t.ID)
	if err != nil {
		return nil, nil, err
	}
	climbs := map[int64]event.Climb{}
	for _, c := range tr.ev.Format.(*event.Ladder).Climbs {
		climbs[c.Game] = c
	}
	since, dropped = map[int64]time.Time{}, map[int64]int{}
	active := func(p int64, at time.Time) {
		since[p], dropped[p] = at, 0
	}
	for _, a := range acts {
		switch a.Act {
		case "create":
			active(a.ByID, a.At)
		case "join":
			active(a.PlayerID, a.At)
		case "climb", "climbed", "held":
			c := climbs[a.GameID]
			active(c.Climber, a.At)
			active(c.Defender, a.At)
		case "dropped", "idle":
			dropped[a.PlayerID]++
		}
	}
	return since, dropped, nil
}
