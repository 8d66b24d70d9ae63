package archive

import (
	"database/sql"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Challenge statuses.
const (
	ChallengeOpen      = "open"
	ChallengeAccepted  = "accepted"
	ChallengeDeclined  = "declined"
	ChallengeCancelled = "cancelled"
)

// Challenge is a proposed game. Its ID becomes the game's ID on acceptance.
type Challenge struct {
	ID           int64
	ChallengerID int64
	Game         string
	Config       string // ruleset and options, engine.Config.String()
	// Side is the challenger's seat: first, second, a seat's name in
	// lower case, or random.
	Side    string
	Days    int
	Control string // clock.Control text; "" means "days Days"
	Status  string
	Created time.Time
	Updated time.Time
	// Seats are the places asked for besides the challenger's, in the
	// order the challenge names them: one in a challenge of two, two or
	// three in one of Superial Chess for three or four (one path
	// for any number of seats).
	Seats []ChallengeSeat
}

// ChallengeSeat is a place asked for in a challenge: an invited player, an
// invited address not yet registered, or an open seat anyone may take.
// Accepted may be set when the challenge is made (the club's bot takes its
// seat at once).
type ChallengeSeat struct {
	N        int    // 1, 2, 3: in the order the challenge names them
	PlayerID int64  // 0: an invited address or an open seat
	Address  string // an invited address not yet registered
	Accepted time.Time
}

// Open reports whether anyone may take the seat.
func (s ChallengeSeat) Open() bool { return s.PlayerID == 0 && s.Address == "" }

const challengeCols = `id, challenger_id, game, config, side, days, control, status, created, updated`

type scanner interface{ Scan(...any) error }

func scanChallenge(row scanner) (*Challenge, error) {
	var c Challenge
	var created, updated string
	if err := row.Scan(&c.ID, &c.ChallengerID, &c.Game, &c.Config, &c.Side, &c.Days, &c.Control, &c.Status, &created, &updated); err != nil {
		return nil, notFound(err)
	}
	c.Created, c.Updated = parseTime(created), parseTime(updated)
	return &c, nil
}

func nullID(id int64) any {
	if id == 0 {
		return nil
	}
	return id
}

// AddChallenge stores c (status open) and sets c.ID.
func (t *Tx) AddChallenge(c *Challenge) error {
	c.Status = ChallengeOpen
	res, err := t.exec(`INSERT INTO challenges (challenger_id, game, config, side, days, control, status, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		c.ChallengerID, c.Game, c.Config, c.Side, c.Days, c.Control, c.Status, fmtTime(c.Created), fmtTime(c.Created))
	if err != nil {
		return fmt.Errorf("archive: add challenge: %w", err)
	}
	c.ID, _ = res.LastInsertId()
	for i := range c.Seats {
		st := &c.Seats[i]
		st.N = i + 1
		if _, err := t.exec(`INSERT INTO challenge_seats (challenge_id, n, player_id, address, accepted) VALUES (?, ?, ?, ?, ?)`, c.ID, st.N, nullID(st.PlayerID), st.Address, fmtTime(st.Accepted)); err != nil {
			return fmt.Errorf("archive: add challenge: seat %d: %w", st.N, err)
		}
	}
	return nil
}

// seats reads the seats of challenge c (see Challenge.Seats).
func (t *Tx) seats(c *Challenge) error {
	rows, err := t.query(`SELECT n, COALESCE(player_id, 0), address, accepted FROM challenge_seats WHERE challenge_id = ? ORDER BY n`, c.ID)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var st ChallengeSeat
		var accepted string
		if err := rows.Scan(&st.N, &st.PlayerID, &st.Address, &accepted); err != nil {
			return err
		}
		st.Accepted = parseTime(accepted)
		c.Seats = append(c.Seats, st)
	}
	return rows.Err()
}

// TakeSeat records that player accepted seat n of challenge id: an invited
// player their own, or anyone an open one.
func (t *Tx) TakeSeat(id int64, n int, playerID int64, now time.Time) error {
	_, err := t.exec(`UPDATE challenge_seats SET player_id = ?, address = '', accepted = ? WHERE challenge_id = ? AND n = ?`, playerID, fmtTime(now), id, n)
	if err != nil {
		return fmt.Errorf("archive: challenge %d: take seat %d: %w", id, n, err)
	}
	_, err = t.exec(`UPDATE challenges SET updated = ? WHERE id = ?`, fmtTime(now), id)
	return err
}

// Challenge returns challenge id, or ErrNotFound.
func (t *Tx) Challenge(id int64) (*Challenge, error) {
	c, err := scanChallenge(t.queryRow(`SELECT `+challengeCols+` FROM challenges WHERE id = ?`, id))
	if err != nil {
		return nil, err
	}
	return c, t.seats(c)
}

// SetChallengeStatus records what became of a challenge.
func (t *Tx) SetChallengeStatus(id int64, status string, now time.Time) error {
	_, err := t.exec(`UPDATE challenges SET status = ?, updated = ? WHERE id = ?`, status, fmtTime(now), id)
	return err
}

// BindInvitations makes the open challenges sent to address (before it was
// registered) challenges of player, and returns them.
func (t *Tx) BindInvitations(address string, playerID int64) ([]*Challenge, error) {
	if _, err := t.exec(`UPDATE challenge_seats SET player_id = ?, address = '' WHERE address = ? AND challenge_id IN (SELECT id FROM challenges WHERE status = 'open')`, playerID, address); err != nil {
		return nil, err
	}
	return t.challenges(`WHERE id IN (SELECT challenge_id FROM challenge_seats WHERE player_id = ? AND accepted = '') AND status = 'open' ORDER BY id`, playerID)
}

// OpenChallenges returns the open challenges player made or received (a
// seat of theirs among those of the challenge), and every open challenge
// with a seat open to anyone.
func (t *Tx) OpenChallenges(playerID int64) ([]*Challenge, error) {
	return t.challenges(`WHERE status = 'open' AND (challenger_id = ?
		OR id IN (SELECT challenge_id FROM challenge_seats WHERE player_id = ?)
		OR id IN (SELECT challenge_id FROM challenge_seats WHERE player_id IS NULL AND address = '')) ORDER BY id`, playerID, playerID)
}

func (t *Tx) challenges(where string, args ...any) ([]*Challenge, error) {
	rows, err := t.query(`SELECT `+challengeCols+` FROM challenges `+where, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*Challenge
	for rows.Next() {
		c, err := scanChallenge(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	rows.Close()
	for _, c := range out {
		if err := t.seats(c); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Game statuses.
const (
	GameActive = "active"
	GameOver   = "over"
)

// Game is a game in progress or finished.
type Game struct {
	ID     int64
	Game   string // engine name
	Config string // ruleset and options
	Seed   uint64
	// Players are the players by seat: first, second, and more in a game
	// of more than two (the engine's seats, engine.Info.Seats).
	Players  []int64
	Position string // engine Position.String()
	// Previous is the position before the last ply (a move, a chance
	// draw, a seat's leaving), "" before the first and in games stored
	// before it was kept (until filled: NoPrevious when it cannot be): a
	// game page draws the step back from it.
	Previous    string
	Ply         int
	Status      string
	Result      string // score: 1-0, 0-1, 1/2-1/2, *
	Termination string
	DaysPerMove int
	// Control is the time control (clock.Control text); "" means "days
	// DaysPerMove".
	Control string
	// Deadline is when the side to move runs out of time; zero when the
	// game has no limit or is over. While Paused is set (the player to move
	// is on vacation) the clock is stopped: the deadline moves on by the
	// pause when it ends.
	Deadline    time.Time
	TurnStarted time.Time
	Paused      time.Time
	// Banks is the time each player has left under a time bank, by seat;
	// empty for a game without one.
	Banks []time.Duration
	// DrawAgreed are the seats that agreed to a draw, which needs every
	// player still in (Superial Chess R13e): in a game of two, the one
	// who offered it.
	DrawAgreed []int
	// Flagged is when the opponent of a player out of time was told they
	// may claim the game (the club's claim mode).
	Flagged  time.Time
	Created  time.Time
	Updated  time.Time
	Finished time.Time
}

// gameCols are the columns scanGame reads; the last, the players of the
// seats from the third on (game_seats), by seat.
const gameCols = `id, game, config, seed, first_id, second_id, position, previous, ply, status, result, termination, days_per_move, deadline, created, updated, finished, control, turn_started, banks, paused, flagged, draw_agreed,
	COALESCE((SELECT group_concat(player_id, ' ' ORDER BY seat) FROM game_seats WHERE game_id = games.id), '')`

func scanGame(row scanner) (*Game, error) {
	var g Game
	var seed int64
	var deadline, created, updated, finished, turnStarted, banks, paused, flagged, agreed, more string
	g.Players = make([]int64, 2, 4)
	if err := row.Scan(&g.ID, &g.Game, &g.Config, &seed, &g.Players[0], &g.Players[1], &g.Position, &g.Previous, &g.Ply, &g.Status, &g.Result, &g.Termination, &g.DaysPerMove, &deadline, &created, &updated, &finished, &g.Control, &turnStarted, &banks, &paused, &flagged, &agreed, &more); err != nil {
		return nil, notFound(err)
	}
	for f := range strings.FieldsSeq(agreed) {
		seat, err := strconv.Atoi(f)
		if err != nil {
			return nil, fmt.Errorf("archive: game %d: draw agreed by %q", g.ID, f)
		}
		g.DrawAgreed = append(g.DrawAgreed, seat)
	}
	for f := range strings.FieldsSeq(more) {
		id, err := strconv.ParseInt(f, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("archive: game %d: seat player %q", g.ID, f)
		}
		g.Players = append(g.Players, id)
	}
	g.TurnStarted, g.Paused, g.Flagged = parseTime(turnStarted), parseTime(paused), parseTime(flagged)
	g.Banks = parseBanks(banks)
	g.Seed = uint64(seed)
	g.Deadline = parseTime(deadline)
	g.Created, g.Updated, g.Finished = parseTime(created), parseTime(updated), parseTime(finished)
	return &g, nil
}

// AddGame stores a new game under g.ID (the challenge's number), with two
// players or more.
func (t *Tx) AddGame(g *Game) error {
	if len(g.Players) < 2 {
		return fmt.Errorf("archive: add game %d: %d players", g.ID, len(g.Players))
	}
	_, err := t.exec(`INSERT INTO games (id, game, config, seed, first_id, second_id, position, ply, status, result, termination, days_per_move, deadline, created, updated, control, turn_started, banks, paused) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		g.ID, g.Game, g.Config, int64(g.Seed), g.Players[0], g.Players[1], g.Position, g.Ply, g.Status, g.Result, g.Termination, g.DaysPerMove, fmtTime(g.Deadline), fmtTime(g.Created), fmtTime(g.Created), g.Control, fmtTime(g.TurnStarted), fmtBanks(g.Banks), fmtTime(g.Paused))
	if err != nil {
		return fmt.Errorf("archive: add game %d: %w", g.ID, err)
	}
	for seat, id := range g.Players[2:] {
		if _, err := t.exec(`INSERT INTO game_seats (game_id, seat, player_id) VALUES (?, ?, ?)`, g.ID, seat+2, id); err != nil {
			return fmt.Errorf("archive: add game %d: seat %d: %w", g.ID, seat+2, err)
		}
	}
	return nil
}

// GameByID returns game id, or ErrNotFound.
func (t *Tx) GameByID(id int64) (*Game, error) {
	t.db.gamesRead.Add(1)
	return scanGame(t.queryRow(`SELECT `+gameCols+` FROM games WHERE id = ?`, id))
}

// UpdateGame writes the changing fields of g: position, previous, ply, status, result,
// termination, the draw agreed, the clock fields, updated and
// finished.
func (t *Tx) UpdateGame(g *Game) error {
	agreed := make([]string, len(g.DrawAgreed))
	for i, seat := range g.DrawAgreed {
		agreed[i] = strconv.Itoa(seat)
	}
	_, err := t.exec(`UPDATE games SET position = ?, previous = ?, ply = ?, status = ?, result = ?, termination = ?, deadline = ?, updated = ?, finished = ?, turn_started = ?, banks = ?, paused = ?, flagged = ?, draw_agreed = ? WHERE id = ?`,
		g.Position, g.Previous, g.Ply, g.Status, g.Result, g.Termination, fmtTime(g.Deadline), fmtTime(g.Updated), fmtTime(g.Finished), fmtTime(g.TurnStarted), fmtBanks(g.Banks), fmtTime(g.Paused), fmtTime(g.Flagged), strings.Join(agreed, " "), g.ID)
	if err != nil {
		return fmt.Errorf("archive: update game %d: %w", g.ID, err)
	}
	return nil
}

// GamesOf returns the active games of player, by number.
func (t *Tx) GamesOf(playerID int64) ([]*Game, error) {
	return t.games(gamesOfPlayer, playerID, playerID, playerID)
}

// gamesOfPlayer finds a player's games in progress by seat, each seat by
// its index (migration 086): one condition with OR read every game in
// progress, a thousand rows at every message in a club of 1,000 games
// going. The "+" keeps SQLite from walking the games in progress by
// status to test each against the list.
const gamesOfPlayer = `WHERE +status = 'active' AND id IN (
	SELECT id FROM games WHERE first_id = ? AND status = 'active'
	UNION ALL SELECT id FROM games WHERE second_id = ? AND status = 'active'
	UNION ALL SELECT game_id FROM game_seats WHERE player_id = ?) ORDER BY id`

func (t *Tx) games(where string, args ...any) ([]*Game, error) {
	rows, err := t.query(`SELECT `+gameCols+` FROM games `+where, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*Game
	for rows.Next() {
		t.db.gamesRead.Add(1)
		g, err := scanGame(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, rows.Err()
}

// Move is one applied move of a game, the log of record.
type Move struct {
	Ply       int // the ply the move made, from 1
	Player    int // the seat, as the engine numbers it: 0 first, 1 second; Chance
	Text      string
	MessageID string // the inbound message that carried it
	At        time.Time
}

// Chance is Move.Player for the game's own draws: engine.Chance, stored as
// it is (see migration 010).
const Chance = -1

// AddMove appends a move to game's log.
func (t *Tx) AddMove(gameID int64, m Move) error {
	_, err := t.exec(`INSERT INTO moves (game_id, ply, player, move, message_id, at) VALUES (?, ?, ?, ?, ?, ?)`, gameID, m.Ply, m.Player, m.Text, m.MessageID, fmtTime(m.At))
	if err != nil {
		return fmt.Errorf("archive: add move %d of game %d: %w", m.Ply, gameID, err)
	}
	return nil
}

// Moves returns the moves of game in order.
func (t *Tx) Moves(gameID int64) ([]Move, error) {
	rows, err := t.query(`SELECT ply, player, move, message_id, at FROM moves WHERE game_id = ? ORDER BY ply`, gameID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Move
	for rows.Next() {
		var m Move
		var at string
		if err := rows.Scan(&m.Ply, &m.Player, &m.Text, &m.MessageID, &at); err != nil {
			return nil, err
		}
		m.At = parseTime(at)
		out = append(out, m)
	}
	return out, rows.Err()
}

// AddObserver makes player an observer of game; it reports false when it
// already was.
func (t *Tx) AddObserver(gameID, playerID int64) (bool, error) {
	res, err := t.exec(`INSERT OR IGNORE INTO observers (game_id, player_id) VALUES (?, ?)`, gameID, playerID)
	if err != nil {
		return false, err
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// RemoveObserver stops player observing game; it reports false when it was
// not observing.
func (t *Tx) RemoveObserver(gameID, playerID int64) (bool, error) {
	res, err := t.exec(`DELETE FROM observers WHERE game_id = ? AND player_id = ?`, gameID, playerID)
	if err != nil {
		return false, err
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// Observers returns the players observing game.
func (t *Tx) Observers(gameID int64) ([]int64, error) {
	return t.ids(`SELECT player_id FROM observers WHERE game_id = ? ORDER BY player_id`, gameID)
}

// ids runs a query of one integer column and returns its values.
func (t *Tx) ids(query string, args ...any) ([]int64, error) {
	rows, err := t.query(query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, rows.Err()
}

// Thread returns the conversation about game with address: the Message-ID
// of its first mail and those of its latest mails, oldest first; ok is
// false while there is none.
func (t *Tx) Thread(gameID int64, address string) (root string, recent []string, ok bool, err error) {
	var r string
	err = t.queryRow(`SELECT root_id, recent FROM threads WHERE game_id = ? AND address = ?`, gameID, address).Scan(&root, &r)
	if err == sql.ErrNoRows {
		return "", nil, false, nil
	}
	if err != nil {
		return "", nil, false, err
	}
	return root, strings.Fields(r), true, nil
}

// AddToThread records msgID as the latest mail of the conversation about
// game with address (its first, when there is none yet), keeping the latest
// keep Message-IDs.
func (t *Tx) AddToThread(gameID int64, address, msgID string, keep int) error {
	_, recent, _, err := t.Thread(gameID, address)
	if err != nil {
		return err
	}
	recent = append(recent, msgID)
	if len(recent) > keep {
		recent = recent[len(recent)-keep:]
	}
	_, err = t.exec(`INSERT INTO threads (game_id, address, root_id, recent) VALUES (?, ?, ?, ?)
		ON CONFLICT (game_id, address) DO UPDATE SET recent = excluded.recent`, gameID, address, msgID, strings.Join(recent, " "))
	return err
}

// GamesWithoutPrevious returns up to n games after id that have a ply and
// no position before it (stored before the archive kept it), by number.
func (t *Tx) GamesWithoutPrevious(after int64, n int) ([]*Game, error) {
	return t.games(`WHERE id > ? AND previous = '' AND ply > 0 ORDER BY id LIMIT ?`, after, n)
}

// NoPrevious is the previous position of a game stored before the archive
// kept it, whose record does not replay to its stored position: none can
// be had.
const NoPrevious = "-"

// SetPrevious stores previous as game id's position before its last ply
// (or NoPrevious), when the game is still at ply and has none.
func (t *Tx) SetPrevious(id int64, ply int, previous string) error {
	if _, err := t.exec(`UPDATE games SET previous = ? WHERE id = ? AND ply = ? AND previous = ''`, previous, id, ply); err != nil {
		return fmt.Errorf("archive: game %d: previous position: %w", id, err)
	}
	return nil
}
