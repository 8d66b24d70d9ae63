package allgames_test

import (
	"crypto/sha256"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"postal/engine"
	"postal/engine/enginetest"
	"postal/engine/picture"
)

// board is a real position's picture, as a mail shows it.
type board struct {
	name string
	pic  *picture.Picture
}

// mailBudget is the PNG's share of a mail's 22 KB for its two images
// (club/games: the SVG attachment takes the rest).
func (b board) budget() int { return 22<<10 - len(b.pic.MinSVG()) }

// realBoards are the pictures of every game and ruleset at its start and
// after 10 and 30 random plies: the mails' boards in every size and
// crowding the games draw.
func realBoards(t testing.TB) []board {
	var boards []board
	for _, g := range engine.Games() {
		info := g.Info()
		if info.Name == "test-nim" {
			continue
		}
		for _, rs := range info.Rulesets {
			cfg := engine.Config{Ruleset: rs.Name, Seed: 3}
			_, _, pos, err := engine.New(info.Name, cfg)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(1, 2))
			for ply := 0; ply <= 30 && !pos.Result().Over(); ply++ {
				if ply%10 == 0 && ply != 20 {
					if pic := pos.Picture(); pic != nil {
						boards = append(boards, board{fmt.Sprintf("%s/%s ply %d", info.Name, rs.Name, ply), pic})
					}
				}
				players := pos.ToMove()
				p := players[rng.IntN(len(players))]
				if pos, err = pos.Apply(p, engine.RandomMove(pos, p, rng)); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	return boards
}

// TestMailPNGOfRealBoards pins the mail PNG of every game's boards: the
// scale chosen, the size, and the bytes' digest, so that a change to how
// the PNG is drawn, quantized or searched for is seen (go test -update
// writes the file again; read its diff).
func TestMailPNGOfRealBoards(t *testing.T) {
	var got strings.Builder
	for _, b := range realBoards(t) {
		data, scale, err := b.pic.MailPNG(b.budget())
		if err != nil {
			t.Fatal(err)
		}
		if len(data) > b.budget() && scale != 1 {
			t.Errorf("%s: %d bytes at scale %g, over its budget of %d", b.name, len(data), scale, b.budget())
		}
		fmt.Fprintf(&got, "%s: scale %g, %d of %d bytes, %x\n", b.name, scale, len(data), b.budget(), sha256.Sum256(data))
	}
	enginetest.Golden(t, "mailpng.txt", []byte(got.String()))
}

// BenchmarkMailPNGOfRealBoards draws the mail PNG of every game's boards
// (realBoards): the costliest part of handling a move.
func BenchmarkMailPNGOfRealBoards(b *testing.B) {
	boards := realBoards(b)
	budgets := make([]int, len(boards))
	for i, bd := range boards {
		budgets[i] = bd.budget()
	}
	b.ReportAllocs()
	for b.Loop() {
		for i, bd := range boards {
			if _, _, err := bd.pic.MailPNG(budgets[i]); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N*len(boards)), "ms/board")
}
