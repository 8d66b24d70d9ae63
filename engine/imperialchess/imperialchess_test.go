package imperialchess

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"sync"
	"testing"

	"postal/engine"
	"postal/engine/enginetest"
	"postal/engine/enginetest/long"
)

// Three small mid-game positions built for perft (White's and Black's
// other pieces are captured; see mk):
//
//   - midA, White to move: Emperor f1, Catapult b1, Pawn a3 against the
//     Black Emperor f12, a Black pawn on b5 and a Black Knight on c4.
//   - midB, Black to move: a Queen next to the Imperial Prince (rides), a
//     Pikeman, the Emperor; White's King and a pawn in reach.
//   - midC, White to move just after Black took White's Emperor: a
//     messenger Knight, the Imperial Prince, a Prince and a pawn that can
//     reach the far rank with a replacement.
const (
	midA = "standard w 5e6/12/12/12/12/12/12/1p(a10)'10/2n(c12)9/P11/12/1C3E6 Ra1,Nc1,Bd1,Qe1,Mg1,Qh1,Bi1,Nj1,Ck1,Rl1,Ya2,Xb2,Yc2,Sd2,He2,Af2,Ig2,Kh2,Si2,Yj2,Xk2,Yl2,Pb3,Pc3,Pd3,Pe3,Pf3,Pg3,Ph3,Pi3,Pj3,Pk3,Pl3,pb10,pc10,pd10,pe10,pf10,pg10,ph10,pi10,pj10,pk10,pl10,ya11,xb11,yc11,sd11,he11,af11,ig11,kh11,si11,yj11,xk11,yl11,ra12,cb12,bd12,qe12,mg12,qh12,bi12,nj12,ck12,rl12 10 - -"
	midB = "standard b 5e6/y11/12/12/4q(e12)a(f11)6/4P(e3)'7/5K(h2)6/12/12/12/12/5E6 Ra1,Cb1,Nc1,Bd1,Qe1,Mg1,Qh1,Bi1,Nj1,Ck1,Rl1,Ya2,Xb2,Yc2,Sd2,He2,Af2,Ig2,Si2,Yj2,Xk2,Yl2,Pa3,Pb3,Pc3,Pd3,Pf3,Pg3,Ph3,Pi3,Pj3,Pk3,Pl3,pa10,pb10,pc10,pd10,pe10,pf10,pg10,ph10,pi10,pj10,pk10,pl10,xb11,yc11,sd11,he11,ig11,kh11,si11,yj11,xk11,yl11,ra12,cb12,nc12,bd12,mg12,qh12,bi12,nj12,ck12,rl12 10 - -"
	midC = "standard w 5em5/6P(g3)'5/12/12/7H(e2)4/12/12/3A(f2)8/1p(b10)'10/12/2N(c1)~9/5p(a10)'6 Ra1,Cb1,Bd1,Qe1,Ef1,Mg1,Qh1,Bi1,Nj1,Ck1,Rl1,Ya2,Xb2,Yc2,Sd2,Ig2,Kh2,Si2,Yj2,Xk2,Yl2,Pa3,Pb3,Pc3,Pd3,Pe3,Pf3,Ph3,Pi3,Pj3,Pk3,Pl3,pc10,pd10,pe10,pf10,pg10,ph10,pi10,pj10,pk10,pl10,ya11,xb11,yc11,sd11,he11,af11,ig11,kh11,si11,yj11,xk11,yl11,ra12,cb12,nc12,bd12,qe12,qh12,bi12,nj12,ck12,rl12 11 Pe2xf1 -"
)

// TestPerft pins the move-tree counts. Depth 1 checked by hand:
//
//   - start, 56: 24 pawn moves (one or two squares, a-l); deploy 3; the
//     Imperial Prince f2 leaps to c4 d5 e4 f5 g4 h5 i4 (7), each also with
//     the Imperial Princess g2 riding (7); the Prince e2 leaps to b4 c5 d4 e5
//     f4 g5 h4 (7), with the Princess d2 riding (7) and with the Queen e1
//     riding where e1's landing square is free: c5 e5 g5 (3). Everything else
//     is blocked. 24+1+14+17 = 56.
//   - midA, 70: Pawn a4 a5 (2); Catapult steps a1 a2 b2 c1 c2 and shoots b5
//     (6); Emperor f2-f11 and xf12 (11), e1 d1 c1 (3), g1-l1 (6), e2 d3 xc4
//     (3), g2 h3 i4 j5 k6 l7 (6); Ef1xf12 reaches the far rank, so it may
//     also bring back any of the 33 captured White pieces (R12): 2+6+29+33.
//   - midB, 96: Imperial Prince f8, 23 of 24 leaps (e8 is the Queen's), 21
//     of them also with the Queen riding (not to f7, g6: e7, f6 taken);
//     Emperor f12 25; Queen e8 23 (24 squares within two steps, less f8,
//     with xe7 and xf6 via f7); Pikeman a11 a9 c11 b10 b12 (4).
//   - midC, 120: Imperial Prince d5 24 (with xb4), Prince h8 24, messenger
//     Knight c2 10 (a1 a3 b2 c1 c3 d2 d4 e1 e3 xb4), Pawn g11 xf12 and xg12,
//     each plain or with one of the 30 captured pieces from King down (62).
func TestPerft(t *testing.T) {
	g := Game{}
	full := long.Enabled()
	for _, c := range []struct {
		name string
		pos  engine.Position
		want []int64
	}{
		{"start", start(t), []int64{56, 3136, 216547}},
		{"midA", parse(t, midA), []int64{70, 2450, 154251}},
		{"midB", parse(t, midB), []int64{96, 6916, 694190}},
		{"midC", parse(t, midC), []int64{120, 3322, 292498}},
	} {
		t.Run(c.name, func(t *testing.T) {
			enginetest.RoundTrip(t, g, c.pos)
			want := c.want
			if !full {
				want = want[:2]
			}
			enginetest.Perft(t, c.pos, want...)
		})
	}
}

// TestRandomGames plays 4,000 random games to their end (make test: 40),
// checking position and move round trips every 50 plies. (10,000 took
// five CPU minutes of CI's 20.)
// The games run in two parallel halves; each half's start draws a
// different number of values from the game's rng, so no game repeats.
func TestRandomGames(t *testing.T) {
	n := long.Size(4000, 40)
	g := Game{}
	var mu sync.Mutex
	scores := map[string]int{}
	const parts = 2
	for part := 0; part < parts; part++ {
		t.Run(fmt.Sprint("part", part), func(t *testing.T) {
			t.Parallel()
			s := enginetest.RandomGames(t, g, func(rng *rand.Rand) engine.Position {
				for i := 0; i < part; i++ {
					rng.Uint64()
				}
				pos, _ := g.Start(engine.Config{Ruleset: "standard"})
				return pos
			}, n/parts, 100000, 50)
			mu.Lock()
			defer mu.Unlock()
			for k, v := range s {
				scores[k] += v
			}
		})
	}
	t.Cleanup(func() {
		total := 0
		for _, c := range scores {
			total += c
		}
		if total != n {
			t.Errorf("%d games ended, want %d", total, n)
		}
		t.Logf("%d random games: %v", n, scores)
	})
}

// midGame is ply 60 of a seeded random game.
func midGame(t testing.TB) engine.Position {
	pos, _, err := engine.RandomGame(start(t), rand.New(rand.NewPCG(42, 1)), 60)
	if err != nil {
		t.Fatal(err)
	}
	return pos
}

func TestGolden(t *testing.T) {
	charged := play(t, mk(t, white, chargeSetup), "charge Pa5-a6, Pb5-b6, Pc5-c6, Pd5-d6, Pe5-e6, Ef1-f2")
	for name, pos := range map[string]engine.Position{"start": start(t), "mid": midGame(t), "charge": charged} {
		enginetest.Golden(t, name+".txt", []byte(pos.ASCII()))
		enginetest.Golden(t, name+".svg", pos.Picture().SVG())
		for i, line := range strings.Split(pos.ASCII(), "\n") {
			if len(line) > 78 {
				t.Errorf("%s: ASCII line %d has %d columns", name, i+1, len(line))
			}
		}
		if w := pos.Picture().Width; w < 400 || w > 480 {
			t.Errorf("%s: picture %v px wide", name, w)
		}
	}
	if os.Getenv("IMPERIALCHESS_SVG") != "" {
		os.WriteFile("/tmp/ic-mid.svg", midGame(t).Picture().SVG(), 0o644)
		os.WriteFile("/tmp/ic-charge.svg", charged.Picture().SVG(), 0o644)
	}
}
