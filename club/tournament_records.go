package club

import (
	"fmt"

	"postal/archive"
)

// tagEvents names, in the records of the games of a tournament, the event
// and its round: [Event "spring-cup"] [EventRound "2"]. The Round tag stays
// the game's number, which a seed commitment is computed with.
func tagEvents(tx *archive.Tx, recs []Archived) error {
	ids := make([]int64, len(recs))
	for i, a := range recs {
		ids[i] = a.Row.ID
	}
	places, events, err := tx.TournamentGamesIn(ids)
	if err != nil || len(places) == 0 {
		return err
	}
	names := map[int64]string{}
	for _, a := range recs {
		place, ok := places[a.Row.ID]
		if !ok {
			continue
		}
		tid := events[a.Row.ID]
		name, ok := names[tid]
		if !ok {
			t, err := tx.TournamentByID(tid)
			if err != nil {
				return err
			}
			name, names[tid] = t.Name, t.Name
		}
		a.Record.SetTag("Event", name)
		a.Record.SetTag("EventRound", fmt.Sprint(place.Round))
	}
	return nil
}
