package superial

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"

	"postal/engine"
	"postal/engine/enginetest"
)

// Tests of the multiplayer ruleset, rulings R13-R13f.

// mboard writes a multiplayer board field from its pieces by square, like
// {"d3": "So", "d4": "Wo"}.
func mboard(t *testing.T, pieces map[string]string) string {
	t.Helper()
	b := board{n: multiN}
	for s, tok := range pieces {
		x, _, err := newReader(s, multiN)
		if err != nil {
			t.Fatal(err)
		}
		q, err := x.square()
		if err != nil {
			t.Fatal(err)
		}
		c, n := multiPiece(tok)
		if n != 2 || len(tok) != 2 {
			t.Fatalf("piece %q", tok)
		}
		b.set(q, c)
	}
	var w strings.Builder
	b.writeText(&w, func(c cell) string { return string([]byte{multiLetters[c.team()], aspectChars[c.aspect()]}) })
	return w.String()
}

// multiPiece reads a piece like So for the tests' boards.
func multiPiece(tok string) (cell, int) {
	t := strings.IndexByte(multiLetters, tok[0])
	a := strings.IndexByte(aspectChars, tok[1])
	if t < 0 || a < 0 {
		return 0, 0
	}
	return piece(t, a), 2
}

// mpos is a multiplayer position of players from its pieces, the seat to
// move (s, w, n, e) and the players out ("-", or like "wr,np").
func mpos(t *testing.T, players int, pieces map[string]string, side, out string) *multiPosition {
	t.Helper()
	p, err := parseMultiPosition(fmt.Sprintf("multiplayer %d %s %s %s 0 0 - -", players, mboard(t, pieces), side, out))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// mstart is the start of a multiplayer game of players.
func mstart(t *testing.T, players int) engine.Position {
	t.Helper()
	return start(t, "multiplayer", map[string]string{"players": fmt.Sprint(players)})
}

// at returns the piece on square s ("d5") as the tests write it: "So",
// or "" when empty.
func (p *multiPosition) pieceAt(s string) string {
	r, _, _ := newReader(s, multiN)
	q, _ := r.square()
	c := p.b.at(q)
	if c == 0 {
		return ""
	}
	return string([]byte{multiLetters[c.team()], aspectChars[c.aspect()]})
}

func mplay(t *testing.T, p engine.Position, moves ...string) *multiPosition {
	t.Helper()
	return play(t, p, moves...).(*multiPosition)
}

func TestR13_SeatsAndBoard(t *testing.T) {
	g, _ := engine.Lookup("superial-chess")
	info := g.Info()
	if got := info.Seats(engine.Config{Ruleset: "multiplayer"}); !slices.Equal(got, []string{"South", "West", "North", "East"}) {
		t.Errorf("seats of 4: %v", got)
	}
	if got := info.Seats(engine.Config{Ruleset: "multiplayer", Options: map[string]string{"players": "3"}}); !slices.Equal(got, []string{"South", "West", "North"}) {
		t.Errorf("seats of 3: %v", got)
	}
	if got := info.Seats(engine.Config{Ruleset: "classic"}); !slices.Equal(got, []string{"White", "Black"}) {
		t.Errorf("classic seats: %v", got)
	}
	cfg, err := engine.Normalize(info, engine.Config{Ruleset: "multiplayer"})
	if err != nil || cfg.String() != "multiplayer players=4" {
		t.Errorf("defaults %q %v", cfg, err)
	}
	for _, bad := range []engine.Config{
		{Ruleset: "classic", Options: map[string]string{"players": "3"}},
		{Ruleset: "multiplayer", Options: map[string]string{"players": "5"}},
		{Ruleset: "multiplayer", Options: map[string]string{"size": "8"}},
	} {
		if _, err := engine.Normalize(info, bad); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
	// The board is 10x10: squares a1-j10 (R13f).
	p := mstart(t, 4)
	if m, err := p.ParseMove(engine.Player(3), "J10-j9"); err != nil || m.String() != "j10-j9" {
		t.Errorf("j10-j9: %v %v", m, err)
	}
	if _, err := p.ParseMove(engine.First, "k1-k2"); err == nil {
		t.Error("k1 read")
	}
	// Turns go South, West, North, East (R13); with three, no East.
	for _, c := range []struct {
		players int
		moves   []string
		seats   []engine.Player
	}{
		{4, []string{"d1-d2", "a3-b3", "c9-c8", "i4-h4", "f1-f2"}, []engine.Player{0, 1, 2, 3, 0, 1}},
		{3, []string{"d1-d2", "a3-b3", "c9-c8", "f1-f2"}, []engine.Player{0, 1, 2, 0, 1}},
	} {
		p := mstart(t, c.players)
		for i, m := range c.moves {
			if got := p.ToMove(); !slices.Equal(got, c.seats[i:i+1]) {
				t.Fatalf("%d players, before %s: to move %v, want %v", c.players, m, got, c.seats[i])
			}
			p = play(t, p, m)
		}
		if got := p.ToMove(); !slices.Equal(got, c.seats[len(c.moves):]) {
			t.Errorf("%d players: at the end %v to move", c.players, got)
		}
	}
	if _, err := mstart(t, 3).ParseMove(engine.Player(3), "i4-h4"); err == nil {
		t.Error("East moves in a game of three")
	}
}

// R13a: six pushers each on their core colour's squares of their two edge
// lines, the corners empty.
func TestR13a_Setup(t *testing.T) {
	want := map[string][]string{
		"So": {"c2", "d1", "e2", "f1", "g2", "h1"},
		"Wo": {"a3", "a5", "a7", "b4", "b6", "b8"},
		"No": {"c9", "d10", "e9", "f10", "g9", "h10"},
		"Eo": {"i4", "i6", "i8", "j3", "j5", "j7"},
	}
	for _, players := range []int{3, 4} {
		p := mstart(t, players).(*multiPosition)
		got := map[string][]string{}
		for f := int8(0); f < multiN; f++ {
			for r := int8(0); r < multiN; r++ {
				s := sq{f, r}.String()
				if x := p.pieceAt(s); x != "" {
					got[x] = append(got[x], s)
				}
			}
		}
		for k := range got {
			sort.Strings(got[k])
		}
		for _, k := range []string{"So", "Wo", "No", "Eo"} {
			w := want[k]
			if k == "Eo" && players == 3 {
				w = nil
			}
			if !slices.Equal(got[k], w) {
				t.Errorf("%d players: %s on %v, want %v", players, k, got[k], w)
			}
		}
		// Each owns cubes of its core colour on its home colour.
		for t2 := range players {
			if n := p.b.owned()[t2]; n != 6 {
				t.Errorf("%s owns %d", multiSides[t2], n)
			}
		}
	}
}

// R13b: every piece the mover does not own is an opposing one; R6-R8 hold
// with the moving cube's core colour.
func TestR13b_CaptureByCoreColor(t *testing.T) {
	others := map[string]string{"a3": "Wo", "e10": "No", "j5": "Eo"}
	with := func(extra map[string]string) map[string]string {
		m := map[string]string{}
		for k, v := range others {
			m[k] = v
		}
		for k, v := range extra {
			m[k] = v
		}
		return m
	}
	for _, c := range []struct {
		name   string
		pieces map[string]string
		move   string
		want   map[string]string
	}{
		// d5 is a light square: South's core colour, the black cubes' off
		// home, the white cubes' home.
		{"pusher takes a black cube onto white", map[string]string{"d3": "So", "d4": "Wo"}, "d3-d4", map[string]string{"d4": "So", "d5": "So"}},
		{"pusher takes North's cube too", map[string]string{"d3": "So", "d4": "No"}, "d3-d4", map[string]string{"d4": "So", "d5": "So"}},
		{"pusher never takes a white cube", map[string]string{"d3": "So", "d4": "Eo"}, "d3-d4", map[string]string{"d4": "So", "d5": "Eo"}},
		{"pushed line: only the cube on white", map[string]string{"d3": "So", "d4": "Wo", "d5": "Eo"}, "d3-d4", map[string]string{"d4": "So", "d5": "So", "d6": "Eo"}},
		// Hoppers and slashers take cubes of their own core colour.
		{"hopper takes a white cube on white", map[string]string{"c5": "S+", "d5": "Eo"}, "c5-e5", map[string]string{"e5": "S+", "d5": "So"}},
		{"hopper leaves a cube on black", map[string]string{"c4": "S+", "d4": "Wo"}, "c4-e4", map[string]string{"e4": "S+", "d4": "Wo"}},
		{"slasher takes a white cube", map[string]string{"c3": "Sx", "d4": "Eo"}, "c3-e5", map[string]string{"e5": "Sx", "d4": "So"}},
		{"slasher takes a black cube", map[string]string{"c3": "Sx", "d4": "N+"}, "c3-e5", map[string]string{"e5": "Sx", "d4": "S+"}},
		{"own pieces only move", map[string]string{"d3": "So", "d4": "S+"}, "d3-d4", map[string]string{"d4": "So", "d5": "S+"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := mplay(t, mpos(t, 4, with(c.pieces), "s", "-"), c.move)
			for s, w := range c.want {
				if got := p.pieceAt(s); got != w {
					t.Errorf("%s: %q, want %q\n%s", s, got, w, p.ASCII())
				}
			}
			// Whatever was taken, nothing left the board.
			if n := p.b.owned(); n[0]+n[1]+n[2]+n[3] != len(others)+len(c.pieces) {
				t.Errorf("pieces %v", n)
			}
		})
	}
}

// R13c: a captured cube passes to the capturer, turned to its core colour,
// and keeps its aspect; its home colour is its new core colour.
func TestR13c_CapturePassesToCapturer(t *testing.T) {
	p := mplay(t, mpos(t, 4, map[string]string{"c3": "Sx", "d4": "N+", "a3": "Wo", "e10": "No", "j5": "Eo"}, "s", "-"), "c3-e5")
	if got := p.pieceAt("d4"); got != "S+" {
		t.Fatalf("d4 holds %q", got)
	}
	if p.b.owned() != [maxSeats]int{2, 1, 1, 1} {
		t.Errorf("owned %v", p.b.owned())
	}
	// d4 is dark: home for North's black cubes, off home for South's white
	// ones. Now South's, the hopper may change aspect alone there.
	p = mplay(t, p, "a3-a4", "e10-e9", "j5-j6")
	if l := legalTexts(p); !slices.Contains(l, "d4=o") || !slices.Contains(l, "d4=x") {
		t.Errorf("South's hopper on d4 cannot change aspect: %v", l)
	}
	// A North cube on a dark square is at home: no aspect change alone.
	q := mpos(t, 4, map[string]string{"d4": "N+", "a3": "Wo", "e1": "So", "j5": "Eo"}, "n", "-")
	if l := legalTexts(q); slices.Contains(l, "d4=o") {
		t.Errorf("North's hopper changes aspect at home: %v", l)
	}
	illegal(t, q, "d4=o", "home color")
}

// R13d: a player with no piece or no legal turn at their turn is out, turns
// of players out are skipped, their pieces stay; resigning and timing out
// take a player out at any time; the last one in wins; the others are
// placed in reverse order of going out.
func TestR13d_Elimination(t *testing.T) {
	t.Run("no pieces", func(t *testing.T) {
		p := mplay(t, mpos(t, 4, map[string]string{"d3": "So", "d4": "Wo", "e10": "No", "j5": "Eo"}, "s", "-"), "d3-d4")
		if got := p.ToMove(); !slices.Equal(got, []engine.Player{2}) {
			t.Errorf("to move %v, want North", got)
		}
		if r := p.Result(); r.Over() || !slices.Equal(r.Places, []int{0, 4, 0, 0}) {
			t.Errorf("result %+v", r)
		}
		if !strings.Contains(p.ASCII(), "West (black): 0 pieces, out 4th (owns no pieces).") {
			t.Errorf("ASCII:\n%s", p.ASCII())
		}
		if !strings.HasPrefix(strings.Fields(p.String())[4], "wp") {
			t.Errorf("text %s", p)
		}
	})
	t.Run("no legal turn", func(t *testing.T) {
		// North's only piece, a hopper on its home colour in the corner,
		// can neither move nor change aspect.
		p := mplay(t, mpos(t, 4, map[string]string{"h10": "So", "j8": "So", "i9": "Sx", "a3": "Wo", "j10": "N+", "j3": "Eo"}, "w", "-"), "a3-a4")
		if got := p.ToMove(); !slices.Equal(got, []engine.Player{3}) {
			t.Errorf("to move %v, want East", got)
		}
		if r := p.Result(); !slices.Equal(r.Places, []int{0, 0, 4, 0}) || p.why[2] != outNoTurn {
			t.Errorf("result %+v why %c", r, p.why[2])
		}
		// North's hopper stays, North's, and may be taken.
		if got := p.pieceAt("j10"); got != "N+" {
			t.Errorf("j10 %q", got)
		}
		if !strings.Contains(p.ASCII(), "n+") {
			t.Errorf("a piece of a player out is not in lower case:\n%s", p.ASCII())
		}
		// South's slasher takes it, wrapping from i9 over j10 to a1.
		p = mplay(t, p, "j3-j4", "i9-a1")
		if got := p.pieceAt("j10"); got != "S+" {
			t.Errorf("j10 after the capture %q", got)
		}
	})
	t.Run("resign out of turn", func(t *testing.T) {
		p := mstart(t, 4)
		next, m, err := engine.Play(p, 2, "resign")
		if err != nil || m.String() != "resign" {
			t.Fatalf("resign: %v %v", m, err)
		}
		q := next.(*multiPosition)
		if q.Ply() != 1 || !slices.Equal(q.ToMove(), []engine.Player{0}) || !slices.Equal(q.Result().Places, []int{0, 0, 4, 0}) {
			t.Errorf("after North resigned: ply %d, to move %v, %+v", q.Ply(), q.ToMove(), q.Result())
		}
		if !strings.Contains(q.ASCII(), "Last move: resign (North).") {
			t.Errorf("ASCII:\n%s", q.ASCII())
		}
		// North's turn is skipped; its pieces stay.
		q = mplay(t, q, "d1-d2", "a3-b3", "i4-h4")
		if !slices.Equal(q.ToMove(), []engine.Player{0}) || q.b.owned()[2] != 6 {
			t.Errorf("to move %v, North owns %d", q.ToMove(), q.b.owned()[2])
		}
		// Leaving twice, or as no player, fails.
		for _, c := range []struct {
			p    engine.Player
			want string
		}{{2, "out of the game already"}, {4, "no such player"}, {-1, "no such player"}} {
			if _, err := engine.Leave(q, c.p, engine.Resign); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("player %d leaves: %v", c.p, err)
			}
		}
	})
	t.Run("timeout and placings", func(t *testing.T) {
		p := mstart(t, 4)
		p = play(t, p, "d1-d2")
		next, _, err := engine.Play(p, 1, "timeout") // West, on its turn
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(next.ToMove(), []engine.Player{2}) {
			t.Errorf("after West's timeout %v to move", next.ToMove())
		}
		next, _ = engine.Leave(next, 0, engine.Resign)
		if next.Result().Over() {
			t.Fatal("over with two in")
		}
		next, _ = engine.Leave(next, 3, engine.Resign)
		r := next.Result()
		if r.Kind != engine.Win || r.Winner != 2 || !slices.Equal(r.Places, []int{3, 4, 1, 2}) || r.Score() != "3-4-1-2" || r.Reason != "East resigned" {
			t.Errorf("result %+v %s", r, r.Score())
		}
		if next.ToMove() != nil || next.Legal(2) != nil {
			t.Error("moves after the end")
		}
		if _, err := engine.Leave(next, 2, engine.Resign); err == nil {
			t.Error("left a finished game")
		}
		if !strings.Contains(next.ASCII(), "North wins: East resigned.") {
			t.Errorf("ASCII:\n%s", next.ASCII())
		}
	})
	t.Run("last in wins by captures", func(t *testing.T) {
		// Three players: South takes West's last cube; West is out, then
		// North is out with nothing to move: South wins.
		p := mplay(t, mpos(t, 3, map[string]string{"d3": "So", "d4": "Wo", "h10": "So", "j8": "So", "j10": "N+"}, "s", "-"), "d3-d4")
		r := p.Result()
		if r.Kind != engine.Win || r.Winner != 0 || !slices.Equal(r.Places, []int{1, 3, 2}) || r.Reason != "North cannot move" {
			t.Errorf("result %+v", r)
		}
	})
	t.Run("a two-player game has no leaving", func(t *testing.T) {
		if _, err := engine.Leave(start(t, "classic", nil), 0, engine.Resign); err == nil {
			t.Error("left a classic game")
		}
	})
}

// R13e: a third repetition, counting who is still in, or 100 plies of play
// without a capture or an aspect change, draws among the players still in;
// a draw by agreement needs them all; no random moves.
func TestR13e_Draws(t *testing.T) {
	// Three pushers step out and back: no capture, no aspect change.
	quiet := map[string]string{"e4": "So", "b5": "Wo", "h8": "No", "j3": "Eo"}
	cycle := []string{"e4-e5", "b5-c5", "h8-h7", "j3-j2", "e5-e4", "c5-b5", "h7-h8", "j2-j3"}
	t.Run("repetition", func(t *testing.T) {
		p := mplay(t, mpos(t, 4, quiet, "s", "-"), cycle...)
		if p.Result().Over() {
			t.Fatal("drawn at the second occurrence")
		}
		p = mplay(t, p, cycle...)
		r := p.Result()
		if r.Kind != engine.Draw || !slices.Equal(r.Places, []int{1, 1, 1, 1}) || r.Score() != "1-1-1-1" || !strings.Contains(r.Reason, "third time") {
			t.Errorf("result %+v", r)
		}
	})
	t.Run("repetition counts the players still in", func(t *testing.T) {
		p := mplay(t, mpos(t, 4, quiet, "s", "-"), cycle...)
		next, err := engine.Leave(p, 3, engine.Resign) // the same board, East out
		if err != nil {
			t.Fatal(err)
		}
		three := []string{"e4-e5", "b5-c5", "h8-h7", "e5-e4", "c5-b5", "h7-h8"}
		p = mplay(t, next, three...)
		if p.Result().Over() {
			t.Fatal("positions before East left counted")
		}
		p = mplay(t, p, three...)
		r := p.Result()
		if r.Kind != engine.Draw || r.Score() != "1-1-1-4" {
			t.Errorf("result %+v %s", r, r.Score())
		}
		if !strings.Contains(p.ASCII(), "Draw among South, West and North: the same position occurred for the third time.") {
			t.Errorf("ASCII:\n%s", p.ASCII())
		}
	})
	t.Run("100 quiet plies", func(t *testing.T) {
		text := fmt.Sprintf("multiplayer 4 %s s - 120 99 - -", mboard(t, quiet))
		p, err := parseMultiPosition(text)
		if err != nil {
			t.Fatal(err)
		}
		// Leaving is no play: it does not count.
		left, err := engine.Leave(p, 1, engine.Timeout)
		if err != nil || left.Result().Over() {
			t.Fatalf("after a timeout at 99 quiet plies: %v %+v", err, left.Result())
		}
		r := mplay(t, left, "e4-e5").Result()
		if r.Kind != engine.Draw || r.Score() != "1-4-1-1" || !strings.Contains(r.Reason, "100 moves in a row") {
			t.Errorf("result %+v %s", r, r.Score())
		}
		// A capture or an aspect change starts the count again.
		if r := mplay(t, p, "e4-e5=x").Result(); r.Over() {
			t.Errorf("drawn after an aspect change: %+v", r)
		}
	})
	t.Run("agreement", func(t *testing.T) {
		p, _ := engine.Leave(mstart(t, 4), 1, engine.Resign)
		r := p.Result().Drawn("agreed")
		if r.Kind != engine.Draw || r.Score() != "1-4-1-1" || r.Reason != "agreed" {
			t.Errorf("agreed draw %+v", r)
		}
	})
	t.Run("no random moves", func(t *testing.T) {
		p := mstart(t, 4)
		illegal(t, p, "random", "no random moves")
		if _, err := p.ParseMove(engine.Chance, "throw c4 Wx"); err == nil {
			t.Error("a throw read")
		}
		if p.Legal(engine.Chance) != nil {
			t.Error("chance acts")
		}
	})
}

// R13f: squares a1-j10 as in the classic game; every player named with
// their side.
func TestR13f_Notation(t *testing.T) {
	p := mplay(t, mstart(t, 4), "d1-d2=x", "a3-b3", "c9-c8", "i4-h4")
	if l := legalTexts(p); !slices.Contains(l, "d2-c1") || !slices.Contains(l, "d2-e3=+") {
		t.Errorf("legal moves %v", l)
	}
	m, err := p.ParseMove(0, " D2-C1=O ")
	if err != nil || m.String() != "d2-c1=o" {
		t.Errorf("parse: %v %v", m, err)
	}
	a := p.ASCII()
	for _, want := range []string{"Superial Chess (multiplayer, 4 players, 10x10)", "South to move.", "Last move: i4-h4 (East).", "South (white): 6 pieces, to move.", "West (black)", "North (black)", "East (white)"} {
		if !strings.Contains(a, want) {
			t.Errorf("ASCII lacks %q:\n%s", want, a)
		}
	}
	if !strings.HasSuffix(p.String(), " 4 3 e:i4-h4 "+p.hist.text()) {
		t.Errorf("text %s", p)
	}
}

func TestMultiPositionText(t *testing.T) {
	p := mplay(t, mstart(t, 4), "d1-d2=x", "a3-b3", "c9-c8", "i4-h4")
	q, _ := engine.Leave(p, 1, engine.Resign)
	for _, pos := range []engine.Position{mstart(t, 3), mstart(t, 4), p, q} {
		back, err := Game{}.ParsePosition(pos.String())
		if err != nil || back.String() != pos.String() {
			t.Errorf("%s -> %v %v", pos, back, err)
		}
	}
	if want := "multiplayer 4 3No1No1No2/2No1No1No3/1Wo6Eo1/Wo8Eo/1Wo6Eo1/Wo8Eo/1Wo6Eo1/Wo8Eo/2So1So1So3/3So1So1So2 s - 0 0 - -"; mstart(t, 4).String() != want {
		t.Errorf("start %s", mstart(t, 4))
	}
	b := mboard(t, map[string]string{"e4": "So", "b5": "Wo", "h8": "No", "j3": "Eo"})
	for _, bad := range []string{
		"multiplayer 5 " + b + " s - 0 0 - -",
		"multiplayer 3 " + b + " s - 0 0 - -",           // East's piece in a game of three
		"multiplayer 4 " + b + " x - 0 0 - -",           // no such seat
		"multiplayer 4 " + b + " S - 0 0 - -",           // the seat to move in lower case
		"multiplayer 4 " + b + " w wr 0 0 - -",          // West to move, and out
		"multiplayer 4 " + b + " s wr,wp 0 0 - -",       // out twice
		"multiplayer 4 " + b + " s wq 0 0 - -",          // out for no reason
		"multiplayer 4 " + b + " s wr,nr,er,sr 0 0 - -", // all out
		"multiplayer 4 " + b + " n nr,er,sr 0 0 - -",    // North, out, to move
		"multiplayer 4 " + b + " s - 0 1 - -",
		"multiplayer 4 " + b + " s - 1 0 x:e4-e5 -",
		"multiplayer 4 " + b + " s - 1 0 s:e4-k5 -",
		"multiplayer 4 " + strings.Replace(b, "So", "Sq", 1) + " s - 0 0 - -",
		"multiplayer 4 " + strings.Replace(b, "So", "so", 1) + " s - 0 0 - -",
		// North to move with nothing: it would be out at once.
		"multiplayer 4 " + mboard(t, map[string]string{"e4": "So", "b5": "Wo", "j3": "Eo"}) + " n - 0 0 - -",
	} {
		if _, err := (Game{}).ParsePosition(bad); err == nil {
			t.Errorf("accepted %q", bad)
		}
	}
}

func TestMultiRoundTrips(t *testing.T) {
	p := mplay(t, mstart(t, 4), "d1-d2=x", "a3-b3", "c9-c8", "i4-h4")
	for _, pos := range []engine.Position{mstart(t, 3), mstart(t, 4), p} {
		enginetest.RoundTrip(t, Game{}, pos)
		enginetest.MoveRoundTrip(t, pos)
	}
}

// TestR13eRepetitionLooksAtTurns checks that the repetition count, which
// compares a position only with those of the same player to move (every
// period plies), counts what comparing with every earlier position counts,
// along random games of three and four on a bare board (positions come
// back there), and of the classic game.
func TestR13eRepetitionLooksAtTurns(t *testing.T) {
	every := func(x *histNode, h uint64) int {
		n := 0
		for ; x != nil; x = x.prev {
			if x.h == h {
				n++
			}
		}
		return n
	}
	repeats := 0
	for i := range 6 {
		rng := rand.New(rand.NewPCG(uint64(i), 21))
		var pos engine.Position = mpos(t, 4, map[string]string{"e5": "So", "f6": "Wo", "e7": "No", "d6": "Eo", "a1": "So"}, "s", "-")
		if i%2 == 1 {
			pos = mpos(t, 3, map[string]string{"e5": "So", "f6": "Wo", "e7": "No", "j10": "Wo"}, "w", "-")
		}
		if i >= 4 {
			pos = start(t, "classic", nil)
		}
		for ply := 0; ply < 3000 && !pos.Result().Over(); ply++ {
			var h uint64
			var hist *histNode
			period := 2
			switch p := pos.(type) {
			case *multiPosition:
				h, hist, period = p.hash(), p.hist, p.inCount()
			case *Position:
				h, hist = p.hash(), p.hist
			}
			if got, want := hist.seen(h, period), every(hist, h); got != want {
				t.Fatalf("game %d ply %d: %d repetitions counted, %d there: %s", i, ply, got, want, pos)
			} else if want > 0 {
				repeats++
			}
			pl := pos.ToMove()[0]
			next, err := pos.Apply(pl, engine.RandomMove(pos, pl, rng))
			if err != nil {
				t.Fatal(err)
			}
			pos = next
		}
	}
	if repeats == 0 {
		t.Error("no position came back: the test tests nothing")
	}
	t.Logf("%d positions that came back", repeats)
}
