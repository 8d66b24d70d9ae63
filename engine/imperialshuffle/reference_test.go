package imperialshuffle

import (
	"math/rand/v2"
	"strings"
	"testing"

	"postal/engine"
)

// refBoard is an independent model for cross-checking perft: boards as
// [rank][file] grids of two-letter strings ("Ny", "ny" dead).
type refBoard [2][4][4]string

func refFromText(t *testing.T, text string) (refBoard, int) {
	f := strings.Fields(text)
	var b refBoard
	for pl := 0; pl < 2; pl++ {
		for i, rk := range strings.Split(f[2+pl], "/") {
			for fl := 0; fl < 4; fl++ {
				b[pl][3-i][fl] = rk[2*fl : 2*fl+2]
			}
		}
	}
	return b, int(f[4][4] - '1')
}

func refAlive(s string) bool { return s[0] >= 'A' && s[0] <= 'Z' }
func refMatch(a, b string) bool {
	return refAlive(a) && a == b && (a[0] == 'C' || a[0] == 'N')
}

// refChildren lists the boards after each legal move of pl (R7-R10), plain
// steps and each reanimation.
func refChildren(b refBoard, pl int) []refBoard {
	var er, ef int
	for r := 0; r < 4; r++ {
		for f := 0; f < 4; f++ {
			if b[pl][r][f][0] == 'E' {
				er, ef = r, f
			}
		}
	}
	var out []refBoard
	for dr := -1; dr <= 1; dr++ {
		for df := -1; df <= 1; df++ {
			if dr == 0 && df == 0 {
				continue
			}
			var line [][2]int
			for r, f := er+dr, ef+df; r >= 0 && r < 4 && f >= 0 && f < 4; r, f = r+dr, f+df {
				line = append(line, [2]int{r, f})
			}
			if len(line) == 0 {
				continue
			}
			ok := true
			for _, sq := range line {
				if !refAlive(b[pl][sq[0]][sq[1]]) {
					ok = false
				}
			}
			if !ok {
				continue
			}
			n := b
			// Walk from the edge back: each piece moves away from the Emperor.
			last := line[len(line)-1]
			fallen := b[pl][last[0]][last[1]]
			for i := len(line) - 1; i > 0; i-- {
				n[pl][line[i][0]][line[i][1]] = b[pl][line[i-1][0]][line[i-1][1]]
			}
			n[pl][line[0][0]][line[0][1]] = b[pl][er][ef]
			n[pl][er][ef] = fallen
			for r := 0; r < 4; r++ {
				for f := 0; f < 4; f++ {
					if refMatch(n[pl][r][f], n[1-pl][r][f]) {
						n[1-pl][r][f] = strings.ToLower(n[1-pl][r][f][:1]) + n[1-pl][r][f][1:]
					}
				}
			}
			out = append(out, n)
			// Where did the High Priest go, if it moved?
			hr, hf := -1, -1
			if fallen[0] == 'H' {
				hr, hf = er, ef
			}
			for _, sq := range line[1:] {
				if n[pl][sq[0]][sq[1]][0] == 'H' {
					hr, hf = sq[0], sq[1]
				}
			}
			if hr < 0 {
				continue
			}
			facing := n[1-pl][hr][hf]
			if facing[0]|0x20 != 'c' && facing[0]|0x20 != 'n' {
				continue
			}
			dead := strings.ToLower(facing[:1]) + facing[1:]
			for r := 0; r < 4; r++ {
				for f := 0; f < 4; f++ {
					if n[pl][r][f] != dead {
						continue
					}
					m := n
					m[pl][r][f] = strings.ToUpper(dead[:1]) + dead[1:]
					if refMatch(m[pl][r][f], m[1-pl][r][f]) {
						m[1-pl][r][f] = dead
					}
					out = append(out, m)
				}
			}
		}
	}
	return out
}

// refPerft ignores R12 (no repetition can occur within a few plies of these
// positions) and applies R11 (no move: a leaf with no children).
func refPerft(b refBoard, pl, depth int) int64 {
	if depth == 0 {
		return 1
	}
	var n int64
	for _, c := range refChildren(b, pl) {
		n += refPerft(c, 1-pl, depth-1)
	}
	return n
}

// TestPerftAgainstReference checks the engine's move tree against the
// independent model above, on the pinned positions and on positions taken
// from random games.
func TestPerftAgainstReference(t *testing.T) {
	texts := []string{exampleStart, cycleStart, midA, midB, midC}
	rng := rand.New(rand.NewPCG(5, 5))
	for len(texts) < 60 {
		pos, _, _ := engine.RandomGame(start(t, nil), rng, 6+rng.IntN(40))
		if p := pos.(*Position); p.stage == stagePlay && !p.result.Over() {
			texts = append(texts, pos.String())
		}
	}
	for _, text := range texts {
		pos := parse(t, text)
		b, pl := refFromText(t, text)
		for d := 1; d <= 3; d++ {
			if got, want := engine.Perft(pos, d), refPerft(b, pl, d); got != want {
				t.Errorf("perft(%d) = %d, reference %d: %s", d, got, want, text)
			}
		}
	}
}
