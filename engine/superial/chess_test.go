package superial

import (
	"testing"

	"postal/engine/enginetest/long"
)

// The chess generator of the vs-chess ruleset (R14) on ordinary chess
// positions reproduces the published perft counts (issue 10).
func TestChessPerftR14(t *testing.T) {
	full := long.Enabled()
	for _, c := range []struct {
		name, fen string
		want      []int64
		quick     int // depths checked by make test (all of them by make test-long)
	}{
		{"start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", []int64{20, 400, 8902, 197281}, 3},
		{"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -", []int64{48, 2039, 97862}, 2},
		// Position 3 of the chess programming wiki's perft page: en passant
		// discovered checks along the rank.
		{"position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -", []int64{14, 191, 2812, 43238}, 3},
		// Position 4: promotions and castling out of check refused.
		{"position4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", []int64{6, 264, 9467}, 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			p, err := parseFEN(c.fen)
			if err != nil {
				t.Fatal(err)
			}
			before := *p
			for d, want := range c.want {
				if !full && d+1 > c.quick {
					break
				}
				if got := chessPerft(p, d+1); got != want {
					t.Errorf("perft(%d) = %d, want %d", d+1, got, want)
				}
			}
			if *p != before {
				t.Error("perft changed the position")
			}
		})
	}
}

// Moves are written in long algebraic form, as the rulings suggest.
func TestChessMoveText(t *testing.T) {
	p, err := parseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -")
	if err != nil {
		t.Fatal(err)
	}
	texts := map[string]bool{}
	for _, m := range p.legal() {
		texts[m.text(p)] = true
	}
	for _, want := range []string{"O-O", "O-O-O", "Ne5xf7", "Qf3xf6", "d5-d6", "a2-a4", "Bd2-h6"} {
		if !texts[want] {
			t.Errorf("no move %q among %d", want, len(texts))
		}
	}
	p, _ = parseFEN("8/1P6/8/8/8/8/8/k1K5 w - -")
	texts = map[string]bool{}
	for _, m := range p.legal() {
		texts[m.text(p)] = true
	}
	if !texts["b7-b8=Q"] || !texts["b7-b8=N"] {
		t.Errorf("promotions missing: %v", texts)
	}
}

func BenchmarkChessPerft(b *testing.B) {
	p, _ := parseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -")
	var n int64
	for b.Loop() {
		n = chessPerft(p, 3)
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
}
