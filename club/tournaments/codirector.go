package tournaments

import (
	"errors"
	"fmt"
	"slices"

	"postal/archive"
	"postal/club/reply"
	"postal/club/work"
	"postal/notation"
)

// Co-directors. An event's organiser directs it, and every admin of the
// club directs them all; the organiser (or an admin) may name other
// players to direct it too, with "codirector NAME PLAYER": someone to
// judge the games the organiser plays in (selfjudge.go).

// organises reports whether p may name the co-directors of t: its
// organiser or an admin of the club.
func organises(u *work.Unit, t *archive.Tournament, p *archive.Player) bool {
	return p != nil && (p.ID == t.DirectorID || slices.Contains(u.Club.Admins, p.Name))
}

// Codirector is "codirector NAME PLAYER [off]".
func Codirector(u *work.Unit, c notation.Command) (reply.Section, error) {
	t, err := named(u, c.Arg)
	if err != nil {
		return reply.Section{}, err
	}
	if !organises(u, t, u.Actor) {
		return reply.Section{}, reply.Refuse(fmt.Sprintf("you do not organise %s", t.Name), "Its organiser or an admin of the club names its co-directors.")
	}
	if t.Status == archive.TournamentOver {
		return reply.Section{}, reply.Refuse(fmt.Sprintf("%s is over", t.Name))
	}
	p, err := u.Tx.PlayerByName(c.Value)
	if errors.Is(err, archive.ErrNotFound) {
		return reply.Section{}, reply.Refuse(fmt.Sprintf("there is no player called %s", c.Value))
	}
	if err != nil {
		return reply.Section{}, err
	}
	on := c.Setting != "off"
	switch {
	case on && u.Club.IsOwn(p.Address):
		return reply.Section{}, reply.Refuse(fmt.Sprintf("%s cannot direct a tournament", p.Name), "The club's bot plays; a person directs.")
	case p.ID == t.DirectorID:
		return reply.Section{}, reply.Refuse(fmt.Sprintf("%s organises %s", p.Name, t.Name), "The organiser directs it already.")
	}
	changed, err := u.Tx.SetCodirector(t.ID, p.ID, on, u.Now)
	if err != nil {
		return reply.Section{}, err
	}
	line := fmt.Sprintf("%s directs %s: %s, but none of these while playing in it.", p.Name, t.Name, directorActs)
	if on {
		if tr, err := loadEvent(u, t); err != nil {
			return reply.Section{}, err
		} else if e := tr.entrant(p.ID); e != nil && e.In() {
			// Named all the same (they may stop playing), but said: a
			// stranger's trial named a playing co-director unwarned.
			line += fmt.Sprintf(" %s plays in %s: they can do nothing as its director until they leave it; name one who does not play to judge its games.", p.Name, t.Name)
		}
	}
	detail := "named"
	if !on {
		line, detail = fmt.Sprintf("%s no longer directs %s.", p.Name, t.Name), "withdrew"
	}
	if !changed {
		return reply.Section{Title: line}, nil
	}
	if err := u.Tx.AddAct(t.ID, archive.Act{At: u.Now, ByID: u.Actor.ID, Act: "codirector", PlayerID: p.ID, Detail: detail}); err != nil {
		return reply.Section{}, err
	}
	if p.ID != u.Actor.ID {
		err := u.Send(reply.Mail{To: p.Address, Player: p, Subject: fmt.Sprintf("[postal] %s: you co-direct it", t.Name), Auto: "auto-generated",
			View: reply.View{Intro: []string{fmt.Sprintf("%s named you co-director of %s: you may %s, but none of these while you play in it. \"standings %s\" shows where it stands.", u.Actor.Name, t.Name, directorActs, t.Name)}}})
		if !on {
			err = u.Send(reply.Mail{To: p.Address, Player: p, Subject: fmt.Sprintf("[postal] %s: you no longer co-direct it", t.Name), Auto: "auto-generated",
				View: reply.View{Intro: []string{fmt.Sprintf("%s withdrew you as co-director of %s.", u.Actor.Name, t.Name)}}})
		}
		if err != nil {
			return reply.Section{}, err
		}
	}
	return reply.Section{Title: line}, nil
}

// directorActs are what a director may do, for people.
const directorActs = `adjudicate games ("adjudicate GAME RESULT"), give them more time ("extend GAME DAYS") and remove players ("remove PLAYER REASON")`
