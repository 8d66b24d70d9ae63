package imperialchess

import (
	"fmt"
	"strconv"

	"postal/engine"
)

// Board geometry (R1): 12 files a-l, 12 ranks 1-12. A square is
// rank*12+file with rank and file counted from 0.
const (
	size  = 12
	nsq   = size * size
	empty = 0xFF // no piece on a square / a piece not on the board
)

// kind is a piece type, numbered in the rank order of R3 (highest first).
type kind uint8

const (
	emperor kind = iota
	empress
	king
	queen
	impPrince
	impPrincess
	prince
	princess
	knight
	rook
	bishop
	catapult
	crossbowman
	pikeman
	pawn
	nkinds
)

// letters are the rulings' piece letters (Notation), indexed by kind.
const letters = "EMKQAIHSNRBCXYP"

var kindNames = [nkinds]string{"Emperor", "Empress", "King", "Queen", "Imperial Prince", "Imperial Princess",
	"Prince", "Princess", "Knight", "Rook", "Bishop", "Catapult", "Crossbowman", "Pikeman", "Pawn"}

func (k kind) letter() byte   { return letters[k] }
func (k kind) String() string { return kindNames[k] }

// kindOf returns the kind with upper-case letter c.
func kindOf(c byte) (kind, bool) {
	for i := 0; i < len(letters); i++ {
		if letters[i] == c {
			return kind(i), true
		}
	}
	return 0, false
}

// isLady: Empress, Queen, Imperial Princess, Princess (R3).
func (k kind) isLady() bool {
	return k == empress || k == queen || k == impPrincess || k == princess
}

// isHorseman: Imperial Prince, Prince, Knight (R3).
func (k kind) isHorseman() bool { return k == impPrince || k == prince || k == knight }

// isImperial: Emperor, Empress, Imperial Prince, Imperial Princess (R3, R18).
func (k kind) isImperial() bool {
	return k == emperor || k == empress || k == impPrince || k == impPrincess
}

// setupRanks is the provisional setup of R2: White's ranks 1, 2 and 3, files
// a to l. Black mirrors it on the same files (rank r -> 13-r). This is the
// one table to change should the original diagram turn up.
var setupRanks = [3]string{
	"RCNBQEMQBNCR", // rank 1
	"YXYSHAIKSYXY", // rank 2
	"PPPPPPPPPPPP", // rank 3
}

// A piece is identified by its setup square (R12: "every piece keeps the
// identity of its setup square"), so an id is a square number; its kind and
// side follow from the setup table.
var (
	idKind  [nsq]kind
	idSide  [nsq]engine.Player
	idValid [nsq]bool
	// emperorID[side] and impPrinceID[side] locate the unique pieces.
	emperorID, impPrinceID [2]int
)

func init() {
	for r := 0; r < 3; r++ {
		for f := 0; f < size; f++ {
			k, ok := kindOf(setupRanks[r][f])
			if !ok {
				panic("imperialchess: bad setup letter")
			}
			for side, rr := range [2]int{r, size - 1 - r} {
				id := rr*size + f
				idKind[id], idSide[id], idValid[id] = k, engine.Player(side), true
				if k == emperor {
					emperorID[side] = id
				}
				if k == impPrince {
					impPrinceID[side] = id
				}
			}
		}
	}
}

func rankOf(s int) int { return s / size }
func fileOf(s int) int { return s % size }

// sqNames are the squares' names, "a1".."l12".
var sqNames = func() (n [nsq]string) {
	for s := range n {
		n[s] = string(rune('a'+fileOf(s))) + strconv.Itoa(rankOf(s)+1)
	}
	return n
}()

// sqName writes a square as "a1".."l12".
func sqName(s int) string { return sqNames[s] }

// parseSquare reads a square at the start of text: a lower-case file a-l
// and a rank 1-12. It returns the square and the bytes read, or an error
// message and the offset (within text) of the offending byte.
func parseSquare(text string) (sq, n int, msg string, off int) {
	if len(text) == 0 {
		return 0, 0, "a square (a1 to l12) is missing", 0
	}
	c := text[0]
	if c < 'a' || c > 'l' {
		if c >= 'A' && c <= 'L' {
			return 0, 0, fmt.Sprintf("squares are written in lower case (%c%s)", c+'a'-'A', ""), 0
		}
		return 0, 0, fmt.Sprintf("expected a file a to l, not %q", c), 0
	}
	i := 1
	for i < len(text) && i < 4 && text[i] >= '0' && text[i] <= '9' {
		i++
	}
	if i == 1 {
		return 0, 0, "expected a rank 1 to 12 after the file", 1
	}
	r, _ := strconv.Atoi(text[1:i])
	if r < 1 || r > size || text[1] == '0' {
		return 0, 0, fmt.Sprintf("rank %s is not on the board (1 to 12)", text[1:i]), 1
	}
	return (r-1)*size + int(c-'a'), i, "", 0
}

// bits is a set of ids or squares.
type bits [3]uint64

func (b *bits) has(i int) bool { return b[i>>6]&(1<<(i&63)) != 0 }
func (b *bits) set(i int)      { b[i>>6] |= 1 << (i & 63) }
func (b *bits) clear(i int)    { b[i>>6] &^= 1 << (i & 63) }

// sideName is "White" or "Black".
func sideName(p engine.Player) string {
	if p == engine.First {
		return "White"
	}
	return "Black"
}

var sides = [2]string{"White", "Black"}
