package club

import (
	"errors"
	"fmt"
	"strconv"
	"time"

	"postal/archive"
	"postal/club/clock"
	"postal/club/game"
	"postal/club/games"
	"postal/club/reply"
	"postal/docs/words"
	"postal/engine"
	"postal/notation"
)

// The director's acts: adjudicate a game, extend its time, remove a
// player. Each is in the tournament's record (tournament_acts), which its
// page shows, and the players concerned are told.

// directedGame loads game id of a tournament the actor directs, still in
// play.
func (h *handling) directedGame(id int64) (*game.Game, *archive.Tournament, error) {
	gs, err := games.Named(h.Unit, id)
	if err != nil {
		return nil, nil, err
	}
	tid, _, err := h.Tx.TournamentOfGame(id)
	if errors.Is(err, archive.ErrNotFound) {
		return nil, nil, reply.Refuse(fmt.Sprintf("game #%d is not a tournament game", id), "A director acts on the games of their tournaments only.")
	}
	if err != nil {
		return nil, nil, err
	}
	t, err := h.Tx.TournamentByID(tid)
	if err != nil {
		return nil, nil, err
	}
	if !h.s.directs(t, h.Actor) {
		return nil, nil, reply.Refuse(fmt.Sprintf("you do not direct %s", t.Name), fmt.Sprintf("Game #%d belongs to %s; its director or the club's admins act on it.", id, t.Name))
	}
	if err := h.notOwnGame(gs, t); err != nil { // selfjudge.go
		return nil, nil, err
	}
	if gs.Row.Status != archive.GameActive {
		return nil, nil, reply.Refuse(fmt.Sprintf("game #%d is over", id), "Result: "+gs.ResultText()+".")
	}
	return gs, t, nil
}

// adjudicate is "adjudicate GAME RESULT": the director ends a game of two
// with a result (after a round's deadline, or a dispute).
func (h *handling) adjudicate(c notation.Command) (reply.Section, error) {
	gs, t, err := h.directedGame(c.ID)
	if err != nil {
		return reply.Section{}, err
	}
	if gs.More() {
		return reply.Section{}, reply.Refuse(fmt.Sprintf("game #%d is a game of %d", c.ID, len(gs.Players)), "A director adjudicates games of two; in a game of more, \"remove\" takes a player out.")
	}
	reason := fmt.Sprintf("adjudicated by %s, directing %s", h.Actor.Name, t.Name)
	r := engine.Result{Kind: engine.Draw, Reason: reason}
	switch c.Value {
	case "1-0":
		r = engine.Result{Kind: engine.Win, Winner: engine.First, Reason: reason}
	case "0-1":
		r = engine.Result{Kind: engine.Win, Winner: engine.Second, Reason: reason}
	}
	if err := h.Tx.AddAct(t.ID, archive.Act{At: h.Now, ByID: h.Actor.ID, Act: "adjudicate", GameID: c.ID, Detail: c.Value}); err != nil {
		return reply.Section{}, err
	}
	if err := h.Tx.AddEvent(h.Now, "adjudicate", c.ID, h.Actor.ID, c.Value); err != nil {
		return reply.Section{}, err
	}
	if err := games.Finish(h.Unit, gs, r); err != nil {
		return reply.Section{}, err
	}
	return reply.Section{Title: fmt.Sprintf("game #%d adjudicated: %s", c.ID, c.Value), Lines: []string{"Result: " + gs.ResultText() + ".", "The players are told; the act is in the record of " + t.Name + "."}, Game: c.ID}, nil
}

// extend is "extend GAME DAYS": the turn in play gets more time.
func (h *handling) extend(c notation.Command) (reply.Section, error) {
	gs, t, err := h.directedGame(c.ID)
	if err != nil {
		return reply.Section{}, err
	}
	if gs.Row.Deadline.IsZero() {
		return reply.Section{}, reply.Refuse(fmt.Sprintf("game #%d has no clock running", c.ID), "An untimed game needs no more time.")
	}
	days, _ := strconv.Atoi(c.Value)
	// Under a time bank the turn's time is what the deadline leaves of the
	// bank (spendClock): a later deadline spends less of it.
	gs.Row.Deadline = gs.Row.Deadline.Add(time.Duration(days) * clock.Day)
	gs.Row.Flagged, gs.Row.Updated = time.Time{}, h.Now
	if err := h.Tx.UpdateGame(gs.Row); err != nil {
		return reply.Section{}, err
	}
	if err := h.Tx.AddAct(t.ID, archive.Act{At: h.Now, ByID: h.Actor.ID, Act: "extend", GameID: c.ID, Detail: words.Plural(days, "day")}); err != nil {
		return reply.Section{}, err
	}
	if err := h.Tx.AddEvent(h.Now, "extend", c.ID, h.Actor.ID, c.Value); err != nil {
		return reply.Section{}, err
	}
	line := fmt.Sprintf("%s, directing %s, gave game #%d %s more: the deadline is now %s.", h.Actor.Name, t.Name, c.ID, words.Plural(days, "day"), clock.When(gs.Row.Deadline))
	if err := games.TellAll(h.Unit, gs, -1, []string{line}); err != nil {
		return reply.Section{}, err
	}
	return reply.Section{Title: fmt.Sprintf("game #%d extended by %s", c.ID, words.Plural(days, "day")), Lines: []string{line}, Game: c.ID}, nil
}

// remove is "remove PLAYER [from NAME] REASON": the director takes a player
// out, with a reason every entrant receives. Without a name, the
// tournament is the one the actor directs that the player is in.
func (h *handling) remove(c notation.Command) (reply.Section, error) {
	p, err := h.Tx.PlayerByName(c.Arg)
	if errors.Is(err, archive.ErrNotFound) {
		return reply.Section{}, reply.Refuse(fmt.Sprintf("there is no player called %s", c.Arg))
	}
	if err != nil {
		return reply.Section{}, err
	}
	var t *archive.Tournament
	if c.Setting != "" {
		if t, err = h.eventNamed(c.Setting); err != nil {
			return reply.Section{}, err
		}
	} else {
		ts, err := h.Tx.TournamentsOf(p.ID)
		if err != nil {
			return reply.Section{}, err
		}
		var mine []*archive.Tournament
		for _, t := range ts {
			if h.s.directs(t, h.Actor) {
				mine = append(mine, t)
			}
		}
		switch len(mine) {
		case 0:
			return reply.Section{}, reply.Refuse(fmt.Sprintf("%s is in no tournament you direct", p.Name))
		case 1:
			t = mine[0]
		default:
			return reply.Section{}, reply.Refuse(fmt.Sprintf("%s is in %d tournaments you direct", p.Name, len(mine)), fmt.Sprintf("Name one: remove %s from NAME %s", p.Name, c.Value))
		}
	}
	if !h.s.directs(t, h.Actor) {
		return reply.Section{}, reply.Refuse(fmt.Sprintf("you do not direct %s", t.Name))
	}
	ev, err := h.loadEvent(t)
	if err != nil {
		return reply.Section{}, err
	}
	if err := h.notCompeting(ev); err != nil { // selfjudge.go
		return reply.Section{}, err
	}
	e := ev.entrant(p.ID)
	if e == nil || !e.In() {
		return reply.Section{}, reply.Refuse(fmt.Sprintf("%s is not in %s", p.Name, t.Name))
	}
	switch t.Status {
	case archive.TournamentOver:
		return reply.Section{}, reply.Refuse(fmt.Sprintf("%s is over", t.Name))
	case archive.TournamentOpen:
		if err := h.Tx.RemoveEntrant(t.ID, p.ID, h.Now); err != nil {
			return reply.Section{}, err
		}
		if err := h.Tx.AddAct(t.ID, archive.Act{At: h.Now, ByID: h.Actor.ID, Act: archive.EntrantRemoved, PlayerID: p.ID, Detail: c.Value}); err != nil {
			return reply.Section{}, err
		}
		line := fmt.Sprintf("%s, directing %s, removed %s: %s", h.Actor.Name, t.Name, p.Name, c.Value)
		if err := h.tellEvent(ev, fmt.Sprintf("[postal] %s: %s is out", t.Name, p.Name), []string{line}, false, h.Actor.ID); err != nil {
			return reply.Section{}, err
		}
		return reply.Section{Title: fmt.Sprintf("%s removed from %s", p.Name, t.Name), Lines: []string{line}}, nil
	}
	lines, err := h.withdrawEntrant(ev, p.ID, archive.EntrantRemoved, c.Value, h.Actor.ID)
	if err != nil {
		return reply.Section{}, err
	}
	return reply.Section{Title: fmt.Sprintf("%s removed from %s", p.Name, t.Name), Lines: lines}, nil
}
