package templates

import (
	"flag"
	"os"
	"testing"
)

var update = flag.Bool("update", false, "copy docs/commands.md to mail/commands.md")

// TestHelpIsTheDocs checks that the help postal mails is docs/commands.md:
// An embed directive cannot reach ../docs, so the file is kept as a copy.
func TestHelpIsTheDocs(t *testing.T) {
	docs, err := os.ReadFile("../docs/commands.md")
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile("mail/commands.md", docs, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := Mail.ReadFile("mail/commands.md")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(docs) {
		t.Fatal("templates/mail/commands.md differs from docs/commands.md: run go test ./templates -update")
	}
}
