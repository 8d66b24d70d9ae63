package archive

import (
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Tournament statuses.
const (
	TournamentOpen    = "open"    // taking entries
	TournamentRunning = "running" // games under way
	TournamentOver    = "over"
)

// Entrant statuses: in the event, or out of it and how.
const (
	EntrantIn       = "in"
	EntrantLeft     = "left"
	EntrantRemoved  = "removed"
	EntrantTimedOut = "timed-out"
)

// Tournament is an event of many games: a round robin, a Swiss
// or a knockout of one game and configuration.
type Tournament struct {
	ID         int64
	Name       string
	DirectorID int64 // the organiser
	// Codirectors are the players the organiser named to direct it too, in
	// the order named.
	Codirectors []int64
	Game        string
	Config      string // ruleset and options
	Format      string // its format's name (club/event): round-robin, swiss, league, ...
	// Settings are its format's own numbers, by word: a Swiss's "rounds",
	// a league's "size", "promote", ... (migration 080: the column
	// settings, "rounds=5").
	Settings   map[string]int
	MaxPlayers int // 0: no limit; the event starts when it is full
	Days       int
	Control    string
	Starts     time.Time // zero: the director starts it
	Status     string
	Round      int // the round in play (Swiss, knockout)
	WinnerID   int64
	Note       string // how it ended, when not simply by its last game
	Created    time.Time
	Started    time.Time
	Finished   time.Time
	Updated    time.Time
}

const tournamentCols = `id, name, director_id, game, config, format, settings, max_players, days, control, starts, status, round, COALESCE(winner_id, 0), note, created, started, finished, updated,
	(SELECT COALESCE(group_concat(player_id, ' '), '') FROM (SELECT player_id FROM tournament_directors d WHERE d.tournament_id = tournaments.id ORDER BY added, player_id))`

func scanTournament(row scanner) (*Tournament, error) {
	var tr Tournament
	var settings, starts, created, started, finished, updated, codirectors string
	if err := row.Scan(&tr.ID, &tr.Name, &tr.DirectorID, &tr.Game, &tr.Config, &tr.Format, &settings, &tr.MaxPlayers, &tr.Days, &tr.Control, &starts, &tr.Status, &tr.Round, &tr.WinnerID, &tr.Note, &created, &started, &finished, &updated, &codirectors); err != nil {
		return nil, notFound(err)
	}
	for _, f := range strings.Fields(codirectors) {
		id, _ := strconv.ParseInt(f, 10, 64)
		tr.Codirectors = append(tr.Codirectors, id)
	}
	tr.Settings = parseSettings(settings)
	tr.Starts, tr.Created, tr.Started, tr.Finished, tr.Updated = parseTime(starts), parseTime(created), parseTime(started), parseTime(finished), parseTime(updated)
	return &tr, nil
}

// settingsText writes a format's settings as the column keeps them:
// word=N pairs by word, "promote=1 size=6".
func settingsText(s map[string]int) string {
	words := make([]string, 0, len(s))
	for w := range s {
		words = append(words, w)
	}
	slices.Sort(words)
	for i, w := range words {
		words[i] = w + "=" + strconv.Itoa(s[w])
	}
	return strings.Join(words, " ")
}

// parseSettings reads what settingsText writes; a pair that does not read
// is left out.
func parseSettings(text string) map[string]int {
	s := map[string]int{}
	for _, f := range strings.Fields(text) {
		w, v, ok := strings.Cut(f, "=")
		if n, err := strconv.Atoi(v); ok && err == nil {
			s[w] = n
		}
	}
	return s
}

// AddTournament stores tr (status open) and sets tr.ID.
func (t *Tx) AddTournament(tr *Tournament) error {
	tr.Status = TournamentOpen
	tr.Updated = tr.Created
	res, err := t.exec(`INSERT INTO tournaments (name, director_id, game, config, format, settings, max_players, days, control, starts, status, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		tr.Name, tr.DirectorID, tr.Game, tr.Config, tr.Format, settingsText(tr.Settings), tr.MaxPlayers, tr.Days, tr.Control, fmtTime(tr.Starts), tr.Status, fmtTime(tr.Created), fmtTime(tr.Created))
	if err != nil {
		return fmt.Errorf("archive: add tournament %s: %w", tr.Name, err)
	}
	tr.ID, _ = res.LastInsertId()
	return nil
}

// TournamentByName returns the tournament called name, or ErrNotFound.
func (t *Tx) TournamentByName(name string) (*Tournament, error) {
	return scanTournament(t.queryRow(`SELECT `+tournamentCols+` FROM tournaments WHERE name = ?`, name))
}

// TournamentByID returns tournament id, or ErrNotFound.
func (t *Tx) TournamentByID(id int64) (*Tournament, error) {
	return scanTournament(t.queryRow(`SELECT `+tournamentCols+` FROM tournaments WHERE id = ?`, id))
}

// UpdateTournament writes what changes as an event goes on: status, round,
// winner, note, the dates and updated.
func (t *Tx) UpdateTournament(tr *Tournament) error {
	_, err := t.exec(`UPDATE tournaments SET status = ?, round = ?, winner_id = ?, note = ?, started = ?, finished = ?, updated = ? WHERE id = ?`,
		tr.Status, tr.Round, nullID(tr.WinnerID), tr.Note, fmtTime(tr.Started), fmtTime(tr.Finished), fmtTime(tr.Updated), tr.ID)
	if err != nil {
		return fmt.Errorf("archive: update tournament %s: %w", tr.Name, err)
	}
	return nil
}

// SetTournamentSettings writes the settings of tr, not yet started, as its
// director changed them: game, configuration, format and its settings,
// field, time control and start day.
func (t *Tx) SetTournamentSettings(tr *Tournament) error {
	_, err := t.exec(`UPDATE tournaments SET game = ?, config = ?, format = ?, settings = ?, max_players = ?, days = ?, control = ?, starts = ?, updated = ? WHERE id = ? AND status = ?`,
		tr.Game, tr.Config, tr.Format, settingsText(tr.Settings), tr.MaxPlayers, tr.Days, tr.Control, fmtTime(tr.Starts), fmtTime(tr.Updated), tr.ID, TournamentOpen)
	if err != nil {
		return fmt.Errorf("archive: tournament %s: settings: %w", tr.Name, err)
	}
	return nil
}

// Tournaments returns the tournaments of the given statuses (every one when
// none is given), by number.
func (t *Tx) Tournaments(statuses ...string) ([]*Tournament, error) {
	where := ""
	args := make([]any, len(statuses))
	for i, s := range statuses {
		args[i] = s
	}
	if len(statuses) > 0 {
		where = ` WHERE status IN (` + placeholders(len(statuses)) + `)`
	}
	rows, err := t.query(`SELECT `+tournamentCols+` FROM tournaments`+where+` ORDER BY id`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*Tournament
	for rows.Next() {
		tr, err := scanTournament(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, tr)
	}
	return out, rows.Err()
}

// TournamentsOf returns the tournaments player entered that are not over.
func (t *Tx) TournamentsOf(playerID int64) ([]*Tournament, error) {
	all, err := t.Tournaments(TournamentOpen, TournamentRunning)
	if err != nil {
		return nil, err
	}
	var out []*Tournament
	for _, tr := range all {
		var n int
		if err := t.queryRow(`SELECT COUNT(*) FROM entrants WHERE tournament_id = ? AND player_id = ?`, tr.ID, playerID).Scan(&n); err != nil {
			return nil, err
		}
		if n > 0 {
			out = append(out, tr)
		}
	}
	return out, nil
}

// SetCodirector names player a co-director of tournament id, or, with on
// false, withdraws them; it reports whether anything changed.
func (t *Tx) SetCodirector(id, playerID int64, on bool, now time.Time) (bool, error) {
	var res sql.Result
	var err error
	if on {
		res, err = t.exec(`INSERT OR IGNORE INTO tournament_directors (tournament_id, player_id, added) VALUES (?, ?, ?)`, id, playerID, fmtTime(now))
	} else {
		res, err = t.exec(`DELETE FROM tournament_directors WHERE tournament_id = ? AND player_id = ?`, id, playerID)
	}
	if err != nil {
		return false, fmt.Errorf("archive: co-director: %w", err)
	}
	n, _ := res.RowsAffected()
	if n > 0 {
		return true, t.touchTournament(id, now)
	}
	return false, nil
}

// Entrant is a player entered in a tournament.
type Entrant struct {
	PlayerID int64
	Joined   time.Time
	Seed     int     // 1 the strongest, by rating at the start; 0 before
	Rating   float64 // the rating at the start
	Status   string
	Out      time.Time // when they left or were removed
	Reason   string
	Annulled bool // their results do not count
}

// AddEntrant enters player in tournament id.
func (t *Tx) AddEntrant(id, playerID int64, now time.Time) error {
	if _, err := t.exec(`INSERT INTO entrants (tournament_id, player_id, joined) VALUES (?, ?, ?)`, id, playerID, fmtTime(now)); err != nil {
		return fmt.Errorf("archive: tournament %d: enter player %d: %w", id, playerID, err)
	}
	return t.touchTournament(id, now)
}

// RemoveEntrant takes player out of tournament id before it starts.
func (t *Tx) RemoveEntrant(id, playerID int64, now time.Time) error {
	if _, err := t.exec(`DELETE FROM entrants WHERE tournament_id = ? AND player_id = ?`, id, playerID); err != nil {
		return err
	}
	return t.touchTournament(id, now)
}

func (t *Tx) touchTournament(id int64, now time.Time) error {
	_, err := t.exec(`UPDATE tournaments SET updated = ? WHERE id = ?`, fmtTime(now), id)
	return err
}

// Entrants returns the entrants of tournament id by seed, then by the order
// they joined.
func (t *Tx) Entrants(id int64) ([]Entrant, error) {
	rows, err := t.query(`SELECT player_id, joined, seed, rating, status, out_at, reason, annulled FROM entrants WHERE tournament_id = ? ORDER BY seed, joined, player_id`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Entrant
	for rows.Next() {
		var e Entrant
		var joined, outAt string
		if err := rows.Scan(&e.PlayerID, &joined, &e.Seed, &e.Rating, &e.Status, &outAt, &e.Reason, &e.Annulled); err != nil {
			return nil, err
		}
		e.Joined, e.Out = parseTime(joined), parseTime(outAt)
		out = append(out, e)
	}
	return out, rows.Err()
}

// UpdateEntrant writes e's seed, rating, status, reason and annulment.
func (t *Tx) UpdateEntrant(id int64, e Entrant) error {
	_, err := t.exec(`UPDATE entrants SET seed = ?, rating = ?, status = ?, out_at = ?, reason = ?, annulled = ? WHERE tournament_id = ? AND player_id = ?`,
		e.Seed, e.Rating, e.Status, fmtTime(e.Out), e.Reason, e.Annulled, id, e.PlayerID)
	if err != nil {
		return fmt.Errorf("archive: tournament %d: entrant %d: %w", id, e.PlayerID, err)
	}
	return nil
}

// TournamentGame places a game in its tournament.
type TournamentGame struct {
	GameID int64
	Round  int
	Board  int
}

// AddTournamentGame records that game g belongs to tournament id.
func (t *Tx) AddTournamentGame(id int64, g TournamentGame) error {
	if _, err := t.exec(`INSERT INTO tournament_games (game_id, tournament_id, round, board) VALUES (?, ?, ?, ?)`, g.GameID, id, g.Round, g.Board); err != nil {
		return fmt.Errorf("archive: tournament %d: game %d: %w", id, g.GameID, err)
	}
	return nil
}

// TournamentGames returns the games of tournament id by round, board and
// number.
func (t *Tx) TournamentGames(id int64) ([]TournamentGame, error) {
	rows, err := t.query(`SELECT game_id, round, board FROM tournament_games WHERE tournament_id = ? ORDER BY round, board, game_id`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []TournamentGame
	for rows.Next() {
		var g TournamentGame
		if err := rows.Scan(&g.GameID, &g.Round, &g.Board); err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, rows.Err()
}

// TournamentOfGame returns the tournament game gameID belongs to and its
// place there, or ErrNotFound for a game of no tournament.
func (t *Tx) TournamentOfGame(gameID int64) (int64, TournamentGame, error) {
	var id int64
	g := TournamentGame{GameID: gameID}
	err := t.queryRow(`SELECT tournament_id, round, board FROM tournament_games WHERE game_id = ?`, gameID).Scan(&id, &g.Round, &g.Board)
	return id, g, notFound(err)
}

// TournamentGamesIn returns, of the games ids, those of a tournament: the
// tournament's number and the game's place, by game.
func (t *Tx) TournamentGamesIn(ids []int64) (map[int64]TournamentGame, map[int64]int64, error) {
	places, events := map[int64]TournamentGame{}, map[int64]int64{}
	err := inParts(ids, func(part []int64) error {
		rows, err := t.query(`SELECT game_id, tournament_id, round, board FROM tournament_games WHERE game_id IN (`+placeholders(len(part))+`)`, int64Args(part)...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var g TournamentGame
			var id int64
			if err := rows.Scan(&g.GameID, &id, &g.Round, &g.Board); err != nil {
				return err
			}
			places[g.GameID], events[g.GameID] = g, id
		}
		return rows.Err()
	})
	if err != nil {
		return nil, nil, err
	}
	return places, events, nil
}

// AddBye records that player has the round off (a Swiss bye, or a knockout
// seed with no opponent).
func (t *Tx) AddBye(id int64, b Bye) error {
	_, err := t.exec(`INSERT INTO tournament_byes (tournament_id, round, board, player_id) VALUES (?, ?, ?, ?)`, id, b.Round, b.Board, b.PlayerID)
	return err
}

// Bye is a round a player had off: in a knockout, Board is its place in
// the bracket.
type Bye struct {
	Round    int
	Board    int
	PlayerID int64
}

// Byes returns the byes of tournament id by round.
func (t *Tx) Byes(id int64) ([]Bye, error) {
	rows, err := t.query(`SELECT round, board, player_id FROM tournament_byes WHERE tournament_id = ? ORDER BY round, board, player_id`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Bye
	for rows.Next() {
		var b Bye
		if err := rows.Scan(&b.Round, &b.Board, &b.PlayerID); err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, rows.Err()
}

// Act is one entry of a tournament's record: a director's act (adjudicate,
// extend, remove) or an event of the tournament (created, started, round,
// left, won).
type Act struct {
	At       time.Time
	ByID     int64 // 0: the club itself
	Act      string
	GameID   int64
	PlayerID int64
	Detail   string
}

// AddAct appends a to the record of tournament id.
func (t *Tx) AddAct(id int64, a Act) error {
	_, err := t.exec(`INSERT INTO tournament_acts (tournament_id, at, by_id, act, game_id, player_id, detail) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		id, fmtTime(a.At), nullID(a.ByID), a.Act, nullID(a.GameID), nullID(a.PlayerID), a.Detail)
	if err != nil {
		return fmt.Errorf("archive: tournament %d: act %s: %w", id, a.Act, err)
	}
	return t.touchTournament(id, a.At)
}

// Acts returns the record of tournament id in order.
func (t *Tx) Acts(id int64) ([]Act, error) {
	rows, err := t.query(`SELECT at, COALESCE(by_id, 0), act, COALESCE(game_id, 0), COALESCE(player_id, 0), detail FROM tournament_acts WHERE tournament_id = ? ORDER BY id`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Act
	for rows.Next() {
		var a Act
		var at string
		if err := rows.Scan(&at, &a.ByID, &a.Act, &a.GameID, &a.PlayerID, &a.Detail); err != nil {
			return nil, err
		}
		a.At = parseTime(at)
		out = append(out, a)
	}
	return out, rows.Err()
}

// SetTournamentNews records whether player wants the standings mailed after
// every game of their tournaments.
func (t *Tx) SetTournamentNews(playerID int64, on bool) error {
	var err error
	if on {
		_, err = t.exec(`INSERT OR IGNORE INTO tournament_news (player_id) VALUES (?)`, playerID)
	} else {
		_, err = t.exec(`DELETE FROM tournament_news WHERE player_id = ?`, playerID)
	}
	return err
}

// TournamentNews reports whether player wants the standings after every
// game.
func (t *Tx) TournamentNews(playerID int64) (bool, error) {
	var one int
	err := t.queryRow(`SELECT 1 FROM tournament_news WHERE player_id = ?`, playerID).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

// TournamentsChangedSince returns the numbers of the tournaments updated
// at or after since: for the site, which rebuilds their pages.
func (t *Tx) TournamentsChangedSince(since time.Time) ([]int64, error) {
	return t.ids(`SELECT id FROM tournaments WHERE updated >= ? ORDER BY id`, fmtTime(since))
}
