package challenges

import (
	"fmt"
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
	info, cfg, err := proposedGame(c.Game, c.Options)
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

// proposedGame reads the game, ruleset and options a proposal names.
func proposedGame(game string, words []string) (engine.Info, engine.Config, error) {
	g, err := engine.Lookup(game)
	if err != nil {
		return engine.Info{}, engine.Config{}, reply.Refuse(fmt.Sprintf("postal does not play %q", game), "Write \"games\" for the games postal plays.")
	}
	info := g.Info()
	var rs string
	var optWords []string
	for _, w := range words {
		if strings.Contains(w, "=") {
			optWords = append(optWords, w)
		} else if rs == "" {
			rs = w
		} else {
			return info, engine.Config{}, reply.Refuse(fmt.Sprintf("two rulesets: %s and %s", rs, w), "Name at most one ruleset.\n"+games.Describe(info))
		}
	}
	opts, err := engine.ParseOptions(optWords)
	if err != nil {
		return info, engine.Config{}, reply.Explain(err)
	}
	cfg, err := engine.Normalize(info, engine.Config{Ruleset: rs, Options: opts})
	if ue, ok := reply.Explain(err).(*reply.Refusal); ok {
		ue.Pre = games.Describe(info) // what the game has
		return info, cfg, ue
	}
	return info, cfg, err
}
