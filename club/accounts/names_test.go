package accounts

import (
	"strings"
	"testing"
)

func TestNameRefusal(t *testing.T) {
	for _, name := range []string{"index", "games", "players", "tournaments", "feed"} {
		r := NameRefusal(name, "tournament")
		if r == nil || r.Title != "a tournament cannot be called "+name {
			t.Errorf("%s: %v, want refused as a page of the site", name, r)
		}
	}
	for _, name := range []string{"alice", "spring-cup", "games2"} {
		if r := NameRefusal(name, "tournament"); r != nil {
			t.Errorf("%s: refused: %s", name, r.Title)
		}
	}
}

func TestPlayerNameRefusal(t *testing.T) {
	for _, c := range []struct {
		name, bot string
		refused   string // a word of the refusal; "" when the name may be taken
	}{
		{"alice", "", ""},
		{"bob_2", "", ""},
		{"carol-x", "rex", ""},
		{"index", "", "page or folder"},
		{"bob.html", "", "no '.'"},
		{"Alice", "", "no '.'"}, // names are lower case by then: an upper case letter is no letter of a name
		{"bot", "", `"bot"`},
		{"bot-2", "", `"bot"`},
		{"b_o_t9", "", `"bot"`},
		{"robot", "", ""},
		{"rex", "rex", `"rex"`},
		{"r-e-x-ii", "r-ex", `"rex"`},
		{"rex", "", ""},
	} {
		r := PlayerNameRefusal(c.name, c.bot)
		switch {
		case c.refused == "" && r != nil:
			t.Errorf("%s (bot %q): refused: %s", c.name, c.bot, r.Title)
		case c.refused != "" && r == nil:
			t.Errorf("%s (bot %q): taken, want refused", c.name, c.bot)
		case c.refused != "" && !strings.Contains(r.Title+" "+strings.Join(r.Lines, " "), c.refused):
			t.Errorf("%s (bot %q): %s %q, want it to say %s", c.name, c.bot, r.Title, r.Lines, c.refused)
		}
	}
}

func TestHashKey(t *testing.T) {
	k := HashKey("abcdEFGH2345")
	if len(k) != 64 || strings.Contains(k, "abcd") {
		t.Fatalf("HashKey = %q: want 64 hex digits, not the key", k)
	}
	if HashKey("  ABCDefgh2345\t") != k {
		t.Error("a key written in another case, or with spaces around it, hashes otherwise")
	}
	if HashKey("abcdEFGH2346") == k {
		t.Error("two keys hash alike")
	}
}
