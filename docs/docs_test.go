package docs

import (
	"io/fs"
	"strings"
	"testing"

	"postal/engine"
	_ "postal/engine/allgames"
	"postal/notation"
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

// Every verb of the command language has its section in commands.md (which
// "help VERB" mails).
func TestCommandsDocumentEveryVerb(t *testing.T) {
	for _, v := range notation.Verbs {
		if !strings.Contains(Commands(), "\n### "+string(v)+"\n") {
			t.Errorf("commands.md has no section on %q", v)
		}
	}
}
