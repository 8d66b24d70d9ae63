package explorer_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"postal/engine"
	_ "postal/engine/allgames"
	"postal/notation"
	"postal/site/explorer"
)

// playouts are n finished games of game played with cfg by random listed
// moves, numbered from first: a game still going after maxPlies plies is
// drawn, as a director would judge it.
func playouts(t testing.TB, game string, cfg engine.Config, first int64, n int, maxPlies int) []explorer.Game {
	t.Helper()
	g, cfg, start, err := engine.New(game, cfg)
	if err != nil {
		t.Fatal(err)
	}
	seats := g.Info().Seats(cfg)
	var out []explorer.Game
	for i := range n {
		id := first + int64(i)
		rng := rand.New(rand.NewPCG(uint64(id), 7))
		end, steps, err := engine.RandomGame(start, rng, maxPlies)
		if err != nil {
			t.Fatal(err)
		}
		rec := &notation.Record{Game: game, Config: cfg, Result: end.Result()}
		for s := range seats {
			rec.Players = append(rec.Players, fmt.Sprintf("p%d", (int(id)+s)%7))
		}
		for _, st := range steps {
			rec.Add(st.Player, st.Move.String())
		}
		if !rec.Result.Over() {
			rec.Result = end.Result().Drawn("adjudicated")
		}
		ratings := make([]float64, len(seats))
		for s := range ratings {
			ratings[s] = float64(1200 + rng.IntN(600))
		}
		out = append(out, explorer.Game{ID: id, Record: rec, Ratings: ratings, Finished: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(id) * time.Hour)})
	}
	return out
}

// books are a book of each game and of the rulesets whose start differs,
// with its generated games.
var books = []struct {
	game string
	cfg  engine.Config
}{
	{"conflagration", engine.Config{}},
	{"conflagration", engine.Config{Ruleset: "mosey"}},
	{"imperial-chess", engine.Config{}},
	{"imperial-shuffle", engine.Config{}},
	{"initiative", engine.Config{}},
	{"superial-chess", engine.Config{}},
	{"superial-chess", engine.Config{Ruleset: "random"}},
	{"superial-chess", engine.Config{Ruleset: "multiplayer", Options: map[string]string{"players": "3"}}},
	{"superial-chess", engine.Config{Ruleset: "multiplayer"}},
}

func build(t testing.TB, game string, cfg engine.Config, games []explorer.Game) *explorer.Book {
	t.Helper()
	b, err := explorer.NewBook(game, cfg, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range games {
		if err := b.Add(g); err != nil {
			t.Fatal(err)
		}
	}
	return b
}

// TestBookCounts: the lines of the root count every game that played a
// move; a game ended before any move counts in the root alone.
func TestBookCounts(t *testing.T) {
	for _, bk := range books {
		t.Run(explorer.BookOf(bk.game, bk.cfg), func(t *testing.T) {
			games := playouts(t, bk.game, bk.cfg, 1, 60, 160)
			b := build(t, bk.game, bk.cfg, games)
			if b.Games() != len(games) {
				t.Fatalf("Games = %d, want %d", b.Games(), len(games))
			}
			root := b.Root()
			sum := 0
			for _, l := range root.Lines {
				sum += l.Games
				won := l.Draws
				for _, w := range l.Wins {
					won += w
				}
				if won != l.Games {
					t.Errorf("line %s: %d wins and draws of %d games", l.Move, won, l.Games)
				}
			}
			moveless := 0
			for _, g := range games {
				if len(g.Record.Moves) == 0 {
					moveless++
				}
			}
			if root.Games != len(games) || sum+moveless != len(games) {
				t.Errorf("root: %d games, its lines %d (+%d without moves), want %d", root.Games, sum, moveless, len(games))
			}
		})
	}
}

// TestBookMovesLegal: every line of every node is a move its player may
// play in the node's position, read back from its text.
func TestBookMovesLegal(t *testing.T) {
	for _, bk := range books {
		t.Run(explorer.BookOf(bk.game, bk.cfg), func(t *testing.T) {
			b := build(t, bk.game, bk.cfg, playouts(t, bk.game, bk.cfg, 1, 60, 160))
			eg, _ := engine.Lookup(bk.game)
			nodes := 0
			err := b.Each(func(n *explorer.Node) error {
				nodes++
				pos, err := eg.ParsePosition(n.Position)
				if err != nil {
					return err
				}
				if engine.Key(pos) != n.Key {
					t.Errorf("node %v: key %q of its position is not its key %q", n.Moves, engine.Key(pos), n.Key)
				}
				for _, l := range n.Lines {
					if !legal(pos, engine.Player(l.Player), l.Move, eg.Info().Unlisted != "") {
						t.Errorf("node %v: line %s of player %d is not legal in %s", n.Moves, l.Move, l.Player, n.Position)
					}
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if nodes < 2 {
				t.Errorf("%d nodes of two games or more: the games share no move", nodes)
			}
		})
	}
}

// legal reports whether p may play text in pos: among its listed moves,
// or, in a game with moves Legal does not list, accepted by Apply.
func legal(pos engine.Position, p engine.Player, text string, unlisted bool) bool {
	if slices.ContainsFunc(pos.Legal(p), func(m engine.Move) bool { return m.String() == text }) {
		return true
	}
	if !unlisted {
		return false
	}
	_, _, err := engine.Play(pos, p, text)
	return err == nil
}

// TestBookOnce: a game added twice counts once.
func TestBookOnce(t *testing.T) {
	games := playouts(t, "conflagration", engine.Config{}, 1, 5, 100)
	b := build(t, "conflagration", engine.Config{}, append(games, games[2]))
	if b.Games() != 5 || b.Root().Games != 5 {
		t.Errorf("5 games, one added twice: Games %d, root %d", b.Games(), b.Root().Games)
	}
}

// TestBookRefuses: a game going on counts nowhere, nor one of another
// book.
func TestBookRefuses(t *testing.T) {
	g := playouts(t, "conflagration", engine.Config{}, 1, 1, 100)[0]
	g.Record.Result = engine.Result{}
	b, _ := explorer.NewBook("conflagration", engine.Config{}, 0)
	if err := b.Add(g); !errors.Is(err, explorer.ErrUnfinished) {
		t.Errorf("an unfinished game: %v, want ErrUnfinished", err)
	}
	other := playouts(t, "conflagration", engine.Config{Ruleset: "mosey"}, 2, 1, 100)[0]
	if err := b.Add(other); err == nil {
		t.Error("a game of mosey counted in the standard book")
	}
	if b.Games() != 0 || b.Root().Games != 0 {
		t.Errorf("refused games counted: %d, root %d", b.Games(), b.Root().Games)
	}
}

// TestBookPlaces: a book of three or four seats counts each seat's places
// (Superial Chess's multiplayer ruleset).
func TestBookPlaces(t *testing.T) {
	for _, players := range []string{"3", "4"} {
		cfg := engine.Config{Ruleset: "multiplayer", Options: map[string]string{"players": players}}
		games := playouts(t, "superial-chess", cfg, 1, 30, 300)
		b := build(t, "superial-chess", cfg, games)
		seats := b.Seats()
		if fmt.Sprint(seats) != players {
			t.Fatalf("players=%s: %d seats", players, seats)
		}
		for _, l := range b.Root().Lines {
			if len(l.Places) != seats {
				t.Fatalf("line %s: places %v, want %d seats", l.Move, l.Places, seats)
			}
			for s, places := range l.Places {
				n := 0
				for _, c := range places {
					n += c
				}
				if n != l.Games {
					t.Errorf("line %s: seat %d has %d places of %d games", l.Move, s, n, l.Games)
				}
			}
		}
	}
}

// TestBookAt walks a game's moves, and names the move no game played and
// the illegal one.
func TestBookAt(t *testing.T) {
	games := playouts(t, "imperial-chess", engine.Config{}, 1, 40, 100)
	b := build(t, "imperial-chess", engine.Config{}, games)
	moves := []string{}
	for _, m := range games[0].Record.Moves[:6] {
		moves = append(moves, m.Text)
	}
	for i := range moves {
		n, err := b.At(moves[:i+1])
		if err != nil {
			t.Fatalf("At %v: %v", moves[:i+1], err)
		}
		if n.Games < 1 || !slices.Contains(n.Recent, games[0].ID) && len(n.Recent) < 5 {
			t.Errorf("At %v: %d games, recent %v, without game 1", moves[:i+1], n.Games, n.Recent)
		}
	}
	var me *explorer.MoveError
	if _, err := b.At([]string{moves[0], "zz9"}); !errors.As(err, &me) || me.Index != 1 || errors.Is(err, explorer.ErrNotPlayed) {
		t.Errorf("an unreadable second move: %v", err)
	}
	// A legal move no game played: one of the start's that is no line.
	root := b.Root()
	eg, _ := engine.Lookup("imperial-chess")
	pos, _ := eg.ParsePosition(root.Position)
	for _, m := range pos.Legal(pos.ToMove()[0]) {
		if !slices.ContainsFunc(root.Lines, func(l explorer.Line) bool { return l.Move == m.String() }) {
			if _, err := b.At([]string{m.String()}); !errors.As(err, &me) || me.Index != 0 || !errors.Is(err, explorer.ErrNotPlayed) {
				t.Errorf("%s, legal and never played: %v", m, err)
			}
			break
		}
	}
}

// TestBookOrder: a book is the same whatever order its games came in (a
// full build adds them as its workers finish, an update one at a time),
// so a rebuilt site writes the same files.
func TestBookOrder(t *testing.T) {
	games := playouts(t, "conflagration", engine.Config{}, 1, 80, 100)
	forward := bookFiles(t, build(t, "conflagration", engine.Config{}, games))
	slices.Reverse(games)
	backward := bookFiles(t, build(t, "conflagration", engine.Config{}, games))
	sameFiles(t, "reversed", backward, forward)
}

// TestFileBound: a node of more lines than a file holds (every game a
// move of its own) has a file of at most MaxFileBytes, which says how many
// lines and games it leaves out.
func TestFileBound(t *testing.T) {
	n := &explorer.Node{Key: "k", Position: "p", Games: 2000}
	for i := range 2000 {
		n.Lines = append(n.Lines, explorer.Line{Move: fmt.Sprintf("%s-%d", strings.Repeat("x", 60), i), Games: 1,
			Wins: []int{1, 0, 0, 0}, Places: [][]int{{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}}, Last: int64(i)})
	}
	data, keep, err := explorer.Encode(n)
	if err != nil {
		t.Fatal(err)
	}
	var f explorer.File
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	if len(data) > explorer.MaxFileBytes || keep != len(f.Lines) || keep == 0 || f.More != 2000-keep || f.MoreGames != 2000-keep {
		t.Errorf("%d bytes, %d lines kept, file of %d lines, %d more of %d games", len(data), keep, len(f.Lines), f.More, f.MoreGames)
	}
}

// TestBookIndexWays: a book's nodes are the same whether they were made
// at once from its games' paths (Index, as a full build reads them), or
// kept as each game came (AddPath, as an update counts a game), or made
// again after more games came (Release, and a game counted after a read).
func TestBookIndexWays(t *testing.T) {
	for _, bk := range books {
		t.Run(explorer.BookOf(bk.game, bk.cfg), func(t *testing.T) {
			games := playouts(t, bk.game, bk.cfg, 1, 60, 40)
			atOnce := bookFiles(t, build(t, bk.game, bk.cfg, games))
			kept, err := explorer.NewBook(bk.game, bk.cfg, 0)
			if err != nil {
				t.Fatal(err)
			}
			later := build(t, bk.game, bk.cfg, games[:len(games)/2])
			later.Index()
			for i, g := range games {
				if _, err := kept.AddPath(g); err != nil {
					t.Fatal(err)
				}
				if i >= len(games)/2 {
					if err := later.Add(g); err != nil {
						t.Fatal(err)
					}
				}
			}
			if len(atOnce) < 2 {
				t.Fatalf("%d files: the games share no node past the start", len(atOnce))
			}
			sameFiles(t, "kept as each game came", bookFiles(t, kept), atOnce)
			sameFiles(t, "made again after more games", bookFiles(t, later), atOnce)
		})
	}
}

// TestReplayedBinary: games replayed, written as bytes and read back (as
// a one-off build keeps them on disk) make the same book as the games
// counted as they were replayed.
func TestReplayedBinary(t *testing.T) {
	for _, bk := range books {
		t.Run(explorer.BookOf(bk.game, bk.cfg), func(t *testing.T) {
			games := playouts(t, bk.game, bk.cfg, 1, 40, 40)
			want := build(t, bk.game, bk.cfg, games)
			got, err := explorer.NewBook(bk.game, bk.cfg, 0)
			if err != nil {
				t.Fatal(err)
			}
			for _, g := range games {
				rp, err := got.Replay(g)
				if err != nil {
					t.Fatal(err)
				}
				data, err := rp.MarshalBinary()
				if err != nil {
					t.Fatal(err)
				}
				var back explorer.Replayed
				if err := back.UnmarshalBinary(data); err != nil {
					t.Fatal(err)
				}
				if err := back.UnmarshalBinary(data[:len(data)-1]); err == nil {
					t.Errorf("game %d: its bytes but the last read as a game", g.ID)
				}
				if err := back.UnmarshalBinary(data); err != nil {
					t.Fatal(err)
				}
				got.Append(&back)
			}
			wantFiles := bookFiles(t, want)
			if len(wantFiles) < 2 {
				t.Fatalf("%d files: the games share no node past the start", len(wantFiles))
			}
			sameFiles(t, "read back", bookFiles(t, got), wantFiles)
		})
	}
}

// bookFiles are the node files of b, by name.
func bookFiles(t *testing.T, b *explorer.Book) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := b.Each(func(n *explorer.Node) error {
		data, _, err := explorer.Encode(n)
		out[explorer.FileName(n.Key)] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// sameFiles reports each node file of want that got, a book made another
// way, lacks or holds otherwise.
func sameFiles(t *testing.T, way string, got, want map[string]string) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%s: %d files, want %d", way, len(got), len(want))
	}
	for name, f := range want {
		if got[name] != f {
			t.Errorf("%s: node %s:\n%s\nwant:\n%s", way, name, got[name], f)
		}
	}
}
