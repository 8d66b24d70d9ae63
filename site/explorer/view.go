package explorer

import (
	"postal/notation"
	"postal/site/view"
)

// FromView is a game as the site and the club list it (view.Game) as a
// book reads it: its record, when it finished, and each seat's rating
// before it when it was rated. The site's books and the club's "explore"
// by mail count a game through this one reading.
func FromView(g *view.Game[*notation.Record]) Game {
	out := Game{ID: g.ID, Record: g.Record, Finished: g.Finished}
	if g.Rating != nil && g.Rating.Rated {
		for _, s := range g.Rating.Seats {
			out.Ratings = append(out.Ratings, s.Before)
		}
	}
	return out
}
