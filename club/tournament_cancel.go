package club

import (
	"fmt"
	"slices"
	"strings"

	"postal/archive"
	"postal/club/game"
	"postal/notation"
)

// Getting rid of an event (issue 35): "cancel NAME" by its director before
// it starts; "cancel NAME REASON" by an admin of the club once it runs,
// whose games in play then end unrated and count for nothing (each named
// in the record, act "void"); and an event whose director left it, which
// lapses (tournament_clock.go).

// cancelEvent is "cancel NAME [REASON]".
func (h *handling) cancelEvent(c notation.Command) (section, error) {
	t, err := h.eventNamed(c.Arg)
	if err != nil {
		return section{}, err
	}
	switch t.Status {
	case archive.TournamentOver:
		return section{}, refuse(fmt.Sprintf("%s is over", t.Name), overLines(t)...)
	case archive.TournamentRunning:
		return h.endEvent(t, c.Value)
	}
	if !h.s.directs(t, h.actor) {
		return section{}, refuse(fmt.Sprintf("only its director cancels %s", t.Name), fmt.Sprintf("Its director or an admin of the club may; \"leave %s\" takes you out.", t.Name))
	}
	tr, err := h.loadEvent(t)
	if err != nil {
		return section{}, err
	}
	news := fmt.Sprintf("%s, directing %s, cancelled it before it started.", h.actor.Name, t.Name)
	if c.Value != "" {
		news = fmt.Sprintf("%s, directing %s, cancelled it before it started: %s.", h.actor.Name, t.Name, strings.TrimRight(c.Value, "."))
	}
	if err := h.tx.AddAct(t.ID, archive.Act{At: h.now, ByID: h.actor.ID, Act: "cancel", Detail: c.Value}); err != nil {
		return section{}, err
	}
	if err := h.closeEvent(tr, fmt.Sprintf("[postal] %s is cancelled", t.Name), news); err != nil {
		return section{}, err
	}
	return section{Title: fmt.Sprintf("%s is cancelled", t.Name), Lines: []string{"It had not started: no game was played. Its entrants are told."}}, nil
}

// closeEvent ends tr, not started, with note, which every entrant and the
// director (but the actor) receive under subject: cancelled, or lapsed.
func (w *work) closeEvent(tr *tournament, subject, note string) error {
	t := tr.t
	t.Status, t.Finished, t.Updated, t.Note = archive.TournamentOver, w.now, w.now, note
	if err := w.tx.UpdateTournament(t); err != nil {
		return err
	}
	return w.tellEvent(tr, subject, []string{note}, false, w.actorID())
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
func (h *handling) endEvent(t *archive.Tournament, reason string) (section, error) {
	switch {
	case !slices.Contains(h.s.opt.Admins, h.actor.Name):
		return section{}, refuse(fmt.Sprintf("%s has started: an admin of the club ends it", t.Name),
			fmt.Sprintf("Once it runs, only an admin of the club (set in its config, [club] admins) ends it, with a reason: \"cancel %s REASON\". Its director may adjudicate, extend and remove.", t.Name))
	case reason == "":
		return section{}, refuse(fmt.Sprintf("%s has started: ending it needs a reason", t.Name), fmt.Sprintf("Write \"cancel %s REASON\": every entrant receives it.", t.Name))
	}
	tr, err := h.loadEvent(t)
	if err != nil {
		return section{}, err
	}
	if e := tr.entrant(h.actor.ID); e != nil && e.In() {
		return section{}, refuse(fmt.Sprintf("you play in %s", t.Name), "An admin who plays does not end it: another admin of the club can.")
	}
	reason = strings.TrimRight(reason, ".")
	var void []*game.Game
	var names []string
	for _, g := range tr.ev.Games {
		if g.Over {
			continue
		}
		gs, err := h.loadGame(g.ID)
		if err != nil {
			return section{}, err
		}
		void = append(void, gs)
		names = append(names, fmt.Sprintf("#%d", g.ID))
	}
	lines := []string{fmt.Sprintf("%s, an admin of the club, ended %s: %s.", h.actor.Name, t.Name, reason)}
	if len(void) > 0 {
		lines = append(lines, "The games in play end unrated and count for nothing: "+strings.Join(names, ", ")+".")
	}
	// The event is over before its games end, so that their ends move it
	// no further (eventGameOver): no next round, no winner.
	t.Status, t.Updated = archive.TournamentOver, h.now
	if err := h.tx.UpdateTournament(t); err != nil {
		return section{}, err
	}
	if err := h.tx.AddAct(t.ID, archive.Act{At: h.now, ByID: h.actor.ID, Act: "end", Detail: reason}); err != nil {
		return section{}, err
	}
	for _, gs := range void {
		if err := h.tx.AddAct(t.ID, archive.Act{At: h.now, ByID: h.actor.ID, Act: "void", GameID: gs.Row.ID}); err != nil {
			return section{}, err
		}
		// Unrated before it ends, so that its end rates nothing
		// (ratings.go).
		if err := h.tx.SetUnrated(gs.Row.ID); err != nil {
			return section{}, err
		}
		if err := h.finish(gs, gs.Pos.Result().Drawn(fmt.Sprintf("%s was ended by %s, an admin of the club: %s", t.Name, h.actor.Name, reason))); err != nil {
			return section{}, err
		}
	}
	t.Finished, t.Updated, t.Note = h.now, h.now, strings.Join(lines, " ")
	if err := h.tx.UpdateTournament(t); err != nil {
		return section{}, err
	}
	if tr, err = h.loadEvent(t); err != nil { // the games' ends, void
		return section{}, err
	}
	if err := h.tellOver(tr, 0, t.Note); err != nil {
		return section{}, err
	}
	return section{Title: fmt.Sprintf("%s is ended", t.Name), Lines: append(lines, "Its entrants are told.")}, nil
}
