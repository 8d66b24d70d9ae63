package site

import (
	"maps"

	"postal/engine"
)

// A player's page shows their record (playerRecord), which a pass over all
// their games made at every move of one of them: hundreds of games, for
// each of the two players of every move. The record is a tally instead,
// made by that pass the first time the page is drawn, and then kept by the
// index as it changes: a game put counts, a game removed is taken away.

// recordKey is a row of the record: a game type, and a ruleset below it
// ("" for the type's row).
type recordKey struct{ t, rs string }

// recordTally is a player's record by row.
type recordTally map[recordKey]*recordRow

// tally returns p's record, made from their games the first time.
func (p *playerInfo) tally(ix *index) recordTally {
	if p.record == nil {
		p.record = recordTally{}
		for _, id := range p.games {
			if s := ix.games[id]; s != nil {
				p.record.count(s, p.Name, 1)
			}
		}
	}
	return p.record
}

// count adds the outcome of s for the player name to the rows it counts
// in (by 1), or takes it away (by -1). A row no game counts in is dropped,
// and places no game has, so that the tally is the one a pass makes.
func (tl recordTally) count(s *summary, name string, by int) {
	place := placeOf(s, name)
	over := s.over()
	for _, k := range [2]recordKey{{s.Type.Name, ""}, {s.Type.Name, s.Ruleset}} {
		if k.rs != "" && len(s.Type.Rulesets) < 2 {
			continue
		}
		r := tl[k]
		if r == nil {
			r = &recordRow{Name: s.Type.Name, Title: s.Type.Title, Ruleset: k.rs}
			tl[k] = r
		}
		r.Games += by
		switch {
		case !over:
			r.Ongoing += by
		case len(s.Players) > 2:
			if pl, ok := placingOf(s, name); ok {
				if r.places == nil {
					r.places = map[placing]int{}
				}
				if r.places[pl] += by; r.places[pl] == 0 {
					delete(r.places, pl)
				}
				if len(r.places) == 0 {
					r.places = nil
				}
			}
		case s.Result.Kind == engine.Draw:
			r.Drawn += by
		case s.Result.Kind == engine.Win && place == 1:
			r.Won += by
		case s.Result.Kind != engine.Ongoing:
			r.Lost += by
		}
		if r.Games == 0 {
			delete(tl, k)
		}
	}
}

// row is a copy of row k, or nil: the page reads it while later updates
// change the tally.
func (tl recordTally) row(k recordKey) *recordRow {
	r := tl[k]
	if r == nil {
		return nil
	}
	c := *r
	c.places = maps.Clone(r.places)
	return &c
}
