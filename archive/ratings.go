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

// The ratings (migration 014): each player's standing in each
// rating list, and a row per seat of each rated game. The club computes
// them (club/rating); the archive stores and reads them.

// Unrated player's rating and deviation, as club/rating starts everyone
// (Glicko-2's step 1); kept here so that Rating needs no import of it.
const (
	unratedRating = 1500.0
	unratedRD     = 350.0
)

// Standing is a player's rating in one list as of their last rated game.
// Level is 0 for a person, N for the club's bot at level N, which is rated
// as a player of its own.
type Standing struct {
	List     string
	PlayerID int64
	Level    int
	Rating   float64
	RD       float64
	Vol      float64
	Games    int
	Last     time.Time
}

// RatedSeat is one seat of a rated game: the rating it started from (after
// the periods the player was idle) and the one the game gave.
type RatedSeat struct {
	GameID   int64
	Seat     int
	List     string
	PlayerID int64
	Level    int
	// RatingBefore and RDBefore are the rating the game was rated from.
	RatingBefore, RDBefore float64
	Rating, RD, Vol        float64
	At                     time.Time
}

// Rating returns player's rating and deviation in list: 1500 and 350 for a
// player with no rating there. For the club's bot, which is rated by level,
// it is the level it played most in the list. The numbers are as of the
// player's last rated game (the deviation grows with idle time only when
// they next play).
func (t *Tx) Rating(player int64, list string) (rating, rd float64, err error) {
	err = t.queryRow(`SELECT rating, rd FROM ratings WHERE list = ? AND player_id = ? ORDER BY level = 0 DESC, games DESC, level LIMIT 1`, list, player).Scan(&rating, &rd)
	if errors.Is(err, sql.ErrNoRows) {
		return unratedRating, unratedRD, nil
	}
	if err != nil {
		return 0, 0, fmt.Errorf("archive: rating of %d in %s: %w", player, list, err)
	}
	return rating, rd, nil
}

const standingCols = `list, player_id, level, rating, rd, vol, games, last`

func scanStanding(row scanner) (Standing, error) {
	var s Standing
	var last string
	err := row.Scan(&s.List, &s.PlayerID, &s.Level, &s.Rating, &s.RD, &s.Vol, &s.Games, &last)
	s.Last = parseTime(last)
	return s, err
}

// StandingOf returns the standing of player at level in list; ok is false
// when they have none.
func (t *Tx) StandingOf(list string, player int64, level int) (s Standing, ok bool, err error) {
	s, err = scanStanding(t.queryRow(`SELECT `+standingCols+` FROM ratings WHERE list = ? AND player_id = ? AND level = ?`, list, player, level))
	if errors.Is(err, sql.ErrNoRows) {
		return Standing{}, false, nil
	}
	return s, err == nil, err
}

// SetStanding stores s, replacing the player's standing in its list.
func (t *Tx) SetStanding(s Standing) error {
	_, err := t.exec(`INSERT INTO ratings (`+standingCols+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (list, player_id, level) DO UPDATE SET rating = excluded.rating, rd = excluded.rd, vol = excluded.vol, games = excluded.games, last = excluded.last`,
		s.List, s.PlayerID, s.Level, s.Rating, s.RD, s.Vol, s.Games, fmtTime(s.Last))
	if err != nil {
		return fmt.Errorf("archive: set rating of %d in %s: %w", s.PlayerID, s.List, err)
	}
	return nil
}

// Standings returns the standings of list ("" for every list), best rating
// first.
func (t *Tx) Standings(list string) ([]Standing, error) {
	q := `SELECT ` + standingCols + ` FROM ratings`
	var args []any
	if list != "" {
		q += ` WHERE list = ?`
		args = append(args, list)
	}
	return t.standings(q+` ORDER BY list, rating DESC, player_id, level`, args...)
}

// StandingsOf returns every standing of player, by list and level.
func (t *Tx) StandingsOf(player int64) ([]Standing, error) {
	return t.standings(`SELECT `+standingCols+` FROM ratings WHERE player_id = ? ORDER BY list, level`, player)
}

func (t *Tx) standings(query string, args ...any) ([]Standing, error) {
	rows, err := t.query(query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Standing
	for rows.Next() {
		s, err := scanStanding(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// AddRatedSeat records the rating one seat of a rated game gave.
func (t *Tx) AddRatedSeat(r RatedSeat) error {
	_, err := t.exec(`INSERT INTO rating_history (game_id, seat, list, player_id, level, rating_before, rd_before, rating, rd, vol, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		r.GameID, r.Seat, r.List, r.PlayerID, r.Level, r.RatingBefore, r.RDBefore, r.Rating, r.RD, r.Vol, fmtTime(r.At))
	if err != nil {
		return fmt.Errorf("archive: rating of game %d seat %d: %w", r.GameID, r.Seat, err)
	}
	return nil
}

// RatingHistory returns the rated seats of players (every player when
// players is nil), in the order the games were rated.
func (t *Tx) RatingHistory(players []int64) ([]RatedSeat, error) {
	if players != nil && len(players) == 0 {
		return nil, nil
	}
	if len(players) > maxIn {
		// More players than a statement may name: every seat, those of
		// players kept, in the same order.
		all, err := t.ratedSeats("")
		keep := make(map[int64]bool, len(players))
		for _, p := range players {
			keep[p] = true
		}
		return slices.DeleteFunc(all, func(s RatedSeat) bool { return !keep[s.PlayerID] }), err
	}
	where := ""
	if players != nil {
		where = ` WHERE player_id IN (` + placeholders(len(players)) + `)`
	}
	return t.ratedSeats(where, int64Args(players)...)
}

// RatingHistoryOfLists returns the rated seats of the lists named (every
// list when nil), in the order the games were rated.
func (t *Tx) RatingHistoryOfLists(lists []string) ([]RatedSeat, error) {
	if lists != nil && len(lists) == 0 {
		return nil, nil
	}
	where, args := "", []any(nil)
	if lists != nil {
		where = ` WHERE list IN (` + placeholders(len(lists)) + `)`
		for _, l := range lists {
			args = append(args, l)
		}
	}
	return t.ratedSeats(where, args...)
}

func (t *Tx) ratedSeats(where string, args ...any) ([]RatedSeat, error) {
	rows, err := t.query(`SELECT game_id, seat, list, player_id, level, rating_before, rd_before, rating, rd, vol, at FROM rating_history`+where+` ORDER BY at, rowid`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []RatedSeat
	for rows.Next() {
		var r RatedSeat
		var at string
		if err := rows.Scan(&r.GameID, &r.Seat, &r.List, &r.PlayerID, &r.Level, &r.RatingBefore, &r.RDBefore, &r.Rating, &r.RD, &r.Vol, &at); err != nil {
			return nil, err
		}
		r.At = parseTime(at)
		out = append(out, r)
	}
	return out, rows.Err()
}

// ReplaceRatedSeats stores seats as the rated seats of game, in place of
// those it had; none when the game is no longer rated.
func (t *Tx) ReplaceRatedSeats(gameID int64, seats []RatedSeat) error {
	if _, err := t.exec(`DELETE FROM rating_history WHERE game_id = ?`, gameID); err != nil {
		return fmt.Errorf("archive: ratings of game %d: %w", gameID, err)
	}
	for _, s := range seats {
		if err := t.AddRatedSeat(s); err != nil {
			return err
		}
	}
	return nil
}

// DeleteStanding deletes the standing of player at level in list.
func (t *Tx) DeleteStanding(list string, player int64, level int) error {
	_, err := t.exec(`DELETE FROM ratings WHERE list = ? AND player_id = ? AND level = ?`, list, player, level)
	if err != nil {
		return fmt.Errorf("archive: delete rating of %d in %s: %w", player, list, err)
	}
	return nil
}

// RatedSeatsOf returns the rated seats of game, by seat; none when the
// game was not rated.
func (t *Tx) RatedSeatsOf(gameID int64) ([]RatedSeat, error) {
	rows, err := t.query(`SELECT seat, list, player_id, level, rating_before, rd_before, rating, rd, vol, at FROM rating_history WHERE game_id = ? ORDER BY seat`, gameID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []RatedSeat
	for rows.Next() {
		r := RatedSeat{GameID: gameID}
		var at string
		if err := rows.Scan(&r.Seat, &r.List, &r.PlayerID, &r.Level, &r.RatingBefore, &r.RDBefore, &r.Rating, &r.RD, &r.Vol, &at); err != nil {
			return nil, err
		}
		r.At = parseTime(at)
		out = append(out, r)
	}
	return out, rows.Err()
}

// RatedSeatsIn returns the rated seats of each game of ids that was rated,
// by seat: what the site's game pages say of their ratings.
func (t *Tx) RatedSeatsIn(ids []int64) (map[int64][]RatedSeat, error) {
	out := map[int64][]RatedSeat{}
	err := inParts(ids, func(part []int64) error {
		seats, err := t.ratedSeats(` WHERE game_id IN (`+placeholders(len(part))+`)`, int64Args(part)...)
		for _, s := range seats {
			out[s.GameID] = append(out[s.GameID], s)
		}
		return err
	})
	for _, s := range out {
		slices.SortFunc(s, func(a, b RatedSeat) int { return a.Seat - b.Seat })
	}
	return out, err
}

// UnratedIn returns which games of ids are marked not rated (SetUnrated,
// or from before ratings).
func (t *Tx) UnratedIn(ids []int64) (map[int64]bool, error) {
	out := map[int64]bool{}
	err := inParts(ids, func(part []int64) error {
		rows, err := t.query(`SELECT id FROM unrated_games WHERE id IN (`+placeholders(len(part))+`)`, int64Args(part)...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				return err
			}
			out[id] = true
		}
		return rows.Err()
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// SetUnrated marks the challenge or game id (they share their number) as
// not rated.
func (t *Tx) SetUnrated(id int64) error {
	_, err := t.exec(`INSERT OR IGNORE INTO unrated_games (id) VALUES (?)`, id)
	return err
}

// Unrated reports whether the challenge or game id is not rated.
func (t *Tx) Unrated(id int64) (bool, error) {
	var n int
	err := t.queryRow(`SELECT COUNT(*) FROM unrated_games WHERE id = ?`, id).Scan(&n)
	return n > 0, err
}

// beforeRatings is unrated_games.why of the games over before the archive
// had ratings (migration 050).
const beforeRatings = "before-ratings"

// BeforeRatings counts the finished games not rated because they ended
// before the archive had ratings.
func (t *Tx) BeforeRatings() (int, error) {
	var n int
	err := t.queryRow(`SELECT COUNT(*) FROM unrated_games WHERE why = ?`, beforeRatings).Scan(&n)
	return n, err
}

// BeforeRatingsGames returns the games BeforeRatings counts, by number.
func (t *Tx) BeforeRatingsGames() ([]int64, error) {
	return t.ids(`SELECT id FROM unrated_games WHERE why = ? ORDER BY id`, beforeRatings)
}

// RateBeforeRatings makes the games BeforeRatings counts rated games (no
// longer unrated); it returns how many. Their ratings are the caller's to
// compute.
func (t *Tx) RateBeforeRatings() (int, error) {
	res, err := t.exec(`DELETE FROM unrated_games WHERE why = ?`, beforeRatings)
	if err != nil {
		return 0, fmt.Errorf("archive: rate the games from before ratings: %w", err)
	}
	n, err := res.RowsAffected()
	return int(n), err
}

// TouchGames gives the games ids a new change number (migration 007), as
// any write to them does, so that the readers that follow the changes (the
// site) read them again: their ratings changed, not the games.
func (t *Tx) TouchGames(ids []int64) error {
	return inParts(ids, func(part []int64) error {
		if _, err := t.exec(`UPDATE games SET seq = seq WHERE id IN (`+placeholders(len(part))+`)`, int64Args(part)...); err != nil {
			return fmt.Errorf("archive: touch games: %w", err)
		}
		return nil
	})
}

// MarkRatingBot records that player is the club's bot, rated by level.
func (t *Tx) MarkRatingBot(player int64) error {
	_, err := t.exec(`INSERT OR IGNORE INTO rating_bots (player_id) VALUES (?)`, player)
	return err
}

// MovedSeats returns the seats of game that made a move of the record other
// than the words in leaving (a seat's resignation or timeout in a game of
// more, which is its move of the record).
func (t *Tx) MovedSeats(gameID int64, leaving []string) ([]int, error) {
	q := `SELECT DISTINCT player FROM moves WHERE game_id = ? AND player >= 0`
	args := []any{gameID}
	if len(leaving) > 0 {
		q += ` AND move NOT IN (` + placeholders(len(leaving)) + `)`
		for _, w := range leaving {
			args = append(args, w)
		}
	}
	rows, err := t.query(q+` ORDER BY player`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []int
	for rows.Next() {
		var s int
		if err := rows.Scan(&s); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// seatNumbers is a table of the seats a game may have, 0 to 7 (the games
// have at most four: Superial Chess R13).
var seatNumbers = func() string {
	parts := []string{"SELECT 0 AS n"}
	for n := 1; n < 8; n++ {
		parts = append(parts, "SELECT "+strconv.Itoa(n))
	}
	return strings.Join(parts, " UNION ALL ")
}()

// Ended is a finished game as the ratings read it: the club as the game
// ends, and a recompute.
type Ended struct {
	ID       int64
	Game     string
	Config   string
	Players  []int64 // by seat
	Result   string
	Finished time.Time
	Unrated  bool
	// Annulled is set when the results of one of its players in the
	// tournament it belongs to are annulled (entrants.annulled).
	Annulled bool
	// Moved are the seats that made a move other than leaving (see
	// MovedSeats).
	Moved []int
	// BotLevel is the game's bot_games level; 0 when none was recorded.
	BotLevel int
}

// EndedGames returns every finished game in the order the games ended: by
// the time they ended, then by the order of their "over" events (games
// ended by one message share its time), then by number. leaving is as for
// MovedSeats. bots are the players recorded by MarkRatingBot.
func (t *Tx) EndedGames(leaving []string) (games []Ended, bots map[int64]bool, err error) {
	return t.EndedGamesOf(leaving, "")
}

// EndedGamesOf is EndedGames of the games of game alone ("": every game).
func (t *Tx) EndedGamesOf(leaving []string, game string) (games []Ended, bots map[int64]bool, err error) {
	where, args := `g.status = 'over'`, []any(nil)
	if game != "" {
		where, args = where+` AND g.game = ?`, []any{game}
	}
	if games, err = t.ended(leaving, where, args...); err != nil {
		return nil, nil, err
	}
	bots = map[int64]bool{}
	rows, err := t.query(`SELECT player_id FROM rating_bots`)
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, nil, err
		}
		bots[id] = true
	}
	return games, bots, rows.Err()
}

// EndedGame returns the finished game id as EndedGames reads it; ErrNotFound
// when it is not over.
func (t *Tx) EndedGame(id int64, leaving []string) (Ended, error) {
	games, err := t.ended(leaving, `g.id = ? AND g.status = 'over'`, id)
	if err != nil {
		return Ended{}, err
	}
	if len(games) == 0 {
		return Ended{}, fmt.Errorf("archive: game %d over: %w", id, ErrNotFound)
	}
	return games[0], nil
}

// ended reads the games where says, in the order they ended.
func (t *Tx) ended(leaving []string, where string, whereArgs ...any) ([]Ended, error) {
	// The seats that moved: for each seat, the first of its moves in ply
	// order that is not a leaving, found by the primary key (game_id, ply)
	// within the game's first plies, rather than every move of the archive.
	notLeaving := ""
	var args []any
	if len(leaving) > 0 {
		notLeaving = ` AND m.move NOT IN (` + placeholders(len(leaving)) + `)`
		for _, w := range leaving {
			args = append(args, w)
		}
	}
	args = append(args, whereArgs...)
	rows, err := t.query(`SELECT g.id, g.game, g.config, g.first_id, g.second_id,
		COALESCE((SELECT group_concat(player_id, ' ' ORDER BY seat) FROM game_seats WHERE game_id = g.id), ''),
		g.result, g.finished, EXISTS (SELECT 1 FROM unrated_games u WHERE u.id = g.id),
		EXISTS (SELECT 1 FROM tournament_games tg JOIN entrants en ON en.tournament_id = tg.tournament_id
			WHERE tg.game_id = g.id AND en.annulled != 0 AND (en.player_id IN (g.first_id, g.second_id)
				OR EXISTS (SELECT 1 FROM game_seats s WHERE s.game_id = g.id AND s.player_id = en.player_id))),
		COALESCE((SELECT level FROM bot_games b WHERE b.game_id = g.id), 0),
		COALESCE(e.ev, 0) AS ev,
		COALESCE((SELECT group_concat(s.n, ' ') FROM (`+seatNumbers+`) s
			WHERE s.n < 2 + (SELECT COUNT(*) FROM game_seats gs WHERE gs.game_id = g.id)
			AND EXISTS (SELECT 1 FROM moves m WHERE m.game_id = g.id AND m.player = s.n`+notLeaving+`)), '')
		FROM games g LEFT JOIN (SELECT game_id, MIN(id) AS ev FROM events WHERE kind = 'over' GROUP BY game_id) e ON e.game_id = g.id
		WHERE `+where+` ORDER BY g.finished, ev, g.id`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var games []Ended
	for rows.Next() {
		var e Ended
		var first, second, ev int64
		var more, finished, moved string
		if err := rows.Scan(&e.ID, &e.Game, &e.Config, &first, &second, &more, &e.Result, &finished, &e.Unrated, &e.Annulled, &e.BotLevel, &ev, &moved); err != nil {
			return nil, err
		}
		for f := range strings.FieldsSeq(moved) {
			seat, err := strconv.Atoi(f)
			if err != nil {
				return nil, fmt.Errorf("archive: game %d: seat %q", e.ID, f)
			}
			e.Moved = append(e.Moved, seat)
		}
		e.Players = []int64{first, second}
		for f := range strings.FieldsSeq(more) {
			id, err := strconv.ParseInt(f, 10, 64)
			if err != nil {
				return nil, fmt.Errorf("archive: game %d: seat player %q", e.ID, f)
			}
			e.Players = append(e.Players, id)
		}
		e.Finished = parseTime(finished)
		games = append(games, e)
	}
	return games, rows.Err()
}

// IsRatingBot reports whether player was recorded by MarkRatingBot.
func (t *Tx) IsRatingBot(player int64) (bool, error) {
	var n int
	err := t.queryRow(`SELECT COUNT(*) FROM rating_bots WHERE player_id = ?`, player).Scan(&n)
	return n > 0, err
}

// TouchTalkOf gives a new change number to the finished games of player in
// which anything was said: whether their talk is published follows the
// players' settings, read when a game's record is written, so a setting
// changed must have the readers (the site) write those records again.
func (t *Tx) TouchTalkOf(player int64) error {
	if _, err := t.exec(`UPDATE games SET seq = seq WHERE status = ?
		AND (first_id = ? OR second_id = ? OR id IN (SELECT game_id FROM game_seats WHERE player_id = ?))
		AND id IN (SELECT game_id FROM talk)`, GameOver, player, player, player); err != nil {
		return fmt.Errorf("archive: touch games of talk: %w", err)
	}
	return nil
}
