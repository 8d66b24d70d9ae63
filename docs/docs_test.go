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

// The list at the head of the commands ("help" mails it, issue 28) has a
// line for every verb, each within a text mail's 78 columns.
func TestCommandIndexNamesEveryVerb(t *testing.T) {
	_, after, _ := strings.Cut(Commands(), "\n## Commands\n")
	index, _, _ := strings.Cut(after, "\n### ")
	for _, v := range notation.Verbs {
		if !strings.Contains(index, "- `"+string(v)) && !strings.Contains(index, ", `"+string(v)) {
			t.Errorf("the list of commands has no line on %q", v)
		}
	}
	for _, line := range strings.Split(Text(index, 78), "\n") {
		if strings.HasPrefix(line, "- ") && len([]rune(line)) > 78 {
			t.Errorf("a line of the list is wrapped: %q", line)
		}
	}
}
