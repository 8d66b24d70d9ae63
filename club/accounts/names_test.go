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
	// An event's name is a player's: letters, digits, '-' and '_'; a
	// '.' made "sa1.html" the page tournaments/sa1.html.html.
	for _, name := range []string{"sa1.html", "spring.cup", "cup!"} {
		r := NameRefusal(name, "tournament")
		if r == nil || !strings.Contains(strings.Join(r.Lines, " "), "A tournament's name is a letter, then letters, digits, '-' or '_'") {
			t.Errorf("%s: %v, want refused for its characters", name, r)
		}
	}
	for _, name := range []string{"alice", "spring-cup", "games2", "cup_2"} {
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
		// Digits that look like letters pass for them: 0 for o, 1 for l or i.
		{"b0t", "", `"bot"`},
		{"b-0-t_7", "", `"bot"`},
		{"r3x", "rex", ""},
		{"1ily", "lily", `"lily"`},
		{"lily2", "1ily", `"1ily"`},
		{"iily", "lily", `"lily"`},
		{"b0b", "", ""},
		{"olivia", "", ""},
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
