package challenges

import (
	"postal/club/clock"
	"postal/club/games"
	"postal/club/reply"
	"postal/club/work"
	"postal/engine"
	"postal/notation"
	"strings"
)

// Proposal reads what a challenge or an event proposes: the game, its
// ruleset and options, and the time control (the club's when it names
// none); a refusal says what is wrong with them. The events ("tournament",
// "league", "ladder") read theirs with it too.
func Proposal(u *work.Unit, c notation.Command) (engine.Info, engine.Config, clock.Control, error) {
	info, cfg, err := games.ProposedGame(c.Game, c.Options)
	if err != nil {
		return info, cfg, clock.Control{}, err
	}
	ctl, err := Control(u.Club, c.Clock)
	return info, cfg, ctl, reply.Explain(err)
}

// Control reads the time control a proposal writes ("days N", "bank
// S+I/C", "untimed"), the default of club when it names none.
func Control(club *work.Club, written string) (clock.Control, error) {
	switch written {
	case "":
		return club.Control, nil
	case "untimed":
		return clock.Control{Kind: clock.None}, nil
	}
	return clock.ParseControl(written)
}

// ConfigWords are the words of a ruleset and options config of game, as a
// proposal writes them; none when they are the game's defaults.
func ConfigWords(game, config string) []string {
	if g, err := engine.Lookup(game); err == nil {
		if def, err := engine.Normalize(g.Info(), engine.Config{}); err == nil && def.String() == config {
			return nil
		}
	}
	return strings.Fields(config)
}

// ClockWords is a time control (clock.Control text) as a proposal writes
// it; "" when it is the club's default.
func ClockWords(club *work.Club, control string) string {
	switch ctl, _ := Control(club, ""); {
	case control == ctl.String():
		return ""
	case control == "none":
		return "untimed"
	}
	return control
}
