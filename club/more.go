package club

import (
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"math/big"
	"slices"
	"strings"

	"postal/archive"
	"postal/club/clock"
	"postal/engine"
	"postal/engine/search"
	"postal/notation"
)

// Games of more than two players (Superial Chess for three or four,
// R13-R13f): challenges whose seats fill as their players accept, players
// who leave (resign, run out of time) while the others play on, draws that
// need every player still in, and the news of each move to the players not
// to move.

// challengeOfMore proposes a game of the seats of info as configured by
// cfg, more than two: the players named (c.Arg and c.Others), an open seat
// for each one left.
func (h *handling) challengeOfMore(c notation.Command, info engine.Info, cfg engine.Config, ctl clock.Control) (section, error) {
	seats := info.Seats(cfg)
	side, err := seatChoice(c.As, seats)
	if err != nil {
		return section{}, err
	}
	var named []string
	if c.Verb == notation.CmdChallenge {
		named = append([]string{c.Arg}, c.Others...)
	}
	if len(named) > len(seats)-1 {
		return section{}, refuse(fmt.Sprintf("%d players named for %d seats", len(named)+1, len(seats)),
			fmt.Sprintf("%s (%s) seats %s: name at most %d players besides yourself; seats not named are open to anyone.", info.Title, cfg.String(), seatsText(seats, 0), len(seats)-1))
	}
	ch := &archive.Challenge{ChallengerID: h.actor.ID, Game: info.Name, Config: cfg.String(), Side: side, Days: int(ctl.PerMove / clock.Day), Control: ctl.String(), Created: h.now}
	var invited []*archive.Player
	var asked []string // names and addresses, for people
	for _, who := range named {
		opp, addr, err := h.opponent(who)
		if err != nil {
			return section{}, err
		}
		st := archive.ChallengeSeat{Address: addr}
		switch {
		case opp != nil && h.s.isOwn(opp.Address) && !h.s.isBot(opp):
			return section{}, refuse(fmt.Sprintf("%s is the club's bot, and it is off", opp.Name), "Challenge a person instead; \"status\" shows your games.")
		case h.s.isBot(opp):
			// The bot takes its seat at once, at its default level: a
			// challenge of more keeps no level.
			if c.Level != 0 {
				return section{}, refuse(fmt.Sprintf("%s plays a game of more than two at its default level", opp.Name), "Leave \"level\" out.")
			}
			if _, err := h.botChallenge(opp, 0); err != nil {
				return section{}, err
			}
			st.Accepted = h.now
		}
		if opp != nil {
			st.PlayerID = opp.ID
			who = opp.Name
		}
		if slices.ContainsFunc(ch.Seats, func(s archive.ChallengeSeat) bool { return s == st }) {
			return section{}, refuse(fmt.Sprintf("%s is named twice", who))
		}
		ch.Seats = append(ch.Seats, st)
		if opp != nil {
			invited = append(invited, opp)
		}
		asked = append(asked, who)
	}
	if c.Level != 0 && !slices.ContainsFunc(invited, h.s.isBot) {
		return section{}, refuse("only the bot plays at a level", "Leave \"level\" out when you challenge people.")
	}
	for len(ch.Seats) < len(seats)-1 {
		ch.Seats = append(ch.Seats, archive.ChallengeSeat{})
	}
	if err := h.tx.AddChallenge(ch); err != nil {
		return section{}, err
	}
	if err := h.markUnrated(c, ch.ID); err != nil {
		return section{}, err
	}
	if err := h.tx.AddEvent(h.now, "challenge", ch.ID, h.actor.ID, info.Name+" "+ch.Config); err != nil {
		return section{}, err
	}
	what := fmt.Sprintf("%s for %d (%s), %s, %s plays %s", info.Title, len(seats), ch.Config, ctl.Describe(), h.actor.Name, seatText(side))
	if c.Unrated {
		what += ", unrated"
	}
	open := len(seats) - 1 - len(named)
	subject, err := h.challengeSubject(ch)
	if err != nil {
		return section{}, err
	}
	for i := range named {
		st := ch.Seats[i]
		with := "with " + seatsText(slices.Delete(slices.Clone(asked), i, i+1), open)
		var err error
		if st.PlayerID != 0 {
			opp := invited[slices.IndexFunc(invited, func(p *archive.Player) bool { return p.ID == st.PlayerID })]
			err = h.send(outgoing{to: opp.Address, player: opp, game: ch.ID, subject: subject, auto: "auto-generated",
				view: mailView{Intro: []string{
					fmt.Sprintf("%s challenges you to a game of %s, %s (challenge #%d). Reply \"accept\" to play, \"decline\" to say no.", h.actor.Name, info.Title, with, ch.ID),
					fmt.Sprintf("The game: %s.", what),
					"The game starts when every player has accepted; anyone who declines cancels it."},
					Sections: []section{{Title: info.Title, Lines: []string{info.Description}, Pre: describe(info)}},
					HowTo:    []string{fmt.Sprintf("\"accept %d\" takes your seat, \"decline %d\" says no; a reply to this mail may leave the number out.", ch.ID, ch.ID), "\"rules " + info.Name + "\" sends the rules."}}})
		} else {
			err = h.invite(ch, info, st.Address, what, with)
		}
		if err != nil {
			return section{}, err
		}
	}
	sec := section{Title: fmt.Sprintf("challenge #%d: %s", ch.ID, what), game: ch.ID}
	if len(asked) > 0 {
		sec.Lines = append(sec.Lines, fmt.Sprintf("Asked: %s.", strings.Join(asked, ", ")))
	}
	for _, p := range invited {
		if h.s.isBot(p) {
			sec.Lines = append(sec.Lines, fmt.Sprintf("%s took its seat at once and plays at level %d of %d.", p.Name, h.s.opt.Bot.level(), search.MaxLevel))
		}
	}
	if open > 0 {
		sec.Lines = append(sec.Lines, fmt.Sprintf("%s open to anyone: \"accept %d\" takes one.", count(open, "seat is", "seats are"), ch.ID))
	}
	sec.Lines = append(sec.Lines, fmt.Sprintf("The game starts when every seat is taken and accepted. \"cancel %d\" withdraws it.", ch.ID))
	return sec, nil
}

// seatChoice reads the seat a challenger asks for ("as north"): a seat of
// seats by name, first or second for the first two, random; "" is random.
func seatChoice(as string, seats []string) (string, error) {
	switch as {
	case "", "random":
		return "random", nil
	case "first":
		return strings.ToLower(seats[0]), nil
	case "second":
		return strings.ToLower(seats[1]), nil
	}
	for _, s := range seats {
		if strings.EqualFold(s, as) {
			return strings.ToLower(s), nil
		}
	}
	return "", refuse(fmt.Sprintf("%q is not a seat of this game", as), "Its seats: "+strings.Join(seats, ", ")+"; or \"as random\".")
}

// seatText says the seat a challenger asked for: "North", "a seat drawn at
// random".
func seatText(side string) string {
	if side == "random" {
		return "a seat drawn at random"
	}
	return strings.ToUpper(side[:1]) + side[1:]
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
	switch len(all) {
	case 0:
		return "nobody"
	case 1:
		return all[0]
	}
	return strings.Join(all[:len(all)-1], ", ") + " and " + all[len(all)-1]
}

// count writes "1 seat is", "2 seats are".
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// acceptSeat accepts the actor's seat of ch, a challenge of more than two,
// or takes an open one; the last to accept starts the game.
func (w *work) acceptSeat(ch *archive.Challenge) (section, error) {
	if ch.ChallengerID == w.actor.ID {
		return section{}, refuse("you cannot accept your own challenge", fmt.Sprintf("\"cancel %d\" withdraws it.", ch.ID))
	}
	n := -1
	for i, st := range ch.Seats {
		switch {
		case st.PlayerID == w.actor.ID && !st.Accepted.IsZero():
			return section{}, refuse(fmt.Sprintf("you have accepted challenge #%d already", ch.ID), "The game starts when every seat is taken and accepted: "+w.waitingFor(ch)+".")
		case st.PlayerID == w.actor.ID, st.Address != "" && st.Address == w.actor.Address:
			n = i
		case st.Open() && n < 0:
			n = i
		}
	}
	if n < 0 {
		return section{}, refuse(fmt.Sprintf("challenge #%d has no seat for you", ch.ID), "Its seats are taken by the players it names.")
	}
	if err := w.tx.TakeSeat(ch.ID, ch.Seats[n].N, w.actor.ID, w.now); err != nil {
		return section{}, err
	}
	if err := w.tx.AddEvent(w.now, "accept-seat", ch.ID, w.actor.ID, ""); err != nil {
		return section{}, err
	}
	ch.Seats[n].PlayerID, ch.Seats[n].Address, ch.Seats[n].Accepted = w.actor.ID, "", w.now
	if slices.ContainsFunc(ch.Seats, func(s archive.ChallengeSeat) bool { return s.Accepted.IsZero() }) {
		line := fmt.Sprintf("%s accepted challenge #%d; still waiting for %s.", w.actor.Name, ch.ID, w.waitingFor(ch))
		for _, id := range w.challengePlayers(ch) {
			if id == w.actor.ID {
				continue
			}
			if err := w.challengeNews(ch, id, line); err != nil {
				return section{}, err
			}
		}
		return section{Title: fmt.Sprintf("you accepted challenge #%d", ch.ID), game: ch.ID,
			Lines: []string{fmt.Sprintf("The game starts when every seat is taken and accepted; still waiting for %s.", w.waitingFor(ch))}}, nil
	}
	return w.startMore(ch)
}

// waitingFor names who a challenge of more than two waits for: "bob, and 1
// open seat".
func (w *work) waitingFor(ch *archive.Challenge) string {
	var names []string
	open := 0
	for _, st := range ch.Seats {
		switch {
		case !st.Accepted.IsZero():
		case st.Open():
			open++
		default:
			names = append(names, w.seatHolder(st))
		}
	}
	return seatsText(names, open)
}

// seatNames names the players of a challenge of more than two besides
// the challenger, for its subject: "bob vs carol vs anyone".
func (w *work) seatNames(ch *archive.Challenge) string {
	names := make([]string, len(ch.Seats))
	for i, st := range ch.Seats {
		names[i] = w.seatHolder(st)
	}
	return strings.Join(names, " vs ")
}

// seatHolder names who a seat of a challenge is for: a player, an invited
// address, or anyone.
func (w *work) seatHolder(st archive.ChallengeSeat) string {
	switch {
	case st.PlayerID != 0:
		if p, err := w.tx.PlayerByID(st.PlayerID); err == nil {
			return p.Name
		}
	case st.Address != "":
		return st.Address
	}
	return "anyone"
}

// challengePlayers are the players of a challenge of more than two with an
// account: the challenger and those named or seated.
func (w *work) challengePlayers(ch *archive.Challenge) []int64 {
	ids := []int64{ch.ChallengerID}
	for _, st := range ch.Seats {
		if st.PlayerID != 0 {
			ids = append(ids, st.PlayerID)
		}
	}
	return ids
}

// challengeNews mails player id a line about challenge ch.
func (w *work) challengeNews(ch *archive.Challenge, id int64, line string) error {
	p, err := w.tx.PlayerByID(id)
	if err != nil {
		return err
	}
	subject, err := w.challengeSubject(ch)
	if err != nil {
		return err
	}
	return w.send(outgoing{to: p.Address, player: p, game: ch.ID, auto: "auto-generated", subject: subject, view: mailView{Intro: []string{line}}})
}

// startMore starts the game of ch, every seat accepted: the challenger at
// the seat they asked for, or one drawn, the others drawn among the seats
// left. The seats are drawn apart from the seed: who sits where is public
// and must tell nothing about the seed.
func (w *work) startMore(ch *archive.Challenge) (section, error) {
	var b [8]byte
	randomRead(b[:])
	seed := binary.LittleEndian.Uint64(b[:]) >> 1 // SQLite integers are signed
	game, cfg, pos, err := startOf(ch, seed)
	if err != nil {
		return section{}, err
	}
	seats := game.Info().Seats(cfg)
	players := make([]int64, len(seats))
	free := make([]int, 0, len(seats))
	for i := range seats {
		free = append(free, i)
	}
	take := func(k int) int {
		i := free[k]
		free = slices.Delete(free, k, k+1)
		return i
	}
	k := slices.IndexFunc(free, func(i int) bool { return strings.EqualFold(seats[i], ch.Side) })
	if k < 0 {
		k = randIntN(len(free))
	}
	players[take(k)] = ch.ChallengerID
	for _, st := range ch.Seats {
		players[take(randIntN(len(free)))] = st.PlayerID
	}
	gs, err := w.openGame(ch, w.actor.ID, seed, game, cfg, pos, players)
	if err != nil {
		return section{}, err
	}
	lineup := w.lineup(gs)
	for i, p := range gs.players {
		if p.ID == w.actor.ID {
			continue
		}
		line := fmt.Sprintf("Game #%d has started: %s. You play %s.", ch.ID, lineup, seats[i])
		if slices.Contains(gs.toMove(), engine.Player(i)) {
			line += fmt.Sprintf(" Your move (move %d).", gs.moveNumber())
		}
		lines := append([]string{line}, diceCommitted(gs.row)...)
		if err := w.gameNotice(gs, p, lines); err != nil {
			return section{}, err
		}
	}
	bv, err := w.boardOf(gs, nil, "")
	if err != nil {
		return section{}, err
	}
	return section{Title: fmt.Sprintf("game #%d has started: %s", ch.ID, gs.title()), Board: bv, game: ch.ID,
		Lines: []string{lineup + ".", fmt.Sprintf("You play %s.", seats[gs.side(w.actor)])}}, nil
}

// randIntN draws a number below n from the system's random source.
func randIntN(n int) int {
	k, err := rand.Int(rand.Reader, big.NewInt(int64(n)))
	if err != nil {
		panic(err) // crypto/rand does not fail (Go 1.24)
	}
	return int(k.Int64())
}

// lineup names every seat's player: "alice South, bob West, carol North,
// dave East".
func (w *work) lineup(gs *gameState) string {
	var parts []string
	for i, side := range gs.sides() {
		parts = append(parts, gs.players[i].Name+" "+side)
	}
	return strings.Join(parts, ", ")
}

// statusOfMore is a challenge of more than two in the actor's status:
// what it proposes and whom it waits for, from the actor's side.
func (h *handling) statusOfMore(ch *archive.Challenge, challenger *archive.Player) string {
	what := fmt.Sprintf("%s %s", ch.Game, ch.Config)
	waiting := h.waitingFor(ch)
	mine := slices.IndexFunc(ch.Seats, func(s archive.ChallengeSeat) bool { return s.PlayerID == h.actor.ID })
	switch {
	case ch.ChallengerID == h.actor.ID:
		return fmt.Sprintf("challenge #%d: you propose %s; waiting for %s", ch.ID, what, waiting)
	case mine >= 0 && !ch.Seats[mine].Accepted.IsZero():
		return fmt.Sprintf("challenge #%d: %s proposes %s; you accepted; waiting for %s", ch.ID, challenger.Name, what, waiting)
	case mine >= 0:
		return fmt.Sprintf("challenge #%d: %s challenges you to %s (accept %d / decline %d); waiting for %s", ch.ID, challenger.Name, what, ch.ID, ch.ID, waiting)
	}
	return fmt.Sprintf("open challenge #%d: %s proposes %s; waiting for %s (accept %d takes a seat)", ch.ID, challenger.Name, what, waiting, ch.ID)
}

// withdrawMore cancels a challenge of more than two: the challenger
// cancels it, or a player it names or seats declines, which cancels it for
// all (R13). Every other player with an account is told.
func (h *handling) withdrawMore(c notation.Command, ch *archive.Challenge) (section, error) {
	status := archive.ChallengeDeclined
	if c.Verb == notation.CmdCancel {
		if ch.ChallengerID != h.actor.ID {
			return section{}, refuse(fmt.Sprintf("challenge #%d is not yours to cancel", ch.ID), fmt.Sprintf("\"decline %d\" refuses a challenge made to you.", ch.ID))
		}
		status = archive.ChallengeCancelled
	} else if !slices.Contains(h.challengePlayers(ch)[1:], h.actor.ID) && !slices.ContainsFunc(ch.Seats, func(s archive.ChallengeSeat) bool { return s.Address == h.actor.Address }) {
		return section{}, refuse(fmt.Sprintf("challenge #%d is not addressed to you", ch.ID))
	}
	if err := h.tx.SetChallengeStatus(ch.ID, status, h.now); err != nil {
		return section{}, err
	}
	if err := h.tx.AddEvent(h.now, status, ch.ID, h.actor.ID, ""); err != nil {
		return section{}, err
	}
	line := fmt.Sprintf("%s %s challenge #%d (%s): it will not be played.", h.actor.Name, status, ch.ID, ch.Game)
	for _, id := range h.challengePlayers(ch) {
		if id == h.actor.ID {
			continue
		}
		if err := h.challengeNews(ch, id, line); err != nil {
			return section{}, err
		}
	}
	return section{Title: fmt.Sprintf("challenge #%d %s", ch.ID, status), Lines: []string{"Its other players have been told."}, game: ch.ID}, nil
}

// opponents are the players of gs other than seat p: the opponent of a
// game of two, the players still in of a game of more.
func (gs *gameState) opponents(p engine.Player) []*archive.Player {
	var out []*archive.Player
	for i, pl := range gs.players {
		if q := engine.Player(i); q != p && (!gs.more() || gs.stillIn(q)) {
			out = append(out, pl)
		}
	}
	return out
}

// stillIn reports whether seat p of gs is still in the game (R13d).
func (gs *gameState) stillIn(p engine.Player) bool {
	return gs.row.Status == archive.GameActive && gs.pos.Result().Place(p) == 0
}

// leave takes seat p out of gs, a game of more than two (R13d): a
// resignation, or a timeout. The leaving is p's move of the record; the
// others play on, and the last one in wins. The clock of the player to
// move runs on unless p was to move. Every player and observer is told.
func (w *work) leave(gs *gameState, p engine.Player, how engine.Leaving) error {
	wasToMove := slices.Contains(gs.toMove(), p)
	next, err := engine.Leave(gs.pos, p, how)
	if err != nil {
		return refusal(err)
	}
	msgID := ""
	if how == engine.Resign {
		msgID = w.msgID
	}
	if err := w.addMove(gs, archive.Move{Ply: next.Ply(), Player: int(p), Text: how.String(), MessageID: msgID, At: w.now}); err != nil {
		return err
	}
	gs.pos = next
	gs.row.Position, gs.row.Ply, gs.row.Updated = next.String(), next.Ply(), w.now
	gs.row.DrawAgreed = nil // a draw is agreed among the players in: they changed
	if err := w.tx.AddEvent(w.now, how.String(), gs.row.ID, gs.players[p].ID, ""); err != nil {
		return err
	}
	place := engine.Ordinal(next.Result().Place(p))
	what := map[engine.Leaving]string{engine.Resign: "resigned", engine.Timeout: "ran out of time"}[how]
	if w.actor == nil || w.actor.ID != gs.players[p].ID {
		line := fmt.Sprintf("You %s in game #%d and are out, %s.", what, gs.row.ID, place)
		if !next.Result().Over() {
			line += " The others play on; you will hear when the game ends."
		}
		if err := w.gameNotice(gs, gs.players[p], []string{line}); err != nil {
			return err
		}
	}
	if err := w.tellAll(gs, p, []string{fmt.Sprintf("%s %s in game #%d and is out, %s.", gs.seatName(p), what, gs.row.ID, place)}); err != nil {
		return err
	}
	if r := next.Result(); r.Over() {
		return w.finish(gs, r)
	}
	if wasToMove {
		if err := w.startTurn(gs); err != nil {
			return err
		}
		for _, q := range gs.toMove() {
			if err := w.gameNotice(gs, gs.players[q], []string{fmt.Sprintf("Your move in game #%d (move %d).", gs.row.ID, gs.moveNumber())}); err != nil {
				return err
			}
		}
	}
	return w.tx.UpdateGame(gs.row)
}

// moveNews tells the players of gs still in, other than mover (who has the
// reply) and those to move now (who get their turn), what mover played:
// news of each move.
func (w *work) moveNews(gs *gameState, mover engine.Player, move string) error {
	line := fmt.Sprintf("%s played %s in game #%d; %s to move.", gs.seatName(mover), move, gs.row.ID, gs.whoMoves())
	for i, pl := range gs.players {
		p := engine.Player(i)
		if p == mover || !gs.stillIn(p) || slices.Contains(gs.toMove(), p) {
			continue
		}
		// The sender hears of a conditional answer to their move (the
		// only move news they get) in their reply.
		if err := w.tellPlayer(gs, pl, line); err != nil {
			return err
		}
	}
	return nil
}

// resignMore takes the actor out of gs, a game of more than two, at any
// time (R13d).
func (h *handling) resignMore(gs *gameState, side engine.Player) (section, error) {
	if !gs.stillIn(side) {
		return section{}, refuse(fmt.Sprintf("you are out of game #%d already", gs.row.ID))
	}
	if err := h.leave(gs, side, engine.Resign); err != nil {
		return section{}, err
	}
	lines := []string{fmt.Sprintf("You are out, %s; the others play on.", engine.Ordinal(gs.pos.Result().Place(side)))}
	if gs.row.Status == archive.GameOver {
		lines = []string{"Result: " + gs.resultText() + "."}
	}
	return section{Title: fmt.Sprintf("you resigned game #%d", gs.row.ID), Lines: lines, game: gs.row.ID}, nil
}

// timeOut takes the players of gs whose time ran out out of the game, a
// game of more than two: whatever the club's timeout mode, no one player's
// claim could be fair to the others (R13d).
func (w *work) timeOut(gs *gameState) error {
	for _, p := range gs.toMove() {
		if err := w.tx.AddEvent(w.now, "timeout", gs.row.ID, gs.players[p].ID, ""); err != nil {
			return err
		}
		if err := w.leave(gs, p, engine.Timeout); err != nil {
			return err
		}
		if gs.row.Status != archive.GameActive {
			break
		}
	}
	return nil
}

// drawAmong records that the actor, seat side, agrees to a draw in gs, a
// game of more than two: the draw needs every player still in (R13e), who
// are told as it gathers; a move by one who has not agreed declines it.
func (h *handling) drawAmong(gs *gameState, side engine.Player) (section, error) {
	if !gs.stillIn(side) {
		return section{}, refuse(fmt.Sprintf("you are out of game #%d", gs.row.ID), "A draw is agreed among the players still in.")
	}
	if slices.Contains(gs.row.DrawAgreed, int(side)) {
		return section{}, refuse("you have agreed to a draw already", "It needs "+h.drawWaiting(gs)+"; a move by one of them declines it.")
	}
	gs.row.DrawAgreed = append(gs.row.DrawAgreed, int(side))
	gs.row.Updated = h.now
	if err := h.tx.AddEvent(h.now, "draw-offer", gs.row.ID, h.actor.ID, ""); err != nil {
		return section{}, err
	}
	if h.drawWaiting(gs) == "" {
		if err := h.finish(gs, gs.pos.Result().Drawn("agreed by the players")); err != nil {
			return section{}, err
		}
		return section{Title: fmt.Sprintf("draw agreed in game #%d", gs.row.ID), Lines: []string{"Result: " + gs.resultText() + "."}, game: gs.row.ID}, nil
	}
	if err := h.tx.UpdateGame(gs.row); err != nil {
		return section{}, err
	}
	waiting := h.drawWaiting(gs)
	for i, pl := range gs.players {
		p := engine.Player(i)
		if p == side || !gs.stillIn(p) {
			continue
		}
		if err := h.gameNotice(gs, pl, []string{fmt.Sprintf("%s agrees to a draw in game #%d; it needs every player still in: %s. Write \"draw\" to agree; a move declines.", h.actor.Name, gs.row.ID, waiting)}); err != nil {
			return section{}, err
		}
	}
	return section{Title: fmt.Sprintf("draw offered in game #%d", gs.row.ID), game: gs.row.ID,
		Lines: []string{fmt.Sprintf("It needs every player still in: %s. A move by one of them declines it.", waiting)}}, nil
}

// drawWaiting names the players still in who have not agreed to the draw
// of gs: "bob and carol"; "" when none.
func (w *work) drawWaiting(gs *gameState) string {
	var names []string
	for i, pl := range gs.players {
		if gs.stillIn(engine.Player(i)) && !slices.Contains(gs.row.DrawAgreed, i) {
			names = append(names, pl.Name)
		}
	}
	if len(names) == 0 {
		return ""
	}
	return seatsText(names, 0)
}

// declineByMove ends the draw gathering in gs when mover, who has not
// agreed to it, moves instead; it returns the line for those who had.
func (w *work) declineByMove(gs *gameState, mover engine.Player) error {
	if len(gs.row.DrawAgreed) == 0 || slices.Contains(gs.row.DrawAgreed, int(mover)) {
		return nil
	}
	agreed := gs.row.DrawAgreed
	gs.row.DrawAgreed = nil
	if err := w.tx.AddEvent(w.now, "draw-declined", gs.row.ID, gs.players[mover].ID, ""); err != nil {
		return err
	}
	for _, i := range agreed {
		if err := w.gameNotice(gs, gs.players[i], []string{fmt.Sprintf("%s declined the draw by moving.", gs.players[mover].Name)}); err != nil {
			return err
		}
	}
	return nil
}

// placesText says the places of a finished game of more than two: "1st
// carol (North), 2nd dave (East), 3rd alice (South), 4th bob (West)".
func (gs *gameState) placesText(r engine.Result) string {
	var parts []string
	for place := 1; place <= len(r.Places); place++ {
		for i, pl := range r.Places {
			if pl == place {
				parts = append(parts, engine.Ordinal(place)+" "+gs.seatName(engine.Player(i)))
			}
		}
	}
	return strings.Join(parts, ", ")
}
