package initiative_test

import (
	"testing"

	"postal/engine"
	"postal/engine/enginetest"
	"postal/engine/initiative"
)

// Two draws of the quick setup in either order deal the same inventories
// (R3); in the draft, the die's "L" and the drafter's choice of L after
// "M/L" draw from the bag alike (R13).
func TestKeyTransposes(t *testing.T) {
	t.Run("quick", func(t *testing.T) {
		enginetest.Transposes(t, enginetest.Start(t, "initiative", engine.Config{}),
			[]string{"-1:stack rkgby", "-1:die M/L draw Lb", "-1:die M draw Mk"},
			[]string{"-1:stack rkgby", "-1:die M draw Mk", "-1:die M/L draw Lb"})
	})
	t.Run("draft", func(t *testing.T) {
		enginetest.Transposes(t, enginetest.Start(t, "initiative", engine.Config{Options: map[string]string{"draft": "yes"}}),
			[]string{"-1:stack bgkry", "-1:drafter first", "0:draft", "-1:die L draw Lb"},
			[]string{"-1:stack bgkry", "-1:drafter first", "0:draft", "-1:die M/L", "0:draft L", "-1:draw Lb"})
	})
}

// The ply and the last move are left out of the key; the stack's order
// (R2), the bag and the inventories are in.
func TestKeyFields(t *testing.T) {
	const (
		head = "initiative draft=no stack=random "
		bag  = " stage=deal ply=12 bag=SySrMbMbMgMyMyMrMrLbLkLyLyLr"
		inv  = " inv1=SbSgSkMgMkMkLbLgLgLr inv2=Lk"
	)
	enginetest.KeyTexts(t, initiative.Game{}, head+"start=kbygr cur=kbygr"+bag+inv+" last=chance:die_L_draw_Lk",
		[]string{head + "start=kbygr cur=kbygr" + bag + inv + " last=-", head + "start=kbygr cur=kbygr" + " stage=deal ply=40 bag=SySrMbMbMgMyMyMrMrLbLkLyLyLr" + inv + " last=-"},
		[]string{
			head + "start=bkygr cur=bkygr" + bag + inv + " last=-",
			head + "start=kbygr cur=kbygr" + bag + " inv1=SbSgSkMgMkMkLbLgLgLk inv2=Lr last=-",
		})
}

// Over random games and swapped moves, equal keys offer equal moves.
func TestKeyLegal(t *testing.T) {
	for _, draft := range []string{"no", "yes"} {
		t.Run("draft="+draft, func(t *testing.T) {
			st := enginetest.KeysOf(t, "initiative", engine.Config{Options: map[string]string{"draft": draft}}, 30, 80)
			if draft == "no" && st.Transposed == 0 {
				t.Errorf("no transposition among %d keys", st.Keys)
			}
		})
	}
}
