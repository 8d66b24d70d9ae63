package imperialchess_test

import (
	"testing"

	"postal/engine"
	"postal/engine/enginetest"
	"postal/engine/imperialchess"
)

// Two moves of White's on either side of one of Black's, in either order:
// one position, one key; the texts differ in the last move and the history.
func TestKeyTransposes(t *testing.T) {
	enginetest.Transposes(t, enginetest.Start(t, "imperial-chess", engine.Config{}),
		[]string{"0:Pk3-k4", "1:Pa10-a8", "0:Af2-d5"},
		[]string{"0:Af2-d5", "1:Pa10-a8", "0:Pk3-k4"})
}

// The ply, the last move and the history are left out of the key; the side
// to move, each piece's identity, its moved mark (R11: a pawn that has not
// moved may step two) and the captured pools (R12) are in.
func TestKeyFields(t *testing.T) {
	const (
		board = "rcnbqemqbncr/y1yshk(h11)2syxy/p1pppi(g11)pppppp/x(b11)p(b10)'a(f11)9/5p(f10)'6/12/12/7P(h3)'3P(l3)'/3A(f2)3K(h2)2P(k3)'1/PPPPPPP1PP2/YXYSH1I1SYXY/RCNBQEMQBNCR"
		moved = "rcnbqemqbncr/y1yshk(h11)2syxy/p1pppi(g11)pppppp/x(b11)p(b10)a(f11)9/5p(f10)'6/12/12/7P(h3)'3P(l3)'/3A(f2)3K(h2)2P(k3)'1/PPPPPPP1PP2/YXYSH1I1SYXY/RCNBQEMQBNCR"
	)
	enginetest.KeyTexts(t, imperialchess.Game{}, "standard w "+board+" - 12 Id9-f10 373a794120a0193b,6abaffe4512b3d90",
		[]string{"standard w " + board + " - 40 - -"},
		[]string{"standard b " + board + " - 12 Id9-f10 -", "standard w " + moved + " - 12 Id9-f10 -"})
}

// R18: the third occurrence of a position is a draw, which the key tells
// from the same pieces going on.
func TestKeyRepetition(t *testing.T) {
	enginetest.KeyRepetition(t, imperialchess.Game{}, enginetest.Start(t, "imperial-chess", engine.Config{}), 2)
}

// Over random games and swapped moves, equal keys offer equal moves.
func TestKeyLegal(t *testing.T) {
	if st := enginetest.KeysOf(t, "imperial-chess", engine.Config{}, 20, 80); st.Transposed == 0 {
		t.Errorf("no transposition among %d keys", st.Keys)
	}
}
