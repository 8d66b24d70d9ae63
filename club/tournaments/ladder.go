package tournaments

import (
	"errors"
	"fmt"
	"slices"

	"postal/archive"
	"postal/club/event"
	"postal/club/games"
	"postal/club/reply"
	"postal/club/work"
	"postal/docs/words"
	"postal/engine"
	"postal/notation"
)

// A ladder by mail: "ladder" makes one, "climb" climbs it. Its rules
// (event.Climbing) decide whom a player may climb and what a climb's end
// does to the order; the club starts the climb's game at once (joining
// agreed to it), stores the order (the entrants' seeds), tells those whose
// place changed, and drops the idle when the clock finds them due
// (event.Clocked).

// Ladder is "ladder NAME GAME ...": the organiser directs the new
// ladder, which runs at once, its organiser at the top. Its climbs are
// games of two: a game of more is offered a league.
func Ladder(u *work.Unit, c notation.Command) (reply.Section, error) {
	noLadder := func(info engine.Info, cfg engine.Config, seats int) error {
		// The size suggested is one a league of it takes: a division of
		// tables holds at most its round robin's limit.
		return reply.Refuse(fmt.Sprintf("%s (%s) is a game of %d: a ladder's climbs are games of two", info.Title, cfg.String(), seats),
			fmt.Sprintf("Play it in a league, each division a round robin of tables of %d: \"league %s %s %s size %d\".", seats, c.Arg, info.Name, cfg.String(), min(2*seats, event.DivisionLimit(seats))))
	}
	t, what, err := newSelfRunning(u, c, c.League.Set, noLadder)
	if err != nil {
		return reply.Section{}, err
	}
	s := event.Settings(t.Settings)
	t.Status, t.Started, t.Updated = archive.TournamentRunning, u.Now, u.Now
	if err := u.Tx.UpdateTournament(t); err != nil {
		return reply.Section{}, err
	}
	if err := u.Tx.UpdateEntrant(t.ID, archive.Entrant{PlayerID: u.Actor.ID, Seed: 1, Status: archive.EntrantIn}); err != nil {
		return reply.Section{}, err
	}
	sec := reply.Section{Title: fmt.Sprintf("%s %s: %s", t.Format, t.Name, what), Lines: []string{
		"You direct it and are 1st, its only player yet. Others enter at the bottom with \"join " + t.Name + "\"; \"join " + t.Name + " bot\" enters the club's bot.",
		fmt.Sprintf("A player climbs one at most %s above with \"climb %s PLAYER\": the game starts at once, and a win takes the defender's place.", words.Count(s.Get("reach", 0), "place", "places"), t.Name),
	}}
	if idle := s.Get("idle", 0); idle > 0 {
		sec.Lines = append(sec.Lines, fmt.Sprintf("A player who neither climbs nor is climbed for %s drops one place, then one more every 30 days.", words.Count(idle, "day", "days")))
	}
	return sec, nil
}

// Climb is "climb NAME PLAYER": the actor's climb of PLAYER on ladder NAME,
// a game that starts at once, its seats drawn as a challenge's.
func Climb(u *work.Unit, c notation.Command) (reply.Section, error) {
	t, err := named(u, c.Arg)
	if err != nil {
		return reply.Section{}, err
	}
	if format, _ := formatOf(t); !climbs(format) {
		return reply.Section{}, reply.Refuse(fmt.Sprintf("%s is not a ladder", t.Name), "\"climb\" challenges a player above you on a ladder; \"tournaments\" lists them.")
	}
	if t.Status != archive.TournamentRunning {
		return reply.Section{}, reply.Refuse(fmt.Sprintf("%s is over", t.Name))
	}
	defender, err := u.Tx.PlayerByName(c.Value)
	if errors.Is(err, archive.ErrNotFound) {
		return reply.Section{}, reply.Refuse(fmt.Sprintf("there is no player called %s", c.Value), "\"standings "+t.Name+"\" shows the ladder.")
	}
	if err != nil {
		return reply.Section{}, err
	}
	tr, err := loadEvent(u, t)
	if err != nil {
		return reply.Section{}, err
	}
	l, _ := tr.ev.Format.(event.Climbing)
	st, err := l.Climb(tr.ev, u.Actor.ID, defender.ID)
	if err != nil {
		return reply.Section{}, reply.Explain(err)
	}
	ch := &archive.Challenge{ChallengerID: u.Actor.ID, Game: t.Game, Config: t.Config, Side: "random", Days: t.Days, Control: t.Control, Created: u.Now,
		Seats: []archive.ChallengeSeat{{PlayerID: defender.ID, Accepted: u.Now}}}
	if err := u.Tx.AddChallenge(ch); err != nil {
		return reply.Section{}, err
	}
	gs, err := games.Start(u, ch, nil, nil, &games.Place{Tournament: t, Round: st.Round, Board: st.Board})
	if err != nil {
		return reply.Section{}, err
	}
	if err := games.Notice(u, gs, defender, []string{fmt.Sprintf("%s (%s) climbs you (%s) on %s: if they win, they take your place and you move down one.",
		u.Actor.Name, words.Ordinal(slices.Index(l.Order(tr.ev), u.Actor.ID)+1), words.Ordinal(st.Board), t.Name)}); err != nil {
		return reply.Section{}, err
	}
	if err := u.Tx.AddClimb(t.ID, archive.Climb{GameID: gs.Row.ID, ClimberID: u.Actor.ID, DefenderID: defender.ID}); err != nil {
		return reply.Section{}, err
	}
	from := slices.Index(l.Order(tr.ev), u.Actor.ID) + 1
	detail := fmt.Sprintf("%s (%s) climbs %s (%s)", u.Actor.Name, words.Ordinal(from), defender.Name, words.Ordinal(st.Board))
	if err := u.Tx.AddAct(t.ID, archive.Act{At: u.Now, ByID: u.Actor.ID, Act: "climb", GameID: gs.Row.ID, PlayerID: defender.ID, Detail: detail}); err != nil {
		return reply.Section{}, err
	}
	tr.ev.Games = append(tr.ev.Games, event.Game{ID: gs.Row.ID, Round: st.Round, Board: st.Board, Players: gs.Row.Players, Score: "*"})
	l.SetClimbs(append(l.Climbs(), event.Climb{Game: gs.Row.ID, Climber: u.Actor.ID, Defender: defender.ID}))
	if err := recordDue(u, tr); err != nil {
		return reply.Section{}, err
	}
	// The climber's reply is the game's first mail: it joins its
	// conversation, so the game's notice to them would say it twice.
	u.Notices = slices.DeleteFunc(u.Notices, func(n work.Notice) bool { return n.Game == gs.Row.ID && n.Player.ID == u.Actor.ID })
	sec, err := games.StartedSection(u, gs, u.Actor)
	if err != nil {
		return reply.Section{}, err
	}
	sec.Title = fmt.Sprintf("climb %d of %s: game #%d has started", st.Round, t.Name, gs.Row.ID)
	sec.Lines = append([]string{fmt.Sprintf("You are %s and climb %s, %s: win and you take that place, those between moving down one.", words.Ordinal(from), defender.Name, words.Ordinal(st.Board))}, sec.Lines...)
	return sec, nil
}

// climbOver records how a climb of ladder tr ended and, when the climber
// won, the new order, telling each player whose place changed.
func climbOver(u *work.Unit, tr *tournament, st event.ClimbOver) error {
	t := tr.t
	if err := u.Tx.SetClimbOutcome(st.Game, st.Outcome); err != nil {
		return err
	}
	climber, defender := tr.name(st.Climber), tr.name(st.Defender)
	if st.Outcome != event.ClimbWon {
		detail := fmt.Sprintf("%s's climb of %s changed nothing", climber, defender)
		l, _ := tr.ev.Format.(event.Climbing)
		order := l.Order(tr.ev)
		if ci, di := slices.Index(order, st.Climber), slices.Index(order, st.Defender); di >= 0 && di < ci {
			detail = fmt.Sprintf("%s kept %s place against %s", defender, words.Ordinal(di+1), climber)
		}
		if err := u.Tx.AddAct(t.ID, archive.Act{At: u.Now, Act: "held", GameID: st.Game, PlayerID: st.Defender, Detail: detail}); err != nil {
			return err
		}
		return recordDue(u, tr)
	}
	if err := storeOrder(u, tr); err != nil {
		return err
	}
	news := fmt.Sprintf("%s beat %s in game #%d and takes %s place on %s (from %s).", climber, defender, st.Game, words.Ordinal(st.To), t.Name, words.Ordinal(st.From))
	if err := u.Tx.AddAct(t.ID, archive.Act{At: u.Now, Act: "climbed", GameID: st.Game, PlayerID: st.Climber,
		Detail: fmt.Sprintf("%s beat %s and took %s place (from %s)", climber, defender, words.Ordinal(st.To), words.Ordinal(st.From))}); err != nil {
		return err
	}
	for place := st.To; place <= st.From; place++ {
		p, err := u.Tx.PlayerByID(st.Order[place-1])
		if err != nil {
			return err
		}
		err = u.Send(reply.Mail{To: p.Address, Player: p, Subject: fmt.Sprintf("[postal] %s: %s takes %s place", t.Name, climber, words.Ordinal(st.To)), Auto: "auto-generated",
			View: reply.View{Intro: []string{news, fmt.Sprintf("You are now %s.", words.Ordinal(place))}, Sections: []reply.Section{standingsSection(u, tr)}}})
		if err != nil {
			return err
		}
	}
	return recordDue(u, tr)
}

// dropped records an idle player's drop on ladder tr and tells them; a
// drop spent in place (those below idle too) is recorded alone, for the
// time of the next.
func dropped(u *work.Unit, tr *tournament, st event.Dropped) error {
	if st.To == 0 {
		return u.Tx.AddAct(tr.t.ID, archive.Act{At: u.Now, Act: "idle", PlayerID: st.Player,
			Detail: fmt.Sprintf("%s, idle, stays %s: none below plays more", tr.name(st.Player), words.Ordinal(st.Stays))})
	}
	// The ladder as this drop left it: the rules answer every drop due at
	// once, and each mail shows the order after its own.
	if l, ok := tr.ev.Format.(event.Climbing); ok {
		l.Reorder(tr.ev, st.Order)
	}
	if err := storeOrder(u, tr); err != nil {
		return err
	}
	name := tr.name(st.Player)
	if err := u.Tx.AddAct(tr.t.ID, archive.Act{At: u.Now, Act: "dropped", PlayerID: st.Player,
		Detail: fmt.Sprintf("%s, idle, dropped to %s; %s moved up", name, words.Ordinal(st.To), tr.name(st.Up))}); err != nil {
		return err
	}
	p, err := u.Tx.PlayerByID(st.Player)
	if err != nil {
		return err
	}
	err = u.Send(reply.Mail{To: p.Address, Player: p, Subject: fmt.Sprintf("[postal] %s: you drop to %s place", tr.t.Name, words.Ordinal(st.To)), Auto: "auto-generated",
		View: reply.View{Intro: []string{
			fmt.Sprintf("You have neither climbed nor been climbed on %s for %s or more: you drop one place, to %s, and %s moves up.", tr.t.Name, words.Count(st.IdleDays, "day", "days"), words.Ordinal(st.To), tr.name(st.Up)),
			fmt.Sprintf("You drop one more every 30 days while idle. A climb (\"climb %s PLAYER\") ends it.", tr.t.Name)},
			Sections: []reply.Section{standingsSection(u, tr)}}})
	if err != nil || st.Up == 0 {
		return err
	}
	// The one who moves up hears it too: their place changed without a
	// game of theirs.
	up, err := u.Tx.PlayerByID(st.Up)
	if err != nil {
		return err
	}
	intro := []string{fmt.Sprintf("%s, idle on %s for %s or more, drops one place, below you: you move up to %s place.", name, tr.t.Name, words.Count(st.IdleDays, "day", "days"), words.Ordinal(st.To-1))}
	if l, ok := tr.ev.Format.(event.Climbing); ok {
		intro = append(intro, l.MayClimb(tr.ev, st.Up))
	}
	return u.Send(reply.Mail{To: up.Address, Player: up, Subject: fmt.Sprintf("[postal] %s: you move up to %s place", tr.t.Name, words.Ordinal(st.To-1)), Auto: "auto-generated",
		View: reply.View{Intro: intro, Sections: []reply.Section{standingsSection(u, tr)}}})
}

// storeOrder writes ladder tr's order, as its rules left it, into its
// entrants' seeds.
func storeOrder(u *work.Unit, tr *tournament) error {
	entrants, err := u.Tx.Entrants(tr.t.ID)
	if err != nil {
		return err
	}
	for _, e := range entrants {
		in := tr.entrant(e.PlayerID)
		if in == nil || in.Seed == e.Seed {
			continue
		}
		e.Seed = in.Seed
		if err := u.Tx.UpdateEntrant(tr.t.ID, e); err != nil {
			return err
		}
	}
	return nil
}

// placed stores who's place on ladder tr, just entered (st), and says it
// with whom they may climb.
func placed(u *work.Unit, tr *tournament, st event.Placed, who *archive.Player) ([]string, error) {
	if err := storeOrder(u, tr); err != nil {
		return nil, err
	}
	if err := recordDue(u, tr); err != nil {
		return nil, err
	}
	lines := []string{fmt.Sprintf("%s is %s of %d, at the bottom of the ladder.", who.Name, words.Ordinal(st.Place), st.Of)}
	if st.MayClimb != "" {
		lines = append(lines, st.MayClimb+" Write \"climb "+tr.t.Name+" PLAYER\".")
	}
	return lines, nil
}

// takenOff takes st.Player, who has left ladder t, off its order: those
// below move up one. It returns what the leaver's reply says.
func takenOff(u *work.Unit, t *archive.Tournament, st event.TakenOff) ([]string, error) {
	tr, err := loadEvent(u, t)
	if err != nil {
		return nil, err
	}
	if l, ok := tr.ev.Format.(event.Climbing); ok {
		l.TakeOff(tr.ev, st.Player)
	}
	if err := storeOrder(u, tr); err != nil {
		return nil, err
	}
	if err := recordDue(u, tr); err != nil {
		return nil, err
	}
	var lines []string
	if !st.Last { // nobody moves for the last
		lines = append(lines, "Those below you move up one place.")
	}
	return append(lines, fmt.Sprintf("\"join %s\" puts you back, at the bottom.", t.Name)), nil
}

// climbs reports whether f's players climb (a ladder's).
func climbs(f event.Format) bool {
	_, ok := f.(event.Climbing)
	return ok
}
