package superial

import (
	"fmt"
	"strconv"
	"strings"
)

// The repetition rule (R10, and R17 against chess) keeps the hashes of the
// earlier positions since the last move that no position can come back
// from; a position's text carries them.

// histNode is one earlier position of the repetition history, newest first;
// positions share their history. The players take turns in a fixed order
// between two positions that cannot come back (two players, or those still
// in, R13e), so a player is to move again every period plies: turn links
// the positions of one player to move, and only those are compared (a
// hash says whose turn it is).
type histNode struct {
	h    uint64
	prev *histNode
	turn *histNode // period plies back: the same player to move; nil for none
}

// push returns the history x with h, the position just left, newest; the
// players take turns every period plies.
func (x *histNode) push(h uint64, period int) *histNode {
	n := &histNode{h: h, prev: x}
	n.turn = n.back(period)
	return n
}

// back is the position k plies before x; nil past the oldest.
func (x *histNode) back(k int) *histNode {
	for ; k > 0 && x != nil; k-- {
		x = x.prev
	}
	return x
}

// seen counts the positions of the history with hash h, the position after
// the newest, whose player is to move every period plies: the positions
// 1, period+1, 2*period+1... plies before the newest.
func (x *histNode) seen(h uint64, period int) int {
	n := 0
	for y := x.back(period - 1); y != nil; y = y.turn {
		if y.h == h {
			n++
		}
	}
	return n
}

// text writes the history oldest first: 16 hex digits a hash,
// comma-separated, or - when empty.
func (x *histNode) text() string {
	var hs []string
	for ; x != nil; x = x.prev {
		hs = append(hs, fmt.Sprintf("%016x", x.h))
	}
	if len(hs) == 0 {
		return "-"
	}
	for i, j := 0, len(hs)-1; i < j; i, j = i+1, j-1 {
		hs[i], hs[j] = hs[j], hs[i]
	}
	return strings.Join(hs, ",")
}

// parseHistory reads what text wrote, at most max hashes, the players
// taking turns every period plies.
func parseHistory(field string, max, period int) (*histNode, error) {
	if field == "-" {
		return nil, nil
	}
	hs := strings.Split(field, ",")
	if len(hs) > max {
		return nil, fmt.Errorf("%d earlier positions, more than the %d plies they can span", len(hs), max)
	}
	var x *histNode
	for _, h := range hs {
		v, err := strconv.ParseUint(h, 16, 64)
		if err != nil || len(h) != 16 || strings.ToLower(h) != h {
			return nil, fmt.Errorf("repetition hash %q is not 16 hex digits", h)
		}
		x = x.push(v, period)
	}
	return x, nil
}

// fnv hashes a position byte by byte (FNV-1a).
type fnv uint64

func newFNV() fnv { return 14695981039346656037 }

func (h *fnv) mix(b byte) { *h = (*h ^ fnv(b)) * 1099511628211 }
