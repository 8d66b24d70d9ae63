package engine

// LastMove keeps a position's last move as the game's own move value, to
// be written as text only when shown: a playout, which never shows it,
// writes no text.
type LastMove[M Move] struct {
	Move M
	Set  bool // false at the start: no move yet
}

// Text is the last move's canonical text, "" when there is none.
func (l LastMove[M]) Text() string {
	if !l.Set {
		return ""
	}
	return l.Move.String()
}
