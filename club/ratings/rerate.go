package ratings

import (
	"context"
	"fmt"
	"slices"

	"postal/archive"
	"postal/club/event"
	"postal/club/rating"
	"postal/club/work"
	"postal/docs/words"
)

// Rating again. The club rates each game as it ends (Rate); when what is
// rated changes after the fact (an annulment takes games back, "postal
// ratings --recompute --all" rates the games from before ratings), the
// lists concerned are rated again from the archive, every game in the
// order they ended, and stored in place of the old: the same numbers the
// recompute gives (Recompute).

// replayed is what the finished games give, rated from scratch.
type replayed struct {
	rated     int
	standings []archive.Standing            // by list, best first
	history   map[int64][]archive.RatedSeat // by game, by seat
	order     []int64                       // the rated games, in the order rated
}

// replay rates games, in their order (the order they ended), from
// scratch; bots are the players rated by level.
func replay(games []archive.Ended, bots map[int64]bool) (replayed, error) {
	type key struct {
		list string
		entrant
	}
	r := replayed{history: map[int64][]archive.RatedSeat{}}
	players := map[key]rating.Player{}
	var order []key
	isBot := func(id int64) bool { return bots[id] }
	for _, g := range games {
		list, who, places, ok := ratedGame(g, isBot, g.BotLevel)
		if !ok {
			continue
		}
		before := make([]rating.Player, len(who))
		for i, e := range who {
			p, seen := players[key{list, e}]
			if !seen {
				p = rating.Newcomer()
				order = append(order, key{list, e})
			}
			before[i] = p
		}
		after, seats, err := playRated(g, list, who, places, before)
		if err != nil {
			return r, err
		}
		for i, e := range who {
			players[key{list, e}] = after[i]
		}
		r.rated++
		r.history[g.ID] = seats
		r.order = append(r.order, g.ID)
	}
	for _, k := range order {
		p := players[k]
		r.standings = append(r.standings, archive.Standing{List: k.list, PlayerID: k.player, Level: k.level, Rating: p.Rating.Rating, RD: p.RD, Vol: p.Vol, Games: p.Games, Last: p.Last})
	}
	slices.SortFunc(r.standings, compareStandings)
	return r, nil
}

// byGame groups history rows by game, each game's by seat.
func byGame(rows []archive.RatedSeat) map[int64][]archive.RatedSeat {
	out := map[int64][]archive.RatedSeat{}
	for _, h := range rows {
		out[h.GameID] = append(out[h.GameID], h)
	}
	for _, seats := range out {
		slices.SortFunc(seats, func(a, b archive.RatedSeat) int { return a.Seat - b.Seat })
	}
	return out
}

// sameSeat reports whether two history rows say the same.
func sameSeat(a, b archive.RatedSeat) bool {
	at := a.At.Equal(b.At)
	a.At = b.At
	return at && a == b
}

// rerate rates every finished game of game ("": of every game) again from
// scratch, in the order they ended, and stores what differs from the
// stored ratings of their lists: the history of each game whose ratings
// changed, and each standing. Those games are marked changed, for the site
// (their pages, their lists, their players' histories). It returns the
// games rated before and not now.
func rerate(tx *archive.Tx, game string) (takenBack []int64, err error) {
	games, bots, err := tx.EndedGamesOf(LeavingWords, game)
	if err != nil {
		return nil, err
	}
	r, err := replay(games, bots)
	if err != nil {
		return nil, err
	}
	var lists []string // nil: every list
	if game != "" {
		for _, g := range games {
			if l := listOf(g); !slices.Contains(lists, l) {
				lists = append(lists, l)
			}
		}
		if len(lists) == 0 {
			return nil, nil
		}
	}
	stored, err := tx.RatingHistoryOfLists(lists)
	if err != nil {
		return nil, err
	}
	before := byGame(stored)
	var changed []int64
	for _, g := range games {
		was, now := before[g.ID], r.history[g.ID]
		if slices.EqualFunc(was, now, sameSeat) {
			continue
		}
		if len(was) > 0 && len(now) == 0 {
			takenBack = append(takenBack, g.ID)
		}
		changed = append(changed, g.ID)
		if err := tx.ReplaceRatedSeats(g.ID, now); err != nil {
			return nil, err
		}
	}
	if err := restand(tx, lists, r.standings); err != nil {
		return nil, err
	}
	return takenBack, tx.TouchGames(changed)
}

// restand stores standings as the standings of lists (every list when
// nil): each that differs from the stored one, and no other.
func restand(tx *archive.Tx, lists []string, standings []archive.Standing) error {
	var old []archive.Standing
	if lists == nil {
		lists = []string{""}
	}
	for _, l := range lists {
		ss, err := tx.Standings(l)
		if err != nil {
			return err
		}
		old = append(old, ss...)
	}
	type key struct {
		list string
		entrant
	}
	want := map[key]archive.Standing{}
	for _, s := range standings {
		want[key{s.List, entrant{s.PlayerID, s.Level}}] = s
	}
	for _, s := range old {
		k := key{s.List, entrant{s.PlayerID, s.Level}}
		w, ok := want[k]
		delete(want, k)
		switch {
		case !ok:
			if err := tx.DeleteStanding(s.List, s.PlayerID, s.Level); err != nil {
				return err
			}
		case !sameStanding(s, w):
			if err := tx.SetStanding(w); err != nil {
				return err
			}
		}
	}
	for _, s := range standings {
		if _, left := want[key{s.List, entrant{s.PlayerID, s.Level}}]; left {
			if err := tx.SetStanding(s); err != nil {
				return err
			}
		}
	}
	return nil
}

// sameStanding reports whether two standings say the same.
func sameStanding(a, b archive.Standing) bool {
	last := a.Last.Equal(b.Last)
	a.Last = b.Last
	return last && a == b
}

// TakeBack rates the lists of game (an event's game, by name) again once
// player's results in ev are annulled, when one of their games there was
// rated: those games count for nothing, and every rating they moved, then
// and since, is as if they had not been played. It returns what the
// director's reply and the entrants' news say; "" when none was rated.
func TakeBack(u *work.Unit, game string, ev *event.Event, player int64) (string, error) {
	rated := false
	for _, g := range ev.Games {
		if !g.Over || !slices.Contains(g.Players, player) {
			continue
		}
		seats, err := u.Tx.RatedSeatsOf(g.ID)
		if err != nil {
			return "", err
		}
		rated = rated || len(seats) > 0
	}
	if !rated {
		return "", nil
	}
	takenBack, err := rerate(u.Tx, game)
	if err != nil || len(takenBack) == 0 {
		return "", err
	}
	ids := make([]string, len(takenBack))
	for i, id := range takenBack {
		ids[i] = fmt.Sprintf("#%d", id)
	}
	noun := "games"
	if len(ids) == 1 {
		noun = "game"
	}
	return fmt.Sprintf("The rating changes of %s %s are taken back.", noun, words.And(ids)), nil
}

// RateBeforeRatings rates the finished games of db that ended before the
// archive had ratings (migration 014 left them unrated; 050 says which):
// every list is rated again from scratch with them, in the order the games
// ended. The bot's players are those the archive names (rated so far) and
// bot, the club's, when it has one; its games from before without a level
// are rated at bot's default level. It returns how many games it rated
// besides. bot may be nil (no config): then a game from before ratings
// with a bot's level whose bot the archive does not name is an error that
// says to name the config.
func RateBeforeRatings(ctx context.Context, db *archive.DB, bot *work.Bot) (int, error) {
	var n int
	err := db.Tx(ctx, func(tx *archive.Tx) error {
		old, err := tx.BeforeRatingsGames()
		if err != nil || len(old) == 0 {
			return err
		}
		if err := markOldBots(tx, old, bot); err != nil {
			return err
		}
		if n, err = tx.RateBeforeRatings(); err != nil {
			return err
		}
		_, err = rerate(tx, "")
		return err
	})
	return n, err
}

// markOldBots records the bot of the games from before ratings, as
// Rate does for each game it rates: who it is (rating_bots), and the
// level it played at (bot_games), the default one where none was kept.
func markOldBots(tx *archive.Tx, old []int64, bot *work.Bot) error {
	level := defaultLevel(bot)
	for _, id := range old {
		row, err := tx.GameByID(id)
		if err != nil {
			return err
		}
		played := false // by a bot
		for _, pid := range row.Players {
			known, err := tx.IsRatingBot(pid)
			if err != nil {
				return err
			}
			if !known && bot != nil {
				p, err := tx.PlayerByID(pid)
				if err != nil {
					return err
				}
				if known = bot.Is(p); known {
					if err := tx.MarkRatingBot(pid); err != nil {
						return err
					}
				}
			}
			played = played || known
		}
		kept, err := tx.BotLevel(id)
		if err != nil {
			return err
		}
		switch {
		case played && kept == 0:
			if err := tx.SetBotLevel(id, level); err != nil {
				return err
			}
		case !played && kept != 0:
			return fmt.Errorf("game #%d, from before ratings, was played by the club's bot, and neither the archive nor the config names it: name the club's config (--config FILE), whose [bots] says who the bot is", id)
		}
	}
	return nil
}
