package imperialshuffle_test

import (
	"testing"

	"postal/engine"
	"postal/engine/enginetest"
	"postal/engine/imperialshuffle"
)

// setup is a game's setup (R5) and its first moves; Blue's Emperor then
// reaches c4 through b4 or d4 while Yellow's steps to a2 and a1 (R7).
var setup = []string{
	"0:setup Cb Cr Cy Ng/Ng Ey Cr Cg/Ny Nb Nb Cy/Cg Ny Cb Hr",
	"1:setup Cg Nb Hg Ny/Cg Cr Cy Eb/Cr Cb Ny Cb/Nb Cy Ng Ng",
	"0:c4", "1:c2", "0:c3", "1:d1", "0:c2", "1:c2", "0:b3", "1:d3",
	"0:a3", "1:d4", "0:b3", "1:c4", "0:a2", "1:d4", "0:a3", "1:c4 revive a3",
}

func TestKeyTransposes(t *testing.T) {
	start := enginetest.Start(t, "imperial-shuffle", engine.Config{})
	enginetest.Transposes(t, start,
		append(setup[:len(setup):len(setup)], "0:a2", "1:b4", "0:a1", "1:c4"),
		append(setup[:len(setup):len(setup)], "0:a2", "1:d4", "0:a1", "1:c4"))
}

// The ply, the last move and the history are left out of the key; the
// arrangements, every piece's life state (R12) and the stage are in: in
// setup, who set up first moves first (R5), and a pending "setup random"
// says whose arrangement is drawn (R6).
func TestKeyFields(t *testing.T) {
	const (
		boards = "CbNgEyCg/NyCrCyHr/CbCynyNb/NgcrCgNb CyCyHgCb/CgCbNyEb/CrNbNyNg/NbCrNgCg"
		alive  = "CbNgEyCg/NyCrCyHr/CbCyNyNb/NgcrCgNb CyCyHgCb/CgCbNyEb/CrNbNyNg/NbCrNgCg"
		first  = "CbNgEyCg/NyCrCyHr/CbCyNyNb/NgCrCgNb"
		second = "CyCyHgCb/CgCbNyEb/CrNbNyNg/NbCrNgCg"
	)
	enginetest.KeyTexts(t, imperialshuffle.Game{}, "standard nobles=ygb "+boards+" move1 12 2:d2-d3 32f00efca58f,560ba2db95e6",
		[]string{"standard nobles=ygb " + boards + " move1 30 - -"},
		[]string{
			"standard nobles=ygb " + boards + " move2 12 2:d2-d3 -",
			"standard nobles=ygb " + alive + " move1 12 2:d2-d3 -",
			"standard nobles=ygb " + first + " - setup 1 - -",
			"standard nobles=ygb - " + second + " setup 1 - -",
			"standard nobles=ygb " + first + " - random2 2 - -",
		})
}

// R12: the third occurrence of a position is a draw, which the key tells
// from the same boards going on.
func TestKeyRepetition(t *testing.T) {
	_, _, pos := enginetest.PlaySides(t, "imperial-shuffle", engine.Config{}, "Yellow: "+setup[0][2:], "Blue: "+setup[1][2:])
	enginetest.KeyRepetition(t, imperialshuffle.Game{}, pos, 2)
}

// Over random games and swapped moves, equal keys offer equal moves.
func TestKeyLegal(t *testing.T) {
	enginetest.KeysOf(t, "imperial-shuffle", engine.Config{}, 30, 80)
}
