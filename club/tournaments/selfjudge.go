package tournaments

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"postal/archive"
	"postal/club/game"
	"postal/club/reply"
	"postal/club/work"
)

// No one judges their own game: a director (the organiser, a co-director
// or an admin of the club) cannot adjudicate or extend a game they play
// in; and while they play in an event they do not adjudicate, extend or
// remove in it at all, since the results of the others' games decide
// their own place. The refusal names who can act instead: a director or
// admin who does not play in it.

// notOwnGame refuses the actor's acts as director on gs, a game of t, when
// they play in it, or in t.
func notOwnGame(u *work.Unit, gs *game.Game, t *archive.Tournament) error {
	if gs.Side(u.Actor) < 0 {
		tr, err := loadEvent(u, t)
		if err != nil {
			return err
		}
		return notCompeting(u, tr)
	}
	others, err := otherDirectors(u, t, func(id int64) bool { return slices.Contains(gs.Row.Players, id) })
	if err != nil {
		return err
	}
	return reply.Refuse(fmt.Sprintf("you play in game #%d", gs.Row.ID), "A director does not judge their own game: nothing was done. "+others)
}

// notCompeting refuses the actor's acts as director in tr (adjudicate,
// extend, remove) while the actor plays in it.
func notCompeting(u *work.Unit, tr *tournament) error {
	if e := tr.entrant(u.Actor.ID); e == nil || !e.In() {
		return nil
	}
	others, err := otherDirectors(u, tr.t, func(id int64) bool {
		e := tr.entrant(id)
		return e != nil && e.In()
	})
	if err != nil {
		return err
	}
	return reply.Refuse(fmt.Sprintf("you play in %s", tr.t.Name),
		fmt.Sprintf("A director who plays in an event does not judge its games (adjudicate, extend) nor remove its players, since their results decide your own place: nothing was done. %s To leave yourself, write \"leave %s\".", others, tr.t.Name))
}

// otherDirectors says who may act on t instead of the actor: its organiser,
// co-directors and the club's admins, but none who sits (as sits says).
func otherDirectors(u *work.Unit, t *archive.Tournament, sits func(id int64) bool) (string, error) {
	var names []string
	add := func(p *archive.Player, as string) {
		if p.ID != u.Actor.ID && !sits(p.ID) && !slices.ContainsFunc(names, func(n string) bool { return strings.HasPrefix(n, p.Name+" ") }) {
			names = append(names, fmt.Sprintf("%s (%s)", p.Name, as))
		}
	}
	for i, id := range append([]int64{t.DirectorID}, t.Codirectors...) {
		p, err := u.Tx.PlayerByID(id)
		if err != nil {
			return "", err
		}
		as := "a co-director of " + t.Name
		if i == 0 {
			as = "its organiser"
		}
		add(p, as)
	}
	for _, name := range u.Club.Admins {
		p, err := u.Tx.PlayerByName(name)
		if errors.Is(err, archive.ErrNotFound) {
			continue
		}
		if err != nil {
			return "", err
		}
		add(p, "an admin of the club")
	}
	if len(names) > 0 {
		return strings.Join(names, " or ") + " can.", nil
	}
	if u.Actor.ID == t.DirectorID {
		return fmt.Sprintf("No other director can yet: name one who does not play with \"codirector %s PLAYER\", or ask an admin of the club (set in its config, [club] admins).", t.Name), nil
	}
	return fmt.Sprintf("No other director can yet: its organiser names one with \"codirector %s PLAYER\", or an admin of the club (set in its config, [club] admins) can.", t.Name), nil
}
