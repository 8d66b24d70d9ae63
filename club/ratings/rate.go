package ratings

import (
	"fmt"
	"slices"
	"strings"

	"postal/archive"
	"postal/club/game"
	"postal/club/published"
	"postal/club/rating"
	"postal/club/work"
	"postal/engine"
	"postal/engine/search"
)

// Rating a game as it ends. Every game that ends passes through the games'
// Finish, which asks the club's ratings (work.Ratings: Lists) to rate it
// in the transaction that ends it, before its game-over mails are written
// (they show the new ratings): the game is one Glicko-2 period of its
// players (club/rating). Rating follows play: a game is rated when each
// player made a move of their own (a seat's resignation or timeout is its
// move of the record in a game of more, and does not count) and its result
// came from the board, the clock, a resignation (a forfeit is one) or an
// adjudication of the position played. It is not rated when its challenge
// said "unrated", when the club marked it unrated (archive.Tx.SetUnrated
// before it ends: a game cancelled), when it ended before the archive had
// ratings (until RateBeforeRatings), or when the results of one of its
// players in its tournament are annulled; an annulment after the game was
// rated takes its rating back (TakeBack). The club's bot is rated by
// level, each level a player of its own named "bot-2" (the bot's name and
// the level): a level is a fixed strength, which gives the lists fixed
// points. Recompute computes the same from the archive alone.

// Lists are the club's rating lists as the games ask for them
// (work.Ratings): a game that ends is rated (Rate), and its game-over mail
// says what that did (Line). The club sets one on work.Club; it keeps no
// state, the lists are the archive's.
type Lists struct{}

// Rate rates g, which has just ended, if it is rated.
func (Lists) Rate(u *work.Unit, g *game.Game) error { return Rate(u.Tx, g.Row, u.Club.Bot) }

// Line is the rating line of the game-over mails of game id.
func (Lists) Line(u *work.Unit, id int64) (string, error) { return Line(u.Tx, id) }

// LeavingWords are the moves of the record that are a seat leaving a game
// of more (engine.Leave), not a move it made: a game is rated only when
// each seat made one of its own, and an event's player who made none
// before losing on time did not play.
var LeavingWords = []string{engine.Resign.String(), engine.Timeout.String()}

// entrant is who a seat is in a rating list: a person (level 0), or the
// club's bot at a level.
type entrant struct {
	player int64
	level  int
}

// ratedGame says whether the finished game e is rated, and how: its list,
// who each seat is, and their places. The bot's seats (isBot) are rated at
// botLevel. It is the one judge of the club's updates, the recompute and
// the rating again of whole lists.
func ratedGame(e archive.Ended, isBot func(int64) bool, botLevel int) (list string, who []entrant, places []int, ok bool) {
	if e.Unrated || e.Annulled {
		return "", nil, nil, false
	}
	for seat := range e.Players {
		if !slices.Contains(e.Moved, seat) {
			return "", nil, nil, false // ended before each player moved
		}
	}
	r, err := engine.ParseScore(e.Result, len(e.Players))
	if err != nil || !r.Over() {
		return "", nil, nil, false
	}
	places = make([]int, len(e.Players))
	who = make([]entrant, len(e.Players))
	for seat, id := range e.Players {
		if places[seat] = r.Place(engine.Player(seat)); places[seat] == 0 {
			return "", nil, nil, false
		}
		who[seat] = entrant{player: id}
		if isBot(id) {
			who[seat].level = botLevel
		}
		if slices.Contains(who[:seat], who[seat]) {
			return "", nil, nil, false // one player in two seats measures nothing
		}
	}
	return listOf(e), who, places, true
}

// listOf is the rating list of the game e, rated or not.
func listOf(e archive.Ended) string {
	ruleset := ""
	if f := strings.Fields(e.Config); len(f) > 0 && !strings.Contains(f[0], "=") {
		ruleset = f[0]
	}
	return rating.ListOf(e.Game, ruleset)
}

// Rate rates the finished game row, if it is rated: its players'
// standings and a history row per seat, in tx, the transaction that ended
// it. The game is rated as of its end (row.Finished). The club calls it as
// each game ends; a generated archive (archivegen.Options.Rate) calls it
// for its games in the order they ended. Games must be rated in that
// order: a game rated after a later one gives other numbers than the
// recompute.
//
// bot is the club's bot (nil: none), whose games are rated at the level
// they were played at (bot's default where the archive kept none); a
// player the archive marked as a rating bot is one whatever bot says.
func Rate(tx *archive.Tx, row *archive.Game, bot *work.Bot) error {
	e, err := tx.EndedGame(row.ID, LeavingWords)
	if err != nil {
		return err
	}
	level := e.BotLevel
	if level == 0 {
		level = defaultLevel(bot)
	}
	bots := map[int64]bool{}
	for _, id := range e.Players {
		isBot, err := tx.IsRatingBot(id)
		if err != nil {
			return err
		}
		if !isBot && bot != nil {
			p, err := tx.PlayerByID(id)
			if err != nil {
				return err
			}
			isBot = bot.Is(p)
		}
		bots[id] = isBot
	}
	list, who, places, ok := ratedGame(e, func(id int64) bool { return bots[id] }, level)
	if !ok {
		return nil
	}
	for id, isBot := range bots {
		if !isBot {
			continue
		}
		// The archive alone must tell a recompute who the bot is and at
		// which level it played.
		if err := tx.MarkRatingBot(id); err != nil {
			return err
		}
		if err := tx.SetBotLevel(e.ID, level); err != nil {
			return err
		}
	}
	before := make([]rating.Player, len(who))
	for i, w := range who {
		st, found, err := tx.StandingOf(list, w.player, w.level)
		if err != nil {
			return err
		}
		before[i] = rating.Newcomer()
		if found {
			before[i] = rating.Player{Rating: rating.Rating{Rating: st.Rating, RD: st.RD, Vol: st.Vol}, Games: st.Games, Last: st.Last}
		}
	}
	after, seats, err := playRated(e, list, who, places, before)
	if err != nil {
		return err
	}
	for i, w := range who {
		a := after[i]
		if err := tx.SetStanding(archive.Standing{List: list, PlayerID: w.player, Level: w.level, Rating: a.Rating.Rating, RD: a.RD, Vol: a.Vol, Games: a.Games, Last: a.Last}); err != nil {
			return err
		}
		if err := tx.AddRatedSeat(seats[i]); err != nil {
			return err
		}
	}
	return nil
}

// defaultLevel is the level of a bot's game that kept none: the bot's
// default level.
func defaultLevel(bot *work.Bot) int {
	if bot != nil {
		return bot.Level
	}
	return search.DefaultLevel
}

// playRated plays the rated game e (as ratedGame judged it) from the
// ratings before of its seats: their ratings after, and the history row of
// each seat.
func playRated(e archive.Ended, list string, who []entrant, places []int, before []rating.Player) ([]rating.Player, []archive.RatedSeat, error) {
	after, err := rating.Play(before, places, e.Finished)
	if err != nil {
		return nil, nil, fmt.Errorf("club: rating game %d: %w", e.ID, err)
	}
	seats := make([]archive.RatedSeat, len(who))
	for i, w := range who {
		from := before[i].At(e.Finished)
		seats[i] = archive.RatedSeat{GameID: e.ID, Seat: i, List: list, PlayerID: w.player, Level: w.level,
			RatingBefore: from.Rating, RDBefore: from.RD, Rating: after[i].Rating.Rating, RD: after[i].RD, Vol: after[i].Vol, At: e.Finished}
	}
	return after, seats, nil
}

// Line is the one line of a game-over mail that says what the game
// did to its players' ratings: "Ratings (conflagration): alice 1662? (+162),
// bob 1338? (-162)."; "" for a game not rated.
func Line(tx *archive.Tx, gameID int64) (string, error) {
	seats, err := tx.RatedSeatsOf(gameID)
	if err != nil || len(seats) == 0 {
		return "", err
	}
	var parts []string
	for _, s := range seats {
		p, err := tx.PlayerByID(s.PlayerID)
		if err != nil {
			return "", err
		}
		r := rating.Rating{Rating: s.Rating, RD: s.RD}
		parts = append(parts, fmt.Sprintf("%s %s (%+.0f)", published.RatedName(p.Name, s.Level), r, s.Rating-s.RatingBefore))
	}
	return fmt.Sprintf("Ratings (%s): %s.", seats[0].List, strings.Join(parts, ", ")), nil
}
