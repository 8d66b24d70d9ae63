package archive

// FinishedOf returns the numbers of the finished games of game, in order:
// what the opening explorer of a mail ("explore") reads, a game type's
// games rather than the archive's.
func (t *Tx) FinishedOf(game string) ([]int64, error) {
	rows, err := t.tx.QueryContext(t.ctx, `SELECT id FROM games WHERE status = ? AND game = ? ORDER BY id`, GameOver, game)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}
