package imperialchess_test

import (
	"fmt"

	"postal/engine"
	_ "postal/engine/imperialchess"
)

// Play a few moves from text: a hitched ride (R13), a pawn's double step and
// a Rapid Deployment (R15).
func Example() {
	_, _, pos, err := engine.New("imperial-chess", engine.Config{})
	if err != nil {
		panic(err)
	}
	for _, text := range []string{"He2-e5 ride Qe1", "Pf10-f8", "deploy 2"} {
		next, m, err := engine.Play(pos, pos.ToMove()[0], text)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println("played", m)
		pos = next
	}
	fmt.Print(pos.ASCII())
	// Output:
	// played He2-e5 ride Qe1
	// played Pf10-f8
	// illegal move deploy 2: e2 does not hold one of your pieces: all 12 squares of rank 2 must hold yours
	// Imperial Chess - White to move (move 3)
	// Starting position: this server's own. Upper case White, lower Black.
	//      a  b  c  d  e  f  g  h  i  j  k  l
	//  12  r  c  n  b  q  e  m  q  b  n  c  r  12
	//  11  y  x  y  s  h  a  i  k  s  y  x  y  11
	//  10  p  p  p  p  p [.] p  p  p  p  p  p  10
	//   9  .  .  .  .  .  .  .  .  .  .  .  .  9
	//   8  .  .  .  .  . [p] .  .  .  .  .  .  8
	//   7  .  .  .  .  .  .  .  .  .  .  .  .  7
	//   6  .  .  .  .  .  .  .  .  .  .  .  .  6
	//   5  .  .  .  .  H  .  .  .  .  .  .  .  5
	//   4  .  .  .  .  Q  .  .  .  .  .  .  .  4
	//   3  P  P  P  P  P  P  P  P  P  P  P  P  3
	//   2  Y  X  Y  S  .  A  I  K  S  Y  X  Y  2
	//   1  R  C  N  B  .  E  M  Q  B  N  C  R  1
	//      a  b  c  d  e  f  g  h  i  j  k  l
	// Last move: Pf10-f8 (marked [ ])
	// Charge: not possible (files within a move of a capture: 1 of the 6 needed)
	// Captured White: none
	// Captured Black: none
	// E Emperor                M Empress                K King
	// Q Queen                  A Imperial Prince        I Imperial Princess
	// H Prince                 S Princess               N Knight
	// R Rook                   B Bishop                 C Catapult
	// X Crossbowman            Y Pikeman                P Pawn
}
