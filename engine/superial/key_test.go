package superial_test

import (
	"math/rand/v2"
	"testing"

	"postal/engine"
	"postal/engine/enginetest"
	"postal/engine/superial"
)

var (
	random  = engine.Config{Ruleset: "random"}
	vsChess = engine.Config{Ruleset: "vs-chess"}
	multi4  = engine.Config{Ruleset: "multiplayer"}
	multi3  = engine.Config{Ruleset: "multiplayer", Options: map[string]string{"players": "3"}}
)

// Two moves of one player's on either side of the others', in either order.
func TestKeyTransposes(t *testing.T) {
	for _, c := range []struct {
		name string
		cfg  engine.Config
		a, b []string
	}{
		{"classic", engine.Config{}, []string{"0:c2-c3", "1:a5-a4=x", "0:a2-a1"}, []string{"0:a2-a1", "1:a5-a4=x", "0:c2-c3"}},
		{"random", random, []string{"0:d1-c1=x", "1:b6-b5=x", "0:c2-c3=x"}, []string{"0:c2-c3=x", "1:b6-b5=x", "0:d1-c1=x"}},
		{"vs-chess", vsChess, []string{"0:a2-a3", "1:d8-c8=x", "0:h2-h4"}, []string{"0:h2-h4", "1:d8-c8=x", "0:a2-a3"}},
		{"multiplayer", multi4, []string{"0:d1-e1=x", "1:b6-b5", "2:g9-h9=+", "3:i4-h4=+", "0:h1-g1=+"},
			[]string{"0:h1-g1=+", "1:b6-b5", "2:g9-h9=+", "3:i4-h4=+", "0:d1-e1=x"}},
		{"multiplayer-3", multi3, []string{"0:e2-f2=x", "1:b4-c4=+", "2:d10-c10=x", "0:h1-i1=+"},
			[]string{"0:h1-i1=+", "1:b4-c4=+", "2:d10-c10=x", "0:e2-f2=x"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			enginetest.Transposes(t, enginetest.Start(t, "superial-chess", c.cfg), c.a, c.b)
		})
	}
}

// The ply, the last move and the history are left out of the keys; the
// board, the side to move, what a ruleset keeps besides (random moves left
// and a pending throw, R11; castling, en passant and the pawns' double
// steps, R14-R16; the players out in their order, R13d) and the quiet plies
// a draw counts (drawLimit, R13e) are in.
func TestKeyFields(t *testing.T) {
	const (
		cubes = "1p4/1pps1h/h5/4S1/1HP2P/1PP3"
		chess = "1oxo1o2/5o1o/+7/8/7P/4KPP1/PPPPP3/RNBQ1bN[or]"
		multi = "3No1No1No2/5E+Ex3/W+1N+3E+1Eo1/Wo8Eo/1Wo6Eo1/WoWo8/7E+2/Wo8Eo/1Sx2So2S+So1/3So1So4"
	)
	t.Run("random", func(t *testing.T) {
		enginetest.KeyTexts(t, superial.Game{}, "random 6 "+cubes+" w 1:1:1 12 3 e5-d5=x 9e67bd04aa9061cf,e9a1adbb8c503a34",
			[]string{"random 6 " + cubes + " w 1:1:1 30 3 - -"},
			[]string{
				"random 6 " + cubes + " b 1:1:1 12 3 e5-d5=x -",
				"random 6 " + cubes + " w 1:1:1 12 4 e5-d5=x -",
				"random 6 " + cubes + " w 1:0:1 12 3 e5-d5=x -",
				"random 6 " + cubes + " w* 1:0:1 12 3 random -",
				"classic 6 " + cubes + " w - 12 3 e5-d5=x -",
			})
	})
	t.Run("vs-chess", func(t *testing.T) {
		enginetest.KeyTexts(t, superial.Game{}, "vs-chess "+chess+" w - - abcde 12 5 c7-c8=x 37177f74ce37e522",
			[]string{"vs-chess " + chess + " w - - abcde 30 5 - -"},
			[]string{
				"vs-chess " + chess + " b - - abcde 12 5 c7-c8=x -",
				"vs-chess " + chess + " w - - abcd 12 5 c7-c8=x -",
				"vs-chess " + chess + " w - - abcde 12 6 c7-c8=x -",
			})
	})
	t.Run("multiplayer", func(t *testing.T) {
		enginetest.KeyTexts(t, superial.Game{}, "multiplayer 4 "+multi+" s - 12 0 e:i5-j6[i6]-i7[j7]-h8[i8]-f8-g9[f9]=x 0a049431bed9ed31",
			// A game of rules version 1 shares its openings (R13g).
			[]string{"multiplayer 4 " + multi + " s - 30 0 - -", "multiplayer 4 " + multi + " s - 12 0 - - v1"},
			[]string{
				"multiplayer 4 " + multi + " w - 12 0 - -",
				"multiplayer 4 " + multi + " s - 12 1 - -",
			})
	})
}

// R10, R13e: the third occurrence of a position is a draw, which the key
// tells from the same pieces going on.
func TestKeyRepetition(t *testing.T) {
	for _, c := range []struct {
		cfg     engine.Config
		players int
	}{{engine.Config{}, 2}, {random, 2}, {vsChess, 2}, {multi4, 4}, {multi3, 3}} {
		t.Run(c.cfg.String(), func(t *testing.T) {
			enginetest.KeyRepetition(t, superial.Game{}, enginetest.Start(t, "superial-chess", c.cfg), c.players)
		})
	}
}

// Over random games and swapped moves, equal keys offer equal moves.
func TestKeyLegal(t *testing.T) {
	for _, cfg := range []engine.Config{{}, {Options: map[string]string{"size": "8"}}, random, vsChess, multi4, multi3} {
		t.Run(cfg.String(), func(t *testing.T) {
			if st := enginetest.KeysOf(t, "superial-chess", cfg, 12, 60); st.Transposed == 0 {
				t.Errorf("no transposition among %d keys", st.Keys)
			}
		})
	}
}

// Games of both rules versions of the multiplayer ruleset (R13g) share
// their keys: equal keys offer equal moves across versions too.
func TestKeyVersions(t *testing.T) {
	for _, players := range []string{"3", "4"} {
		i := 0
		st := enginetest.Keys(t, func(rng *rand.Rand) engine.Position {
			cfg := engine.Config{Ruleset: "multiplayer", Options: map[string]string{"players": players}, Seed: rng.Uint64()}
			if i++; i%2 == 0 {
				cfg.Version = "1"
			}
			return enginetest.Start(t, "superial-chess", cfg)
		}, 4, 8, 120)
		if st.Transposed == 0 {
			t.Errorf("%s players: no transposition among %d keys", players, st.Keys)
		}
	}
}
