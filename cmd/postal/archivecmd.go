package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"postal/archive"
	"postal/archive/archivegen"
)

// runArchive is postal archive: archives for the scale figures anyone can
// reproduce, and the repair of one another tool wrote.
func runArchive(args []string, w io.Writer) error {
	fs := flag.NewFlagSet("archive", flag.ContinueOnError)
	db := fs.String("db", "", "the SQLite database (generate: created when missing; default ./postal.db)")
	active := fs.Int("active", -1, "generate: games in progress besides the N finished; -1 means N/10, as the benchmarks'")
	seed := fs.Uint64("seed", 1, "generate: the same seed (and engines) gives the same archive")
	players := fs.Int("players", 0, "generate: players sharing the games; 0 means 40")
	games := fs.String("games", "", "generate: the games to play, comma-separated; empty means every game")
	rest, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(rest) == 0 {
		return usageError{"archive needs generate or fix"}
	}
	sub, rest := rest[0], rest[1:]
	if *db == "" {
		*db = "postal.db"
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	switch sub {
	case "generate":
		var n int
		if len(rest) != 1 {
			return usageError{"archive generate takes the number of finished games, N"}
		}
		if _, err := fmt.Sscan(rest[0], &n); err != nil || n < 0 {
			return usageError{fmt.Sprintf("N is a number of games, not %q", rest[0])}
		}
		o := archivegen.Bench(n, nil)
		o.Seed, o.Players = *seed, *players
		if *active >= 0 {
			o.Active = *active
		}
		if *games != "" {
			o.Games = strings.Split(*games, ",")
		}
		a, err := archive.Open(ctx, *db)
		if err != nil {
			return err
		}
		defer a.Close()
		last := time.Now()
		o.Progress = func(done, total int) {
			if time.Since(last) > 2*time.Second || done == total {
				fmt.Fprintf(w, "  %d of %d games\n", done, total)
				last = time.Now()
			}
		}
		st, err := archivegen.Generate(ctx, a, o)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "postal archive: %d games (%d in progress), %d plies, into %s in %s\n", st.Games, o.Active, st.Plies, *db, st.Duration.Round(time.Millisecond))
		return nil
	case "fix":
		if len(rest) > 0 {
			return usageError{"unexpected " + rest[0]}
		}
		if _, err := os.Stat(*db); err != nil {
			return err
		}
		a, err := archive.Open(ctx, *db)
		if err != nil {
			return err
		}
		defer a.Close()
		if err := a.Tx(ctx, func(tx *archive.Tx) error { return tx.RaiseSequences() }); err != nil {
			return err
		}
		fmt.Fprintf(w, "postal archive: new challenges in %s take ids past every game's\n", *db)
		return nil
	}
	return usageError{fmt.Sprintf("archive has no %q: generate or fix", sub)}
}
