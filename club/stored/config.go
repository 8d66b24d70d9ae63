package stored

import (
	"strings"

	"postal/engine"
)

// ParseConfig reads the ruleset and options a game or a tournament stores
// as text, as engine.Config.String writes them: "backfire order=5", the
// ruleset first unless the first word is an option. Seed becomes the
// config's.
func ParseConfig(s string, seed uint64) (engine.Config, error) {
	words := strings.Fields(s)
	cfg := engine.Config{Seed: seed}
	if len(words) > 0 && !strings.Contains(words[0], "=") {
		cfg.Ruleset, words = words[0], words[1:]
	}
	opts, err := engine.ParseOptions(words)
	cfg.Options = opts
	return cfg, err
}
