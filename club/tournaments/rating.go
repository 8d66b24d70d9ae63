package tournaments

import (
	"postal/club/rating"
	"postal/club/work"
)

// entrantRating is player's rating in list as an event seeds, places and
// shows its entrants by. The club's bot is rated at each level apart (a
// player named for the level, bot-2), and plays an event's games at its
// own level (they keep none: work.Bot.Level), so its rating is that
// level's, 1500 before it has one; not the level it played most, which
// the club's lists show.
func entrantRating(u *work.Unit, player int64, list string) (float64, error) {
	if bot := u.Club.Bot; bot != nil {
		p, err := u.Tx.PlayerByID(player)
		if err != nil {
			return 0, err
		}
		if bot.Is(p) {
			s, ok, err := u.Tx.StandingOf(list, player, bot.Level)
			if !ok {
				s.Rating = rating.Start
			}
			return s.Rating, err
		}
	}
	r, _, err := u.Tx.Rating(player, list)
	return r, err
}
