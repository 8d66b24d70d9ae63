package initiative

import (
	"testing"

	"postal/engine"
	"postal/engine/enginetest"
)

// Mid-game positions, as position text (played from the seed's examples,
// see rules_test.go).
const (
	// The basic example before Kristin's attack of turn 6.
	perftBasicT6 = "initiative draft=no stack=bgkyr start=bgkyr cur=bgkyr stage=attack ply=31 bag=SkSyMbMrLb " +
		"inv1=SgSrMkMyMr inv2=MgMkLkLkLy dealt1=SbSgSrMkMyMyMrLbLrLr dealt2=MbMgMgMkLgLgLkLkLyLy " +
		"round=1 lead=first att=second turn=6 row1=*Sb,Lb,*My,Lr,Lr row2=Mb,*Lg,Mg,*Ly,*Lg last=first:Lr"
	// The sacrifice example at Alison's parry of turn 4 (Kristin attacked Mk).
	perftSacParry = "initiative draft=no stack=bgkyr start=bgkyr cur=bygkr stage=parry ply=28 bag=SkSySrLbLr " +
		"inv1=SbSgMyMrMrLr inv2=MgLgLkLkLyLy dealt1=SbSgMbMkMyMyMrMrLbLr dealt2=MbMgMgMkLgLgLkLkLyLy " +
		"round=1 lead=first att=second turn=4 row1=*Mb,*Lb,*My/Mk row2=Mg,Lg,Mb,*Mk last=second:Mk"
	// The pummel example before the first virtual play (turn 6).
	perftPummel = "initiative draft=no stack=bgkyr start=bgkyr cur=bgkyr stage=attack ply=31 bag=SrMkMyMrMr " +
		"inv1=- inv2=SkLyLyLrLr dealt1=SbSgMbMbMgMgLbLbLgLg dealt2=SkSyMkMyLkLkLyLyLrLr " +
		"round=1 lead=first att=first turn=6 row1=*Sb/Sg,*Mb/Mg,*Mb/Mg,*Lb/Lg,*Lb/Lg row2=Sy,Mk,My,Lk,Lk last=second:Lk"
	// A draft: Second has taken row 2 (closed); First, holding 9, may take
	// row 1 returning one pyramid, or draw into row 3.
	perftDraft = "initiative draft=yes stack=bgkyr start=bgkyr cur=bgkyr stage=draft ply=51 bag=MyMrLbLgLkLyLyLrLr " +
		"inv1=SbSgMbMgMkMyMrLbLg inv2=SkSySrMbMg rows=MkLk/x./. pass=second mover=first last=second:take_row_2"
)

func perftPositions(t testing.TB) map[string]engine.Position {
	out := map[string]engine.Position{
		"start":      newGame(t, "stack=random"),
		"draftStart": newGame(t, "draft=yes"),
	}
	for name, text := range map[string]string{"basicT6": perftBasicT6, "sacParry": perftSacParry, "pummel": perftPummel, "draft": perftDraft} {
		pos, err := Game{}.ParsePosition(text)
		if err != nil {
			t.Fatal(err)
		}
		out[name] = pos
	}
	return out
}

// TestPerft pins the move-tree counts. Depth 1 checked by hand:
//   - start (stack=random): the 120 orders of the stack (R2). Depth 2:
//     120 x 45 deal outcomes from the full bag (faces S, M, L: 5 each; S/M,
//     S/L, M/L: 10 each). Depth 3: after a small is drawn 42 outcomes remain
//     (15 first outcomes draw a small), else 45: 120 x (15x42 + 30x45) = 237600.
//   - draftStart: drafter first / drafter second (R13); then only "draw";
//     then the roll: 15 one-size outcomes + 3 two-size faces = 18, so 36.
//   - basicT6: Kristin holds Mg Mk Lk Lk Ly. A single pyramid has 3 other
//     kinds to sacrifice, the doubled Lk 4, each up or down: 7+7+7+9 = 30.
//   - sacParry: Alison must parry Mk with a medium (R7): My (4 sacrifice
//     kinds x 2 directions + 1 = 9) or Mr (5 kinds; red is at the bottom so
//     "up" or no direction: 10 + 1 = 11): 20.
//   - pummel: First's inventory is empty, only vLb (R9): 1. Depth 2:
//     Second must parry with a large: Ly or Lr, 1 + 3 sacrifice kinds x 2 = 7
//     each: 14.
//   - draft: First may draw (row 3 has room, row 2 is closed) or take row 1
//     reaching 11, returning one of 10 kinds (R14): 11.
func TestPerft(t *testing.T) {
	ps := perftPositions(t)
	enginetest.Perft(t, ps["start"], 120, 5400, 237600)
	enginetest.Perft(t, ps["draftStart"], 2, 2, 36)
	enginetest.Perft(t, ps["basicT6"], 30, 522, 7848)
	enginetest.Perft(t, ps["sacParry"], 20, 653, 27244)
	enginetest.Perft(t, ps["pummel"], 1, 14, 43)
	enginetest.Perft(t, ps["draft"], 11, 20, 116)
}
