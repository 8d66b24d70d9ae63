package tournaments

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"postal/archive"
	"postal/club/event"
	"postal/club/game"
	"postal/club/games"
	"postal/club/published"
	"postal/club/rating"
	"postal/club/ratings"
	"postal/club/reply"
	"postal/club/work"
	"postal/docs/words"
	"postal/engine"
)

// An event's life. Its rules decide (club/event: when it starts, which
// games and byes each round has, when it ends and who wins); this file
// loads the event, asks it, and carries out the steps it answers (carry):
// it stores them, starts the games (ordinary games, through games.Start),
// and tells the players. Every end of a game passes games.Finish, which
// calls Events.GameOver (eventGameOver) once the game-over mails are
// written.

// startEvent starts t: its entrants seeded by their ratings in the club's
// list of its game and ruleset (1500 for a player not yet rated), then its
// first round's games. It returns what the reply says.
func startEvent(u *work.Unit, t *archive.Tournament) ([]string, error) {
	tr, err := loadEvent(u, t)
	if err != nil {
		return nil, err
	}
	cfg, _ := published.ParseConfig(t.Config, 0)
	for i := range tr.ev.Entrants {
		e := &tr.ev.Entrants[i]
		if e.Rating, err = entrantRating(u, e.Player, rating.ListOf(t.Game, cfg.Ruleset)); err != nil {
			return nil, err
		}
	}
	steps, err := tr.ev.Start()
	var short *event.Refusal
	if errors.As(err, &short) && (short.Missing > 0 || short.Mend != nil) {
		return nil, reply.Refuse(short.Msg, startFix(u, t, short)...) // change.go
	}
	if err != nil {
		return nil, reply.Explain(err)
	}
	entrants, err := u.Tx.Entrants(t.ID)
	if err != nil {
		return nil, err
	}
	for _, e := range entrants {
		seeded := tr.entrant(e.PlayerID)
		e.Seed, e.Rating = seeded.Seed, seeded.Rating
		if err := u.Tx.UpdateEntrant(t.ID, e); err != nil {
			return nil, err
		}
	}
	t.Status, t.Started, t.Round, t.Updated = archive.TournamentRunning, u.Now, 1, u.Now
	if err := u.Tx.UpdateTournament(t); err != nil {
		return nil, err
	}
	if err := u.Tx.AddAct(t.ID, archive.Act{At: u.Now, ByID: u.ActorID(), Act: "start", Detail: words.Count(len(entrants), "player", "players")}); err != nil {
		return nil, err
	}
	tr.starting = map[int64]string{}
	games, err := carry(u, tr, steps)
	if err != nil {
		return nil, err
	}
	plan := eventPlan(u, tr) // what comes next: next.go
	// A start whose steps announce it (a league's season, in one mail a
	// player) sends no mail of its own; a tournament's entrants get the
	// start's.
	if !slices.ContainsFunc(steps, announces) {
		if err := eventStarted(u, tr, plan, tr.starting); err != nil {
			return nil, err
		}
	}
	lines := append(tr.ev.Format.Started(tr.ev, games), plan)
	if why := tr.starting[u.ActorID()]; why != "" { // the actor has no start mail
		lines = append(lines, fmt.Sprintf("You have a bye in round %d: %s.", tr.ev.Round, why))
	}
	tr.starting = nil
	return lines, nil
}

// announces reports whether st is a mail to every player of an event that
// says its start.
func announces(st event.Step) bool {
	_, ok := st.(event.AnnounceSeason)
	return ok
}

// carry carries out the steps of tr's event, in order: it returns the
// games it started ("#12"). The steps every format answers are carried
// here; those of the formats that run themselves (a league's seasons, a
// ladder's climbs and drops) by carrySelfRunning. A step of a withdrawal
// (event.Annul, event.Forfeit) is withdrawEntrant's; those of a join or a
// leave are Join's and Leave's.
func carry(u *work.Unit, tr *tournament, steps []event.Step) ([]string, error) {
	var games []string
	for _, st := range steps {
		switch st := st.(type) {
		case event.BeginRound:
			tr.t.Round, tr.t.Updated = st.Round, u.Now
			if err := u.Tx.UpdateTournament(tr.t); err != nil {
				return nil, err
			}
			if err := u.Tx.AddAct(tr.t.ID, archive.Act{At: u.Now, Act: "round", Detail: st.Label()}); err != nil {
				return nil, err
			}
		case event.StartGame:
			gs, err := newEventGame(u, tr, st)
			if err != nil {
				return nil, err
			}
			if tr.started == nil {
				tr.started = map[int64]*game.Game{}
			}
			tr.started[gs.Row.ID] = gs
			games = append(games, fmt.Sprintf("#%d", gs.Row.ID))
		case event.GiveBye:
			if err := eventBye(u, tr, st); err != nil {
				return nil, err
			}
		case event.Tell: // a stage ended by itself (a cup's groups): everyone hears it
			if err := tellEvent(u, tr, fmt.Sprintf("[postal] %s: %s", tr.t.Name, st.Subject), st.Lines, st.Standings, 0); err != nil {
				return nil, err
			}
		case event.Finish:
			return games, finishEvent(u, tr, st.Winner, st.Note)
		default:
			ok, err := carrySelfRunning(u, tr, st) // selfrunning.go
			if err != nil {
				return nil, err
			}
			if !ok {
				return nil, fmt.Errorf("club: tournament %s: step %T out of place", tr.t.Name, st)
			}
		}
	}
	return games, nil
}

// newEventGame starts the game st of tr: an ordinary game, through the
// path an accepted challenge takes (its number from a challenge row whose
// seats are its players', games.Start), whose mails and record name the
// event and the round.
func newEventGame(u *work.Unit, tr *tournament, st event.StartGame) (*game.Game, error) {
	t := tr.t
	ch := &archive.Challenge{ChallengerID: st.Players[0], Game: t.Game, Config: t.Config, Side: "first", Days: t.Days, Control: t.Control, Created: u.Now}
	for _, p := range st.Players[1:] {
		ch.Seats = append(ch.Seats, archive.ChallengeSeat{PlayerID: p, Accepted: u.Now})
	}
	if err := u.Tx.AddChallenge(ch); err != nil {
		return nil, err
	}
	gs, err := games.Start(u, ch, nil, st.Players, &games.Place{Tournament: t, Round: st.Round, Board: st.Board})
	if err != nil {
		return nil, err
	}
	tr.ev.Games = append(tr.ev.Games, event.Game{ID: gs.Row.ID, Round: st.Round, Board: st.Board, Players: st.Players, Score: gs.Row.Result})
	return gs, nil
}

// eventBye records the bye st and tells its player.
func eventBye(u *work.Unit, tr *tournament, st event.GiveBye) error {
	if err := u.Tx.AddBye(tr.t.ID, archive.Bye{Round: st.Round, Board: st.Board, PlayerID: st.Player}); err != nil {
		return err
	}
	if tr.starting != nil { // the start's mail says it
		tr.starting[st.Player] = st.Why
		return nil
	}
	p, err := u.Tx.PlayerByID(st.Player)
	if err != nil {
		return err
	}
	return u.Send(reply.Mail{To: p.Address, Player: p, Subject: fmt.Sprintf("[postal] %s: a bye in round %d", tr.t.Name, st.Round), Auto: "auto-generated",
		View: reply.View{Intro: []string{fmt.Sprintf("You have a bye in round %d of %s: %s. You will hear when the next round starts.", st.Round, tr.t.Name, st.Why)}}})
}

// eventGameOver follows the end of game gs in its event, if it has one: a
// loss on time withdraws the loser (their unplayed games are forfeited),
// unless the event runs for good (event.Perpetual: a ladder's climb lost
// on time is a loss, no more); then the event moves on (eventProgress).
func eventGameOver(u *work.Unit, gs *game.Game) error {
	tid, _, err := u.Tx.TournamentOfGame(gs.Row.ID)
	if errors.Is(err, archive.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	t, err := u.Tx.TournamentByID(tid)
	if err != nil {
		return err
	}
	if t.Status != archive.TournamentRunning {
		return nil
	}
	// A player who loses on time in the event forfeits their unplayed
	// games, as one who leaves. Only a game of two ends by a timeout: in a
	// game of more the player is out of that game alone.
	format, _ := formatOf(t)
	_, perpetual := format.(event.Perpetual)
	if r := gs.Result(); r.Kind == engine.Win && strings.Contains(gs.Row.Termination, "ran out of time") && !perpetual {
		if lost, ok := gs.OpponentOfTwo(r.Winner); ok {
			loser := gs.Row.Players[lost]
			tr, err := loadEvent(u, t)
			if err != nil {
				return err
			}
			if e := tr.entrant(loser); e != nil && e.In() {
				// A loss on time before a first move is no game played:
				// a no-show's results are annulled as a leaver's are.
				moved, err := u.Tx.MovedSeats(gs.Row.ID, ratings.LeavingWords)
				if err != nil {
					return err
				}
				var unplayed []int64
				if !slices.Contains(moved, int(lost)) {
					unplayed = []int64{gs.Row.ID}
				}
				_, err = withdrawEntrant(u, tr, loser, archive.EntrantTimedOut, fmt.Sprintf("lost game #%d on time", gs.Row.ID), 0, unplayed...)
				return err
			}
		}
	}
	return eventProgress(u, tid, gs.Row.ID)
}

// eventProgress moves event tid on after game (0: none) ended or a
// player withdrew, as its event answers (event.Next). Entrants who asked
// for news get the standings, unless it ended (which everyone hears).
func eventProgress(u *work.Unit, tid, game int64) error {
	t, err := u.Tx.TournamentByID(tid)
	if err != nil {
		return err
	}
	if t.Status != archive.TournamentRunning {
		return nil
	}
	tr, err := loadEvent(u, t)
	if err != nil {
		return err
	}
	if _, err := carry(u, tr, tr.ev.Next()); err != nil || t.Status != archive.TournamentRunning || game == 0 {
		return err
	}
	return eventNews(u, tr, game)
}

// finishEvent ends the event: its winner (0: none), the record, and a mail
// to every entrant and the director with the final standings.
func finishEvent(u *work.Unit, tr *tournament, winner int64, note string) error {
	t := tr.t
	t.Status, t.Finished, t.Updated, t.WinnerID, t.Note = archive.TournamentOver, u.Now, u.Now, winner, note
	tr.ev.Stage, tr.ev.Winner, tr.ev.Note = event.Over, winner, note
	if err := u.Tx.UpdateTournament(t); err != nil {
		return err
	}
	if err := u.Tx.AddAct(t.ID, archive.Act{At: u.Now, Act: "won", PlayerID: winner, Detail: note}); err != nil {
		return err
	}
	return tellOver(u, tr, winner, note)
}

// tellOver mails every entrant and the director that tr is over: its
// winner (0: none), how it ended (note) and what comes next, with the
// final standings.
func tellOver(u *work.Unit, tr *tournament, winner int64, note string) error {
	t := tr.t
	intro := []string{fmt.Sprintf("%s is over: %s wins.", t.Name, tr.name(winner))}
	subject := fmt.Sprintf("[postal] %s is over: %s wins", t.Name, tr.name(winner))
	if winner == 0 {
		intro = []string{fmt.Sprintf("%s is over, without a winner.", t.Name)}
		subject = fmt.Sprintf("[postal] %s is over", t.Name)
	}
	if tied := tr.ev.SharedFirst(); winner != 0 && len(tied) > 1 {
		var names []string
		for _, id := range tied {
			names = append(names, tr.name(id))
		}
		intro = []string{fmt.Sprintf("%s is over: %s share first place, level on points and tie-breaks; %s, the higher seed, is its winner of record.", t.Name, words.And(names), tr.name(winner))}
		subject = fmt.Sprintf("[postal] %s is over: %s share first place", t.Name, words.And(names))
	}
	if len(tr.ev.Games) == 0 {
		// Called off before any game: no winner, no table, no rated games
		// to speak of.
		intro = []string{fmt.Sprintf("%s is called off.", t.Name)}
		if note != "" {
			intro = append(intro, note)
		}
		intro = append(intro, "\"tournaments\" lists those open for entries; \"tournament NAME GAME FORMAT\" organises another.")
		return tellEvent(u, tr, fmt.Sprintf("[postal] %s is called off", t.Name), intro, false, 0)
	}
	if note != "" {
		intro = append(intro, note)
	}
	// What comes next.
	intro = append(intro, fmt.Sprintf("Its rated games are in the club's lists (\"ratings %s\"). \"tournaments\" lists those open for entries; \"tournament NAME GAME FORMAT\" organises the next.", t.Game))
	return tellEvent(u, tr, subject, intro, true, 0)
}

// tellEvent mails every entrant and the director (each once; the actor
// too, but not those skipped) intro, with the standings when standings is
// set.
func tellEvent(u *work.Unit, tr *tournament, subject string, intro []string, standings bool, skip ...int64) error {
	ids := []int64{}
	for _, e := range tr.ev.Entrants {
		ids = append(ids, e.Player)
	}
	if !slices.Contains(ids, tr.t.DirectorID) {
		ids = append(ids, tr.t.DirectorID)
	}
	var secs []reply.Section
	if standings {
		sec := standingsSection(u, tr)
		// The intro has said what the status line says ("cup is over:
		// bob wins."): once is enough.
		sec.Lines = slices.DeleteFunc(sec.Lines, func(l string) bool { return slices.Contains(intro, l) })
		secs = []reply.Section{sec}
	}
	for _, id := range ids {
		if slices.Contains(skip, id) {
			continue
		}
		p, err := u.Tx.PlayerByID(id)
		if err != nil {
			return err
		}
		if err := u.Send(reply.Mail{To: p.Address, Player: p, Subject: subject, Auto: "auto-generated", View: reply.View{Intro: intro, Sections: secs}}); err != nil {
			return err
		}
	}
	return nil
}

// eventNews mails the standings after game to the entrants who asked for
// them ("set tournament-news on").
func eventNews(u *work.Unit, tr *tournament, game int64) error {
	for _, e := range tr.ev.Entrants {
		on, err := u.Tx.TournamentNews(e.Player)
		if err != nil {
			return err
		}
		if !on {
			continue
		}
		p, err := u.Tx.PlayerByID(e.Player)
		if err != nil {
			return err
		}
		err = u.Send(reply.Mail{To: p.Address, Player: p, Subject: fmt.Sprintf("[postal] %s: standings after game #%d", tr.t.Name, game), Auto: "auto-generated",
			View: reply.View{Intro: []string{tr.gameOverLine(game)}, Sections: []reply.Section{standingsSection(u, tr)}}})
		if err != nil {
			return err
		}
	}
	return nil
}

// gameOverLine says how game id of tr ended, by player: "Game #4 of cup is
// over (alice - bob): alice won."
func (tr *tournament) gameOverLine(id int64) string {
	for _, g := range tr.ev.Games {
		if g.ID == id {
			return fmt.Sprintf("Game #%d of %s is over (%s): %s.", id, tr.t.Name, tr.ev.Pairing(g), tr.ev.Outcome(g))
		}
	}
	return fmt.Sprintf("Game #%d of %s is over.", id, tr.t.Name)
}

// withdrawEntrant takes player out of tr, running (status: left, removed
// or timed-out, for reason, by the director by or the club, 0), as its
// event answers (event.Withdraw): their results annulled or standing,
// their games in play forfeited (a loss in a game of two; in a game of
// more they leave it, as resigning); the other entrants are told why, and
// the event moves on. It returns what the reply says.
func withdrawEntrant(u *work.Unit, tr *tournament, player int64, status, reason string, by int64, unplayed ...int64) ([]string, error) {
	t := tr.t
	steps := tr.ev.Withdraw(player, status, unplayed...)
	var lines []string
	var annul *event.Annul
	for _, st := range steps {
		if a, ok := st.(event.Annul); ok {
			annul = &a
			lines = append(lines, fmt.Sprintf("%s played %d of %d games, under half: every result of theirs in %s is annulled.", tr.name(player), a.Played, a.Games, t.Name))
		}
	}
	entrants, err := u.Tx.Entrants(t.ID)
	if err != nil {
		return nil, err
	}
	for _, e := range entrants {
		if e.PlayerID != player {
			continue
		}
		e.Status, e.Out, e.Reason, e.Annulled = status, u.Now, reason, tr.entrant(player).Annulled
		if err := u.Tx.UpdateEntrant(t.ID, e); err != nil {
			return nil, err
		}
	}
	if tr.entrant(player).Annulled { // annulled games move no rating
		line, err := ratings.TakeBack(u, t.Game, tr.ev, player)
		if err != nil {
			return nil, err
		}
		if line != "" {
			lines = append(lines, line)
		}
	}
	if err := u.Tx.AddAct(t.ID, archive.Act{At: u.Now, ByID: by, Act: status, PlayerID: player, Detail: reason}); err != nil {
		return nil, err
	}
	// The games to forfeit, counted before any is: the last forfeit may end
	// the event, and its end is news after this one, not before.
	var forfeits []*game.Game
	var seats []engine.Player
	for _, st := range steps {
		f, ok := st.(event.Forfeit)
		if !ok {
			continue
		}
		gs, err := games.Load(u, f.Game)
		if err != nil {
			return nil, err
		}
		if seat := gs.Side(&archive.Player{ID: player}); gs.StillIn(seat) {
			forfeits, seats = append(forfeits, gs), append(seats, seat)
		}
	}
	if len(forfeits) > 0 {
		lines = append(lines, fmt.Sprintf("%s forfeits %s in play.", tr.name(player), words.Count(len(forfeits), "game", "games")))
	}
	who := tr.name(player)
	news := fmt.Sprintf("%s is out of %s: %s.", who, t.Name, reason)
	if by != 0 && by != player {
		byName, err := actorName(u, tr, by)
		if err != nil {
			return nil, err
		}
		news = fmt.Sprintf("%s, directing %s, removed %s: %s", byName, t.Name, who, reason)
	}
	if err := tellOut(u, tr, player, fmt.Sprintf("[postal] %s: %s is out", t.Name, who), append([]string{news}, lines...)); err != nil {
		return nil, err
	}
	if by != 0 && by != player {
		// The removed player hears it in their own words, with what is
		// left to them (a stranger's trial got the others' third person).
		if err := tellRemoved(u, tr, player, by, reason, len(forfeits)); err != nil {
			return nil, err
		}
	}
	if status == archive.EntrantTimedOut {
		if err := tellTimedOut(u, tr, player, reason, len(forfeits), annul); err != nil {
			return nil, err
		}
	}
	for i, f := range forfeits {
		gs, err := games.Load(u, f.Row.ID) // as an earlier forfeit's progress left it
		if err != nil {
			return nil, err
		}
		if !gs.StillIn(seats[i]) {
			// Ended by an earlier forfeit's progress, or a table the
			// player left already (R13d) while the others play on.
			continue
		}
		if err := u.Tx.AddEvent(u.Now, "forfeit", gs.Row.ID, player, reason); err != nil {
			return nil, err
		}
		if err := games.Forfeit(u, gs, seats[i], engine.Resign, fmt.Sprintf("%s forfeits (%s)", tr.name(player), reason)); err != nil {
			return nil, err
		}
	}
	return append([]string{news}, lines...), eventProgress(u, t.ID, 0)
}

// eventOf is the label of game id's place in its event ("spring-cup,
// round 2", "spring, season 2, division 1"), "" for a game of none.
func eventOf(u *work.Unit, id int64) (string, error) {
	tid, place, err := u.Tx.TournamentOfGame(id)
	if errors.Is(err, archive.ErrNotFound) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	t, err := u.Tx.TournamentByID(tid)
	if err != nil {
		return "", err
	}
	return event.PlaceLabel(t.Name, t.Format, place.Round, place.Board), nil
}

// tellRemoved tells player that by removed them from tr, and what follows.
func tellRemoved(u *work.Unit, tr *tournament, player, by int64, reason string, forfeits int) error {
	p, err := u.Tx.PlayerByID(player)
	if err != nil {
		return err
	}
	byName, err := actorName(u, tr, by)
	if err != nil {
		return err
	}
	intro := []string{fmt.Sprintf("%s, directing %s, removed you from it: %s.", byName, tr.t.Name, reason)}
	if forfeits > 0 {
		intro = append(intro, fmt.Sprintf("You forfeit your %s in play there; your other games go on.", words.Count(forfeits, "game", "games")))
	}
	intro = append(intro, "A player a director removed does not come back by joining; a director or an admin of the club may be asked by mail why.")
	return u.Send(reply.Mail{To: p.Address, Player: p, Subject: fmt.Sprintf("[postal] %s: you were removed", tr.t.Name), Auto: "auto-generated",
		View: reply.View{Intro: intro}})
}

// tellTimedOut tells player, out of tr for a loss on time (reason), in
// their own words: the games they forfeit, their results annulled, and,
// where the event takes entrants while it runs (a league), how to come
// back.
func tellTimedOut(u *work.Unit, tr *tournament, player int64, reason string, forfeits int, annul *event.Annul) error {
	p, err := u.Tx.PlayerByID(player)
	if err != nil {
		return err
	}
	name := tr.t.Name
	intro := []string{fmt.Sprintf("You are out of %s: you %s.", name, reason)}
	if forfeits > 0 {
		intro = append(intro, fmt.Sprintf("You forfeit your %s in play there; your other games go on.", words.Count(forfeits, "game", "games")))
	}
	if annul != nil {
		intro = append(intro, fmt.Sprintf("You played %d of %d games, under half: every result of yours in %s is annulled.", annul.Played, annul.Games, name))
	}
	switch _, joins := tr.ev.Format.(event.Joiner); {
	case !joins:
		intro = append(intro, "\"tournaments\" lists the events open for entries.")
	case isSeasonal(tr.ev.Format):
		intro = append(intro, fmt.Sprintf("You may come back: \"join %s\" enters you again, from its next season.", name))
	default:
		intro = append(intro, fmt.Sprintf("You may come back: \"join %s\" enters you again.", name))
	}
	return u.Send(reply.Mail{To: p.Address, Player: p, Subject: fmt.Sprintf("[postal] %s: you are out", name), Auto: "auto-generated",
		View: reply.View{Intro: intro}})
}

func isSeasonal(f event.Format) bool {
	_, ok := f.(event.Seasonal)
	return ok
}

// actorName is the name of by, who acted in tr: an entrant's or director's
// as the event knows it, else (an admin of the club) the archive's.
func actorName(u *work.Unit, tr *tournament, by int64) (string, error) {
	if _, known := tr.ev.Names[by]; known {
		return tr.name(by), nil
	}
	p, err := u.Tx.PlayerByID(by)
	if err != nil {
		return "", err
	}
	return p.Name, nil
}

// tellOut tells of player's going out of tr, running, as tellEvent does:
// every entrant, or those its format says (event.Audience: a league's
// division, a ladder's director alone: a league or a ladder of hundreds
// need not hear of each who goes; its page and "standings" say it).
func tellOut(u *work.Unit, tr *tournament, player int64, subject string, lines []string) error {
	told := *tr.ev
	if a, ok := tr.ev.Format.(event.Audience); ok {
		hear := a.Told(tr.ev, player)
		told.Entrants = slices.DeleteFunc(slices.Clone(told.Entrants), func(e event.Entrant) bool { return !slices.Contains(hear, e.Player) })
	}
	skip := []int64{u.ActorID()}
	if e := tr.entrant(player); e != nil && (e.Out == archive.EntrantRemoved || e.Out == archive.EntrantTimedOut) {
		// The removed or timed-out player has their own mail (tellRemoved,
		// tellTimedOut), though they direct the event.
		skip = append(skip, player)
	}
	return tellEvent(u, &tournament{t: tr.t, ev: &told}, subject, lines, false, skip...)
}
