package site

import (
	"context"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"postal/engine"
)

// TestOneNumbering checks that the site numbers moves as players and the
// club's mails do (engine.MoveNumbers): in a game with chance steps
// (Initiative draws its stacks), the move list numbers the players' moves
// only, each item is the #ply-N anchor of its ply, the feed counts moves,
// not plies, and the caption numbers the last move as the list does.
func TestOneNumbering(t *testing.T) {
	var g *Game
	games := randomArchive(t, 4*len(engine.Games()), 3)
	for i := range games {
		if games[i].Record.Game == "initiative" && games[i].Record.Result.Over() {
			g = &games[i]
			break
		}
	}
	if g == nil {
		t.Fatal("no finished Initiative game")
	}
	chance, moves := 0, 0
	for _, m := range g.Record.Moves {
		if m.Player == engine.Chance {
			chance++
		} else {
			moves++
		}
	}
	if chance == 0 {
		t.Fatal("an Initiative game without draws")
	}
	out := filepath.Join(t.TempDir(), "site")
	if _, err := Build(context.Background(), NewMemory(*g), testOptions(out)); err != nil {
		t.Fatal(err)
	}
	site := files(t, out)
	page := string(site[gamePath(g.ID)])
	item := regexp.MustCompile(`<li id="ply-(\d+)" class="(p\d|pc)"( data-n="(\d+)")?>`)
	n := 0
	for i, m := range item.FindAllStringSubmatch(page, -1) {
		mv := g.Record.Moves[i]
		if m[1] != fmt.Sprint(i+1) {
			t.Fatalf("item %d is #ply-%s", i+1, m[1])
		}
		if mv.Player == engine.Chance {
			if m[2] != "pc" || m[3] != "" {
				t.Errorf("ply %d, a draw, is %q: want no number of its own", i+1, m[0])
			}
			continue
		}
		n++
		if m[4] != fmt.Sprint(n) {
			t.Errorf("ply %d is %q: want move %d", i+1, m[0], n)
		}
	}
	if n != moves {
		t.Errorf("%d moves numbered, want %d", n, moves)
	}
	if want := fmt.Sprintf("after %d moves", moves); !strings.Contains(string(site["feed.atom"]), want) {
		t.Errorf("the feed does not say %q", want)
	}
	last := g.Record.Moves[len(g.Record.Moves)-1]
	want := fmt.Sprintf(`<figcaption id="caption">Move %d, %s: %s.`, moves, infoOf(t, g).Sides[last.Player], last.Text)
	if last.Player == engine.Chance {
		want = `<figcaption id="caption">Chance: ` + last.Text + "."
	}
	if !strings.Contains(page, want) {
		t.Errorf("the caption does not begin %q", want)
	}
}
