package main

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"postal/archive"
	"postal/club"
	"postal/mailer"
)

// daemon is postal's main job: the watcher hands every inbound message to the
// club, which commits the game changes and the replies in one transaction;
// the sender delivers the outbox. Each part survives a kill at any moment: the
// watcher hands over again what it had not marked, the club skips what it had
// committed, and the sender retries what SMTP had not accepted.
type daemon struct {
	db      *archive.DB
	club    *club.Service
	watcher *mailer.Watcher
	sender  *mailer.Sender
	log     *slog.Logger
	// now and timeScale are the club's clock and how much faster than the
	// wall it runs (the demo's --time-scale); nil and 0 mean the wall.
	now       func() time.Time
	timeScale float64
	// tickWake wakes the clock scheduler after a message changed games.
	tickWake chan struct{}
	// site, when the config names a site directory, publishes the changes
	// of the archive after each handled message and clock tick, and on its
	// schedule.
	site *sitePublisher
	// bot, when the club has one, thinks beside the other loops and plays
	// its moves through the club.
	bot *club.Bot
	// keepRaw is how long raw mail and delivered mail's text are kept
	// (prune.go); 0 keeps them for ever.
	keepRaw time.Duration
	// folders are the IMAP folders the watcher uses, recorded for postal
	// check (heartbeat.go).
	folders mailer.FolderNames
	// clubAddress is the club's address, recorded too (postal
	// site build without the config reads it).
	clubAddress string
	// keepSignatures is how long the signatures that proved mail are kept.
	keepSignatures time.Duration
}

// changed tells the sender, the clocks, the site and the bot that the
// archive changed: a message was handled or the bot moved.
func (d *daemon) changed() {
	d.sender.Wake()
	select {
	case d.tickWake <- struct{}{}:
	default:
	}
	if d.site != nil {
		d.site.Kick()
	}
	if d.bot != nil {
		d.bot.Wake()
	}
}

// mailFirst bounds how long the site's update and the clocks' pass after a
// handled message wait for the sender (afterMail).
const mailFirst = 2 * time.Second

// afterMail waits until the mail committed so far has been handed to the
// SMTP server, at most mailFirst: a move's reply and its opponent's turn
// mail leave before the site's update and the clocks' pass, which the
// move does not need, take the CPU and the database. The mail is safe
// either way: its outbox rows were committed with the move.
func (d *daemon) afterMail(ctx context.Context) {
	d.sender.Handed(ctx, mailFirst)
}

// handle is the watcher's handler. The club's error is the watcher's
// protocol already: a permanent failure wraps mailer.ErrPermanent (the
// failed mailbox), any other is tried again later.
func (d *daemon) handle(ctx context.Context, in *mailer.Inbound) error {
	err := d.club.Handle(ctx, in)
	if err == nil {
		d.changed()
	}
	return err
}

// run runs the watcher and the sender until ctx ends; each finishes what it
// has in hand (a message, a delivery) before returning.
func (d *daemon) run(ctx context.Context) error {
	// When one part stops for good (a configuration it cannot work with), the
	// other stops too, rather than half a daemon running on.
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	defer relaxDaemonGC()()
	var wg sync.WaitGroup
	errs := make([]error, 3)
	wg.Add(3)
	go func() {
		defer wg.Done()
		defer cancel()
		errs[0] = d.watcher.Run(ctx, d.handle)
	}()
	go func() {
		defer wg.Done()
		defer cancel()
		errs[1] = d.sender.Run(ctx, outbox{d.db})
	}()
	go func() {
		defer wg.Done()
		defer cancel()
		errs[2] = d.schedule(ctx)
	}()
	if d.bot != nil {
		// The bot thinks beside the other loops; a search never holds up
		// a message, and the bot never stops the daemon.
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := d.bot.Run(ctx); err != nil {
				d.log.Error("bot", "err", err)
			}
		}()
	}
	if d.keepRaw > 0 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			d.pruneLoop(ctx)
		}()
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		d.heartbeat(ctx)
	}()
	wg.Add(1)
	go func() {
		defer wg.Done()
		d.fillPrevious(ctx)
	}()
	if d.site != nil {
		// The site is a view of the archive: it never stops the daemon.
		wg.Add(1)
		go func() {
			defer wg.Done()
			d.site.run(ctx)
		}()
	}
	d.log.Info("postal: running")
	wg.Wait()
	d.log.Info("postal: stopped")
	return errors.Join(errs...)
}

// schedule is the clocks' loop: it lets the club do what is due (reminders,
// digests, timeouts, vacations' ends), then sleeps until the next due time
// the database holds, or until a handled message may have changed it. No
// timer lives per game, so a restart picks up exactly where it stopped.
func (d *daemon) schedule(ctx context.Context) error {
	for {
		next, ok, err := d.club.Tick(ctx)
		wait := scheduleRecheck
		switch {
		case err != nil && ctx.Err() == nil:
			d.log.Error("clocks", "err", err)
		case err == nil:
			d.sender.Wake() // the tick may have queued mail
			if d.site != nil {
				d.site.Kick() // or ended games on time: cheap when nothing changed
			}
			if d.bot != nil {
				d.bot.Wake() // a game may wait for the bot's claim
			}
			if ok {
				wait = d.wallUntil(next)
			}
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil
		case <-d.tickWake:
			d.afterMail(ctx)
		case <-t.C:
		}
		t.Stop()
	}
}

// scheduleRecheck is the longest the scheduler sleeps: a clock set forward
// or a scaled demo clock is noticed within it.
const scheduleRecheck = time.Minute

// wallUntil is how long to sleep on the wall clock until the club's clock
// reads t.
func (d *daemon) wallUntil(t time.Time) time.Duration {
	now := time.Now()
	if d.now != nil {
		now = d.now()
	}
	wait := t.Sub(now)
	if d.timeScale > 0 {
		wait = time.Duration(float64(wait) / d.timeScale)
	}
	return min(max(wait, 0), scheduleRecheck)
}
