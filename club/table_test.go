package club

import (
	"strings"
	"testing"

	"postal/docs"
	"postal/notation"
)

// Every verb of the table has its section in docs/commands.md, which "help
// VERB" mails, and a line in the list at its head, which "help" mails, each
// within a text mail's 78 columns.
func TestCommandsDocumentEveryVerb(t *testing.T) {
	doc := docs.Commands()
	_, after, _ := strings.Cut(doc, "\n## Commands\n")
	index, _, _ := strings.Cut(after, "\n### ")
	for _, c := range commands {
		v := string(c.Verb)
		if !strings.Contains(doc, "\n### "+v+"\n") {
			t.Errorf("commands.md has no section on %q", v)
		}
		if !strings.Contains(index, "- `"+v) && !strings.Contains(index, ", `"+v) {
			t.Errorf("the list of commands has no line on %q", v)
		}
	}
	for _, line := range strings.Split(docs.Text(index, 78), "\n") {
		if strings.HasPrefix(line, "- ") && len([]rune(line)) > 78 {
			t.Errorf("a line of the list is wrapped: %q", line)
		}
	}
}

// What each command asks of its sender: a change needs a registered,
// proved player; one about the account (not a game) needs the account's
// own proof, which the reply address of one game's mail is not.
func TestCommandsProof(t *testing.T) {
	for _, tc := range []struct {
		line             string
		changes, account bool
	}{
		{"address", false, false},
		{"address add a@b.example", true, true},
		{"key abcdefghjkmnpqrstuvw", false, false},
		{"key new", true, true},
		{"challenge bob initiative", true, true},
		{"vacation 3", true, true},
		{"move 1 C3-D4", true, false},
		{"observe 1", true, false},
		{"record 1", false, false},
		{"if 1", false, false},
		{"if 1 clear", true, false},
		{"cancel 4", true, false},
		{"cancel cup the server lost a week", true, true},
		{"standings cup", false, false},
		{"tournaments", false, false},
		{"join cup", true, true},
		{"league spring initiative", true, true},
		{"climb top carol", true, true},
	} {
		c, err := notation.ParseCommand(tc.line, notation.ParseOptions{Language: language})
		if err != nil {
			t.Fatalf("%q: %v", tc.line, err)
		}
		changes := commandOf(c).changes(c)
		account := changes && !language.NeedsGame(c)
		if changes != tc.changes || account != tc.account {
			t.Errorf("%q: changes %v account %v, want %v %v", tc.line, changes, account, tc.changes, tc.account)
		}
	}
}

// The table and the language it makes agree: every row's usage starts with
// its verb, and no verb stands twice (NewLanguage panics on that).
func TestCommandTable(t *testing.T) {
	if len(language.Specs()) != len(commands) {
		t.Fatalf("%d verbs in the language, %d rows", len(language.Specs()), len(commands))
	}
	for _, c := range commands {
		if !strings.HasPrefix(c.Usage, string(c.Verb)+" ") && c.Usage != string(c.Verb) {
			t.Errorf("the usage of %s is %q", c.Verb, c.Usage)
		}
		if c.do == nil || c.changes == nil {
			t.Errorf("the row of %s is incomplete", c.Verb)
		}
	}
}
