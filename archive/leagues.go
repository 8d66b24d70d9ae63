package archive

import (
	"fmt"
	"time"
)

// Leagues and ladders (migration 060): the state a league or a ladder
// keeps besides its tournament row. Their settings (a league's size, a
// ladder's reach, ...) are the tournament's (Tournament.Settings,
// migration 080), as every format's.

// League is what a league or a ladder keeps besides its tournament row.
type League struct {
	TournamentID int64
	// Between marks the season in play (the tournament's round) over and
	// the next not yet begun.
	Between                  bool
	SeasonBegan, SeasonEnded time.Time
	// Due is when the clock must next look at it; zero for nothing.
	Due time.Time
}

const leagueCols = `tournament_id, season_over, season_began, season_ended, due`

// AddLeague stores the state of a league or ladder whose tournament row
// exists.
func (t *Tx) AddLeague(l *League) error {
	_, err := t.exec(`INSERT INTO leagues (`+leagueCols+`) VALUES (?, ?, ?, ?, ?)`, l.TournamentID,
		l.Between, fmtTime(l.SeasonBegan), fmtTime(l.SeasonEnded), fmtTime(l.Due))
	if err != nil {
		return fmt.Errorf("archive: add league %d: %w", l.TournamentID, err)
	}
	return nil
}

// LeagueOf returns the league or ladder of tournament id, or ErrNotFound.
func (t *Tx) LeagueOf(id int64) (*League, error) {
	var l League
	var began, ended, due string
	err := t.queryRow(`SELECT `+leagueCols+` FROM leagues WHERE tournament_id = ?`, id).Scan(&l.TournamentID,
		&l.Between, &began, &ended, &due)
	if err != nil {
		return nil, notFound(err)
	}
	l.SeasonBegan, l.SeasonEnded, l.Due = parseTime(began), parseTime(ended), parseTime(due)
	return &l, nil
}

// UpdateLeague writes what changes as a league goes on: between, the
// season's dates and when it is next due; the tournament counts as changed
// at now.
func (t *Tx) UpdateLeague(l *League, now time.Time) error {
	_, err := t.exec(`UPDATE leagues SET season_over = ?, season_began = ?, season_ended = ?, due = ? WHERE tournament_id = ?`,
		l.Between, fmtTime(l.SeasonBegan), fmtTime(l.SeasonEnded), fmtTime(l.Due), l.TournamentID)
	if err != nil {
		return fmt.Errorf("archive: update league %d: %w", l.TournamentID, err)
	}
	return t.touchTournament(l.TournamentID, now)
}

// SetLeagueDue records when the clock must next look at league id (zero:
// nothing to do), without counting as a change of it.
func (t *Tx) SetLeagueDue(id int64, due time.Time) error {
	_, err := t.exec(`UPDATE leagues SET due = ? WHERE tournament_id = ?`, fmtTime(due), id)
	return err
}

// DueLeagues returns the leagues and ladders due by now, through the index:
// never the others.
func (t *Tx) DueLeagues(now time.Time) ([]int64, error) {
	return t.ids(`SELECT tournament_id FROM leagues WHERE due != '' AND due <= ? ORDER BY due, tournament_id`, fmtTime(now))
}

// NextLeagueDue returns when a league or ladder is next due; ok is false
// when none is.
func (t *Tx) NextLeagueDue() (time.Time, bool, error) {
	var due string
	err := t.queryRow(`SELECT COALESCE(MIN(due), '') FROM leagues WHERE due != ''`).Scan(&due)
	if err != nil || due == "" {
		return time.Time{}, false, err
	}
	return parseTime(due), true, nil
}

// LeaguePlace is a player's place in a season of a league: their division,
// seed, and their final rank and points once the season is over.
type LeaguePlace struct {
	Season   int
	PlayerID int64
	Division int
	Seed     int
	Rank     int // 0 while the season is played
	Points   float64
}

// AddLeaguePlaces records the divisions of a season of league id.
func (t *Tx) AddLeaguePlaces(id int64, places []LeaguePlace) error {
	for _, p := range places {
		_, err := t.exec(`INSERT INTO league_places (tournament_id, season, player_id, division, seed) VALUES (?, ?, ?, ?, ?)`, id, p.Season, p.PlayerID, p.Division, p.Seed)
		if err != nil {
			return fmt.Errorf("archive: league %d: season %d: player %d: %w", id, p.Season, p.PlayerID, err)
		}
	}
	return nil
}

// SetLeagueRank records a player's final rank and points in a season.
func (t *Tx) SetLeagueRank(id int64, season int, player int64, rank int, points float64) error {
	_, err := t.exec(`UPDATE league_places SET final_rank = ?, points = ? WHERE tournament_id = ? AND season = ? AND player_id = ?`, rank, points, id, season, player)
	return err
}

// LeaguePlaces returns the places of league id in season (every season when
// 0), by season, division and seed.
func (t *Tx) LeaguePlaces(id int64, season int) ([]LeaguePlace, error) {
	rows, err := t.query(`SELECT season, player_id, division, seed, final_rank, points FROM league_places WHERE tournament_id = ? AND (? = 0 OR season = ?) ORDER BY season, division, seed`, id, season, season)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []LeaguePlace
	for rows.Next() {
		var p LeaguePlace
		if err := rows.Scan(&p.Season, &p.PlayerID, &p.Division, &p.Seed, &p.Rank, &p.Points); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// SetLeaving records that player leaves league id after the season in play,
// or (on false) no longer does.
func (t *Tx) SetLeaving(id, player int64, on bool, now time.Time) error {
	var err error
	if on {
		_, err = t.exec(`INSERT OR IGNORE INTO league_leaving (tournament_id, player_id, asked) VALUES (?, ?, ?)`, id, player, fmtTime(now))
	} else {
		_, err = t.exec(`DELETE FROM league_leaving WHERE tournament_id = ? AND player_id = ?`, id, player)
	}
	if err != nil {
		return fmt.Errorf("archive: league %d: leaving %d: %w", id, player, err)
	}
	return t.touchTournament(id, now)
}

// Leaving returns the players who leave league id after the season in play.
func (t *Tx) Leaving(id int64) ([]int64, error) {
	return t.ids(`SELECT player_id FROM league_leaving WHERE tournament_id = ? ORDER BY player_id`, id)
}

// Climb is a climb of a ladder: its game, climber and defender, and how it
// ended ("" while it is played).
type Climb struct {
	GameID     int64
	ClimberID  int64
	DefenderID int64
	Outcome    string
}

// AddClimb records a climb of ladder id.
func (t *Tx) AddClimb(id int64, c Climb) error {
	_, err := t.exec(`INSERT INTO ladder_climbs (game_id, tournament_id, climber_id, defender_id, outcome) VALUES (?, ?, ?, ?, ?)`, c.GameID, id, c.ClimberID, c.DefenderID, c.Outcome)
	if err != nil {
		return fmt.Errorf("archive: ladder %d: climb %d: %w", id, c.GameID, err)
	}
	return nil
}

// SetClimbOutcome records how the climb of game ended.
func (t *Tx) SetClimbOutcome(game int64, outcome string) error {
	_, err := t.exec(`UPDATE ladder_climbs SET outcome = ? WHERE game_id = ?`, outcome, game)
	return err
}

// Climbs returns the climbs of ladder id in order.
func (t *Tx) Climbs(id int64) ([]Climb, error) {
	rows, err := t.query(`SELECT game_id, climber_id, defender_id, outcome FROM ladder_climbs WHERE tournament_id = ? ORDER BY game_id`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Climb
	for rows.Next() {
		var c Climb
		if err := rows.Scan(&c.GameID, &c.ClimberID, &c.DefenderID, &c.Outcome); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// RoundGames returns the games of round of tournament id (a league's season)
// with their places, in one query: a league's rules need only the season in
// play, whatever its history.
func (t *Tx) RoundGames(id int64, round int) ([]*Game, []TournamentGame, error) {
	places := map[int64]TournamentGame{}
	rows, err := t.query(`SELECT game_id, round, board FROM tournament_games WHERE tournament_id = ? AND round = ? ORDER BY board, game_id`, id, round)
	if err != nil {
		return nil, nil, err
	}
	var order []int64
	for rows.Next() {
		var g TournamentGame
		if err := rows.Scan(&g.GameID, &g.Round, &g.Board); err != nil {
			rows.Close()
			return nil, nil, err
		}
		places[g.GameID] = g
		order = append(order, g.GameID)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, nil, err
	}
	games, err := t.games(`WHERE id IN (SELECT game_id FROM tournament_games WHERE tournament_id = ? AND round = ?)`, id, round)
	if err != nil {
		return nil, nil, err
	}
	byID := map[int64]*Game{}
	for _, g := range games {
		byID[g.ID] = g
	}
	outGames := make([]*Game, 0, len(order))
	outPlaces := make([]TournamentGame, 0, len(order))
	for _, id := range order {
		if g := byID[id]; g != nil {
			outGames, outPlaces = append(outGames, g), append(outPlaces, places[id])
		}
	}
	return outGames, outPlaces, nil
}
