package site

import (
	"cmp"
	"context"
	"maps"
	"slices"
	"sync"
)

// Source is the archive a site is built from, read a little at a time.
// Every method may be called while the archive changes: the cursor a read
// returns is at most as new as what it read, so an update from it reads
// again whatever changed meanwhile.
type Source interface {
	// Summaries calls fn with every game, by number. Its record may carry
	// no moves (Game.Plies counts them). It returns the change cursor the
	// summaries are as of.
	Summaries(ctx context.Context, fn func(*Game) error) (cursor int64, err error)
	// Games calls fn with each game of ids that exists, whole, by number;
	// nil ids means every game.
	Games(ctx context.Context, ids []int64, fn func(*Game) error) error
	// Changes returns the games changed after cursor (added, changed or
	// removed) and the cursor they are as of.
	Changes(ctx context.Context, cursor int64) (ids []int64, now int64, err error)
}

// Memory is a Source held in memory: games given whole, for tests, examples
// and tools that have records at hand. Put and Delete number each change,
// as an archive's change sequence does. The site reads the records it is
// given and never changes them; neither may the caller once they are put.
type Memory struct {
	mu    sync.Mutex
	games map[int64]Game
	seq   map[int64]int64 // the change number of each game, removed ones too
	last  int64
}

// NewMemory returns a Memory holding games.
func NewMemory(games ...Game) *Memory {
	m := &Memory{games: map[int64]Game{}, seq: map[int64]int64{}}
	m.Put(games...)
	return m
}

// Put adds games, or replaces those of the same numbers.
func (m *Memory) Put(games ...Game) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, g := range games {
		m.last++
		m.games[g.ID] = g
		m.seq[g.ID] = m.last
	}
}

// Delete removes games.
func (m *Memory) Delete(ids ...int64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, id := range ids {
		m.last++
		delete(m.games, id)
		m.seq[id] = m.last
	}
}

// sorted returns the games of ids (all when nil) by number, and the cursor.
func (m *Memory) sorted(ids []int64) ([]Game, int64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if ids == nil {
		ids = slices.Collect(maps.Keys(m.games))
	}
	var out []Game
	for _, id := range ids {
		if g, ok := m.games[id]; ok {
			out = append(out, g)
		}
	}
	slices.SortFunc(out, func(a, b Game) int { return cmp.Compare(a.ID, b.ID) })
	return out, m.last
}

func (m *Memory) Summaries(ctx context.Context, fn func(*Game) error) (int64, error) {
	games, cursor := m.sorted(nil)
	return cursor, each(ctx, games, fn)
}

func (m *Memory) Games(ctx context.Context, ids []int64, fn func(*Game) error) error {
	games, _ := m.sorted(ids)
	return each(ctx, games, fn)
}

func (m *Memory) Changes(ctx context.Context, cursor int64) ([]int64, int64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var ids []int64
	for id, s := range m.seq {
		if s > cursor {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	return ids, m.last, nil
}

func each(ctx context.Context, games []Game, fn func(*Game) error) error {
	for i := range games {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := fn(&games[i]); err != nil {
			return err
		}
	}
	return nil
}
