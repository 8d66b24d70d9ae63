package engine

import (
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Config chooses a ruleset and options for a new game. Seed feeds the game's
// chance source (see [ChanceSource]); games without chance ignore it.
// Version is the version of the rules to play by ([Info.Version]): "" for
// the current one; a record written under an older version sets it (its
// RulesVersion tag), so that it replays as it was played.
type Config struct {
	Ruleset string
	Options map[string]string
	Seed    uint64
	Version string
}

// Option returns the value of option name, or "" when unset.
func (c Config) Option(name string) string { return c.Options[name] }

// String writes the ruleset and options as a record's Options tag does:
// "backfire order=5" (options sorted by name).
func (c Config) String() string {
	parts := []string{c.Ruleset}
	keys := make([]string, 0, len(c.Options))
	for k := range c.Options {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		parts = append(parts, k+"="+c.Options[k])
	}
	return strings.Join(parts, " ")
}

// Normalize checks cfg against the game's Info and fills in defaults: the
// default ruleset when none is named, every option's default when unset.
// Names and values are matched case-insensitively and returned lower case.
func Normalize(info Info, cfg Config) (Config, error) {
	out := Config{Seed: cfg.Seed, Options: map[string]string{}}
	v, err := rulesVersion(info, cfg.Version)
	if err != nil {
		return Config{}, err
	}
	out.Version = v
	rs := strings.ToLower(strings.TrimSpace(cfg.Ruleset))
	if rs == "" {
		rs = info.Rulesets[0].Name
	}
	if !slices.ContainsFunc(info.Rulesets, func(r Ruleset) bool { return r.Name == rs }) {
		return Config{}, badConfig("%s has no ruleset %q (rulesets: %s)", info.Name, rs, rulesetNames(info))
	}
	out.Ruleset = rs
	for k, v := range cfg.Options {
		k, v = strings.ToLower(strings.TrimSpace(k)), strings.ToLower(strings.TrimSpace(v))
		i := slices.IndexFunc(info.Options, func(o Option) bool { return o.Name == k })
		if i < 0 {
			return Config{}, badConfig("%s has no option %q", info.Name, k)
		}
		o := info.Options[i]
		if !o.For(rs) && slices.Contains(o.Ignore, rs) {
			continue // written by old records: read and dropped
		}
		if !o.For(rs) {
			return Config{}, badConfig("option %s of %s does not apply to ruleset %s (only to %s)", k, info.Name, rs, strings.Join(o.Rulesets, ", "))
		}
		if len(o.Values) > 0 && !slices.Contains(o.Values, v) {
			return Config{}, badConfig("option %s of %s must be one of %s, not %q", k, info.Name, strings.Join(o.Values, ", "), v)
		}
		out.Options[k] = v
	}
	for _, o := range info.Options {
		if _, ok := out.Options[o.Name]; !ok && o.For(rs) {
			out.Options[o.Name] = o.Default
		}
	}
	return out, nil
}

// rulesVersion checks a version of the rules asked for against the game's:
// "" for the current one, its number for an older one; a version newer
// than the game's (a record written by a later postal) is an error.
func rulesVersion(info Info, v string) (string, error) {
	v = strings.TrimSpace(v)
	cur := info.RulesVersion()
	if v == "" || v == cur {
		return "", nil
	}
	n, err := strconv.Atoi(v)
	c, _ := strconv.Atoi(cur)
	switch {
	case err != nil || n < 1:
		return "", badConfig("rules version %q of %s is not a number from 1", v, info.Name)
	case n > c:
		return "", badConfig("rules version %s of %s is newer than this postal's (%s)", v, info.Name, cur)
	}
	return strconv.Itoa(n), nil
}

// OlderVersion is v, a version of the rules asked for (a record's
// RulesVersion), when it is older than the game's current one, as
// Config.Version names it; "" for the current version or one that is no
// version of the game's.
func (i Info) OlderVersion(v string) string {
	older, err := rulesVersion(i, v)
	if err != nil {
		return ""
	}
	return older
}

func rulesetNames(info Info) string {
	names := make([]string, len(info.Rulesets))
	for i, r := range info.Rulesets {
		names[i] = r.Name
	}
	return strings.Join(names, ", ")
}

// ParseOptions reads "k=v" words (as given on the command line or in a
// challenge) into a map.
func ParseOptions(words []string) (map[string]string, error) {
	m := map[string]string{}
	for _, w := range words {
		k, v, ok := strings.Cut(w, "=")
		if !ok || k == "" || v == "" {
			return nil, badConfig("option %q is not of the form name=value", w)
		}
		m[strings.ToLower(k)] = v
	}
	return m, nil
}
