package search_test

import (
	"context"
	"fmt"

	"postal/engine"
	"postal/engine/search"
)

// A bot's move: the weakest level, seeded, in Conflagration's start
// position. The same seed always chooses the same move.
func ExampleChoose() {
	_, _, pos, err := engine.New("conflagration", engine.Config{Ruleset: "keep-a-riding"})
	if err != nil {
		panic(err)
	}
	m, err := search.Choose(context.Background(), pos, engine.First, search.Options{Level: 1, Seed: 7})
	if err != nil {
		panic(err)
	}
	next, err := pos.Apply(engine.First, m)
	fmt.Println(m, err == nil, next.Ply())
	// Output: D4-D3 true 1
}
