package archive

// FinishedOf returns the numbers of the finished games of game, in order:
// what the opening explorer of a mail ("explore") reads, a game type's
// games rather than the archive's.
func (t *Tx) FinishedOf(game string) ([]int64, error) {
	return t.ids(`SELECT id FROM games WHERE status = ? AND game = ? ORDER BY id`, GameOver, game)
}
