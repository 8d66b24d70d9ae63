package site

import (
	"fmt"

	"postal/club/rating"
)

// What a game counted for (issue 35): its page says whether it is rated
// and, once it is over and rated, each player's rating before it and the
// change. The line is its own partial (templates/site/rated.html) fed by
// ratedView, apart from the rest of the page.

// GameRating is what a game counted for in the club's ratings.
type GameRating struct {
	// Rated: the game moved the ratings of Seats (over), or, in progress,
	// is not marked unrated.
	Rated bool
	List  string      // its rating list: "initiative", "superial-chess-vs-chess"
	Seats []RatedSeat // by seat, once it is over and rated
}

// RatedSeat is a seat of a rated game: its player as the lists name them
// ("bot-2"), the rating and deviation before the game and after.
type RatedSeat struct {
	Name                             string
	Before, BeforeRD, After, AfterRD float64
}

// ratedView is the rated line of a game page; nil when the source says
// nothing of ratings.
type ratedView struct {
	Rated, Over bool
	List, Href  string // the list's title and page
	Seats       []ratedSeatView
}

type ratedSeatView struct {
	Name, Before, After, Change string
}

// ratedOf is the rated line of game s, rated as g says.
func (b *builder) ratedOf(s *summary, g *GameRating) *ratedView {
	if g == nil {
		return nil
	}
	title, _ := b.listTitle(g.List)
	v := &ratedView{Rated: g.Rated, Over: s.over(), List: title}
	if _, ok := b.rt.lists[g.List]; ok { // a list has its page once a game of it is rated
		v.Href = ratingsPath(g.List)
	}
	for _, st := range g.Seats {
		v.Seats = append(v.Seats, ratedSeatView{Name: st.Name,
			Before: rating.Rating{Rating: st.Before, RD: st.BeforeRD}.String(),
			After:  rating.Rating{Rating: st.After, RD: st.AfterRD}.String(),
			// The change as the mails say it (club ratingLine): "+162".
			Change: fmt.Sprintf("%+.0f", st.After-st.Before)})
	}
	return v
}
