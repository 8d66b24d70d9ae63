package games

import (
	"context"

	"postal/archive"
	"postal/club/published"
)

// FillPrevious gives up to n games after id, stored before the archive
// kept the position before each game's last ply (archive.Game.Previous),
// that position, found by replaying the game's record, so that their
// pages too show the step back at once. A game whose record does not
// replay to its stored position gets archive.NoPrevious, and is not tried
// again. It returns the number of games looked at and the last one's
// number; 0 when none is left. The change of each game's row tells the
// site to write its page again.
func FillPrevious(ctx context.Context, db *archive.DB, after int64, n int) (int, int64, error) {
	var seen int
	last := after
	err := db.Tx(ctx, func(tx *archive.Tx) error {
		rows, err := tx.GamesWithoutPrevious(after, n)
		if err != nil {
			return err
		}
		seen = len(rows)
		for _, row := range rows {
			last = row.ID
			prev, err := previousOf(tx, row)
			if err != nil {
				return err
			}
			if err := tx.SetPrevious(row.ID, row.Ply, prev); err != nil {
				return err
			}
		}
		return nil
	})
	return seen, last, err
}

// previousOf is the position before the last ply of row, by its record
// replayed; archive.NoPrevious when the replay does not end at the stored
// position.
func previousOf(tx *archive.Tx, row *archive.Game) (string, error) {
	rec, err := published.GameRecord(tx, row, "", false)
	if err != nil {
		return "", err
	}
	ps, err := rec.Replay()
	if err != nil || len(ps) < 2 || len(ps)-1 != row.Ply || ps[len(ps)-1].String() != row.Position {
		return archive.NoPrevious, nil
	}
	return ps[len(ps)-2].String(), nil
}
