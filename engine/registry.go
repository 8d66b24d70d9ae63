package engine

import (
	"fmt"
	"sort"
	"sync"
)

var (
	registryMu sync.RWMutex
	registry   = map[string]Game{}
)

// Register adds g to the registry. Game packages call it from init; a
// duplicate name panics, as it is a programming error.
func Register(g Game) {
	registryMu.Lock()
	defer registryMu.Unlock()
	name := g.Info().Name
	if _, dup := registry[name]; dup {
		panic("engine: game registered twice: " + name)
	}
	registry[name] = g
}

// Lookup returns the game called name.
func Lookup(name string) (Game, error) {
	registryMu.RLock()
	defer registryMu.RUnlock()
	if g, ok := registry[name]; ok {
		return g, nil
	}
	return nil, fmt.Errorf("engine: unknown game %q", name)
}

// Games returns every registered game, sorted by name.
func Games() []Game {
	registryMu.RLock()
	defer registryMu.RUnlock()
	out := make([]Game, 0, len(registry))
	for _, g := range registry {
		out = append(out, g)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Info().Name < out[j].Info().Name })
	return out
}

// New looks up a game, normalizes cfg and returns the start position, the
// game and the normalized config.
func New(name string, cfg Config) (Game, Config, Position, error) {
	g, err := Lookup(name)
	if err != nil {
		return nil, Config{}, nil, err
	}
	cfg, err = Normalize(g.Info(), cfg)
	if err != nil {
		return nil, Config{}, nil, err
	}
	pos, err := g.Start(cfg)
	if err != nil {
		return nil, Config{}, nil, err
	}
	return g, cfg, pos, nil
}
