package docs

import (
	"io/fs"
	"strings"
	"testing"

	"postal/engine"
	_ "postal/engine/allgames"
)

// Every game postal plays has its rules page, and it says which game it is.
func TestEveryGameHasRules(t *testing.T) {
	for _, g := range engine.Games() {
		name := g.Info().Name
		b, err := fs.ReadFile(Rules(), name+".md")
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if !strings.HasPrefix(string(b), "# ") {
			t.Errorf("%s.md does not open with a title", name)
		}
	}
}
