package club

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"postal/archive"
	"postal/club/clock"
	"postal/club/game"
	"postal/club/games"
	"postal/club/reply"
	"postal/club/work"
	"postal/docs/words"
	"postal/engine"
	"postal/engine/search"
	"postal/notation"
)

// Challenges of any number of seats (issue 33: one path for two players or
// more). Every challenge lists the seats it asks for besides the
// challenger's (archive.ChallengeSeat): a player it names, an address it
// invites, or a seat open to anyone. A seat fills when its player accepts;
// the last to accept starts the game (start.go), and anyone asked who
// declines cancels it for all (R13). A challenge of two has one seat;
// Superial Chess for three or four has two or three. The flows are one; only
// the words people read differ where a game of two says it its own way.

// challenge is "challenge PLAYER... GAME" and "open GAME".
func (h *handling) challenge(c notation.Command) (reply.Section, error) {
	info, cfg, ctl, err := h.s.proposal(c)
	if err != nil {
		return reply.Section{}, err
	}
	seats := info.Seats(cfg)
	more := engine.OthersPlayOn(len(seats))
	if !more && len(c.Others) > 0 {
		return reply.Section{}, reply.Refuse(fmt.Sprintf("%s %s is a game of two: name one opponent", info.Title, cfg.String()))
	}
	side, err := seatChoice(c.As, seats)
	if err != nil {
		return reply.Section{}, err
	}
	var named []string
	if c.Verb == notation.CmdChallenge {
		named = append([]string{c.Arg}, c.Others...)
	}
	if len(named) > len(seats)-1 {
		return reply.Section{}, reply.Refuse(fmt.Sprintf("%d players named for %d seats", len(named)+1, len(seats)),
			fmt.Sprintf("%s (%s) seats %s: name at most %d players besides yourself; seats not named are open to anyone.", info.Title, cfg.String(), seatsText(seats, 0), len(seats)-1))
	}
	ch := &archive.Challenge{ChallengerID: h.Actor.ID, Game: info.Name, Config: cfg.String(), Side: side, Days: int(ctl.PerMove / clock.Day), Control: ctl.String(), Created: h.Now}
	level, bot := c.Level, (*archive.Player)(nil)
	var asked []string // names and addresses, for people
	for _, who := range named {
		opp, addr, err := h.opponent(who)
		if err != nil {
			return reply.Section{}, err
		}
		st := archive.ChallengeSeat{Address: addr}
		switch {
		case opp != nil && h.s.isOwn(opp.Address) && !h.s.isBot(opp):
			return reply.Section{}, reply.Refuse(fmt.Sprintf("%s is the club's bot, and it is off", opp.Name), "Challenge a person instead; \"status\" shows your games.")
		case h.s.isBot(opp):
			if more && c.Level != 0 {
				return reply.Section{}, reply.Refuse(fmt.Sprintf("%s plays a game of more than two at its default level", opp.Name), "Leave \"level\" out.")
			}
			if level, err = h.botChallenge(opp, h.Actor, level); err != nil {
				return reply.Section{}, err
			}
			st.Accepted, bot = h.Now, opp // the bot takes its seat at once
		}
		if opp != nil {
			st.PlayerID, who = opp.ID, opp.Name
		}
		if slices.Contains(ch.Seats, st) {
			return reply.Section{}, reply.Refuse(fmt.Sprintf("%s is named twice", who))
		}
		ch.Seats = append(ch.Seats, st)
		asked = append(asked, who)
	}
	if level != 0 && bot == nil {
		whom := "a person"
		if more {
			whom = "people"
		}
		return reply.Section{}, reply.Refuse("only the bot plays at a level", "Leave \"level\" out when you challenge "+whom+".")
	}
	for len(ch.Seats) < len(seats)-1 {
		ch.Seats = append(ch.Seats, archive.ChallengeSeat{})
	}
	if err := h.Tx.AddChallenge(ch); err != nil {
		return reply.Section{}, err
	}
	if err := h.markUnrated(c, ch.ID); err != nil {
		return reply.Section{}, err
	}
	if err := h.Tx.AddEvent(h.Now, "challenge", ch.ID, h.Actor.ID, info.Name+" "+ch.Config); err != nil {
		return reply.Section{}, err
	}
	if !slices.ContainsFunc(ch.Seats, unaccepted) {
		return h.botStarts(ch, bot, level) // the bot was the one seat to fill
	}
	what := challengeWhat(ch, info, seats, ctl, h.Actor.Name, c.Unrated)
	if err := h.askSeats(ch, info, what, asked); err != nil {
		return reply.Section{}, err
	}
	sec := reply.Section{Title: fmt.Sprintf("challenge #%d: %s", ch.ID, what), Game: ch.ID}
	open := len(seats) - 1 - len(named)
	switch st := ch.Seats[0]; {
	case more:
		if len(asked) > 0 {
			sec.Lines = append(sec.Lines, fmt.Sprintf("Asked: %s.", strings.Join(asked, ", ")))
		}
		if bot != nil {
			sec.Lines = append(sec.Lines, fmt.Sprintf("%s took its seat at once and plays at level %d of %d.", bot.Name, h.s.opt.Bot.level(), search.MaxLevel))
		}
		if open > 0 {
			sec.Lines = append(sec.Lines, fmt.Sprintf("%s open to anyone: \"accept %d\" takes one.", words.Count(open, "seat is", "seats are"), ch.ID))
		}
		sec.Lines = append(sec.Lines, fmt.Sprintf("The game starts when every seat is taken and accepted. \"cancel %d\" withdraws it.", ch.ID))
	case st.PlayerID != 0:
		sec.Lines = []string{fmt.Sprintf("%s has been asked; the game starts when they accept. \"cancel %d\" withdraws it.", asked[0], ch.ID)}
	case st.Address != "":
		sec.Lines = []string{fmt.Sprintf("%s is not registered yet and got an invitation. \"cancel %d\" withdraws it.", st.Address, ch.ID)}
	default:
		sec.Lines = []string{fmt.Sprintf("Anyone may accept it with \"accept %d\". \"cancel %d\" withdraws it.", ch.ID, ch.ID)}
	}
	return sec, nil
}

// markUnrated records that the challenge id of c, which said "unrated",
// and the game it becomes are not rated.
func (h *handling) markUnrated(c notation.Command, id int64) error {
	if !c.Unrated {
		return nil
	}
	return h.Tx.SetUnrated(id)
}

// unaccepted reports whether a seat still waits for its player.
func unaccepted(st archive.ChallengeSeat) bool { return st.Accepted.IsZero() }

// challengeWhat says what ch proposes: "Initiative (standard), 3 days per
// move, alice plays a side drawn at random"; "Superial Chess for 4
// (multiplayer players=4), ..., alice plays North".
func challengeWhat(ch *archive.Challenge, info engine.Info, seats []string, ctl clock.Control, challenger string, unrated bool) string {
	title := info.Title
	if engine.OthersPlayOn(len(seats)) {
		title = fmt.Sprintf("%s for %d", info.Title, len(seats))
	}
	what := fmt.Sprintf("%s (%s), %s, %s plays %s", title, ch.Config, ctl.Describe(), challenger, seatText(ch.Side, seats))
	if unrated {
		what += ", unrated"
	}
	return what
}

// askSeats mails each player and address ch names (asked, in its seats'
// order) the challenge: a player the challenge, an address an invitation.
// In a game of more, each hears who else is asked.
func (h *handling) askSeats(ch *archive.Challenge, info engine.Info, what string, asked []string) error {
	more := engine.OthersPlayOn(len(ch.Seats) + 1)
	open := len(ch.Seats) - len(asked)
	subject, err := games.ChallengeSubject(h.Unit, ch)
	if err != nil {
		return err
	}
	for i, st := range ch.Seats[:len(asked)] {
		with := ""
		if more {
			with = "with " + seatsText(slices.Delete(slices.Clone(asked), i, i+1), open)
		}
		if st.PlayerID == 0 {
			if err := h.invite(ch, info, st.Address, what, with); err != nil {
				return err
			}
			continue
		}
		opp, err := h.Tx.PlayerByID(st.PlayerID)
		if err != nil {
			return err
		}
		intro := []string{
			fmt.Sprintf("%s challenges you to a game of %s (challenge #%d). Reply \"accept\" to play, \"decline\" to say no.", h.Actor.Name, info.Title, ch.ID),
			fmt.Sprintf("The game: %s.", what)}
		accept := "starts the game"
		if more {
			intro[0] = fmt.Sprintf("%s challenges you to a game of %s, %s (challenge #%d). Reply \"accept\" to play, \"decline\" to say no.", h.Actor.Name, info.Title, with, ch.ID)
			intro = append(intro, "The game starts when every player has accepted; anyone who declines cancels it.")
			accept = "takes your seat"
		}
		err = h.send(reply.Mail{To: opp.Address, Player: opp, Game: ch.ID, Subject: subject, Auto: "auto-generated",
			View: reply.View{Intro: intro,
				Sections: []reply.Section{{Title: info.Title, Lines: []string{info.Description}, Pre: games.Describe(info)}},
				HowTo:    []string{fmt.Sprintf("\"accept %d\" %s, \"decline %d\" says no; a reply to this mail may leave the number out.", ch.ID, accept, ch.ID), "\"rules " + info.Name + "\" sends the rules."}}})
		if err != nil {
			return err
		}
	}
	return nil
}

// invite mails address, which has no player, the invitation to challenge
// ch of info: what says the game, with the other players of a game of more
// than two ("" for two).
func (h *handling) invite(ch *archive.Challenge, info engine.Info, address, what, with string) error {
	if with != "" {
		with = ", " + with
	}
	if err := h.Tx.AddInvitation(address, h.Actor.ID, h.Now); err != nil {
		return err
	}
	return h.send(reply.Mail{To: address, Subject: fmt.Sprintf("[postal #%d] %s invites you to play %s", ch.ID, h.Actor.Name, info.Title), Auto: "auto-generated",
		View: reply.View{Intro: []string{
			fmt.Sprintf("%s invites you to play %s by email with postal, a club for correspondence games%s.", h.Actor.Name, info.Title, with),
			fmt.Sprintf("The game: %s.", what),
			fmt.Sprintf("To join, reply with a line \"register NAME\" (a name of your choice: a letter, then letters, digits, '-' or '_'), and reply to postal's answer, which confirms that this address is yours; then \"accept %d\" plays, \"decline %d\" says no thanks.", ch.ID, ch.ID),
			"If you do not want to play, ignore this mail: postal will not write again unless someone invites you.",
		}, Sections: []reply.Section{{Title: info.Title, Lines: []string{info.Description}}}}})
}

// opponent finds the player a challenge names, by name or address: the
// player, or, for an address not registered, the address to invite.
func (h *handling) opponent(arg string) (*archive.Player, string, error) {
	var opp *archive.Player
	var err error
	if strings.Contains(arg, "@") {
		if h.s.isOwn(arg) {
			return nil, "", reply.Refuse("postal does not play against itself")
		}
		opp, err = h.Tx.PlayerByAddress(arg)
		if errors.Is(err, archive.ErrNotFound) {
			return nil, arg, h.mayInvite(strings.ToLower(arg)) // strangers.go
		}
	} else if h.s.opt.Bot != nil && arg == h.s.opt.Bot.name() {
		if opp, err = h.s.botPlayer(h.Tx, h.Now); errors.Is(err, work.ErrBotName) {
			opp, err = h.Tx.PlayerByName(arg) // a person's name, as it was before the bot
		}
	} else {
		opp, err = h.Tx.PlayerByName(arg)
		if errors.Is(err, archive.ErrNotFound) {
			return nil, "", reply.Refuse(fmt.Sprintf("there is no player called %s", arg), "Challenge them by email address instead: postal will invite them.")
		}
	}
	if err != nil {
		return nil, "", err
	}
	if opp.ID == h.Actor.ID {
		return nil, "", reply.Refuse("you cannot challenge yourself")
	}
	return opp, "", nil
}

// seatChoice reads the seat a challenger asks for ("as north"): first,
// second, random ("" too), or, in a game of more, a seat by name.
func seatChoice(as string, seats []string) (string, error) {
	switch as {
	case "", "random":
		return "random", nil
	case "first", "second":
		return as, nil
	}
	if engine.OthersPlayOn(len(seats)) {
		for _, s := range seats {
			if strings.EqualFold(s, as) {
				return strings.ToLower(s), nil
			}
		}
		return "", reply.Refuse(fmt.Sprintf("%q is not a seat of this game", as), "Its seats: "+strings.Join(seats, ", ")+"; or \"as random\".")
	}
	return "", reply.Refuse(fmt.Sprintf("%q is not a side of this game", as), fmt.Sprintf("\"as first\" plays %s, \"as second\" %s; or \"as random\".", seats[0], seats[1]))
}

// seatText says the seat a challenger asked for: "White (moves first)",
// "South", "a side drawn at random".
func seatText(side string, seats []string) string {
	i, more := games.SeatIndex(side, seats), engine.OthersPlayOn(len(seats))
	switch {
	case i < 0 && more:
		return "a seat drawn at random"
	case i < 0:
		return "a side drawn at random"
	case i == 0 && !more:
		return seats[0] + " (moves first)"
	}
	return seats[i]
}

// seatsText names the other players of a challenge: "carol, dave and an
// open seat".
func seatsText(names []string, open int) string {
	all := slices.Clone(names)
	switch {
	case open == 1:
		all = append(all, "an open seat")
	case open > 1:
		all = append(all, fmt.Sprintf("%d open seats", open))
	}
	if len(all) == 0 {
		return "nobody"
	}
	return words.And(all)
}

func (h *handling) challengeFor(id int64) (*archive.Challenge, error) {
	ch, err := h.Tx.Challenge(id)
	if errors.Is(err, archive.ErrNotFound) {
		return nil, reply.Refuse(fmt.Sprintf("there is no challenge #%d", id), "Write \"status\" for your challenges.")
	}
	if err != nil {
		return nil, err
	}
	if ch.Status != archive.ChallengeOpen {
		return nil, reply.Refuse(fmt.Sprintf("challenge #%d is %s", id, ch.Status))
	}
	return ch, nil
}

// accept is "accept ID": the actor takes their seat, or an open one; the
// last to accept starts the game.
func (h *handling) accept(id int64) (reply.Section, error) {
	ch, err := h.challengeFor(id)
	if err != nil {
		return reply.Section{}, err
	}
	gs, err := h.takeSeat(ch, h.Actor)
	if err != nil {
		return reply.Section{}, err
	}
	if gs == nil {
		return reply.Section{Title: fmt.Sprintf("you accepted challenge #%d", ch.ID), Game: ch.ID,
			Lines: []string{fmt.Sprintf("The game starts when every seat is taken and accepted; still waiting for %s.", h.waitingFor(ch))}}, nil
	}
	return games.StartedSection(h.Unit, gs, h.Actor)
}

// takeSeat has p accept their seat of ch, or take an open one: a player
// by mail, or the bot taking an open challenge. The last to accept starts
// the game, which it returns; until then it returns nil, and the others
// hear who accepted.
func (w *job) takeSeat(ch *archive.Challenge, p *archive.Player) (*game.Game, error) {
	if ch.ChallengerID == p.ID {
		return nil, reply.Refuse("you cannot accept your own challenge", fmt.Sprintf("\"cancel %d\" withdraws it.", ch.ID))
	}
	n := -1
	for i, st := range ch.Seats {
		switch {
		case st.PlayerID == p.ID && !st.Accepted.IsZero():
			return nil, reply.Refuse(fmt.Sprintf("you have accepted challenge #%d already", ch.ID), "The game starts when every seat is taken and accepted: "+w.waitingFor(ch)+".")
		case st.PlayerID == p.ID, st.Address != "" && st.Address == p.Address:
			n = i
		case st.Open() && n < 0:
			n = i
		}
	}
	switch {
	case n < 0 && len(ch.Seats) == 1:
		return nil, reply.Refuse(fmt.Sprintf("challenge #%d is addressed to someone else", ch.ID))
	case n < 0:
		return nil, reply.Refuse(fmt.Sprintf("challenge #%d has no seat for you", ch.ID), "Its seats are taken by the players it names.")
	}
	if err := w.Tx.TakeSeat(ch.ID, ch.Seats[n].N, p.ID, w.Now); err != nil {
		return nil, err
	}
	if err := w.Tx.AddEvent(w.Now, "accept-seat", ch.ID, p.ID, ""); err != nil {
		return nil, err
	}
	ch.Seats[n].PlayerID, ch.Seats[n].Address, ch.Seats[n].Accepted = p.ID, "", w.Now
	if !slices.ContainsFunc(ch.Seats, unaccepted) {
		return games.Start(w.Unit, ch, p, nil, nil)
	}
	line := fmt.Sprintf("%s accepted challenge #%d; still waiting for %s.", p.Name, ch.ID, w.waitingFor(ch))
	for _, id := range w.challengePlayers(ch) {
		if id == p.ID {
			continue
		}
		if err := w.challengeNews(ch, id, line); err != nil {
			return nil, err
		}
	}
	return nil, nil
}

// botStarts starts the game of ch at once, the club's bot having taken its
// one seat at level, and answers the challenger with the board.
func (h *handling) botStarts(ch *archive.Challenge, bot *archive.Player, level int) (reply.Section, error) {
	gs, err := games.Start(h.Unit, ch, bot, nil, nil)
	if err != nil {
		return reply.Section{}, err
	}
	if err := h.Tx.SetBotLevel(gs.Row.ID, level); err != nil {
		return reply.Section{}, err
	}
	sec, err := games.StartedSection(h.Unit, gs, h.Actor)
	if err != nil {
		return reply.Section{}, err
	}
	intro := fmt.Sprintf("%s accepted at once and plays at level %d of %d.", bot.Name, level, search.MaxLevel)
	if engine.Acts(gs.Pos, gs.Side(bot)) {
		intro += " It moves first: its move comes by mail, usually within seconds."
	}
	sec.Lines = append([]string{intro}, sec.Lines...)
	return sec, nil
}

// withdraw is "decline ID" (a player the challenge asks) and "cancel ID"
// (its challenger): the challenge will not be played, and every other
// player it asks with an account hears so (R13: anyone who declines cancels
// it for all).
func (h *handling) withdraw(c notation.Command) (reply.Section, error) {
	ch, err := h.challengeFor(c.ID)
	if err != nil {
		return reply.Section{}, err
	}
	status := archive.ChallengeDeclined
	if c.Verb == notation.CmdCancel {
		if ch.ChallengerID != h.Actor.ID {
			return reply.Section{}, reply.Refuse(fmt.Sprintf("challenge #%d is not yours to cancel", ch.ID), fmt.Sprintf("\"decline %d\" refuses a challenge made to you.", ch.ID))
		}
		status = archive.ChallengeCancelled
	} else if !slices.ContainsFunc(ch.Seats, func(s archive.ChallengeSeat) bool { return s.PlayerID == h.Actor.ID || s.Address == h.Actor.Address }) {
		return reply.Section{}, reply.Refuse(fmt.Sprintf("challenge #%d is not addressed to you", ch.ID))
	}
	if err := h.Tx.SetChallengeStatus(ch.ID, status, h.Now); err != nil {
		return reply.Section{}, err
	}
	if err := h.Tx.AddEvent(h.Now, status, ch.ID, h.Actor.ID, ""); err != nil {
		return reply.Section{}, err
	}
	more := engine.OthersPlayOn(len(ch.Seats) + 1)
	line := fmt.Sprintf("%s %s challenge #%d (%s): there will be no game.", h.Actor.Name, status, ch.ID, ch.Game)
	sec := reply.Section{Title: fmt.Sprintf("challenge #%d %s", ch.ID, status), Game: ch.ID}
	if more {
		line = fmt.Sprintf("%s %s challenge #%d (%s): it will not be played.", h.Actor.Name, status, ch.ID, ch.Game)
		sec.Lines = []string{"Its other players have been told."}
	}
	for _, id := range h.challengePlayers(ch) {
		if id == h.Actor.ID {
			continue
		}
		if err := h.challengeNews(ch, id, line); err != nil {
			return reply.Section{}, err
		}
	}
	return sec, nil
}

// challengeStatus is ch, made by challenger, in the actor's status: what it
// proposes and whom it waits for, from the actor's side.
func (h *handling) challengeStatus(ch *archive.Challenge, challenger *archive.Player) string {
	what := fmt.Sprintf("%s %s", ch.Game, ch.Config)
	waiting := h.waitingFor(ch)
	mine := slices.IndexFunc(ch.Seats, func(s archive.ChallengeSeat) bool { return s.PlayerID == h.Actor.ID })
	switch {
	case ch.ChallengerID == h.Actor.ID:
		return fmt.Sprintf("challenge #%d: you propose %s; waiting for %s", ch.ID, what, waiting)
	case mine >= 0 && !ch.Seats[mine].Accepted.IsZero():
		return fmt.Sprintf("challenge #%d: %s proposes %s; you accepted; waiting for %s", ch.ID, challenger.Name, what, waiting)
	case mine >= 0:
		return fmt.Sprintf("challenge #%d: %s challenges you to %s (accept %d / decline %d); waiting for %s", ch.ID, challenger.Name, what, ch.ID, ch.ID, waiting)
	}
	return fmt.Sprintf("open challenge #%d: %s proposes %s; waiting for %s (accept %d takes a seat)", ch.ID, challenger.Name, what, waiting, ch.ID)
}

// challengeLine says in one line where challenge c stands: the first line
// of a reply about it.
func (h *handling) challengeLine(c *archive.Challenge) string {
	switch st := c.Seats[0]; {
	case c.Status == archive.ChallengeAccepted:
		return fmt.Sprintf("Challenge #%d was accepted.", c.ID)
	case c.Status != archive.ChallengeOpen:
		return fmt.Sprintf("Challenge #%d was %s: there will be no game.", c.ID, c.Status)
	case engine.OthersPlayOn(len(c.Seats) + 1):
		return fmt.Sprintf("Challenge #%d is open: it waits for %s.", c.ID, h.waitingFor(c))
	case st.Open():
		return fmt.Sprintf("Challenge #%d is open: anyone may accept it.", c.ID)
	default:
		return fmt.Sprintf("Challenge #%d is open: %s may accept it.", c.ID, games.SeatHolder(h.Unit, st))
	}
}

// waitingFor names who a challenge waits for: "bob, and 1 open seat".
func (w *job) waitingFor(ch *archive.Challenge) string {
	var names []string
	open := 0
	for _, st := range ch.Seats {
		switch {
		case !st.Accepted.IsZero():
		case st.Open():
			open++
		default:
			names = append(names, games.SeatHolder(w.Unit, st))
		}
	}
	return seatsText(names, open)
}

// challengePlayers are the players of a challenge with an account: the
// challenger and those named or seated.
func (w *job) challengePlayers(ch *archive.Challenge) []int64 {
	ids := []int64{ch.ChallengerID}
	for _, st := range ch.Seats {
		if st.PlayerID != 0 {
			ids = append(ids, st.PlayerID)
		}
	}
	return ids
}

// challengeNews mails player id a line about challenge ch.
func (w *job) challengeNews(ch *archive.Challenge, id int64, line string) error {
	p, err := w.Tx.PlayerByID(id)
	if err != nil {
		return err
	}
	subject, err := games.ChallengeSubject(w.Unit, ch)
	if err != nil {
		return err
	}
	return w.send(reply.Mail{To: p.Address, Player: p, Game: ch.ID, Auto: "auto-generated", Subject: subject, View: reply.View{Intro: []string{line}}})
}
