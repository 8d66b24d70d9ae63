package site

import (
	"encoding/json"
	"sync"
)

// searchRows keeps each game's row of the search index, as JSON, for the
// shards an update has written: a move rewrites its game's shard, a
// thousand rows of which one changed, and encoding all of them again was
// a tenth of the site's update. A row is kept with the summary it was made
// of; a change makes a new summary (index.put), so a row whose summary is
// no longer the index's is made again. A full build keeps none: it writes
// every shard once, and holding every row would cost the daemon's memory
// for shards no move touches.
type searchRows struct {
	mu     sync.Mutex
	shards map[int64]map[int64]searchRow
}

type searchRow struct {
	of   *summary
	json []byte
}

// shard returns the kept rows of shard k, made empty the first time. One
// job writes a shard, so the map returned is its alone.
func (r *searchRows) shard(k int64) map[int64]searchRow {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.shards == nil {
		r.shards = map[int64]map[int64]searchRow{}
	}
	rows := r.shards[k]
	if rows == nil {
		rows = map[int64]searchRow{}
		r.shards[k] = rows
	}
	return rows
}

// searchRowJSON is the row of g in the search index (searchShard).
func searchRowJSON(g *summary) ([]byte, error) {
	return json.Marshal(searchFields(g)) // escapes <, > and &: safe in a script
}

// searchFields are the row of g in the search index, before their encoding.
func searchFields(g *summary) []any {
	result := g.ResultText()
	if t := g.Turn(); t != "" {
		result = t + " to move"
	}
	row := []any{g.ID, g.Type.Title, g.Ruleset, g.Players[0], g.Players[1], result, g.searchText(), g.Plies, day(g.Updated())}
	for _, p := range g.Players[2:] {
		row = append(row, p)
	}
	return row
}
