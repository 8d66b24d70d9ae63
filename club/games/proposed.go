package games

import (
	"fmt"
	"strings"

	"postal/club/reply"
	"postal/engine"
)

// ProposedGame reads the game, ruleset and options a proposal names (a
// challenge's, an event's) or an exploration ("explore"): the words after
// the game, the ruleset and NAME=VALUE options in any order; a refusal says
// what is wrong with them and lists what the game has.
func ProposedGame(game string, words []string) (engine.Info, engine.Config, error) {
	g, err := engine.Lookup(game)
	if err != nil {
		return engine.Info{}, engine.Config{}, reply.Refuse(fmt.Sprintf("postal does not play %q", game), "Write \"games\" for the games postal plays.")
	}
	info := g.Info()
	var rs string
	var optWords []string
	for _, w := range words {
		if v, ok := strings.CutPrefix(w, "ruleset="); ok {
			w = v // "ruleset=vs-chess", as a record's tag would say it, is "vs-chess"
		}
		if strings.Contains(w, "=") {
			optWords = append(optWords, w)
		} else if rs == "" {
			rs = w
		} else {
			return info, engine.Config{}, reply.Refuse(fmt.Sprintf("two rulesets: %s and %s", rs, w), "Name at most one ruleset.\n"+Describe(info, engine.Config{}))
		}
	}
	opts, err := engine.ParseOptions(optWords)
	if err != nil {
		return info, engine.Config{}, reply.Explain(err)
	}
	cfg, err := engine.Normalize(info, engine.Config{Ruleset: rs, Options: opts})
	if ue, ok := reply.Explain(err).(*reply.Refusal); ok {
		ue.Pre = Describe(info, engine.Config{}) // what the game has
		return info, cfg, ue
	}
	return info, cfg, err
}
