package main

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"postal/archive"
	"postal/club"
	"postal/docs"
	"postal/site"
)

// runSite is "postal site build" and "postal site serve". Without a config
// or flags they find the demo's database and site (see siteDefaults).
func runSite(args []string, w io.Writer) error {
	sub := ""
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		sub, args = args[0], args[1:]
	}
	fs := flag.NewFlagSet("site "+sub, flag.ContinueOnError)
	configFile := fs.String("config", "", "take the database and site settings from this config file")
	dbFile := fs.String("db", "", "the SQLite database (default: the config's, else ./postal.db, else the demo's ./"+demoData+"/postal.db)")
	out := fs.String("out", "", "build: the site directory (default: the config's, else ./site-out)")
	url := fs.String("url", "", "build: the public address of the site, for the feed and sitemap")
	dir := fs.String("dir", "", "serve: the site directory (default: the config's, else ./site-out, else the demo's ./"+demoData+"/site)")
	addr := fs.String("addr", "127.0.0.1:8080", "serve: the address to listen on")
	rest, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	switch {
	case sub == "":
		return usageError{"site needs build or serve"}
	case sub != "build" && sub != "serve":
		return usageError{fmt.Sprintf("site has no %q: build or serve", sub)}
	case len(rest) > 0:
		return usageError{"unexpected " + rest[0]}
	}
	cfg := &Config{}
	if *configFile != "" {
		var err error
		if cfg, err = LoadConfig(*configFile); err != nil {
			return err
		}
	}
	for _, f := range []struct{ flag, into *string }{{dbFile, &cfg.Database}, {out, &cfg.Site.Out}, {dir, &cfg.Site.Out}, {url, &cfg.Site.URL}} {
		if *f.flag != "" {
			*f.into = *f.flag
		}
	}
	if err := siteDefaults(cfg, sub); err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	// The command says what it built; the log keeps to warnings.
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	if sub == "build" {
		return siteBuild(ctx, cfg, w, log)
	}
	fmt.Fprintf(w, "postal: serving %s at http://%s/ (Ctrl-C stops)\n", cfg.Site.Out, *addr)
	return site.Serve(ctx, *addr, cfg.Site.Out)
}

// siteDefaults fills what neither the config nor a flag set: the database is
// ./postal.db or else the demo's, the site of a build goes to ./site-out (git
// ignores it), and serve shows ./site-out or else the demo's site. What it
// cannot find it names, with the flag that sets it.
func siteDefaults(cfg *Config, sub string) error {
	if sub == "build" && cfg.Database == "" {
		cfg.Database = firstExisting("postal.db", filepath.Join(demoData, "postal.db"))
		if cfg.Database == "" {
			return fmt.Errorf("no database here (./postal.db, or the demo's ./%s/postal.db): name one with --db FILE or --config FILE", demoData)
		}
	}
	if cfg.Site.Out != "" {
		return nil
	}
	if sub == "build" {
		cfg.Site.Out = "site-out"
		return nil
	}
	cfg.Site.Out = firstExisting("site-out", filepath.Join(demoData, "site"))
	if cfg.Site.Out == "" {
		return fmt.Errorf("no site here (./site-out, or the demo's ./%s/site): name one with --dir DIR, or build one with postal site build", demoData)
	}
	return nil
}

// firstExisting returns the first of paths that exists, or "".
func firstExisting(paths ...string) string {
	for _, p := range paths {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return ""
}

// siteBuild builds the whole site from the database, with a progress bar on
// a terminal.
func siteBuild(ctx context.Context, cfg *Config, w io.Writer, log *slog.Logger) error {
	if _, err := os.Stat(cfg.Database); err != nil {
		return fmt.Errorf("the database: %w (name it with --db FILE)", err)
	}
	db, err := archive.Open(ctx, cfg.Database)
	if err != nil {
		return err
	}
	defer db.Close()
	games, err := siteGames(ctx, db, cfg)
	if err != nil {
		return err
	}
	opts := siteOptions(cfg, log)
	if isTerminal(os.Stderr) {
		opts.Progress = os.Stderr
	}
	st, err := site.Build(ctx, games, opts)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "postal: built %s: %d games, %d files in %s\n", cfg.Site.Out, st.Games, st.Written, st.Duration.Round(time.Millisecond))
	return nil
}

// siteOptions are the site's build options from the config.
func siteOptions(cfg *Config, log *slog.Logger) site.Options {
	return site.Options{OutDir: cfg.Site.Out, SiteURL: cfg.Site.URL, Title: cfg.Club.Name, Rules: docs.Rules(), Logger: log}
}

// siteGames reads every game of the archive as the site's input.
func siteGames(ctx context.Context, db *archive.DB, cfg *Config) ([]site.Game, error) {
	recs, err := club.Records(ctx, db, cfg.Club.Address, time.Time{})
	if err != nil {
		return nil, err
	}
	games := make([]site.Game, len(recs))
	for i, r := range recs {
		games[i] = siteGame(r)
	}
	return games, nil
}

func siteGame(r club.Archived) site.Game {
	return site.Game{ID: r.Row.ID, Record: r.Record, Started: r.Row.Created, Updated: r.Row.Updated, Finished: r.Row.Finished}
}

// sitePublisher keeps the daemon's site up to date: a full build at start
// and every interval, an incremental update when kicked after a handled
// message. Kicks coalesce: a burst of moves costs one update, and mail
// handling never waits for the site.
type sitePublisher struct {
	db    *archive.DB
	cfg   *Config
	log   *slog.Logger
	every time.Duration
	kick  chan struct{}
	// built, when set, receives the stats of each build (tests).
	built func(site.Stats)

	// games is the archive as last read; an update reads again only the
	// games changed since seen, the latest change it read.
	games map[int64]site.Game
	seen  time.Time
}

func newSitePublisher(db *archive.DB, cfg *Config, log *slog.Logger) *sitePublisher {
	every := cfg.Site.Every.Duration
	if every <= 0 {
		every = time.Hour
	}
	return &sitePublisher{db: db, cfg: cfg, log: log, every: every, kick: make(chan struct{}, 1)}
}

// Kick asks for an update soon; it never blocks.
func (p *sitePublisher) Kick() {
	select {
	case p.kick <- struct{}{}:
	default:
	}
}

// run publishes until ctx ends. A failed build is logged and retried at the
// next kick or interval: the published site stays as it was.
func (p *sitePublisher) run(ctx context.Context) {
	full := true
	tick := time.NewTicker(p.every)
	defer tick.Stop()
	for {
		if err := p.publish(ctx, full); err != nil && ctx.Err() == nil {
			p.log.Error("site: build failed", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-p.kick:
			full = false
		case <-tick.C:
			full = true
		}
	}
}

func (p *sitePublisher) publish(ctx context.Context, full bool) error {
	games, err := p.read(ctx, full)
	if err != nil {
		return err
	}
	opts := siteOptions(p.cfg, p.log)
	var st site.Stats
	if full {
		st, err = site.Build(ctx, games, opts)
	} else {
		st, err = site.Update(ctx, games, nil, opts)
	}
	if err != nil {
		return err
	}
	if p.built != nil {
		p.built(st)
	}
	return nil
}

// read brings p.games up to date: all of the archive for a full build,
// else the games changed since the last read (a move touches one game, and
// reading every record of a large archive after each would dominate).
func (p *sitePublisher) read(ctx context.Context, all bool) ([]site.Game, error) {
	// A transaction that took its time before another and committed after
	// it carries an earlier stamp: reading a minute back catches it.
	since := p.seen.Add(-time.Minute)
	if all || p.games == nil {
		p.games, since = map[int64]site.Game{}, time.Time{}
	}
	recs, err := club.Records(ctx, p.db, p.cfg.Club.Address, since)
	if err != nil {
		return nil, err
	}
	for _, r := range recs {
		p.games[r.Row.ID] = siteGame(r)
		if r.Row.Updated.After(p.seen) {
			p.seen = r.Row.Updated
		}
	}
	games := make([]site.Game, 0, len(p.games))
	for _, g := range p.games {
		games = append(games, g)
	}
	slices.SortFunc(games, func(a, b site.Game) int { return cmp.Compare(a.ID, b.ID) })
	return games, nil
}
