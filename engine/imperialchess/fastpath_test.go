package imperialchess

import (
	"math/rand/v2"
	"strings"
	"testing"

	"postal/engine"
)

// TestR14_SampleUnlistedDrawsCharges checks that the charges the searcher
// is offered are charges Apply accepts, one sub-move per file, and that
// there are none when no charge is available.
func TestR14_SampleUnlistedDrawsCharges(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	if ms := start(t).SampleUnlisted(engine.First, rng, 8); len(ms) != 0 {
		t.Errorf("charges drawn at the start, where none is available: %v", ms)
	}
	pos := mk(t, white, chargeSetup)
	ms := pos.SampleUnlisted(engine.First, rng, 8)
	if len(ms) < 2 {
		t.Fatalf("%d charges drawn, want several", len(ms))
	}
	seen := map[string]bool{}
	for _, m := range ms {
		text := m.String()
		if !strings.HasPrefix(text, "charge ") || seen[text] {
			t.Errorf("drew %q (twice: %v)", text, seen[text])
		}
		seen[text] = true
		if _, err := pos.Apply(engine.First, m); err != nil {
			t.Errorf("drawn charge %s refused: %v", text, err)
		}
		// The text reads back as the same charge.
		if _, _, err := engine.Play(pos, engine.First, text); err != nil {
			t.Errorf("charge text %q refused: %v", text, err)
		}
	}
	if ms := pos.SampleUnlisted(engine.Second, rng, 8); len(ms) != 0 {
		t.Errorf("charges drawn for the side not to move: %v", ms)
	}
}

// TestRandomMoveIsListed checks the fast path along random games: every
// move it draws is one Legal lists.
func TestRandomMoveIsListed(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	pos := engine.Position(start(t))
	for ply := 0; ply < 300 && !pos.Result().Over(); ply++ {
		p := pos.ToMove()[0]
		m := pos.(*Position).RandomMove(p, rng)
		listed := false
		for _, l := range pos.Legal(p) {
			listed = listed || l.String() == m.String()
		}
		if !listed {
			t.Fatalf("ply %d: drew %s, not listed in %s", ply, m, pos)
		}
		var err error
		if pos, err = pos.Apply(p, m); err != nil {
			t.Fatal(err)
		}
	}
}
