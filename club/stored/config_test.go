package stored

import (
	"maps"
	"testing"

	"postal/engine"
)

// ParseConfig reads back what engine.Config.String writes, as the archive
// stores it, and refuses an option that is no name=value.
func TestParseConfig(t *testing.T) {
	for _, c := range []engine.Config{
		{Ruleset: "backfire", Options: map[string]string{"order": "5", "players": "3"}},
		{Ruleset: "standard", Options: map[string]string{}},
	} {
		got, err := ParseConfig(c.String(), 7)
		if err != nil || got.Ruleset != c.Ruleset || !maps.Equal(got.Options, c.Options) || got.Seed != 7 {
			t.Errorf("ParseConfig(%q) = %+v, %v; want %+v with seed 7", c.String(), got, err, c)
		}
	}
	if got, err := ParseConfig("pile=99", 0); err != nil || got.Ruleset != "" || got.Options["pile"] != "99" {
		t.Errorf("ParseConfig(\"pile=99\") = %+v, %v; want no ruleset, pile 99", got, err)
	}
	if _, err := ParseConfig("standard order", 0); err == nil {
		t.Error("ParseConfig(\"standard order\") read an option without a value")
	}
}
