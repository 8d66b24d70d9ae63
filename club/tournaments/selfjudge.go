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
	// Those who play in the event are refused too (notCompeting), not only
	// those at this game's seats: the refusal names none of them.
	tr, err := loadEvent(u, t)
	if err != nil {
		return err
	}
	others, err := otherDirectors(u, t, func(id int64) bool {
		e := tr.entrant(id)
		return slices.Contains(gs.Row.Players, id) || e != nil && e.In()
	})
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
	var admins []string
	for _, name := range u.Club.Admins {
		p, err := u.Tx.PlayerByName(name)
		if errors.Is(err, archive.ErrNotFound) {
			continue
		}
		if err != nil {
			return "", err
		}
		admins = append(admins, p.Name)
		add(p, "an admin of the club")
	}
	if len(names) > 0 {
		return strings.Join(names, " or ") + " can.", nil
	}
	// No one can: say so, and whom to ask, the club's admins by name (who
	// play in it too, or there would be a name above).
	ask := "an admin of the club (set in its config, [club] admins)"
	if len(admins) > 0 {
		ask = "an admin of the club: " + strings.Join(admins, ", ")
	}
	if u.Actor.ID == t.DirectorID {
		return fmt.Sprintf("No director who does not play in %s can act: name one who does not play with \"codirector %s PLAYER\", or ask %s.", t.Name, t.Name, ask), nil
	}
	return fmt.Sprintf("No director who does not play in %s can act: its organiser names one who does not play with \"codirector %s PLAYER\", or ask %s.", t.Name, t.Name, ask), nil
}
