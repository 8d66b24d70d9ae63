package club

import (
	"postal/club/game"
	"postal/club/work"
)

// ports answer what the domain packages ask of the ratings (work.Ratings)
// with the root's own code, until they move out of it (ratings.go,
// rerate.go). The events' port is club/tournaments' (tournaments.Events).
type ports struct{ s *Service }

func (p ports) job(u *work.Unit) *job { return &job{Unit: u, s: p.s} }

func (p ports) Rate(u *work.Unit, g *game.Game) error { return p.job(u).rate(g) }

func (p ports) Line(u *work.Unit, id int64) (string, error) { return p.job(u).ratingLine(id) }

func (p ports) TakeBack(u *work.Unit, game string, games []int64) (string, error) {
	return p.job(u).takeBackRatings(game, games)
}
