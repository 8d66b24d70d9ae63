package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"postal/archive"
	"postal/docs"
	"postal/site"
	"postal/site/clubarchive"
)

// runSite is "postal site build" and "postal site serve". Without a config
// or flags they find the demo's database and site (see siteDefaults).
func runSite(args []string, w io.Writer) error {
	sub := ""
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		sub, args = args[0], args[1:]
	}
	fs := flag.NewFlagSet("site "+sub, flag.ContinueOnError)
	dbf := addDBFlags(fs, " and site settings")
	out := fs.String("out", "", "build: the site directory (default: the config's, else ./site-out)")
	url := fs.String("url", "", "build: the public address of the site, for the feed and sitemap")
	offline := fs.Bool("offline", false, "build: for reading from disk too: pages opened as files (file://) step through games (1.6 MB more)")
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
	case *offline && sub != "build":
		return usageError{"--offline is for site build"}
	}
	cfg, err := dbf.load()
	if err != nil {
		return err
	}
	for _, f := range []struct{ flag, into *string }{{out, &cfg.Site.Out}, {dir, &cfg.Site.Out}, {url, &cfg.Site.URL}} {
		if *f.flag != "" {
			*f.into = *f.flag
		}
	}
	if err := siteDefaults(cfg, sub, fs.Name()); err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	// The command says what it built; the log keeps to warnings.
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	if sub == "build" {
		return siteBuild(ctx, cfg, *offline, w, log)
	}
	fmt.Fprintf(w, "postal: serving %s at http://%s/ (Ctrl-C stops)\n", cfg.Site.Out, *addr)
	return site.Serve(ctx, *addr, cfg.Site.Out)
}

// siteDefaults fills what neither the config nor a flag set: the database is
// ./postal.db or else the demo's, the site of a build goes to ./site-out (git
// ignores it), and serve shows ./site-out or else the demo's site. What it
// cannot find it names, with the flag that sets it.
func siteDefaults(cfg *Config, sub, command string) error {
	if sub == "build" {
		if err := needDatabase(cfg, command); err != nil {
			return err
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
// a terminal and a line of summary; offline, with the engine's script for
// pages opened from disk (site.Options.Offline).
func siteBuild(ctx context.Context, cfg *Config, offline bool, w io.Writer, log *slog.Logger) error {
	if _, err := os.Stat(cfg.Database); err != nil {
		return fmt.Errorf("the database: %w (name it with --db FILE)", err)
	}
	db, err := archive.Open(ctx, cfg.Database)
	if err != nil {
		return err
	}
	defer db.Close()
	if err := clubAddressOf(ctx, db, cfg, w); err != nil {
		return err
	}
	opts := siteOptions(cfg, log)
	opts.Progress = os.Stderr
	opts.Offline = offline
	st, err := site.Build(ctx, clubarchive.Source{DB: db, Club: cfg.Club.Address, HideMessages: cfg.Site.HideMessages}, opts)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "postal: built %s: %d games, %d files (%.1f MB) in %s\n", cfg.Site.Out, st.Games, st.Written, float64(st.Bytes)/1e6, st.Duration.Round(time.Millisecond))
	return nil
}

// clubAddressOf fills the club's address of a build without a config from
// the archive, so that the pages' "Send this move" has a recipient, or
// says plainly that the pages will lack it.
func clubAddressOf(ctx context.Context, db *archive.DB, cfg *Config, w io.Writer) error {
	if cfg.Club.Address != "" {
		return nil
	}
	addr, err := db.ClubAddress(ctx)
	if err != nil {
		return err
	}
	if addr == "" {
		fmt.Fprintln(w, "postal: the archive does not name the club's address, and no config does: the pages of games in progress will have no address to send a move to; name the club's config with --config to give it")
		return nil
	}
	cfg.Club.Address = addr
	fmt.Fprintf(w, "postal: the club's address, from the archive: %s\n", addr)
	return nil
}

// siteOptions are the site's build options from the config.
func siteOptions(cfg *Config, log *slog.Logger) site.Options {
	return site.Options{OutDir: cfg.Site.Out, SiteURL: cfg.Site.URL, Club: cfg.Club.Address, Title: cfg.Club.Name, Rules: docs.Rules(), Logger: log}
}

// sitePublisher keeps the daemon's site up to date: at start (a full build
// only when there is no site yet, or it was built by another version), after
// each handled message and clock tick (a kick), and every interval, it
// publishes the games changed since the site's cursor. Kicks coalesce: a
// burst of moves costs one update, and mail handling never waits for the
// site. It holds a summary of each game, not the records.
type sitePublisher struct {
	pub   *site.Publisher
	db    *archive.DB
	out   string
	log   *slog.Logger
	every time.Duration
	kick  chan struct{}
	// built, when set, receives the stats of each build (tests).
	built func(site.Stats)
	// health is what the daemon records of its site (sitehealth.go).
	health siteHealth
	// before, when set, is waited for after a kick, before the update:
	// the daemon's afterMail, so that a move's mail leaves first.
	before func(context.Context)
}

func newSitePublisher(db *archive.DB, cfg *Config, log *slog.Logger) *sitePublisher {
	every := cfg.Site.Every.Duration
	if every <= 0 {
		every = time.Hour
	}
	return &sitePublisher{pub: site.NewPublisher(clubarchive.Source{DB: db, Club: cfg.Club.Address, HideMessages: cfg.Site.HideMessages}, siteOptions(cfg, log)),
		db: db, out: cfg.Site.Out, log: log, every: every, kick: make(chan struct{}, 1)}
}

// Kick asks for an update soon; it never blocks.
func (p *sitePublisher) Kick() {
	select {
	case p.kick <- struct{}{}:
	default:
	}
}

// siteFinalUpdate bounds the site's last catch-up when postal stops.
const siteFinalUpdate = 30 * time.Second

// run publishes until ctx ends, and once more as it ends. A failed build
// is logged and retried at the next kick or interval: the published site
// stays as it was.
func (p *sitePublisher) run(ctx context.Context) {
	tick := time.NewTicker(p.every)
	defer tick.Stop()
	for {
		st, err := p.publish(ctx)
		switch {
		case err != nil && ctx.Err() == nil:
			p.log.Error("site: build failed", "err", err)
			p.failed(ctx, err)
		case err == nil:
			p.succeeded(ctx)
			if p.built != nil {
				p.built(st)
			}
		}
		select {
		case <-ctx.Done():
			// Catch up once more on the way out, so that the site shows
			// what the archive holds when postal stops (the demo's
			// autoplay stops right after its last game).
			// A full build still due is left to the next start.
			if p.health.rebuild != "" {
				return
			}
			fin, cancel := context.WithTimeout(context.WithoutCancel(ctx), siteFinalUpdate)
			if _, err := p.pub.Update(fin); err != nil {
				p.log.Error("site: last build failed", "err", err)
			}
			cancel()
			return
		case <-p.kick:
			if p.before != nil {
				p.before(ctx)
			}
		case <-tick.C:
		}
	}
}
