package imperialchess

import (
	"slices"
	"strings"
	"testing"

	"postal/engine"
)

func TestInfo(t *testing.T) {
	info := Game{}.Info()
	if info.Name != "imperial-chess" || info.Rulesets[0].Name != "standard" || info.Unlisted != "charges" ||
		info.Provisional == "" || info.Chance {
		t.Errorf("info %+v", info)
	}
	if _, err := (Game{}).Start(engine.Config{Ruleset: "other"}); err == nil {
		t.Error("unknown ruleset accepted")
	}
}

func TestR1_BoardAndWhiteFirst(t *testing.T) {
	pos := start(t)
	if got := pos.ToMove(); len(got) != 1 || got[0] != white {
		t.Fatalf("to move %v", got)
	}
	if _, err := pos.Apply(black, &Move{Kind: single, Piece: pawn, From: sq(t, "a10"), To: sq(t, "a9"), Sep: '-'}); err == nil {
		t.Fatal("Black moved first")
	} else if _, ok := err.(*engine.NotYourTurnError); !ok {
		t.Fatalf("got %T, want NotYourTurnError", err)
	}
	if !inHome(white, sq(t, "l3")) || inHome(white, sq(t, "a4")) || !inHome(black, sq(t, "a10")) || inHome(black, sq(t, "a9")) {
		t.Error("home three ranks (R1)")
	}
	if _, _, err := engine.Play(pos, white, "Pa3-m4"); err == nil {
		t.Error("file m accepted")
	}
	if _, _, err := engine.Play(pos, white, "Pa3-a13"); err == nil {
		t.Error("rank 13 accepted")
	}
}

func TestR2_ProvisionalSetup(t *testing.T) {
	pos := start(t)
	want := "standard w rcnbqemqbncr/yxyshaiksyxy/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/YXYSHAIKSYXY/RCNBQEMQBNCR - 0 - -"
	if pos.String() != want {
		t.Errorf("start\n%s\nwant\n%s", pos, want)
	}
	for _, side := range []engine.Player{white, black} {
		count := map[kind]int{}
		for s := 0; s < nsq; s++ {
			if pos.st.sq[s] != empty && idSide[pos.st.sq[s]] == side {
				count[pos.st.kindAt(s)]++
			}
		}
		want := map[kind]int{emperor: 1, empress: 1, king: 1, impPrince: 1, impPrincess: 1, prince: 1,
			queen: 2, princess: 2, knight: 2, rook: 2, bishop: 2, catapult: 2, crossbowman: 2, pikeman: 4, pawn: 12}
		for k, n := range want {
			if count[k] != n {
				t.Errorf("%s has %d %ss, want %d", sideName(side), count[k], k, n)
			}
		}
	}
	if !strings.Contains(pos.ASCII(), "this server's own") || !strings.Contains(Game{}.Info().Provisional, "setup") {
		t.Error("the setup is not labelled provisional")
	}
}

func TestR3_RankOrderAndGroups(t *testing.T) {
	order := []kind{emperor, empress, king, queen, impPrince, impPrincess, prince, princess, knight, rook, bishop, catapult, crossbowman, pikeman, pawn}
	if !slices.IsSorted(order) {
		t.Error("rank order")
	}
	var ladies, horsemen, family []kind
	for k := kind(0); k < nkinds; k++ {
		if k.isLady() {
			ladies = append(ladies, k)
		}
		if k.isHorseman() {
			horsemen = append(horsemen, k)
		}
		if k.isImperial() {
			family = append(family, k)
		}
	}
	if !slices.Equal(ladies, []kind{empress, queen, impPrincess, princess}) ||
		!slices.Equal(horsemen, []kind{impPrince, prince, knight}) ||
		!slices.Equal(family, []kind{emperor, empress, impPrince, impPrincess}) {
		t.Errorf("groups %v %v %v", ladies, horsemen, family)
	}
}

func TestR4_EmperorSlides(t *testing.T) {
	pos := mk(t, white, "f1>f5 f12 g12 b3>b5' g3>g6' d10>d7'")
	got := targets(pos, "Ef5")
	for _, want := range []string{"-f11", "xf12", "-c5", "-l5", "-f1", "-b1", "-j1", "xd7", "-e6"} {
		if !strings.Contains(" "+got+" ", " "+want+" ") {
			t.Errorf("Emperor f5 lacks %s: %s", want, got)
		}
	}
	for _, bad := range []string{"-a5", "-b5", "-h7", "-c8"} {
		if strings.Contains(" "+got+" ", " "+bad+" ") {
			t.Errorf("Emperor f5 reaches %s through a piece: %s", bad, got)
		}
	}
	illegal(t, pos, "Ef5-h7", "cannot reach h7 (any distance in a straight line")
}

func TestR5_LadiesWalkTwoPrincessesNeverCapture(t *testing.T) {
	// Queen e1 on e5 hemmed in: d5, f5 own pawns, e6 enemy pawn.
	pos := mk(t, white, "f1 f12 g12 e1>e5 d2>h5 d3>d5' f3>f5' e10>e6' a10>d6' c10>f6' b10>h6'")
	q := targets(pos, "Qe5")
	if !strings.Contains(q, "xe6") || !strings.Contains(q, "xd6") || !strings.Contains(q, "-e3") || !strings.Contains(q, "-c3") || strings.Contains(q, "-e7") {
		t.Errorf("Queen e5: %s", q)
	}
	// Up to two steps: one step is a move too.
	if !strings.Contains(q, "-e4") {
		t.Errorf("Queen e5 cannot stop after one step: %s", q)
	}
	s := targets(pos, "Sh5")
	if strings.Contains(s, "x") {
		t.Errorf("Princess captures: %s", s)
	}
	if !strings.Contains(s, "-h7") || !strings.Contains(s, "-g7") {
		t.Errorf("Princess h5 should walk around h6 (turning between steps): %s", s)
	}
	illegal(t, pos, "Sh5xh6", "never captures")
}

func TestR6_KingWalksThree(t *testing.T) {
	// King boxed in on a1 with one way out through b2's... only a2 is open.
	pos := mk(t, white, "f1 f12 g12 h2>a1 a1>b1 b3>b2' a10>a4'")
	got := targets(pos, "Ka1")
	want := "-a2 -a3 -b3 -b4 -c1 -c2 -c3 -c4 -d2 -d3 -d4 xa4"
	_ = want
	for _, w := range []string{"-a2", "-a3", "xa4", "-b4", "-c4"} {
		if !strings.Contains(" "+got+" ", " "+w+" ") {
			t.Errorf("King a1 lacks %s (zigzag walk of 3): %s", w, got)
		}
	}
	if strings.Contains(got, "a5") || strings.Contains(got, "-e") {
		t.Errorf("King a1 walks more than 3: %s", got)
	}
	if pos.result.Over() {
		t.Fatal("over")
	}
}

func TestR7_KnightTwelveLeaps(t *testing.T) {
	pos := mk(t, white, "f1 f12 g12 c1>f6 f3>f7' g3>g7' e3>e7' a10>e6'")
	got := targets(pos, "Nf6")
	want := "-d5 -d7 -e4 -e8 -f5 -g4 -g6 -g8 -h5 -h7 xe6"
	if got != want {
		t.Errorf("Knight f6 (R7): %s, want %s", got, want)
	}
}

func TestR8_PrinceTwentyFourLeaps(t *testing.T) {
	pos := mk(t, black, "f1 f12 g12 e11>f6 b3>f9'")
	got := movesFrom(pos, "Hf6")
	if len(got) != 24 || !has(got, "Hf6xf9") || !has(got, "Hf6-i8") || !has(got, "Hf6-d3") || !has(got, "Hf6-f5") {
		t.Errorf("Prince f6 has %d moves (R8): %v", len(got), got)
	}
	pos = mk(t, white, "f1 f12 g12 f2>a1")
	if got := targets(pos, "Aa1"); got != "-a2 -a4 -b1 -b3 -c2 -c4 -d1 -d3" {
		t.Errorf("Imperial Prince a1: %s", got)
	}
}

func TestR9_RookBishopCrossbowmanPikeman(t *testing.T) {
	pos := mk(t, white, "f1 f12 g12 a1>a5 d1>h1 b2>h9 a2>e5 e3>e6' a10>c5' f10>e4'")
	if got := targets(pos, "Ra5"); got != "-a1 -a10 -a11 -a12 -a2 -a3 -a4 -a6 -a7 -a8 -a9 -b5 xc5" {
		t.Errorf("Rook a5: %s", got)
	}
	if got := targets(pos, "Bh1"); !strings.Contains(got, "-l5") || !strings.Contains(got, "xe4") || strings.Contains(got, "d5") {
		t.Errorf("Bishop h1: %s", got)
	}
	if got := targets(pos, "Xh9"); len(strings.Fields(got)) != 24 {
		t.Errorf("Crossbowman h9 should reach 24 squares: %s", got)
	}
	// Pikeman e5: e7 blocked by e6 (own), c5 capture needs an empty d5
	// (it is), e3 over e4 (enemy) blocked, g5 free; diagonals d4 d6 f4 f6.
	if got := targets(pos, "Ye5"); got != "-d4 -d6 -f4 -f6 -g5 xc5" {
		t.Errorf("Pikeman e5 (R9): %s", got)
	}
	illegal(t, pos, "Ye5xe4", "cannot reach e4 (two squares straight")
	illegal(t, pos, "Ye5-c5", "write Ye5xc5")
}

func TestR10_CatapultStepsAndShoots(t *testing.T) {
	pos := mk(t, white, "f1 f12 g12 b1 b3>b2' a10>b5' c10>f5' d10>b6' e10>a2'")
	got := movesFrom(pos, "Cb1")
	want := []string{"Cb1*a2", "Cb1*b5", "Cb1*f5", "Cb1-a1", "Cb1-c1", "Cb1-c2"}
	if !slices.Equal(got, want) {
		t.Errorf("Catapult b1 (R10): %v, want %v", got, want)
	}
	after := play(t, pos, "Cb1*b5")
	if after.st.sq[sq(t, "b1")] == empty || after.st.sq[sq(t, "b5")] != empty || !after.st.pool.has(sq(t, "a10")) {
		t.Error("the shot did not remove the target, or the Catapult moved")
	}
	illegal(t, pos, "Cb1*b6", "not 1 to 4 squares away")
	illegal(t, pos, "Cb1xa2", "write Cb1*a2")
	illegal(t, pos, "Cb1-a2", "write Cb1*a2")
	illegal(t, pos, "Qb1*b5", "holds a Catapult (C), not a Queen (Q)")
}

func TestR11_Pawns(t *testing.T) {
	pos := mk(t, white, "f1 f12 g12 a3 b3>b4' c3 d3>d5 a10>a5' c10>d4' e10>c4'")
	if got := targets(pos, "Pa3"); got != "-a4" {
		t.Errorf("Pa3 (a5 blocked two ahead): %s", got)
	}
	if got := targets(pos, "Pb4"); got != "-b5 xa5" {
		t.Errorf("Pb4 (moved): %s", got)
	}
	if got := targets(pos, "Pc3"); got != "xc4 xd4" {
		t.Errorf("Pc3 captures straight ahead and diagonally: %s", got)
	}
	// d5 was advanced without moving itself (R15): it may still step two.
	if got := targets(pos, "Pd5"); got != "-d6 -d7" {
		t.Errorf("Pd5 (not moved by itself): %s", got)
	}
	after := play(t, pos, "Pd5-d6")
	if !after.st.moved.has(sq(t, "d3")) {
		t.Error("pawn's own move not recorded")
	}
	// No en passant: after b10-b8 passing c... no capture onto the skipped square.
	p2 := mk(t, black, "f1 f12 g12 c3>c8' b10")
	p2 = play(t, p2, "Pb10-b8")
	if has(legalTexts(p2), "Pc8xb9") {
		t.Error("en passant allowed")
	}
}

func TestR12_Replacement(t *testing.T) {
	pos := mk(t, white, "f1 f12 g12 a3>a11' e1>d11 i2>h11 b1")
	// Captured White pieces: everything but f1, a3, e1, i2, b1.
	got := movesFrom(pos, "Pa11-a12")
	if !has(got, "Pa11-a12") || !has(got, "Pa11-a12 =Qh1") || !has(got, "Pa11-a12 =Kh2") || has(got, "Pa11-a12 =Mg1") || has(got, "Pa11-a12 =Af2") == false {
		t.Errorf("pawn replacement options (King or lower): %v", got)
	}
	if has(got, "Pa11-a12 =Mg1") {
		t.Error("a Pawn brought back an Empress")
	}
	s := movesFrom(pos, "Sh11-h12")
	if !has(s, "Sh11-h12 =Kh2") || !has(s, "Sh11-h12 =Sd2") || has(s, "Sh11-h12 =Nc1") || has(s, "Sh11-h12 =Mg1") {
		t.Errorf("princess replacement options (King to Princess): %v", s)
	}
	after := play(t, pos, "Pa11-a12 =Qh1")
	if after.st.at[sq(t, "h1")] != uint8(sq(t, "a12")) || after.st.at[sq(t, "a3")] != uint8(sq(t, "a3")) {
		t.Fatalf("Queen h1 not on a12 or pawn not home: %s", after)
	}
	if !after.st.moved.has(sq(t, "a3")) {
		t.Error("a pawn sent home has moved (R11)")
	}
	if !strings.Contains(after.String(), "Q(h1)") {
		t.Errorf("the Queen keeps her identity: %s", after)
	}
	// The square may be left out when the captured piece is unique.
	if got := play(t, pos, "Pa11-a12 =K").last.String(); got != "Pa11-a12 =Kh2" {
		t.Errorf("short replacement recorded as %s", got)
	}
	illegal(t, pos, "Pa11-a12 =N", "name the square")
	illegal(t, pos, "Pa11-a12 =Mg1", "King or lower")
	illegal(t, pos, "Pa11-a12 =Qe1", "no captured Queen that started on e1")
	illegal(t, pos, "Qd11-d10 =Qh1", "far rank")
	illegal(t, pos, "Cb1-c1 =Qh1", "cannot bring back")
	// Own starting square occupied: no replacement.
	p2 := mk(t, white, "f1 f12 g12 a3>a11' c3>a3'")
	illegal(t, p2, "Pa11-a12 =Qh1", "own starting square a3 is not empty")
	// An Emperor is never added while one is on the board; the Empress may
	// bring back the Emperor when he is captured.
	p3 := mk(t, white, "f2 f12 g12 g1>h11")
	if got := movesFrom(p3, "Mh11-h12"); !has(got, "Mh11-h12 =Ef1") {
		t.Errorf("Empress cannot bring back the captured Emperor: %v", got)
	}
	p4 := mk(t, white, "f1 f12 g12 g1>h11")
	if has(legalTexts(p4), "Mh11-h12 =Ef1") || !has(legalTexts(p4), "Mh11-h12 =Af2") {
		t.Error("Empress cannot bring back the Imperial Prince")
	}
	// A lady arriving by a ride never triggers it.
	p5 := mk(t, white, "f1 f12 g12 c1>c10 e1>b10")
	for _, m := range movesFrom(p5, "Nc10") {
		if strings.Contains(m, "=") {
			t.Errorf("ride triggers replacement: %s", m)
		}
	}
	p5 = play(t, p5, "Nc10-d12 ride Qb10")
	if p5.st.sq[sq(t, "c12")] == empty {
		t.Error("ride to the far rank")
	}
}

func TestR13_HitchingRide(t *testing.T) {
	pos := start(t)
	got := movesFrom(pos, "He2-e5")
	if !slices.Equal(got, []string{"He2-e5", "He2-e5 ride Qe1", "He2-e5 ride Sd2"}) {
		t.Errorf("rides from the start: %v", got)
	}
	after := play(t, pos, "He2-e5 ride Qe1")
	if after.st.at[sq(t, "e1")] != uint8(sq(t, "e4")) {
		t.Error("the Queen did not land behind the Prince")
	}
	illegal(t, pos, "He2-f4 ride Qe1", "would land on f3, which is not empty")
	illegal(t, pos, "He2-f4 ride Af2", "only a lady")
	illegal(t, pos, "Pa3-a4 ride Ya2", "only a horseman")
	illegal(t, pos, "He2-f4 ride Pe3", "only a lady")
	illegal(t, pos, "He2-f4 ride Sd3", "not in front of, behind or beside")
	// The horseman's origin counts as empty: the lady may land on it.
	p2 := mk(t, white, "f1 f12 g12 c1>e5 e1>f5")
	if !has(legalTexts(p2), "Ne5-d5 ride Qf5") {
		t.Error("lady cannot land on the horseman's origin")
	}
	// The lady never captures: no ride onto an enemy.
	p3 := mk(t, white, "f1 f12 g12 c1>e5 e1>f5 a10>g7'")
	if has(legalTexts(p3), "Ne5-f7 ride Qf5") || !has(legalTexts(p3), "Ne5-f7") {
		t.Error("lady landed on an enemy")
	}
}

func TestR15_RapidDeployment(t *testing.T) {
	pos := start(t)
	if !has(legalTexts(pos), "deploy 3") || has(legalTexts(pos), "deploy 2") {
		t.Errorf("deployments at the start: %v", legalTexts(pos))
	}
	after := play(t, pos, "deploy 3")
	if after.st.at[sq(t, "a3")] != uint8(sq(t, "a4")) || after.st.moved.has(sq(t, "a3")) {
		t.Error("deploy 3")
	}
	if !has(legalTexts(after), "deploy 10") {
		t.Error("Black cannot deploy 10")
	}
	after = play(t, after, "deploy 10")
	if got := targets(after, "Pa4"); got != "-a5 -a6" {
		t.Errorf("a deployed pawn keeps its double step (R11): %s", got)
	}
	if got := movesFrom(after, "deploy"); !slices.Equal(got, []string{"deploy 2", "deploy 4"}) {
		t.Errorf("deployments: %v", got)
	}
	illegal(t, after, "deploy 1", "a2 is not empty")
	illegal(t, after, "deploy 5", "a5 does not hold one of your pieces")
	illegal(t, after, "deploy 12", "no rank in front")
	// A deployment never triggers a replacement: a full rank 11 steps onto 12.
	after = play(t, after, "deploy 2")
	if after.last.Kind != deploy || after.st.at[sq(t, "a2")] != uint8(sq(t, "a3")) {
		t.Error("deploy 2 as the last move")
	}
}

func TestR16_Succession(t *testing.T) {
	// Black takes White's Emperor on f1. Knight c1 stands on c2, in White's
	// home ranks: it becomes a messenger; Prince e2 on h8 does not.
	pos := mk(t, black, "f12 g12 f1 f2>d5 c1>c2 e2>h8 a10>e2'")
	pos = play(t, pos, "Pe2xf1")
	if !pos.st.msgr.has(sq(t, "c1")) || pos.st.msgr.has(sq(t, "e2")) {
		t.Fatalf("messengers after the Emperor fell: %s", pos)
	}
	if !strings.Contains(pos.ASCII(), "Messengers: Nc2") {
		t.Errorf("ASCII does not show the messenger:\n%s", pos.ASCII())
	}
	// The messenger keeps its status outside the home ranks and reaches the
	// Imperial Prince: the captured Emperor replaces him on d5.
	after := play(t, pos, "Nc2-d4")
	if after.st.at[sq(t, "f1")] != uint8(sq(t, "d5")) || after.st.at[sq(t, "f2")] != empty || after.st.pool.has(sq(t, "f2")) || after.st.pool.has(sq(t, "f1")) {
		t.Fatalf("no succession: %s", after)
	}
	if after.st.msgr.has(sq(t, "c1")) {
		t.Error("messengers remain once an Emperor is back")
	}
	// A horseman that is not a messenger does not crown him: the Prince on
	// h8 comes next to the Imperial Prince (now on g7) from outside.
	p2 := play(t, mk(t, black, "f12 g12 f1 f2>g7 e2>h9 c1>c2 a10>e2'"), "Pe2xf1", "Hh9-h8")
	if p2.st.at[sq(t, "f2")] != uint8(sq(t, "g7")) {
		t.Errorf("a non-messenger crowned the Imperial Prince: %s", p2)
	}
	// A Prince entering the home ranks later becomes a messenger.
	p3 := play(t, mk(t, black, "f12 g12 f1 f2>g9 e2>e5 a10>e2'"), "Pe2xf1", "He5-e2")
	if !p3.st.msgr.has(sq(t, "e2")) || !strings.Contains(p3.String(), "H~") {
		t.Errorf("a Prince entering the home ranks is no messenger: %s", p3)
	}
	// Regaining an Emperor through R12 ends the messengers.
	p4 := play(t, mk(t, black, "f12 g12 f1 f2>a5 c1>c2 g1>h11 a10>e2'"), "Pe2xf1", "Mh11-h12 =Ef1")
	if p4.st.msgr.has(sq(t, "c1")) || p4.st.at[sq(t, "f1")] != uint8(sq(t, "h12")) {
		t.Errorf("messenger after the Emperor came back: %s", p4)
	}
}
