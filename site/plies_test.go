package site

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"postal/engine"
	"postal/site/board"
)

// applyEdits is the viewer's reading of plyData.Plies (viewer.js: apply).
func applyEdits(prev, ops []int) []int {
	var out []int
	i := 0
	for j := 0; j < len(ops); {
		k, d, n := ops[j], ops[j+1], ops[j+2]
		j += 3
		out = append(out, prev[i:i+k]...)
		i += k + d
		out = append(out, ops[j:j+n]...)
		j += n
	}
	return append(out, prev[i:]...)
}

func TestEdits(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		a := make([]int, rng.IntN(30))
		for i := range a {
			a[i] = rng.IntN(6)
		}
		b := slices.Clone(a)
		for range rng.IntN(6) {
			switch i := rng.IntN(len(b) + 1); rng.IntN(3) {
			case 0:
				b = slices.Insert(b, i, rng.IntN(9))
			case 1:
				if i < len(b) {
					b = slices.Delete(b, i, i+1)
				}
			default:
				if i < len(b) {
					b[i] = rng.IntN(9)
				}
			}
		}
		ops := edits(a, b)
		if got := applyEdits(a, ops); !slices.Equal(got, b) {
			t.Fatalf("edits(%v, %v) = %v, which gives %v", a, b, ops, got)
		}
	}
}

// TestPlyData replays games of every type from their ply data and checks
// each board against the engine's picture, and that a move changes a few
// lines of the board, not all.
func TestPlyData(t *testing.T) {
	for _, g := range randomArchive(t, 2*len(engine.Games()), 11) {
		rc := *g.Record
		ps, err := rc.Replay()
		if err != nil {
			t.Fatal(err)
		}
		info := infoOf(t, &g)
		final := ""
		if g.Record.Result.Over() {
			final = board.ResultText(g.Record.Result, info.Sides)
		}
		d := newPlyData(ps, final, info.Sides)
		if len(d.Plies) != len(ps) || len(d.Turns) != len(ps) {
			t.Fatalf("game %d: %d plies, %d turns for %d positions", g.ID, len(d.Plies), len(d.Turns), len(ps))
		}
		var cur []int
		edited := 0
		for i, ops := range d.Plies {
			cur = applyEdits(cur, ops)
			var svg strings.Builder
			for _, n := range cur {
				svg.WriteString(d.Lines[n])
			}
			f := ""
			if i == len(ps)-1 {
				f = final
			}
			if want := string(board.Picture(ps[i], f).SVG()); svg.String() != want {
				t.Fatalf("game %d (%s), ply %d: the board differs from the engine's", g.ID, g.Record.Game, i)
			}
			if i > 0 {
				edited += len(ops)
			}
		}
		if n := len(ps) - 1; n > 0 && len(cur) > 20 && edited/n >= len(cur) {
			t.Errorf("game %d (%s): %d numbers a ply for a board of %d lines", g.ID, g.Record.Game, edited/n, len(cur))
		}
		js := d.script()
		t.Logf("game %d (%s): %d plies, %d lines, %d bytes of JSON, %d gzipped", g.ID, g.Record.Game, len(ps)-1, len(d.Lines), len(js), gzipSize(t, js))
		if strings.Contains(string(js), "</") {
			t.Errorf("game %d: the data holds </, which would end its script element", g.ID)
		}
	}
}
