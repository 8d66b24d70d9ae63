package site

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"postal/notation"
)

// multiGame is a game of Superial Chess for players (R13), played by moves
// written "Side: move", read as a record.
func multiGame(t *testing.T, id int64, players []string, moves ...string) Game {
	t.Helper()
	var b strings.Builder
	fmt.Fprintf(&b, "[Game \"superial-chess\"]\n[Ruleset \"multiplayer\"]\n[Options \"players=%d\"]\n", len(players))
	for i, p := range players {
		fmt.Fprintf(&b, "[%s %q]\n", []string{"South", "West", "North", "East"}[i], p)
	}
	b.WriteString("\n")
	for i, m := range moves {
		fmt.Fprintf(&b, "%d. %s ", i+1, m)
	}
	r, err := notation.ReadRecord(b.String())
	if err != nil {
		t.Fatal(err)
	}
	positions, err := r.Replay()
	if err != nil {
		t.Fatal(err)
	}
	pos := positions[len(positions)-1]
	r.Result = pos.Result()
	gm := Game{ID: id, Record: r, Position: pos.String(), Started: base, Updated: base.Add(time.Duration(id) * time.Hour)}
	if r.Result.Over() {
		gm.Finished = gm.Updated
		r.SetTag("Termination", r.Result.Reason)
	}
	return gm
}

// TestMultiplayerPages checks the pages of games of three and four players
// (Superial Chess R13d, R13f): every player named with their side, the
// places of a finished game and the players out of one in progress, each
// side's moves in the move list, the ruleset's places by side, the players'
// places on their pages, the search index and the feed.
func TestMultiplayerPages(t *testing.T) {
	four := multiGame(t, 1, []string{"alice", "bob", "carol", "dave"},
		"South: d1-d2", "West: timeout", "North: c9-c8", "South: resign", "East: i4-h4", "East: resign")
	three := multiGame(t, 2, []string{"erin", "bob", "carol"}, "South: d1-d2", "West: resign", "North: c9-c8")
	out := filepath.Join(t.TempDir(), "site")
	if _, err := Build(context.Background(), NewMemory(four, three), testOptions(out)); err != nil {
		t.Fatal(err)
	}
	site := files(t, out)
	page := func(p string) string {
		t.Helper()
		data, ok := site[p]
		if !ok {
			t.Fatalf("%s: not in the site", p)
		}
		return string(data)
	}
	for p, wants := range map[string][]string{
		"games/1.html": {
			`<title>Superial Chess #1: alice – bob – carol – dave`,
			`<a href="../players/alice.html">alice</a> (South) – <a href="../players/bob.html">bob</a> (West) – <a href="../players/carol.html">carol</a> (North) – <a href="../players/dave.html">dave</a> (East)</p>`,
			`<b>carol (North) won</b> (East resigned).`,
			`<p class="places">Places: 1st carol (North), 2nd dave (East), 3rd alice (South), 4th bob (West).</p>`,
			`data-sides="South|West|North|East"`,
			`style="--s0: 'South'; --s1: 'West'; --s2: 'North'; --s3: 'East'"`,
			// A leaving is no move (R13d): it carries the number of the move
			// the game was at, as the mails number them.
			`<li id="ply-2" class="p1" data-n="2"><a href="#ply-2">timeout</a></li>`,
			`<li id="ply-3" class="p2" data-n="2"><a href="#ply-3">c9-c8</a></li>`,
			`<li id="ply-4" class="p0" data-n="3"><a href="#ply-4">resign</a></li>`,
			`<li id="ply-5" class="p3" data-n="3"><a href="#ply-5">i4-h4</a></li>`,
			`<li id="ply-6" class="p3" data-n="4"><a href="#ply-6">resign</a></li>`,
		},
		"games/2.html": {
			`<a href="../players/erin.html">erin</a> (South) – <a href="../players/bob.html">bob</a> (West) – <a href="../players/carol.html">carol</a> (North)</p>`,
			`In progress: <b>erin (South)</b> to move`,
			`<p class="places">Out: 3rd bob (West).</p>`,
			`data-sides="South|West|North"`,
		},
		"games/1.txt": {`[South "alice"]`, `[East "dave"]`, `[Result "3-4-1-2"]`, "6. East: resign 3-4-1-2"},
		"types/superial-chess.html": {
			`<title>Places by side</title>`, `<text x="0" y="43">South</text>`, `<title>North 1st: 1</title>`, `<title>West 4th: 1</title>`,
			`>East won</text>`, `>Drawn</text>`,
		},
		// A place in a game of more is a place, not a win or a loss (issue 35).
		"players/carol.html": {`<th>Places</th>`, `<td>1st of 4</td>`, `<td>2</td><td>0</td><td>0</td><td>0</td><td>1</td><td>1st of 4</td>`},
		"players/bob.html":   {`<td>2</td><td>0</td><td>0</td><td>0</td><td>1</td><td>4th of 4</td>`},
		"search/0.js":        {`[1,"Superial Chess","multiplayer","alice","bob","carol (North) won",`, `"2026-01-02","carol","dave"]`, `"erin","bob","erin (South) to move",`},
		"feed.atom":          {`<title>Superial Chess #1: alice – bob – carol – dave, carol (North) won</title>`},
		"index.html":         {`Places: 1st carol (North), 2nd dave (East), 3rd alice (South), 4th bob (West)`},
	} {
		got := page(p)
		for _, want := range wants {
			if !strings.Contains(got, want) {
				t.Errorf("%s lacks %q", p, want)
			}
		}
	}
	if strings.Contains(page("games/1.html"), "Out:") {
		t.Error("a finished game lists players out")
	}
}
