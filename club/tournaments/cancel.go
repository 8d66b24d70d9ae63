package tournaments

import (
	"fmt"
	"slices"
	"strings"

	"postal/archive"
	"postal/club/game"
	"postal/club/games"
	"postal/club/reply"
	"postal/club/work"
	"postal/notation"
)

// Getting rid of an event: "cancel NAME" by its director before it
// starts; "cancel NAME REASON" by an admin of the club once it runs, whose
// games in play then end unrated and count for nothing (each named in the
// record, act "void"); and an event whose director left it, which lapses
// (clock.go).

// Cancel is "cancel NAME [REASON]", an event's (the club's root sends
// "cancel ID", a challenge's, elsewhere).
func Cancel(u *work.Unit, c notation.Command) (reply.Section, error) {
	t, err := named(u, c.Arg)
	if err != nil {
		return reply.Section{}, err
	}
	switch t.Status {
	case archive.TournamentOver:
		return reply.Section{}, reply.Refuse(fmt.Sprintf("%s is over", t.Name), overLines(t)...)
	case archive.TournamentRunning:
		return endEvent(u, t, c.Value)
	}
	if !directs(u, t, u.Actor) {
		return reply.Section{}, reply.Refuse(fmt.Sprintf("only its director cancels %s", t.Name), fmt.Sprintf("Its director or an admin of the club may; \"leave %s\" takes you out.", t.Name))
	}
	tr, err := loadEvent(u, t)
	if err != nil {
		return reply.Section{}, err
	}
	news := fmt.Sprintf("%s, directing %s, cancelled it before it started.", u.Actor.Name, t.Name)
	if c.Value != "" {
		news = fmt.Sprintf("%s, directing %s, cancelled it before it started: %s.", u.Actor.Name, t.Name, strings.TrimRight(c.Value, "."))
	}
	if err := u.Tx.AddAct(t.ID, archive.Act{At: u.Now, ByID: u.Actor.ID, Act: "cancel", Detail: c.Value}); err != nil {
		return reply.Section{}, err
	}
	if err := closeEvent(u, tr, fmt.Sprintf("[postal] %s is cancelled", t.Name), news); err != nil {
		return reply.Section{}, err
	}
	return reply.Section{Title: fmt.Sprintf("%s is cancelled", t.Name), Lines: []string{"It had not started: no game was played. Its entrants are told."}}, nil
}

// closeEvent ends tr, not started, with note, which every entrant and the
// director (but the actor) receive under subject: cancelled, or lapsed.
func closeEvent(u *work.Unit, tr *tournament, subject, note string) error {
	t := tr.t
	t.Status, t.Finished, t.Updated, t.Note = archive.TournamentOver, u.Now, u.Now, note
	if err := u.Tx.UpdateTournament(t); err != nil {
		return err
	}
	return tellEvent(u, tr, subject, []string{note}, false, u.ActorID())
}

// overLines say why t, over, takes nothing more: how it ended, when its
// note says.
func overLines(t *archive.Tournament) []string {
	if t.Note == "" {
		return nil
	}
	return []string{t.Note}
}

// endEvent is "cancel NAME REASON" for a running event: an admin of the
// club ends it. Its games in play end unrated, drawn, and count for
// nothing; each is named in the record (act "void") and in the mails.
func endEvent(u *work.Unit, t *archive.Tournament, reason string) (reply.Section, error) {
	switch {
	case !slices.Contains(u.Club.Admins, u.Actor.Name):
		return reply.Section{}, reply.Refuse(fmt.Sprintf("%s has started: an admin of the club ends it", t.Name),
			fmt.Sprintf("Once it runs, only an admin of the club (set in its config, [club] admins) ends it, with a reason: \"cancel %s REASON\". A director who does not play in it may adjudicate, extend and remove.", t.Name))
	case reason == "":
		return reply.Section{}, reply.Refuse(fmt.Sprintf("%s has started: ending it needs a reason", t.Name), fmt.Sprintf("Write \"cancel %s REASON\": every entrant receives it.", t.Name))
	}
	tr, err := loadEvent(u, t)
	if err != nil {
		return reply.Section{}, err
	}
	if e := tr.entrant(u.Actor.ID); e != nil && e.In() {
		return reply.Section{}, reply.Refuse(fmt.Sprintf("you play in %s", t.Name), "An admin who plays does not end it: another admin of the club can.")
	}
	reason = strings.TrimRight(reason, ".")
	var void []*game.Game
	var names []string
	for _, g := range tr.ev.Games {
		if g.Over {
			continue
		}
		gs, err := games.Load(u, g.ID)
		if err != nil {
			return reply.Section{}, err
		}
		void = append(void, gs)
		names = append(names, fmt.Sprintf("#%d", g.ID))
	}
	lines := []string{fmt.Sprintf("%s, an admin of the club, ended %s: %s.", u.Actor.Name, t.Name, reason)}
	if len(void) > 0 {
		lines = append(lines, "The games in play end unrated and count for nothing: "+strings.Join(names, ", ")+".")
	}
	// The event is over before its games end, so that their ends move it
	// no further (eventGameOver): no next round, no winner.
	t.Status, t.Updated = archive.TournamentOver, u.Now
	if err := u.Tx.UpdateTournament(t); err != nil {
		return reply.Section{}, err
	}
	if err := u.Tx.AddAct(t.ID, archive.Act{At: u.Now, ByID: u.Actor.ID, Act: "end", Detail: reason}); err != nil {
		return reply.Section{}, err
	}
	for _, gs := range void {
		if err := u.Tx.AddAct(t.ID, archive.Act{At: u.Now, ByID: u.Actor.ID, Act: "void", GameID: gs.Row.ID}); err != nil {
			return reply.Section{}, err
		}
		// Unrated before it ends, so that its end rates nothing.
		if err := u.Tx.SetUnrated(gs.Row.ID); err != nil {
			return reply.Section{}, err
		}
		if err := games.Finish(u, gs, gs.Pos.Result().Drawn(fmt.Sprintf("%s was ended by %s, an admin of the club: %s", t.Name, u.Actor.Name, reason))); err != nil {
			return reply.Section{}, err
		}
	}
	t.Finished, t.Updated, t.Note = u.Now, u.Now, strings.Join(lines, " ")
	if err := u.Tx.UpdateTournament(t); err != nil {
		return reply.Section{}, err
	}
	if tr, err = loadEvent(u, t); err != nil { // the games' ends, void
		return reply.Section{}, err
	}
	if err := tellOver(u, tr, 0, t.Note); err != nil {
		return reply.Section{}, err
	}
	return reply.Section{Title: fmt.Sprintf("%s is ended", t.Name), Lines: append(lines, "Its entrants are told.")}, nil
}
