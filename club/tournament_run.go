package club

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"postal/archive"
	"postal/club/pairing"
	"postal/club/rating"
	"postal/engine"
)

// A tournament's life: it starts (every game of a round robin at once, a
// Swiss or knockout round by round), follows the end of each of its games
// (finish calls eventGameOver, the one place every game end passes), and
// ends with a winner mailed to every entrant.

// event is a tournament with its entrants, games and byes, as stored.
type event struct {
	t        *archive.Tournament
	entrants []archive.Entrant // by seed (by joining before the start)
	players  map[int64]*archive.Player
	games    []eventGame // by round, board and number
	byes     []archive.Bye
	seats    int // of each game
}

// eventGame is a game of an event.
type eventGame struct {
	archive.TournamentGame
	row *archive.Game
}

func (w *work) loadEvent(t *archive.Tournament) (*event, error) {
	ev := &event{t: t, players: map[int64]*archive.Player{}}
	_, _, ev.seats = eventInfo(t)
	var err error
	if ev.entrants, err = w.tx.Entrants(t.ID); err != nil {
		return nil, err
	}
	for _, e := range ev.entrants {
		if ev.players[e.PlayerID], err = w.tx.PlayerByID(e.PlayerID); err != nil {
			return nil, err
		}
	}
	places, err := w.tx.TournamentGames(t.ID)
	if err != nil {
		return nil, err
	}
	for _, g := range places {
		row, err := w.tx.GameByID(g.GameID)
		if err != nil {
			return nil, err
		}
		ev.games = append(ev.games, eventGame{g, row})
	}
	if ev.byes, err = w.tx.Byes(t.ID); err != nil {
		return nil, err
	}
	return ev, nil
}

func (ev *event) entrant(player int64) *archive.Entrant {
	for i := range ev.entrants {
		if ev.entrants[i].PlayerID == player {
			return &ev.entrants[i]
		}
	}
	return nil
}

// index numbers the entrants as pairing does: by seed, 0 the strongest.
func (ev *event) index() map[int64]int {
	idx := make(map[int64]int, len(ev.entrants))
	for i, e := range ev.entrants {
		idx[e.PlayerID] = i
	}
	return idx
}

func (ev *event) roundRobin() bool {
	return ev.t.Format == "round-robin" || ev.t.Format == "double-round-robin"
}

// name is a player's name, or their number when unknown.
func (ev *event) name(id int64) string {
	if p := ev.players[id]; p != nil {
		return p.Name
	}
	return fmt.Sprintf("player %d", id)
}

// eventLabel names a game's place in its event, for its mails and record.
func eventLabel(name string, round int) string {
	return fmt.Sprintf("%s, round %d", name, round)
}

// rating is a player's rating in the club's list of game and ruleset
// (ratings.go), which seeds tournaments; 1500 for a player not yet rated.
func (w *work) rating(player int64, game, ruleset string) (float64, error) {
	r, _, err := w.tx.Rating(player, rating.ListOf(game, ruleset))
	return r, err
}

// startEvent starts t: seeds by rating, then the games. It returns what the
// reply says.
func (w *work) startEvent(t *archive.Tournament) ([]string, error) {
	ev, err := w.loadEvent(t)
	if err != nil {
		return nil, err
	}
	n := len(ev.entrants)
	if need := max(2, ev.seats); n < need {
		return nil, refuse(fmt.Sprintf("%s needs at least %d entrants to start; it has %d", t.Name, need, n), "\"join "+t.Name+" bot\" enters the club's bot.")
	}
	if t.Format == "swiss" && t.Rounds > swissRounds(n) {
		return nil, refuse(fmt.Sprintf("a Swiss of %d players has at most %d rounds, and %s has %d", n, swissRounds(n), t.Name, t.Rounds), "No pair meets twice: more players must enter.")
	}
	cfg, _ := parseConfig(t.Config, 0)
	for i := range ev.entrants {
		e := &ev.entrants[i]
		if e.Rating, err = w.rating(e.PlayerID, t.Game, cfg.Ruleset); err != nil {
			return nil, err
		}
	}
	// Seeds by rating, the earlier entry first among equals (knockout
	// brackets and Swiss pairings read them; Berger tables number by them).
	sort.SliceStable(ev.entrants, func(i, j int) bool { return ev.entrants[i].Rating > ev.entrants[j].Rating })
	for i := range ev.entrants {
		ev.entrants[i].Seed = i + 1
		if err := w.tx.UpdateEntrant(t.ID, ev.entrants[i]); err != nil {
			return nil, err
		}
	}
	t.Status, t.Started, t.Round, t.Updated = archive.TournamentRunning, w.now, 1, w.now
	if err := w.tx.UpdateTournament(t); err != nil {
		return nil, err
	}
	if err := w.tx.AddAct(t.ID, archive.Act{At: w.now, ByID: w.actorID(), Act: "start", Detail: count(n, "player", "players")}); err != nil {
		return nil, err
	}
	idx := func(i int) int64 { return ev.entrants[i].PlayerID }
	var ids []string
	add := func(round, board int, players ...int64) error {
		gs, err := w.newEventGame(ev, round, board, players)
		if err == nil {
			ids = append(ids, fmt.Sprintf("#%d", gs.row.ID))
		}
		return err
	}
	switch {
	case ev.seats > 2:
		for i, table := range pairing.Tables(n, ev.seats) {
			players := make([]int64, len(table))
			for s, p := range table {
				players[s] = idx(p)
			}
			if err := add(1, i+1, players...); err != nil {
				return nil, err
			}
		}
	case ev.roundRobin():
		rounds := pairing.RoundRobin(n)
		if t.Format == "double-round-robin" {
			rounds = pairing.DoubleRoundRobin(n)
		}
		for r, round := range rounds {
			for b, g := range round {
				if g.Second == pairing.Bye {
					continue // a rest in a round robin: no bye, no point
				}
				if err := add(r+1, b+1, idx(g.First), idx(g.Second)); err != nil {
					return nil, err
				}
			}
		}
	case t.Format == "swiss":
		return w.swissRound(ev, 1)
	case t.Format == "knockout":
		return w.knockoutRound(ev, 1, nil)
	}
	return []string{fmt.Sprintf("Every game starts at once: %s (%s).", count(len(ids), "game", "games"), strings.Join(ids, ", ")),
		"Each player has a mail for each of their games; \"standings " + t.Name + "\" shows the table."}, nil
}

// newEventGame starts a game of ev, round and board, with players by seat:
// an ordinary game, through the path an accepted challenge takes (its
// number from a challenge row whose seats are its players', startGame),
// whose mails and record name the event and the round.
func (w *work) newEventGame(ev *event, round, board int, players []int64) (*gameState, error) {
	t := ev.t
	ch := &archive.Challenge{ChallengerID: players[0], Game: t.Game, Config: t.Config, Side: "first", Days: t.Days, Control: t.Control, Created: w.now}
	for _, p := range players[1:] {
		ch.Seats = append(ch.Seats, archive.ChallengeSeat{PlayerID: p, Accepted: w.now})
	}
	if err := w.tx.AddChallenge(ch); err != nil {
		return nil, err
	}
	gs, err := w.startGame(ch, nil, players, &eventPlace{t: t, round: round, board: board})
	if err != nil {
		return nil, err
	}
	ev.games = append(ev.games, eventGame{archive.TournamentGame{GameID: gs.row.ID, Round: round, Board: board}, gs.row})
	return gs, nil
}

// eventGameOver follows the end of game gs in its tournament, if it has
// one: a loss on time withdraws the loser (their unplayed games are
// forfeited), then the event moves on (eventProgress).
func (w *work) eventGameOver(gs *gameState) error {
	tid, _, err := w.tx.TournamentOfGame(gs.row.ID)
	if errors.Is(err, archive.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	t, err := w.tx.TournamentByID(tid)
	if err != nil {
		return err
	}
	if t.Status != archive.TournamentRunning {
		return nil
	}
	// A player who loses on time in the event forfeits their unplayed
	// games (issue 25), as one who leaves. Only a game of two ends by a
	// timeout: in a game of more the player is out of that game alone.
	if r := gs.result(); !gs.more() && r.Kind == engine.Win && strings.Contains(gs.row.Termination, "ran out of time") {
		lost, _ := gs.opponentOfTwo(r.Winner)
		loser := gs.row.Players[lost]
		ev, err := w.loadEvent(t)
		if err != nil {
			return err
		}
		if e := ev.entrant(loser); e != nil && e.Status == archive.EntrantIn {
			_, err := w.withdrawEntrant(ev, loser, archive.EntrantTimedOut, fmt.Sprintf("lost game #%d on time", gs.row.ID), 0)
			return err
		}
	}
	return w.eventProgress(tid, gs.row.ID)
}

// eventProgress moves tournament tid on after game (0: none) ended or a
// player withdrew: the event ends when its last game has, a Swiss pairs its
// next round when the last game of the round has ended, a knockout plays a
// drawn match's second game or its next round. Entrants who asked for news
// get the standings.
func (w *work) eventProgress(tid, game int64) error {
	t, err := w.tx.TournamentByID(tid)
	if err != nil {
		return err
	}
	if t.Status != archive.TournamentRunning {
		return nil
	}
	ev, err := w.loadEvent(t)
	if err != nil {
		return err
	}
	switch t.Format {
	case "swiss":
		if ev.playing(t.Round) > 0 {
			break
		}
		if t.Round >= t.Rounds || ev.stillIn() < 2 {
			return w.finishEvent(ev, 0, "")
		}
		if _, err := w.swissRound(ev, t.Round+1); err != nil {
			return err
		}
	case "knockout":
		done, err := w.knockoutStep(ev)
		if err != nil || done {
			return err
		}
	default:
		if ev.playing(0) == 0 {
			return w.finishEvent(ev, 0, "")
		}
	}
	if game != 0 {
		return w.eventNews(ev, game)
	}
	return nil
}

// playing counts the games of round (0: every round) still going on.
func (ev *event) playing(round int) int {
	n := 0
	for _, g := range ev.games {
		if (round == 0 || g.Round == round) && g.row.Status == archive.GameActive {
			n++
		}
	}
	return n
}

// stillIn counts the entrants who have not left.
func (ev *event) stillIn() int {
	n := 0
	for _, e := range ev.entrants {
		if e.Status == archive.EntrantIn {
			n++
		}
	}
	return n
}

// swissRound pairs and starts round r of a Swiss (pairing.Swiss: score
// groups, then seeds; no pair twice; seats alternated; one bye, a point, to
// the lowest ranked who has had none). Players who left are not paired;
// their results stand. When no pairing is left the event ends.
func (w *work) swissRound(ev *event, r int) ([]string, error) {
	t := ev.t
	idx := ev.index()
	n := len(ev.entrants)
	s := pairing.Swiss{Players: n, Scores: make([]float64, n), Out: make([]bool, n)}
	for _, st := range pairing.Standings(n, ev.results(), pairing.SwissSystem) {
		s.Scores[st.Player] = st.Score
	}
	for i, e := range ev.entrants {
		s.Out[i] = e.Status != archive.EntrantIn
	}
	for round := 1; round < r; round++ {
		var pairs []pairing.Pair
		for _, g := range ev.games {
			if g.Round == round {
				pairs = append(pairs, pairing.Pair{First: idx[g.row.Players[0]], Second: idx[g.row.Players[1]]})
			}
		}
		for _, b := range ev.byes {
			if b.Round == round {
				pairs = append(pairs, pairing.Pair{First: idx[b.PlayerID], Second: pairing.Bye})
			}
		}
		s.Rounds = append(s.Rounds, pairs)
	}
	pairs, err := s.Next()
	if errors.Is(err, pairing.ErrNoPairing) {
		return nil, w.finishEvent(ev, 0, fmt.Sprintf("It ended after round %d: no pairing was left for round %d (every pair left has met, or the seats could not be kept in balance).", r-1, r))
	}
	if err != nil {
		return nil, err
	}
	t.Round, t.Updated = r, w.now
	if err := w.tx.UpdateTournament(t); err != nil {
		return nil, err
	}
	if err := w.tx.AddAct(t.ID, archive.Act{At: w.now, Act: "round", Detail: fmt.Sprintf("round %d of %d", r, t.Rounds)}); err != nil {
		return nil, err
	}
	var ids []string
	for b, p := range pairs {
		first := ev.entrants[p.First].PlayerID
		if p.Second == pairing.Bye {
			if err := w.eventBye(ev, archive.Bye{Round: r, Board: b + 1, PlayerID: first}, "a bye scores one point"); err != nil {
				return nil, err
			}
			continue
		}
		gs, err := w.newEventGame(ev, r, b+1, []int64{first, ev.entrants[p.Second].PlayerID})
		if err != nil {
			return nil, err
		}
		ids = append(ids, fmt.Sprintf("#%d", gs.row.ID))
	}
	return []string{fmt.Sprintf("Round %d of %d has started: %s (%s).", r, t.Rounds, count(len(ids), "game", "games"), strings.Join(ids, ", "))}, nil
}

// eventBye records b and tells its player.
func (w *work) eventBye(ev *event, b archive.Bye, what string) error {
	if err := w.tx.AddBye(ev.t.ID, b); err != nil {
		return err
	}
	ev.byes = append(ev.byes, b)
	p := ev.players[b.PlayerID]
	return w.send(outgoing{to: p.Address, player: p, subject: fmt.Sprintf("[postal] %s: a bye in round %d", ev.t.Name, b.Round), auto: "auto-generated",
		view: mailView{Intro: []string{fmt.Sprintf("You have a bye in round %d of %s: %s. You will hear when the next round starts.", b.Round, ev.t.Name, what)}}})
}

// knockoutRound starts round r of a knockout: round 1 from the bracket of
// the seeds (1 v N, 2 v N-1, the top seeds' byes), a later round from the
// winners of the round before, in bracket order. The higher seed has the
// first seat in a match's first game.
func (w *work) knockoutRound(ev *event, r int, winners []int64) ([]string, error) {
	t := ev.t
	var pairs [][2]int64 // 0: a bye
	if r == 1 {
		for _, p := range pairing.Bracket(len(ev.entrants)) {
			second := int64(0)
			if p.Second != pairing.Bye {
				second = ev.entrants[p.Second].PlayerID
			}
			pairs = append(pairs, [2]int64{ev.entrants[p.First].PlayerID, second})
		}
	} else {
		for i := 0; i+1 < len(winners); i += 2 {
			a, b := winners[i], winners[i+1]
			if ev.entrant(b).Seed < ev.entrant(a).Seed {
				a, b = b, a
			}
			// A winner who left while the round finished: the opponent
			// goes through.
			switch {
			case ev.entrant(b).Status != archive.EntrantIn:
				b = 0
			case ev.entrant(a).Status != archive.EntrantIn:
				a, b = b, 0
			}
			pairs = append(pairs, [2]int64{a, b})
		}
	}
	t.Round, t.Updated = r, w.now
	if err := w.tx.UpdateTournament(t); err != nil {
		return nil, err
	}
	if err := w.tx.AddAct(t.ID, archive.Act{At: w.now, Act: "round", Detail: fmt.Sprintf("round %d", r)}); err != nil {
		return nil, err
	}
	var ids []string
	for b, p := range pairs {
		if p[1] == 0 {
			why := "as a top seed you go through to the next round"
			if r > 1 {
				why = "your opponent has left, and you go through to the next round"
			}
			if err := w.eventBye(ev, archive.Bye{Round: r, Board: b + 1, PlayerID: p[0]}, why); err != nil {
				return nil, err
			}
			continue
		}
		gs, err := w.newEventGame(ev, r, b+1, []int64{p[0], p[1]})
		if err != nil {
			return nil, err
		}
		ids = append(ids, fmt.Sprintf("#%d", gs.row.ID))
	}
	if len(ids) == 0 { // every match a bye: the round is decided already
		_, err := w.knockoutStep(ev)
		return nil, err
	}
	return []string{fmt.Sprintf("Round %d has started: %s (%s).", r, count(len(ids), "match", "matches"), strings.Join(ids, ", "))}, nil
}

// match is one pairing of a knockout round: a bye, or up to two games.
type match struct {
	board   int
	players [2]int64 // the first game's seats; players[1] 0 for a bye
	games   []eventGame
	winner  int64 // 0 while undecided
	how     string
}

// matches lists the matches of round r in bracket order, deciding those
// that can be: a won game wins; a drawn first game is replayed with the
// seats swapped; a second draw sends the higher seed through.
func (ev *event) matches(r int) []*match {
	byBoard := map[int]*match{}
	for _, b := range ev.byes {
		if b.Round == r {
			byBoard[b.Board] = &match{board: b.Board, players: [2]int64{b.PlayerID, 0}, winner: b.PlayerID, how: "a bye"}
		}
	}
	for _, g := range ev.games {
		if g.Round != r {
			continue
		}
		m := byBoard[g.Board]
		if m == nil {
			m = &match{board: g.Board, players: [2]int64{g.row.Players[0], g.row.Players[1]}}
			byBoard[g.Board] = m
		}
		m.games = append(m.games, g)
	}
	var out []*match
	for _, m := range byBoard {
		out = append(out, m)
		if len(m.games) == 0 {
			continue
		}
		last := m.games[len(m.games)-1].row
		if last.Status != archive.GameOver {
			continue
		}
		res := recordResult(last)
		switch {
		case res.Kind == engine.Win:
			m.winner, m.how = last.Players[res.Winner], fmt.Sprintf("won game #%d", last.ID)
		case len(m.games) >= 2:
			a, b := m.players[0], m.players[1]
			if ev.entrant(b).Seed < ev.entrant(a).Seed {
				a = b
			}
			m.winner, m.how = a, "two draws: the higher seed goes through"
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].board < out[j].board })
	return out
}

// knockoutStep moves a knockout on; done reports that it ended.
func (w *work) knockoutStep(ev *event) (bool, error) {
	r := ev.t.Round
	var winners []int64
	waiting := false
	for _, m := range ev.matches(r) {
		if m.winner != 0 {
			winners = append(winners, m.winner)
			continue
		}
		waiting = true
		last := m.games[len(m.games)-1].row
		if last.Status == archive.GameOver && len(m.games) == 1 {
			// A drawn first game: a second with the seats swapped.
			if _, err := w.newEventGame(ev, r, m.board, []int64{m.players[1], m.players[0]}); err != nil {
				return false, err
			}
		}
	}
	if waiting {
		return false, nil
	}
	if len(winners) == 1 {
		return true, w.finishEvent(ev, winners[0], "")
	}
	_, err := w.knockoutRound(ev, r+1, winners)
	return false, err
}

// finishEvent ends the event: the winner (the knockout's last winner, or
// the head of the standings), the record, and a mail to every entrant and
// the director with the final standings.
func (w *work) finishEvent(ev *event, winner int64, note string) error {
	t := ev.t
	switch {
	case winner < 0: // called off
		winner = 0
	case winner == 0:
		if lines := ev.standings(); len(lines) > 0 && lines[0].counted {
			winner = lines[0].id
		}
	}
	t.Status, t.Finished, t.Updated, t.WinnerID, t.Note = archive.TournamentOver, w.now, w.now, winner, note
	if err := w.tx.UpdateTournament(t); err != nil {
		return err
	}
	if err := w.tx.AddAct(t.ID, archive.Act{At: w.now, Act: "won", PlayerID: winner, Detail: note}); err != nil {
		return err
	}
	intro := []string{fmt.Sprintf("%s is over: %s wins.", t.Name, ev.name(winner))}
	subject := fmt.Sprintf("[postal] %s is over: %s wins", t.Name, ev.name(winner))
	if winner == 0 {
		intro = []string{fmt.Sprintf("%s is over, without a winner.", t.Name)}
		subject = fmt.Sprintf("[postal] %s is over", t.Name)
	}
	if note != "" {
		intro = append(intro, note)
	}
	return w.tellEvent(ev, subject, intro, true, 0)
}

// tellEvent mails every entrant and the director (each once; the actor
// too, but not skip) intro, with the standings when standings is set.
func (w *work) tellEvent(ev *event, subject string, intro []string, standings bool, skip int64) error {
	ids := []int64{}
	for _, e := range ev.entrants {
		ids = append(ids, e.PlayerID)
	}
	if !slices.Contains(ids, ev.t.DirectorID) {
		ids = append(ids, ev.t.DirectorID)
	}
	var secs []section
	if standings {
		sec := w.standingsSection(ev)
		// The intro has said what the status line says ("cup is over:
		// bob wins."): once is enough.
		sec.Lines = slices.DeleteFunc(sec.Lines, func(l string) bool { return slices.Contains(intro, l) })
		secs = []section{sec}
	}
	for _, id := range ids {
		if id == skip {
			continue
		}
		p := ev.players[id]
		if p == nil {
			var err error
			if p, err = w.tx.PlayerByID(id); err != nil {
				return err
			}
		}
		if err := w.send(outgoing{to: p.Address, player: p, subject: subject, auto: "auto-generated", view: mailView{Intro: intro, Sections: secs}}); err != nil {
			return err
		}
	}
	return nil
}

// eventNews mails the standings after game to the entrants who asked for
// them ("set tournament-news on").
func (w *work) eventNews(ev *event, game int64) error {
	for _, e := range ev.entrants {
		on, err := w.tx.TournamentNews(e.PlayerID)
		if err != nil {
			return err
		}
		if !on {
			continue
		}
		p := ev.players[e.PlayerID]
		err = w.send(outgoing{to: p.Address, player: p, subject: fmt.Sprintf("[postal] %s: standings after game #%d", ev.t.Name, game), auto: "auto-generated",
			view: mailView{Intro: []string{fmt.Sprintf("Game #%d of %s is over: %s.", game, ev.t.Name, ev.resultOf(game))}, Sections: []section{w.standingsSection(ev)}}})
		if err != nil {
			return err
		}
	}
	return nil
}

// resultOf words the result of game of ev.
func (ev *event) resultOf(game int64) string {
	for _, g := range ev.games {
		if g.row.ID == game {
			names := make([]string, len(g.row.Players))
			for i, id := range g.row.Players {
				names[i] = ev.name(id)
			}
			r := recordResult(g.row)
			return fmt.Sprintf("%s %s", strings.Join(names, " - "), r.Score())
		}
	}
	return ""
}

// withdrawEntrant takes player out of a running event (status: left, removed or
// timed-out, for reason, by the director by or the club, 0): their games
// in play are forfeited (a loss in a game of two; in a game of more they
// leave it, as resigning). In a round robin a player who played less than
// half of their games has every result annulled (ICCF practice); otherwise
// their results stand. In a Swiss they are paired no more and their
// results stand; in a knockout the forfeit sends the opponent through. The
// other entrants are told why. It returns what the reply says.
func (w *work) withdrawEntrant(ev *event, player int64, status, reason string, by int64) ([]string, error) {
	t := ev.t
	e := ev.entrant(player)
	played, total := 0, 0
	for _, g := range ev.games {
		if slices.Contains(g.row.Players, player) {
			total++
			if g.row.Status == archive.GameOver {
				played++
			}
		}
	}
	e.Status, e.Out, e.Reason = status, w.now, reason
	var lines []string
	if (ev.roundRobin() || ev.seats > 2) && 2*played < total {
		e.Annulled = true
		lines = append(lines, fmt.Sprintf("%s played %d of %d games, under half: every result of theirs in %s is annulled.", ev.name(player), played, total, t.Name))
	}
	if err := w.tx.UpdateEntrant(t.ID, *e); err != nil {
		return nil, err
	}
	if err := w.tx.AddAct(t.ID, archive.Act{At: w.now, ByID: by, Act: status, PlayerID: player, Detail: reason}); err != nil {
		return nil, err
	}
	forfeits := 0
	for _, g := range ev.games {
		if g.row.Status != archive.GameActive || !slices.Contains(g.row.Players, player) {
			continue
		}
		gs, err := w.loadGame(g.row.ID)
		if err != nil {
			return nil, err
		}
		seat := gs.side(ev.players[player])
		if !gs.stillIn(seat) {
			// Ended by an earlier forfeit's progress, or a table the
			// player left already (R13d) while the others play on.
			continue
		}
		if err := w.tx.AddEvent(w.now, "forfeit", gs.row.ID, player, reason); err != nil {
			return nil, err
		}
		forfeits++
		if err := w.forfeit(gs, seat, engine.Resign, fmt.Sprintf("%s forfeits (%s)", ev.name(player), reason)); err != nil {
			return nil, err
		}
	}
	if forfeits > 0 {
		lines = append(lines, fmt.Sprintf("%s forfeits %s in play.", ev.name(player), count(forfeits, "game", "games")))
	}
	who := ev.name(player)
	news := fmt.Sprintf("%s is out of %s: %s.", who, t.Name, reason)
	if by != 0 && by != player {
		byName := ev.name(by)
		if byName == fmt.Sprintf("player %d", by) {
			if p, err := w.tx.PlayerByID(by); err == nil {
				byName = p.Name
			}
		}
		news = fmt.Sprintf("%s, directing %s, removed %s: %s", byName, t.Name, who, reason)
	}
	if err := w.tellEvent(ev, fmt.Sprintf("[postal] %s: %s is out", t.Name, who), append([]string{news}, lines...), false, w.actorID()); err != nil {
		return nil, err
	}
	return append([]string{news}, lines...), w.eventProgress(t.ID, 0)
}

// eventOf is the label of game id's place in its tournament ("spring-cup,
// round 2"), "" for a game of none.
func (w *work) eventOf(id int64) (string, error) {
	tid, place, err := w.tx.TournamentOfGame(id)
	if errors.Is(err, archive.ErrNotFound) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	t, err := w.tx.TournamentByID(tid)
	if err != nil {
		return "", err
	}
	return eventLabel(t.Name, place.Round), nil
}
