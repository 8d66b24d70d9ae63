package initiative

import (
	"strings"
	"testing"

	"postal/engine"
)

// newGame starts a game with the given options (stack fixed to bgkyr, the
// seed's figures' order, unless given).
func newGame(t testing.TB, opts ...string) engine.Position {
	t.Helper()
	o := map[string]string{"stack": "bgkyr"}
	for _, kv := range opts {
		k, v, _ := strings.Cut(kv, "=")
		o[k] = v
	}
	_, _, pos, err := engine.New("initiative", engine.Config{Options: o})
	if err != nil {
		t.Fatal(err)
	}
	return pos
}

// deal plays the quick setup's chance draws giving a (First) and b (Second)
// their pyramids, each drawn on the one-size face of its size, then draws
// the leader.
func deal(t testing.TB, pos engine.Position, a, b string, leader string) engine.Position {
	t.Helper()
	for _, inv := range []string{a, b} {
		for _, w := range strings.Fields(inv) {
			pc, ok := parsePiece(w)
			if !ok {
				t.Fatalf("bad pyramid %q", w)
			}
			pos = do(t, pos, engine.Chance, "die "+string(sizeLetters[pc.size()])+" draw "+w)
		}
	}
	return do(t, pos, engine.Chance, "lead "+leader)
}

// do applies one move of p.
func do(t testing.TB, pos engine.Position, p engine.Player, text string) engine.Position {
	t.Helper()
	next, _, err := engine.Play(pos, p, text)
	if err != nil {
		t.Fatalf("%s (player %d): %v\nposition %s", text, p, err, pos)
	}
	return next
}

// moves applies moves, each by the one player (or chance) to act.
func moves(t testing.TB, pos engine.Position, texts ...string) engine.Position {
	t.Helper()
	for _, m := range texts {
		tm := pos.ToMove()
		if len(tm) != 1 {
			t.Fatalf("%s: players to move %v\nposition %s", m, tm, pos)
		}
		pos = do(t, pos, tm[0], m)
	}
	return pos
}

// illegal checks that text is refused for p with a reason containing want.
func illegal(t *testing.T, pos engine.Position, p engine.Player, text, want string) {
	t.Helper()
	m, err := pos.ParseMove(p, text)
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	_, err = pos.Apply(p, m)
	ie, ok := err.(*engine.IllegalMoveError)
	if !ok {
		t.Fatalf("%s: got %v, want an illegal move error", text, err)
	}
	if !strings.Contains(ie.Reason, want) {
		t.Fatalf("%s: reason %q does not mention %q", text, ie.Reason, want)
	}
}

func legalTexts(pos engine.Position, p engine.Player) []string {
	var out []string
	for _, m := range pos.Legal(p) {
		out = append(out, m.String())
	}
	return out
}

func ip(pos engine.Position) *Position { return pos.(*Position) }

// The seed's example inventories, reconstructed from its narratives (the
// figures are not in the text): Alison is First, Kristin Second.
const (
	basicAlison  = "Sb Sg Sr Mr My My Mk Lb Lr Lr"
	basicKristin = "Mb Mg Mg Mk Lg Lg Ly Ly Lk Lk"
	sacAlison    = "Mb Lb My My Mk Mr Mr Lr Sb Sg"
	sacKristin   = "Mg Mg Lg Lg Mb Mk Lk Lk Ly Ly"
	pummelWinner = "Sb Mb Mb Lb Lb Sg Mg Mg Lg Lg"
	pummelLoser  = "Sk Sy Mk My Lk Lk Ly Ly Lr Lr"
	callAlison   = "Sb Sr My Mk Mb Mb Lg Lk Lr Lr"
	callKristin  = "Lb Mr Mk Sy Sg Ly Ly Lg Sk Lk"
)

var (
	basicPlay  = []string{"Sb", "Mb", "Lg", "Lb", "My", "Mg", "Ly", "Lr", "Lg", "Lr", "Lk", "Mk", "Ly", "My", "Lk"}
	sacPlay    = []string{"Mb", "Mg", "Lb", "Lg", "My sac Mk up", "Mb", "Mk", "Mr sac Lr up", "My sac Mr up", "Mg", "Sb"}
	pummelPlay = []string{"Sb sac Sg", "Sy", "Mb sac Mg", "Mk", "Mb sac Mg", "My", "Lb sac Lg", "Lk", "Lb sac Lg", "Lk",
		"vLb", "Ly", "vLb", "Ly", "vLb", "Lr", "vLb", "Lr", "vLb"}
	callPlay = []string{"Sb call", "Lb sac Mr down", "Mk sac Sy up", "My sac Sr up", "Sg call", "Lg", "Lk", "Ly", "Mb"}
)
