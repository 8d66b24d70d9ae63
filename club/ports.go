package club

import (
	"postal/archive"
	"postal/club/game"
	"postal/club/work"
)

// ports answer what the games (club/games) ask of the events above them
// (work.Events) with the root's own code, until those rooms move out of
// it: what comes next (next.go) and the events (tournament_run.go). The
// ratings' port is club/ratings' (ratings.Lists).
type ports struct{ s *Service }

func (p ports) job(u *work.Unit) *job { return &job{Unit: u, s: p.s} }

func (p ports) Label(u *work.Unit, id int64) (string, error) { return p.job(u).eventOf(id) }

func (p ports) StartNext(u *work.Unit, g *game.Game) (string, error) {
	return p.job(u).startNext(g)
}

func (p ports) EndLines(u *work.Unit, g *game.Game, pl *archive.Player) ([]string, error) {
	return p.job(u).endLines(g, pl)
}

func (p ports) GameOver(u *work.Unit, g *game.Game) error { return p.job(u).eventGameOver(g) }
