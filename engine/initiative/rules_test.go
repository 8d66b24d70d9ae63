package initiative

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"postal/engine"
)

func TestInfo(t *testing.T) {
	g, err := engine.Lookup("initiative")
	if err != nil {
		t.Fatal(err)
	}
	i := g.Info()
	if i.Title != "Initiative" || !slices.Equal(i.Sides, []string{"First", "Second"}) || !i.Chance || i.Rulesets[0].Name != "standard" {
		t.Errorf("info %+v", i)
	}
	if _, err := engine.Normalize(i, engine.Config{Options: map[string]string{"draft": "maybe"}}); err == nil {
		t.Error("draft=maybe accepted")
	}
	for _, bad := range []string{"bgky", "bgkyb", "bgkyx"} {
		if _, err := g.Start(engine.Config{Options: map[string]string{"stack": bad}}); err == nil {
			t.Errorf("stack=%s accepted", bad)
		}
	}
}

func TestR1_MaterialAndBag(t *testing.T) {
	p := ip(newGame(t))
	if p.bag.total() != 25 || p.bag.ofSize(0) != 5 || p.bag.ofSize(1) != 10 || p.bag.ofSize(2) != 10 {
		t.Errorf("bag %s", p.bag.String())
	}
	if p.bag.String() != "SbSgSkSySrMbMbMgMgMkMkMyMyMrMrLbLbLgLgLkLkLyLyLrLr" {
		t.Errorf("bag %s", p.bag.String())
	}
}

func TestR2_StackDrawnOrFixed(t *testing.T) {
	pos := newGame(t, "stack=random")
	if !slices.Equal(pos.ToMove(), []engine.Player{engine.Chance}) {
		t.Fatalf("to move %v", pos.ToMove())
	}
	ls := legalTexts(pos, engine.Chance)
	if len(ls) != 120 || ls[0] != "stack bgkry" || ls[119] != "stack ykgbr" && !strings.HasPrefix(ls[119], "stack y") {
		t.Errorf("%d outcomes, first %s last %s", len(ls), ls[0], ls[len(ls)-1])
	}
	pos = do(t, pos, engine.Chance, "stack RYKGB")
	if ip(pos).start.String() != "rykgb" || ip(pos).st != stDeal {
		t.Errorf("%s", pos)
	}
	for seed := uint64(0); seed < 50; seed++ {
		m := newGame(t, "stack=random").Sample(engine.ChanceSource(seed, 0))
		if !slices.Contains(ls, m.String()) {
			t.Errorf("sampled %s", m)
		}
	}
	if st := ip(newGame(t, "stack=ygbrk")); st.st != stDeal || st.cur.String() != "ygbrk" {
		t.Errorf("fixed stack: %s", st)
	}
}

func TestR3_QuickSetupDealsTenAndTen(t *testing.T) {
	pos := newGame(t)
	ls := legalTexts(pos, engine.Chance)
	if len(ls) != 45 || ls[0] != "die L draw Lb" {
		t.Errorf("%d outcomes from the full bag: %v", len(ls), ls[:3])
	}
	illegal(t, pos, engine.Chance, "die S/M draw Lb", "does not show size L")
	// A two-size face: chance picks the size (R3).
	pos = do(t, pos, engine.Chance, "die S/L draw Lr")
	if ip(pos).inv[0].String() != "Lr" {
		t.Errorf("first draw went to %s / %s", ip(pos).inv[0].String(), ip(pos).inv[1].String())
	}
	pos, steps, err := engine.ResolveChance(newGame(t), 42)
	if err != nil {
		t.Fatal(err)
	}
	p := ip(pos)
	if len(steps) != 21 || p.inv[0].total() != 10 || p.inv[1].total() != 10 || p.bag.total() != 5 || p.st != stAttack {
		t.Errorf("%d steps, %s", len(steps), pos)
	}
	for _, s := range steps[:20] {
		if !strings.HasPrefix(s.Move.String(), "die ") {
			t.Errorf("step %s", s.Move)
		}
	}
	// The record replays without the seed.
	again := newGame(t)
	for _, s := range steps {
		again = do(t, again, s.Player, s.Move.String())
	}
	if again.String() != pos.String() {
		t.Errorf("replay differs:\n%s\n%s", again, pos)
	}
}

func TestR3_FaceWithNothingLeftIsRolledAgain(t *testing.T) {
	// All five smalls dealt: face S cannot be drawn, S/M and S/L draw the other size.
	pos := moves(t, newGame(t), "die S draw Sb", "die S draw Sg", "die S draw Sk", "die S draw Sy", "die S draw Sr")
	for _, l := range legalTexts(pos, engine.Chance) {
		if strings.HasPrefix(l, "die S draw") || strings.Contains(l, "draw S") {
			t.Errorf("listed %s with no small left", l)
		}
	}
	if !slices.Contains(legalTexts(pos, engine.Chance), "die S/M draw Mb") {
		t.Error("S/M must draw a medium when no small is left")
	}
	illegal(t, pos, engine.Chance, "die S draw Sb", "rolled again")
	for seed := uint64(0); seed < 200; seed++ {
		m := pos.Sample(engine.ChanceSource(seed, pos.Ply()))
		if _, err := pos.Apply(engine.Chance, m); err != nil {
			t.Fatalf("sampled %s: %v", m, err)
		}
	}
}

func TestR3_SampleProportionalToBag(t *testing.T) {
	// Face M with Mb twice and Mg once left: Mb twice as likely as Mg.
	text := "initiative draft=no stack=bgkyr start=bgkyr cur=bgkyr stage=deal ply=17 bag=MbMbMgLbLbLgLgLkLk " +
		"inv1=SbSgSkSySrMgMkMkMyMy inv2=MrMrLyLyLrLr last=-"
	pos, err := Game{}.ParsePosition(text)
	if err != nil {
		t.Fatal(err)
	}
	counts := map[string]int{}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 30000; i++ {
		counts[pos.Sample(rng).String()]++
	}
	// Faces M, L, S/M (M only), S/L (L only), M/L: five valid faces.
	mb := counts["die M draw Mb"]
	mg := counts["die M draw Mg"]
	if mb < 2*mg*8/10 || mb > 2*mg*12/10 || counts["die S draw Sb"] != 0 {
		t.Errorf("counts %v", counts)
	}
	if s := counts["die S/M draw Mb"] + counts["die S/M draw Mg"]; s < 5000 || s > 7000 {
		t.Errorf("face S/M drawn %d times of 30000, want about 6000", s)
	}
}

func TestR4_LeaderDrawn(t *testing.T) {
	pos, _ := dealOnly(t, newGame(t), basicAlison, basicKristin)
	if got := legalTexts(pos, engine.Chance); !slices.Equal(got, []string{"lead first", "lead second"}) {
		t.Errorf("lead outcomes %v", got)
	}
	for _, c := range []struct {
		out  string
		want engine.Player
	}{{"lead first", engine.First}, {"lead SECOND", engine.Second}} {
		next := do(t, pos, engine.Chance, c.out)
		if !slices.Equal(next.ToMove(), []engine.Player{c.want}) || ip(next).lead1 != c.want {
			t.Errorf("%s: to move %v", c.out, next.ToMove())
		}
	}
}

// dealOnly deals like deal but stops before the leader is drawn.
func dealOnly(t *testing.T, pos engine.Position, a, b string) (engine.Position, int) {
	t.Helper()
	n := 0
	for _, w := range strings.Fields(a + " " + b) {
		pc, _ := parsePiece(w)
		pos = do(t, pos, engine.Chance, "die "+string(sizeLetters[pc.size()])+" draw "+w)
		n++
	}
	return pos, n
}

func TestR5_AttackSacrificeAndCall(t *testing.T) {
	pos := deal(t, newGame(t), basicAlison, basicKristin, "first")
	illegal(t, pos, engine.First, "My call", "only a small pyramid may call")
	illegal(t, pos, engine.First, "Mb", "you hold no medium blue")
	illegal(t, pos, engine.First, "Lb sac Lb down", "no other large blue")
	if _, err := pos.Apply(engine.Second, Move{kind: mPlay, pc: mkPiece(1, 1), sac: noPiece, ret: noPiece}); err == nil {
		t.Error("Second attacked out of turn")
	} else if _, ok := err.(*engine.NotYourTurnError); !ok {
		t.Errorf("%T %v", err, err)
	}
	ls := legalTexts(pos, engine.First)
	for _, want := range []string{"Sb call", "Sb sac Lr call", "Sb sac Lr down call", "Lr sac Lr up", "My sac My down", "Lb sac Sr"} {
		if !slices.Contains(ls, want) {
			t.Errorf("%s not listed", want)
		}
	}
	for _, no := range []string{"Sb sac Lr up call", "My call", "Mk sac Mk up", "Lb sac Sr up"} {
		if slices.Contains(ls, no) {
			t.Errorf("%s listed", no)
		}
	}
	// 8 kinds held (My and Lr twice): a single pyramid has 7 kinds to
	// sacrifice, a double 8, each in 2 directions; smalls also call.
	if want := 3*2*(1+7*2) + 3*(1+7*2) + 2*(1+8*2); len(ls) != want {
		t.Errorf("%d attacks listed, want %d", len(ls), want)
	}
}

func TestR6_SacrificeMovesTheColour(t *testing.T) {
	s, _ := parseStack("bgkyr")
	for _, c := range []struct {
		col, n int
		want   string
	}{{3, -2, "bygkr"}, {4, -3, "brgky"}, {0, -1, "bgkyr"}, {0, 3, "gkybr"}, {1, 3, "bkyrg"}, {4, 2, "bgkyr"}} {
		if got := s.move(c.col, c.n).String(); got != c.want {
			t.Errorf("move %c by %d: %s, want %s", colorLetters[c.col], c.n, got, c.want)
		}
	}
	pos := deal(t, newGame(t), sacAlison, sacKristin, "first")
	// Blue is on top: a sacrifice that cannot move it is legal, written without direction.
	pos2 := do(t, pos, engine.First, "Mb sac Sg")
	if ip(pos2).cur.String() != "bgkyr" {
		t.Errorf("stack %s", ip(pos2).cur)
	}
	if _, err := pos.Apply(engine.First, mustParse(t, pos, engine.First, "Mb sac Sg up")); err != nil {
		t.Errorf("Mb sac Sg up: %v", err)
	}
	illegal(t, pos, engine.First, "My sac Sg", "up or down")
	illegal(t, moves(t, pos, "Mb", "Mg"), engine.First, "Mk sac Sg", "up or down")
}

func mustParse(t *testing.T, pos engine.Position, p engine.Player, text string) engine.Move {
	t.Helper()
	m, err := pos.ParseMove(p, text)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestR7_ParryMustFollowSizeThenColour(t *testing.T) {
	pos := deal(t, newGame(t), basicAlison, basicKristin, "first")
	pos = do(t, pos, engine.First, "Sb")
	// Kristin has no small: she must play blue, her only blue is Mb.
	want := []string{"Mb"}
	for _, s := range []string{"Lg", "Lk", "Ly", "Mg", "Mk"} {
		want = append(want, "Mb sac "+s, "Mb sac "+s+" down")
	}
	slices.Sort(want)
	if got := legalTexts(pos, engine.Second); !slices.Equal(got, want) {
		t.Errorf("parries %v\nwant %v", got, want)
	}
	illegal(t, pos, engine.Second, "Mg", "must parry with a blue one")
	// She holds a large: a large attack must be met by a large.
	pos = moves(t, pos, "Mb", "Lg")
	illegal(t, pos, engine.First, "My", "you hold a large pyramid")
	for _, l := range legalTexts(pos, engine.First) {
		if !strings.HasPrefix(l, "L") {
			t.Errorf("parry %s listed against Lg", l)
		}
	}
}

func TestR7_CalledColourAndNoSacrificeOfIt(t *testing.T) {
	pos := deal(t, newGame(t), callAlison, callKristin, "first")
	pos = do(t, pos, engine.First, "Sb call")
	illegal(t, pos, engine.Second, "Sy", "blue was called")
	illegal(t, pos, engine.Second, "Lb sac Mr call", "only the attacker may call")
	for _, l := range legalTexts(pos, engine.Second) {
		if !strings.HasPrefix(l, "Lb") {
			t.Errorf("parry %s listed against a blue call", l)
		}
	}
	// A parry of a called blue with a blue sacrifice is refused.
	pos2 := deal(t, newGame(t), "Sb Sr My Mk Mb Lg Lk Lr Lr Mg", "Lb Lb Mr Mk Sy Sg Ly Ly Lg Sk", "first")
	pos2 = do(t, pos2, engine.First, "Sb call")
	illegal(t, pos2, engine.Second, "Lb sac Lb down", "may not sacrifice a blue")
	for _, l := range legalTexts(pos2, engine.Second) {
		if strings.Contains(l, "sac Lb") {
			t.Errorf("listed %s", l)
		}
	}
}

func TestR8_GainingTheInitiative(t *testing.T) {
	pos := deal(t, newGame(t), basicAlison, basicKristin, "first")
	// Same colour, larger: Kristin gains.
	pos = moves(t, pos, "Sb", "Mb")
	if ip(pos).att != engine.Second {
		t.Error("Mb on Sb must gain the initiative")
	}
	// Same size, higher colour: Alison gains.
	pos = moves(t, pos, "Lg", "Lb")
	if ip(pos).att != engine.First {
		t.Error("Lb on Lg must gain the initiative")
	}
	// Same size, lower colour: the attacker keeps it.
	pos = moves(t, pos, "My", "Mg", "Ly", "Lr")
	if ip(pos).att != engine.Second {
		t.Error("Lr on Ly must not gain the initiative")
	}
	// Identical pieces leave it with the attacker.
	pos2 := deal(t, newGame(t), "Mb Sg Sr Mr My My Mk Lb Lr Lr", "Mb Mg Mg Mk Lg Lg Ly Ly Lk Lk", "first")
	pos2 = moves(t, pos2, "Mb", "Mb")
	if ip(pos2).att != engine.First {
		t.Error("Mb on Mb must leave the initiative")
	}
	// The parrier's sacrifice counts before the comparison: Mr sac Lr up
	// lifts red above black (the sacrifice example's turn 4).
	pos3 := moves(t, deal(t, newGame(t), sacAlison, sacKristin, "first"), sacPlay[:7]...)
	pos3 = moves(t, pos3, "Mr sac Lr up")
	if ip(pos3).att != engine.First || ip(pos3).cur.String() != "brygk" {
		t.Errorf("after Mr sac Lr up: %s", pos3)
	}
}

func TestR9_Pummeling(t *testing.T) {
	pos := moves(t, deal(t, newGame(t), pummelWinner, pummelLoser, "first"), pummelPlay[:10]...)
	p := ip(pos)
	if p.inv[0].total() != 0 || p.att != engine.First {
		t.Fatalf("%s", pos)
	}
	if got := legalTexts(pos, engine.First); !slices.Equal(got, []string{"vLb"}) {
		t.Errorf("pummel moves %v", got)
	}
	illegal(t, pos, engine.First, "vMb", "last played pyramid, Lb")
	illegal(t, pos, engine.First, "Lb", "inventory is empty")
	illegal(t, pos, engine.First, "vLb call", "only a small pyramid may call")
	illegal(t, pos, engine.First, "vLb sac Sg", "cannot sacrifice")
	if _, err := pos.Apply(engine.Second, mustParse(t, pos, engine.Second, "vLk")); err == nil {
		t.Error("Second played out of turn")
	} else if _, ok := err.(*engine.NotYourTurnError); !ok {
		t.Errorf("%T %v", err, err)
	}
	// A virtual parry must satisfy R7: a pummeling Lb cannot parry a small black.
	pos2, err := Game{}.ParsePosition("initiative draft=no stack=bgkyr start=bgkyr cur=bgkyr stage=attack ply=32 bag=SgMgMgLgLg " +
		"inv1=- inv2=SkSyMkMyLkLyLyLrLr dealt1=SbSrMbMbMrMrLbLbLrLr dealt2=SkSyMkMyLkLkLyLyLrLr " +
		"round=1 lead=second att=second turn=6 row1=Mb/Mr,Mb/Mr,Sb/Sr,Lr/Lr,Lb/Lb row2=*Mk,*My,*Sy,*Lk,*Ly last=-")
	if err == nil {
		t.Fatalf("an inconsistent position was accepted: %s", pos2)
	}
	pos2, err = Game{}.ParsePosition("initiative draft=no stack=bgkyr start=bgkyr cur=bgkyr stage=attack ply=41 bag=SgMgMgMkMy " +
		"inv1=- inv2=SkLkLyLrLr dealt1=SbSrMbMbMrMrLbLbLgLg dealt2=SkSyMkMyLkLkLyLyLrLr " +
		"round=1 lead=second att=second turn=6 row1=Mb/Mr,Mb/Mr,Sb/Sr,Lg/Lg,Lb/Lb row2=*Mk,*My,*Sy,*Lk,*Ly last=-")
	if err != nil {
		t.Fatal(err)
	}
	// Second attacks Sk: First pummels with Lb, holds no small (virtually), so
	// must parry black: Lb is not black: the round ends at once (R10).
	end := do(t, pos2, engine.Second, "Sk")
	if ip(end).round != 2 || ip(end).r1 != [2]int{0, 6 * 1} {
		t.Errorf("after Sk: r1 %v, %s", ip(end).r1, end)
	}
	// Second attacks Lk: the virtual Lb is a large and must parry.
	par := do(t, pos2, engine.Second, "Lk")
	if got := legalTexts(par, engine.First); !slices.Equal(got, []string{"vLb"}) {
		t.Errorf("virtual parries %v", got)
	}
	par = do(t, par, engine.First, "vLb")
	if ip(par).att != engine.First || ip(par).virt[0] != 1 {
		t.Errorf("vLb on Lk: %s", par)
	}
}

func TestR10_FailedParryEndsTheRound(t *testing.T) {
	pos := moves(t, deal(t, newGame(t), basicAlison, basicKristin, "first"), basicPlay[:14]...)
	if ip(pos).round != 1 {
		t.Fatal("round over too soon")
	}
	pos = moves(t, pos, basicPlay[14])
	if ip(pos).round != 2 || ip(pos).st != stAttack || ip(pos).turn != 1 {
		t.Errorf("round one did not end at once: %s", pos)
	}
}

func TestR10_TenTurnsOrEmptyHandsDraw(t *testing.T) {
	// Both players hold the same kinds: every attack is parried by its twin.
	a := "Mb Mg Mk My Mr Lb Lg Lk Ly Lr"
	pos := deal(t, newGame(t), a, a, "first")
	for i := 0; i < 9; i++ {
		pc := strings.Fields(a)[i]
		pos = moves(t, pos, pc, pc)
	}
	if ip(pos).turn != 10 || ip(pos).round != 1 {
		t.Fatalf("turn %d", ip(pos).turn)
	}
	pos = moves(t, pos, "Lr", "Lr")
	if ip(pos).round != 2 || ip(pos).r1 != [2]int{0, 0} {
		t.Errorf("after turn 10: %s", pos)
	}
	// Both hands empty after turn 5: drawn.
	pos = deal(t, newGame(t), a, a, "first")
	pos = moves(t, pos, "Mb sac Mg down", "Mb sac Mg down", "Mk sac My down", "Mk sac My down", "Mr sac Lb up", "Mr sac Lb up",
		"Lg sac Lk down", "Lg sac Lk down", "Ly sac Lr down")
	if ip(pos).round != 1 {
		t.Fatalf("%s", pos)
	}
	pos = moves(t, pos, "Ly sac Lr down")
	if ip(pos).round != 2 || ip(pos).r1 != [2]int{0, 0} {
		t.Errorf("both hands empty: %s", pos)
	}
}

func TestR11_BasicExampleScores24(t *testing.T) {
	pos := moves(t, deal(t, newGame(t), basicAlison, basicKristin, "first"), basicPlay...)
	if r := ip(pos).r1; r != [2]int{0, 24} {
		t.Errorf("round one %v, want Kristin 24", r)
	}
}

func TestR11_SacrificeExampleScores9(t *testing.T) {
	pos := deal(t, newGame(t), sacAlison, sacKristin, "first")
	stacks := map[int]string{4: "bgkyr", 5: "bygkr", 8: "brygk", 9: "ybrgk"}
	for i, m := range sacPlay {
		if want, ok := stacks[i]; ok && ip(pos).cur.String() != want {
			t.Errorf("before move %d (%s): stack %s, want %s (stack-operations figure)", i+1, m, ip(pos).cur, want)
		}
		pos = moves(t, pos, m)
	}
	if r := ip(pos).r1; r != [2]int{9, 0} {
		t.Errorf("round one %v, want Alison 9", r)
	}
}

func TestR11_PummelFigureScores960(t *testing.T) {
	pos := moves(t, deal(t, newGame(t), pummelWinner, pummelLoser, "first"), pummelPlay...)
	if r := ip(pos).r1; r != [2]int{960, 0} {
		t.Errorf("round one %v, want (3 x 10) x 2^5 = 960", r)
	}
}

func TestR11_CallColourExampleDoublesPerCall(t *testing.T) {
	pos := deal(t, newGame(t), callAlison, callKristin, "first")
	pos = moves(t, pos, callPlay[:len(callPlay)-1]...)
	if s := ip(pos).cur.String(); s != "kgybr" {
		t.Errorf("final stack %s, want kgybr", s)
	}
	if ip(pos).calls != 2 {
		t.Errorf("calls %d", ip(pos).calls)
	}
	pos = moves(t, pos, callPlay[len(callPlay)-1])
	// 6 pyramids in Alison's row x 2 pips (Mb) x 2 x 2 for the two calls.
	if r := ip(pos).r1; r != [2]int{48, 0} {
		t.Errorf("round one %v, want 48", r)
	}
}

func TestR12_SecondRoundSwapsAndMatchResult(t *testing.T) {
	pos := moves(t, deal(t, newGame(t), basicAlison, basicKristin, "first"), basicPlay...)
	p := ip(pos)
	if p.inv[0].list() != "Mb Mg Mg Mk Lg Lg Lk Lk Ly Ly" || p.att != engine.Second || p.cur.String() != "bgkyr" {
		t.Fatalf("round two: %s", pos)
	}
	// The same set leads: Second now holds Alison's and attacks with Sb.
	pos = moves(t, pos, basicPlay...)
	r := pos.Result()
	if r.Kind != engine.Draw || r.Reason != "First 24, Second 24 after two rounds" {
		t.Errorf("result %+v", r)
	}
	if !strings.Contains(pos.ASCII(), "Round 2: First won, 24 points") {
		t.Error(pos.ASCII())
	}
	pos2 := moves(t, deal(t, newGame(t), sacAlison, sacKristin, "first"), sacPlay...)
	pos2 = moves(t, pos2, finishMatch(t, pos2)...)
	r = pos2.Result()
	t1 := ip(pos2).totals()
	if !r.Over() || r.Reason != fmt.Sprintf("First %d, Second %d after two rounds", t1[0], t1[1]) || ip(pos2).r1 != [2]int{9, 0} {
		t.Errorf("result %+v, totals %v", r, t1)
	}
	if (t1[0] > t1[1]) != (r.Kind == engine.Win && r.Winner == engine.First) {
		t.Errorf("result %+v, totals %v", r, t1)
	}
	if pos2.ToMove() != nil || len(pos2.Legal(engine.First))+len(pos2.Legal(engine.Second)) != 0 {
		t.Error("moves listed after the end")
	}
}

// finishMatch plays on with each player's first listed move until the
// match ends.
func finishMatch(t *testing.T, pos engine.Position) []string {
	var out []string
	for !pos.Result().Over() {
		p := pos.ToMove()[0]
		m := pos.Legal(p)[0]
		out = append(out, m.String())
		var err error
		if pos, err = pos.Apply(p, m); err != nil {
			t.Fatal(err)
		}
	}
	return out
}
