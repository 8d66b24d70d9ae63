package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"postal/archive"
	"postal/club"
	"postal/club/clock"
	"postal/mailer"
	"postal/mailer/dkimproof"
)

func runServe(args []string, w io.Writer) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	configFile := fs.String("config", "postal.toml", "the config file (postal.example.toml documents every setting)")
	if rest, err := parseFlags(fs, args); err != nil {
		return err
	} else if len(rest) > 0 {
		return usageError{"unexpected " + rest[0]}
	}
	if _, err := os.Stat(*configFile); errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("no config file %s: name one with --config FILE (postal.example.toml documents every setting; postal demo needs none)", *configFile)
	}
	cfg, err := LoadConfig(*configFile)
	if err != nil {
		return err
	}
	if err := asDatabaseOwner(cfg.Database, "serve"); err != nil {
		return err
	}
	log := slog.New(slog.NewTextHandler(os.Stderr, nil))
	// SIGINT/SIGTERM end ctx: the watcher finishes the message in hand and
	// the sender the delivery in hand, then both return.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	d, err := newDaemon(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer d.db.Close()
	return d.run(ctx)
}

// newDaemon opens the database and builds the club, watcher and sender from
// a config.
func newDaemon(ctx context.Context, cfg *Config, log *slog.Logger) (*daemon, error) {
	watch, send, err := cfg.mailOptions(log)
	if err != nil {
		return nil, err
	}
	db, err := archive.OpenLog(ctx, cfg.Database, log)
	if err != nil {
		return nil, err
	}
	if cfg.maxPages > 0 { // tests: a full disk
		if err := db.LimitPages(ctx, cfg.maxPages); err != nil {
			db.Close()
			return nil, err
		}
	}
	if err := db.CheckSequences(ctx); err != nil {
		db.Close()
		return nil, err
	}
	if err := logBeforeRatings(ctx, db, log); err != nil {
		db.Close()
		return nil, err
	}
	watch.Searched = func(at time.Time) {
		// For postal status; a failure here costs nothing but that line.
		if err := db.SetLastPoll(context.WithoutCancel(ctx), at); err != nil {
			log.Warn("postal: last poll not recorded", "err", err)
		}
	}
	ctl, points, err := cfg.Clock.clubClock()
	if err != nil {
		db.Close()
		return nil, err
	}
	svc, err := club.New(db, club.Options{
		HideMessages:           cfg.Site.HideMessages,
		Control:                ctl,
		ReminderPoints:         points,
		Timeout:                cfg.Clock.Timeout,
		VacationAllowance:      time.Duration(cfg.Clock.VacationDays) * clock.Day,
		CatchUp:                cfg.Clock.CatchUp,
		Address:                cfg.Club.Address,
		Name:                   cfg.Club.Name,
		AuthServID:             cfg.Club.AuthservID,
		TrustAuthResults:       cfg.Club.TrustAuthResults,
		DKIM:                   dkimproof.New(dkimproof.Resolver(cfg.Club.DNSResolver)),
		DKIMMaxAge:             time.Duration(cfg.Club.DKIMMaxAgeDays) * clock.Day,
		RateLimit:              cfg.Club.RateLimit,
		StrangerRepliesPerHour: cfg.Club.StrangerRepliesPerHour,
		InvitesPerDay:          cfg.Club.InvitesPerDay,
		TalkLinesPerDay:        cfg.Club.TalkLinesPerDay,
		MaxMessageSize:         cfg.Club.MaxMessageSize,
		Admins:                 cfg.Club.Admins,
		RoundDays:              cfg.Club.RoundDays,
		RoundUnfinished:        cfg.Club.RoundUnfinished,
		EventLapseDays:         cfg.Club.EventLapseDays,
		SiteURL:                cfg.Site.URL,
		Bot:                    cfg.Bots.options(),
		Now:                    cfg.now,
		Log:                    log,
	})
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("club: %w", err)
	}
	d := &daemon{
		folders:     watch.FolderNames(),
		clubAddress: cfg.Club.Address,
		db:          db,
		club:        svc,
		log:         log,
		now:         cfg.now,
		timeScale:   cfg.timeScale,
		tickWake:    make(chan struct{}, 1),
		watcher:     mailer.NewWatcher(watch),
		sender:      mailer.NewSender(send),
	}
	if cfg.Site.Out != "" {
		d.site = newSitePublisher(db, cfg, log)
		d.site.prepare(ctx) // before any mail changes the database
		d.site.before = d.afterMail
	}
	d.keepRaw = keepRaw(cfg.Club.KeepRawDays)
	d.keepSignatures = keepSignatures(cfg.Club.DKIMMaxAgeDays)
	d.bot = svc.NewBot(d.changed)
	return d, nil
}
