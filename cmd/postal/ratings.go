package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"time"

	"postal/archive"
	"postal/club"
	"postal/club/rating"
	"postal/club/ratings"
)

// runRatings is "postal ratings": the rating lists of the club's archive,
// or with --recompute every list recomputed from the finished games in the
// order they ended and compared with the ratings the club stored game by
// game (issue 25). A difference is an error: they must be the same numbers.
func runRatings(args []string, w io.Writer) error {
	fs := flag.NewFlagSet("ratings", flag.ContinueOnError)
	configFile := fs.String("config", "", "take the database from this config file")
	dbFile := fs.String("db", "", "the SQLite database (default: the config's, else ./postal.db, else the demo's ./"+demoData+"/postal.db)")
	recompute := fs.Bool("recompute", false, "recompute every list from the finished games and compare with the stored ratings")
	all := fs.Bool("all", false, "with --recompute: first rate the finished games from before the archive had ratings (an upgraded archive), every list again in the order the games ended")
	rest, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(rest) > 1 {
		return usageError{"unexpected " + rest[1]}
	}
	if *all && !*recompute {
		return usageError{"--all goes with --recompute"}
	}
	cfg := &Config{}
	if *configFile != "" {
		if cfg, err = LoadConfig(*configFile); err != nil {
			return err
		}
	}
	if *dbFile != "" {
		cfg.Database = *dbFile
	}
	if cfg.Database == "" {
		if cfg.Database = firstExisting("postal.db", demoData+"/postal.db"); cfg.Database == "" {
			return fmt.Errorf("no database here (./postal.db, or the demo's ./%s/postal.db): name one with --db FILE or --config FILE", demoData)
		}
	}
	if _, err := os.Stat(cfg.Database); err != nil {
		return fmt.Errorf("the database: %w (name it with --db FILE)", err)
	}
	ctx := context.Background()
	db, err := archive.Open(ctx, cfg.Database)
	if err != nil {
		return err
	}
	defer db.Close()
	list := ""
	if len(rest) == 1 {
		list = rest[0]
	}
	if !*recompute {
		return printRatings(ctx, db, list, w)
	}
	start := time.Now()
	if *all {
		if err := rateBeforeRatings(ctx, db, cfg, *configFile != "", w); err != nil {
			return err
		}
	}
	chk, err := ratings.Recompute(ctx, db)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "postal: recomputed %d rating lists from %d finished games (%d rated) in %s\n",
		countLists(chk.Standings), chk.Games, chk.Rated, time.Since(start).Round(time.Millisecond))
	if chk.BeforeRatings > 0 {
		fmt.Fprintf(w, "postal: %d of the finished games ended before the archive had ratings and are not rated; \"postal ratings --recompute --all\" rates them\n", chk.BeforeRatings)
	}
	for _, m := range chk.Mismatches {
		fmt.Fprintln(w, "  differs: "+m)
	}
	if n := len(chk.Mismatches); n > 0 {
		return fmt.Errorf("the stored ratings differ from the recompute in %d places", n)
	}
	fmt.Fprintln(w, "postal: the stored ratings are the recomputed ones")
	return nil
}

// rateBeforeRatings is --all: the finished games from before the archive
// had ratings (migration 014 left them unrated) are rated, every list again
// in the order the games ended (issue 35). The config, when named, says
// who the club's bot is.
func rateBeforeRatings(ctx context.Context, db *archive.DB, cfg *Config, named bool, w io.Writer) error {
	var svc *club.Service
	if named {
		var err error
		if svc, err = club.New(db, club.Options{Address: cfg.Club.Address, Bot: cfg.Bots.options(), Log: slog.New(slog.DiscardHandler)}); err != nil {
			return fmt.Errorf("club: %w", err)
		}
	}
	n, err := club.RateBeforeRatings(ctx, db, svc)
	if err != nil {
		return err
	}
	if n == 0 {
		fmt.Fprintln(w, "postal: no finished game from before ratings is left unrated")
		return nil
	}
	fmt.Fprintf(w, "postal: rated %d finished games from before ratings; every list rated again in the order the games ended\n", n)
	return nil
}

// logBeforeRatings says in the daemon's log as it starts how many finished
// games of an upgraded archive ended before it had ratings and are not
// rated, and what rates them (issue 35); nothing when there are none.
func logBeforeRatings(ctx context.Context, db *archive.DB, log *slog.Logger) error {
	var n int
	err := db.ReadTx(ctx, func(tx *archive.Tx) error {
		var err error
		n, err = tx.BeforeRatings()
		return err
	})
	if err != nil || n == 0 {
		return err
	}
	if log == nil {
		log = slog.Default()
	}
	log.Warn("postal: finished games from before ratings are not rated", "games", n, "rate-them-with", "postal ratings --recompute --all --config FILE")
	return nil
}

func countLists(ss []archive.Standing) int {
	n, last := 0, ""
	for _, s := range ss {
		if s.List != last {
			n, last = n+1, s.List
		}
	}
	return n
}

// printRatings writes the standings of list (every list when "").
func printRatings(ctx context.Context, db *archive.DB, list string, w io.Writer) error {
	var ss []archive.Standing
	var names map[int64]string
	err := db.Tx(ctx, func(tx *archive.Tx) error {
		var err error
		if ss, err = tx.Standings(list); err != nil {
			return err
		}
		names, err = tx.PlayerNames()
		return err
	})
	if err != nil {
		return err
	}
	if len(ss) == 0 {
		fmt.Fprintln(w, "postal: no ratings yet")
		return nil
	}
	last, rank := "", 0
	for _, s := range ss {
		if s.List != last {
			if last != "" {
				fmt.Fprintln(w)
			}
			fmt.Fprintf(w, "%s\n%5s  %-20s %6s %4s %6s  %s\n", s.List, "#", "player", "rating", "RD", "games", "last game")
			last, rank = s.List, 0
		}
		rank++
		name := names[s.PlayerID]
		if s.Level != 0 {
			name = fmt.Sprintf("%s-%d", name, s.Level)
		}
		r := rating.Rating{Rating: s.Rating, RD: s.RD}
		fmt.Fprintf(w, "%5d  %-20s %6s %4.0f %6d  %s\n", rank, name, r, s.RD, s.Games, s.Last.UTC().Format("2006-01-02"))
	}
	return nil
}
