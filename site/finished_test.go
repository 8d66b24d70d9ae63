package site

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"postal/engine"
	"postal/notation"
)

// boardRE is the board a game page carries.
var boardRE = regexp.MustCompile(`(?s)<div class="board" id="board">(.*?)</div>`)

// TestFinishedBoardSaysTheResult: the board of a game that ended off the
// board (a resignation in a game of two, a draw agreed by three players),
// as its page carries it, says how the game ended, not whose move it was:
// its title and its lines (Superial Chess's "South (white): 6 pieces, to
// move") once said "South to move." under a finished game.
func TestFinishedBoardSaysTheResult(t *testing.T) {
	var games []Game
	var wants []string
	for i, eg := range engine.Games() {
		info := eg.Info()
		_, cfg, pos, err := engine.New(info.Name, engine.Config{})
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := pos.(engine.Ender); !ok {
			continue // a test game that cannot show such an end
		}
		_, steps, err := engine.RandomGame(pos, rand.New(rand.NewPCG(7, uint64(i))), 6)
		if err != nil {
			t.Fatal(err)
		}
		r := &notation.Record{Game: info.Name, Config: cfg, Players: []string{"alice", "bob"}}
		for _, s := range steps {
			r.Add(s.Player, s.Move.String())
		}
		r.Result = engine.Result{Kind: engine.Win, Winner: engine.First, Reason: "bob resigned"}
		r.SetTag("Termination", r.Result.Reason)
		games = append(games, Game{ID: int64(len(games) + 1), Record: r, Started: base, Updated: base.Add(time.Hour), Finished: base.Add(time.Hour)})
		wants = append(wants, "bob resigned")
	}
	three := multiGame(t, int64(len(games)+1), []string{"alice", "bob", "carol"}, "South: d1-d2")
	three.Record.Result = engine.Result{Kind: engine.Draw, Reason: "agreed by the players", Places: []int{1, 1, 1}}
	three.Record.SetTag("Termination", three.Record.Result.Reason)
	three.Finished = three.Updated
	games = append(games, three)
	wants = append(wants, "agreed by the players")

	out := filepath.Join(t.TempDir(), "site")
	if _, err := Build(context.Background(), NewMemory(games...), testOptions(out)); err != nil {
		t.Fatal(err)
	}
	site := files(t, out)
	for i, g := range games {
		page := string(site[fmt.Sprintf("games/%d.html", g.ID)])
		m := boardRE.FindStringSubmatch(page)
		if m == nil {
			t.Fatalf("game %d (%s): no board on its page", g.ID, g.Record.Game)
		}
		if strings.Contains(m[1], "to move") {
			t.Errorf("game %d (%s), over: its board says who is to move:\n%s", g.ID, g.Record.Game, strings.Join(regexp.MustCompile(`[^<>]*to move[^<>]*`).FindAllString(m[1], -1), "\n"))
		}
		if !strings.Contains(m[1], wants[i]) {
			t.Errorf("game %d (%s), over: its board does not say %q", g.ID, g.Record.Game, wants[i])
		}
	}
}

// TestTimeControlWords: a page says a day a move as "1 day per move".
func TestTimeControlWords(t *testing.T) {
	for tag, want := range map[string]string{"days 1": "1 day per move", "days 3": "3 days per move", "bank 1+1/2": "time bank: 1 day, +1 per move, at most 2", "": ""} {
		if got := timeControl(tag); got != want {
			t.Errorf("timeControl(%q) = %q, want %q", tag, got, want)
		}
	}
}
