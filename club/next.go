package club

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"postal/archive"
	"postal/club/challenges"
	"postal/club/game"
	"postal/club/games"
	"postal/club/published"
	"postal/club/rating"
	"postal/club/reply"
	"postal/docs/words"
	"postal/engine"
	"postal/notation"
)

// What comes next (issue 35): the start and end mails of events and games
// say it in one short paragraph. An event's start says its format, its
// rounds, when the next one starts and how results score (event.Plan); a
// game's start what it counts for; a game's end what follows it in its
// event ("standings NAME", the next round) or, outside one, the rematch.

// eventStarted tells each entrant of tr but the actor (whose reply says
// it) that it started: its plan, and their games of its first round by
// number, or their bye (byes: why, by player), in one mail beside each
// game's own.
func (w *job) eventStarted(tr *tournament, plan string, byes map[int64]string) error {
	for _, e := range tr.ev.Entrants {
		if e.Player == w.ActorID() {
			continue
		}
		p, err := w.Tx.PlayerByID(e.Player)
		if err != nil {
			return err
		}
		var games []string
		for _, g := range tr.ev.Games {
			if slices.Contains(g.Players, e.Player) {
				games = append(games, fmt.Sprintf("#%d (%s)", g.ID, tr.ev.Pairing(g)))
			}
		}
		yours := fmt.Sprintf("Your %s: %s; a mail about each follows.", words.Plural(len(games), "game"), strings.Join(games, ", "))
		switch {
		case byes[e.Player] != "":
			yours = fmt.Sprintf("You have a bye in round %d: %s. You will hear when the next round starts.", tr.ev.Round, byes[e.Player])
		case len(games) == 0:
			yours = "You have no game in this round."
		}
		err = w.send(reply.Mail{To: p.Address, Player: p, Subject: fmt.Sprintf("[postal] %s has started", tr.t.Name), Auto: "auto-generated",
			View: reply.View{Intro: []string{plan, yours}}})
		if err != nil {
			return err
		}
	}
	return nil
}

// eventPlan is what the start of tr says comes next (event.Plan), with the
// club's deadline of a round when it has one.
func (w *job) eventPlan(tr *tournament) string {
	plan := tr.ev.Plan()
	if tr.t.Format == "swiss" && w.s.opt.RoundDays > 0 {
		what := "the director adjudicates its unfinished games"
		if w.s.opt.RoundUnfinished == "draw" {
			what = "its unfinished games are drawn"
		}
		plan += fmt.Sprintf(" A round lasts at most %s: then %s.", words.Plural(w.s.opt.RoundDays, "day"), what)
	}
	return plan
}

// startNext is what the start of gs says comes next: what it counts for.
func (w *job) startNext(gs *game.Game) (string, error) {
	tid, _, err := w.Tx.TournamentOfGame(gs.Row.ID)
	if err == nil {
		t, err := w.Tx.TournamentByID(tid)
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("It counts for %s, and is rated once each player has moved; \"standings %s\" shows where %s stands.", t.Name, t.Name, t.Name), nil
	}
	if !errors.Is(err, archive.ErrNotFound) {
		return "", err
	}
	unrated, err := w.Tx.Unrated(gs.Row.ID)
	if err != nil || unrated {
		return "It is not rated.", err
	}
	cfg, _ := published.ParseConfig(gs.Row.Config, 0)
	list := rating.ListOf(gs.Row.Game, cfg.Ruleset)
	return fmt.Sprintf("It is rated in the club's %s list once each player has moved (\"ratings %s\").", list, gs.Row.Game), nil
}

// endNext is what the end of gs says comes next to p (nil: an observer):
// in an event, what follows and where it stands; outside one, to a player,
// the rematch. "" for nothing to say.
func (w *job) endNext(gs *game.Game, p *archive.Player) (string, error) {
	tid, _, err := w.Tx.TournamentOfGame(gs.Row.ID)
	if err == nil {
		t, err := w.Tx.TournamentByID(tid)
		if err != nil {
			return "", err
		}
		if t.Status != archive.TournamentRunning {
			return "", nil // ended with its event, which its mail says
		}
		tr, err := w.loadEvent(t)
		if err != nil {
			return "", err
		}
		return strings.TrimSpace(tr.ev.AfterGame(gs.Row.ID) + fmt.Sprintf(" \"standings %s\" shows the table.", t.Name)), nil
	}
	if !errors.Is(err, archive.ErrNotFound) {
		return "", err
	}
	seat := gs.Side(p)
	if seat < 0 {
		return "", nil
	}
	c, err := w.rematch(gs, seat)
	if err != nil {
		return "", err
	}
	if gs.More() {
		return fmt.Sprintf("Another game with the same players: \"%s\".", c), nil
	}
	return fmt.Sprintf("A rematch, the seats swapped: \"%s\".", c), nil
}

// rematch is the challenge of the players of gs by the player at seat:
// the same game, ruleset, options and clock (words the defaults leave out),
// the bot at its level, rated or not as it was; in a game of two, from the
// other seat.
func (w *job) rematch(gs *game.Game, seat engine.Player) (string, error) {
	c := notation.Command{Verb: notation.CmdChallenge, Game: gs.Row.Game, Options: w.s.configWords(gs.Row.Game, gs.Row.Config), Clock: w.s.clockWords(published.Control(gs.Row).String())}
	for i, p := range gs.Players {
		if engine.Player(i) == seat {
			continue
		}
		if w.s.isOwn(p.Address) { // the club's bot
			level, err := w.Tx.BotLevel(gs.Row.ID)
			if err != nil {
				return "", err
			}
			c.Level = level
		}
		name := p.Name
		if c.Arg == "" {
			c.Arg = name
		} else {
			c.Others = append(c.Others, name)
		}
	}
	if !gs.More() {
		c.As = map[engine.Player]string{engine.First: "second", engine.Second: "first"}[seat]
	}
	unrated, err := w.Tx.Unrated(gs.Row.ID)
	c.Unrated = unrated
	return language.String(c), err
}

// configWords are the words of a ruleset and options config of game, as a
// proposal writes them; none when they are the game's defaults.
func (s *Service) configWords(game, config string) []string {
	if g, err := engine.Lookup(game); err == nil {
		if def, err := engine.Normalize(g.Info(), engine.Config{}); err == nil && def.String() == config {
			return nil
		}
	}
	return strings.Fields(config)
}

// clockWords is a time control (clock.Control text) as a proposal writes
// it; "" when it is the club's default.
func (s *Service) clockWords(control string) string {
	switch ctl, _ := challenges.Control(s.club, ""); {
	case control == ctl.String():
		return ""
	case control == "none":
		return "untimed"
	}
	return control
}

// endLines are what the end of gs says to p after its result, dice and
// ratings: what comes next (endNext), and, to a player of a game with
// messages, whether they are published.
func (w *job) endLines(gs *game.Game, p *archive.Player) ([]string, error) {
	var lines []string
	next, err := w.endNext(gs, p)
	if err != nil {
		return nil, err
	}
	if next != "" {
		lines = append(lines, next)
	}
	if gs.Side(p) < 0 {
		return lines, nil
	}
	talk, err := games.MessagesLine(w.Unit, gs)
	if talk != "" {
		lines = append(lines, talk)
	}
	return lines, err
}
