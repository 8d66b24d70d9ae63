package site

import (
	"fmt"

	"postal/club/rating"
	"postal/site/view"
)

// What a game counted for: its page says whether it is rated
// and, once it is over and rated, each player's rating before it and the
// change. The line is its own partial (templates/site/rated.html) fed by
// ratedView, apart from the rest of the page.

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
func (b *builder) ratedOf(s *summary, g *view.GameRating) *ratedView {
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
			// The change as the mails say it (club/ratings.Line): "+162".
			Change: fmt.Sprintf("%+.0f", st.After-st.Before)})
	}
	return v
}
