package site_test

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	"postal/engine"
	_ "postal/engine/allgames"
	"postal/notation"
	"postal/site"
)

// Build a site of one game and look at what it made.
func ExampleBuild() {
	r := &notation.Record{Game: "imperial-shuffle", Players: []string{"alice", "bob"}}
	if _, err := r.Replay(); err != nil { // fills in the default ruleset and options
		fmt.Println(err)
		return
	}
	r.Result = engine.Result{Kind: engine.Draw, Reason: "draw agreed"}
	day := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	games := []site.Game{{ID: 1, Record: r, Started: day, Updated: day, Finished: day}}

	dir, _ := os.MkdirTemp("", "site")
	defer os.RemoveAll(dir)
	st, err := site.Build(context.Background(), site.NewMemory(games...), site.Options{OutDir: filepath.Join(dir, "public"), Title: "My club", Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("full build:", st.Full, "games:", st.Games)
	for _, p := range []string{"index.html", "games/1.html", "games/1.txt", "types/imperial-shuffle.html", "players/alice.html", "feed.atom", "sitemap.xml"} {
		_, err := os.Stat(filepath.Join(dir, "public", p))
		fmt.Println(p, err == nil)
	}
	// Output:
	// full build: true games: 1
	// index.html true
	// games/1.html true
	// games/1.txt true
	// types/imperial-shuffle.html true
	// players/alice.html true
	// feed.atom true
	// sitemap.xml false
}
