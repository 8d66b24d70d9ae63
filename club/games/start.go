package games

import (
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"slices"

	"postal/archive"
	"postal/club/event"
	"postal/club/game"
	"postal/club/published"
	"postal/club/reply"
	"postal/club/work"
	"postal/engine"
)

// The start of a game: one start from seats, for a challenge of two, one
// of more, and a tournament's game or table.

// RandomRead fills the seed of a new game and the draw of its seats; tests
// that pin mails replace it.
var RandomRead = rand.Read

// Place is where a tournament's game stands in its event.
type Place struct {
	Tournament   *archive.Tournament
	Round, Board int
}

// Start starts the game of ch, every seat accepted, the last by by (nil
// for a tournament's game, which the club starts): the seed is drawn, then
// the seats, apart from it (who sits where is public and must tell nothing
// about the seed): players by seat when given (a tournament's), else the
// challenger at the seat they asked for or one drawn, the others drawn
// among the seats left. The game keeps the challenge's number; the chance
// draws it starts with are made and its clock starts. A tournament's game
// is placed in its event (at). Every player but the actor hears that the
// game has started (every player, in a tournament: the actor's reply says
// only that a round began).
func Start(u *work.Unit, ch *archive.Challenge, by *archive.Player, players []int64, at *Place) (*game.Game, error) {
	// Eight bytes of seed, and one more to draw the challenger's seat
	// with (a game of two takes no other).
	var b [9]byte
	if players == nil {
		RandomRead(b[:])
	} else {
		RandomRead(b[:8])
	}
	seed := binary.LittleEndian.Uint64(b[:8]) >> 1 // SQLite integers are signed
	rules, cfg, pos, err := startOf(ch, seed)
	if err != nil {
		return nil, err
	}
	seats := rules.Info().Seats(cfg)
	if players == nil {
		players = drawSeats(ch, seats, b[8])
	}
	byID := u.ActorID()
	switch {
	case by != nil:
		byID = by.ID
	case byID == 0 && at != nil:
		byID = at.Tournament.DirectorID
	}
	gs, err := openGame(u, ch, byID, seed, rules, cfg, pos, players)
	if err != nil {
		return nil, err
	}
	if at != nil {
		if err := u.Tx.AddTournamentGame(at.Tournament.ID, archive.TournamentGame{GameID: gs.Row.ID, Round: at.Round, Board: at.Board}); err != nil {
			return nil, err
		}
		gs.Event = event.PlaceLabel(at.Tournament.Name, at.Tournament.Format, at.Round, at.Board)
	}
	next, err := u.Club.Events.StartNext(u, gs) // what it counts for
	if err != nil {
		return nil, err
	}
	for i, p := range gs.Players {
		if at == nil && p.ID == u.ActorID() {
			continue
		}
		line := startedLine(gs, engine.Player(i), by)
		if engine.Acts(gs.Pos, engine.Player(i)) {
			line += fmt.Sprintf(" Your move (move %d).", gs.MoveNumber())
		}
		if err := Notice(u, gs, p, append([]string{line, next}, DiceCommitted(gs.Row)...)); err != nil {
			return nil, err
		}
	}
	return gs, nil
}

// drawSeats seats the players of ch, all accepted: the challenger at the
// seat they asked for or one drawn (from the byte drawn already, when it
// serves), the others, in the challenge's order, each at one drawn among
// the seats left.
func drawSeats(ch *archive.Challenge, seats []string, drawn byte) []int64 {
	players := make([]int64, len(seats))
	free := make([]int, len(seats))
	for i := range free {
		free[i] = i
	}
	take := func(k int) int {
		i := free[k]
		free = slices.Delete(free, k, k+1)
		return i
	}
	k := SeatIndex(ch.Side, seats)
	if k < 0 {
		var ok bool
		if k, ok = below(len(free), drawn); !ok {
			k = randIntN(len(free))
		}
	}
	players[take(k)] = ch.ChallengerID
	for _, st := range ch.Seats {
		players[take(randIntN(len(free)))] = st.PlayerID
	}
	return players
}

// randIntN draws a number below n (at most 256) from randomRead, a byte at
// a time; none for n 1, the one seat left.
func randIntN(n int) int {
	if n <= 1 {
		return 0
	}
	var b [1]byte
	for {
		RandomRead(b[:])
		if k, ok := below(n, b[0]); ok {
			return k
		}
	}
}

// below is random byte b as a number below n, when it makes one no more
// likely than another (b less than the largest multiple of n up to 256).
func below(n int, b byte) (int, bool) {
	return int(b) % n, int(b) < 256-256%n
}

// startedLine is what the player of seat p of gs, which has just started,
// reads first: how it started and the seat they play.
func startedLine(gs *game.Game, p engine.Player, by *archive.Player) string {
	side := gs.Sides()[p]
	switch {
	case gs.Event != "":
		return fmt.Sprintf("Game #%d of %s, has started: %s. You play %s.", gs.Row.ID, gs.Event, gs.Lineup(), side)
	case gs.More():
		return fmt.Sprintf("Game #%d has started: %s. You play %s.", gs.Row.ID, gs.Lineup(), side)
	}
	return fmt.Sprintf("%s accepted your challenge: game #%d has started. You play %s.", by.Name, gs.Row.ID, side)
}

// StartedSection is the section that tells p, the last to accept, that
// game gs has started.
func StartedSection(u *work.Unit, gs *game.Game, p *archive.Player) (reply.Section, error) {
	b, err := boardOf(u, gs, nil, nil)
	if err != nil {
		return reply.Section{}, err
	}
	var lines []string
	if gs.More() {
		lines = append(lines, gs.Lineup()+".")
	}
	lines = append(lines, fmt.Sprintf("You play %s.", gs.Sides()[gs.Side(p)]))
	next, err := u.Club.Events.StartNext(u, gs)
	if err != nil {
		return reply.Section{}, err
	}
	lines = append(lines, next)
	return reply.Section{Title: fmt.Sprintf("game #%d has started: %s", gs.Row.ID, gs.Title()),
		Lines: append(lines, DiceCommitted(gs.Row)...), Board: b, Game: gs.Row.ID}, nil
}

// startOf makes the start position of the game challenge ch proposes,
// with seed.
func startOf(ch *archive.Challenge, seed uint64) (engine.Game, engine.Config, engine.Position, error) {
	cfg, err := published.ParseConfig(ch.Config, seed)
	if err != nil {
		return nil, cfg, nil, work.Permanent(err)
	}
	rules, cfg, pos, err := engine.New(ch.Game, cfg)
	if err != nil {
		return nil, cfg, nil, reply.Refuse(fmt.Sprintf("challenge #%d cannot start: %v", ch.ID, err))
	}
	return rules, cfg, pos, nil
}

// openGame stores the game of challenge ch, accepted by every player:
// players by seat, from pos, the start of game as configured by cfg with
// seed. The game keeps the challenge's number; the chance draws it starts
// with are made and its clock starts; the start is logged as by's, the
// last to accept. It returns the game as stored.
func openGame(u *work.Unit, ch *archive.Challenge, by int64, seed uint64, rules engine.Game, cfg engine.Config, pos engine.Position, players []int64) (*game.Game, error) {
	row := &archive.Game{ID: ch.ID, Game: rules.Info().Name, Config: cfg.String(), Seed: seed, Players: players,
		Status: archive.GameActive, Result: "*", DaysPerMove: ch.Days, Control: ch.Control, Created: u.Now}
	row.Position, row.Ply = pos.String(), pos.Ply()
	if err := u.Tx.AddGame(row); err != nil {
		return nil, err
	}
	gs := &game.Game{Row: row, Pos: pos}
	plies, err := gs.Begin(u.Now)
	if err != nil {
		return nil, work.Permanent(err)
	}
	for _, m := range plies {
		if err := u.AddMove(row.ID, m); err != nil {
			return nil, err
		}
	}
	if err := startClock(u, gs); err != nil {
		return nil, err
	}
	if err := u.Tx.UpdateGame(row); err != nil {
		return nil, err
	}
	if err := u.Tx.SetChallengeStatus(ch.ID, archive.ChallengeAccepted, u.Now); err != nil {
		return nil, err
	}
	if err := u.Tx.AddEvent(u.Now, "start", ch.ID, by, row.Config); err != nil {
		return nil, err
	}
	return Load(u, ch.ID)
}

// SeatIndex is the seat side (a challenge's Side) names among seats
// (engine.SeatNamed); -1 for one drawn at random.
func SeatIndex(side string, seats []string) int {
	if p, ok := engine.SeatNamed(seats, side); ok {
		return int(p)
	}
	return -1
}
