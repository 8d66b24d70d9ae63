package event

import (
	"strings"
	"testing"

	"postal/notation"
)

// The registry is the one list of formats: names once each, "tournament"'s
// formats in the order its errors list them, and every kind made for games
// of two, its page matched by what its format does (the loader fills a
// league's page from a Seasonal format, a ladder's from a Climbing one).
func TestRegistry(t *testing.T) {
	seen := map[string]bool{}
	for _, k := range Kinds() {
		if seen[k.Name] {
			t.Errorf("%s registered twice", k.Name)
		}
		seen[k.Name] = true
		f, ok := k.Make(2, nil)
		if !ok || f == nil || f.Name() != k.Name {
			t.Errorf("%s made for games of two: %v, %v", k.Name, f, ok)
			continue
		}
		_, seasonal := f.(Seasonal)
		_, climbing := f.(Climbing)
		if seasonal != (k.Page == LeaguePage) || climbing != (k.Page == LadderPage) {
			t.Errorf("%s: page %s, seasonal %v, climbing %v", k.Name, k.Page, seasonal, climbing)
		}
		if (k.Verb == notation.CmdTournament) != (k.Page == TournamentPage) {
			t.Errorf("%s: proposed by %q, page %s", k.Name, k.Verb, k.Page)
		}
	}
	if got := TournamentUsage(); got != "round-robin|double-round-robin|swiss ROUNDS|knockout|cup [groups N] [advance N]" {
		t.Errorf("TournamentUsage() = %q", got)
	}
	var names []string
	for _, f := range TournamentFormats() {
		names = append(names, f.Name)
	}
	if got := strings.Join(names, " "); got != "round-robin double-round-robin swiss knockout cup" {
		t.Errorf("TournamentFormats: %s", got)
	}
}

// A format is made from the settings stored with its event: a Swiss's
// rounds, a league's numbers; a format that plays no games of that many is
// none, but a round robin of a game of more is one of tables.
func TestFormatOfSettings(t *testing.T) {
	f, ok := FormatOf("swiss", 2, Settings{"rounds": 5})
	if !ok || f.Words(&Event{}) != "Swiss of 5 rounds" || f.(Paced).Round(2).Label() != "round 2 of 5" {
		t.Errorf("swiss 5: %v %v", f, ok)
	}
	if _, ok := FormatOf("swiss", 3, Settings{"rounds": 5}); ok {
		t.Error("a Swiss of games of three")
	}
	if f, ok := FormatOf("round-robin", 3, nil); !ok || f.Words(nil) != "round robin of tables of 3" {
		t.Errorf("a round robin of games of three: %v %v", f, ok)
	}
	l, ok := FormatOf(LeagueName, 2, leagueKind.Settings(map[string]int{"size": 4, "double": 1}))
	if !ok || l.Words(nil) != "league in divisions of 4 (double round robins), 1 up and down a season" {
		t.Errorf("a league: %v", l.Words(nil))
	}
	if _, ok := FormatOf(LadderName, 3, nil); ok {
		t.Error("a ladder of games of three")
	}
	if _, ok := FormatOf("pyramid", 2, nil); ok {
		t.Error("a format the club does not play")
	}
}
