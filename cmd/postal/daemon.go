package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"

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
	// site, when the config names a site directory, republishes the
	// archive site after each handled message and on its schedule.
	site *sitePublisher
}

// handle is the watcher's handler: it maps the club's errors onto the
// watcher's protocol (permanent: the failed mailbox; other: retry later).
func (d *daemon) handle(ctx context.Context, in *mailer.Inbound) error {
	err := d.club.Handle(ctx, in)
	switch {
	case err == nil:
		d.sender.Wake()
		if d.site != nil {
			d.site.Kick()
		}
		return nil
	case club.IsPermanent(err):
		return fmt.Errorf("%w: %v", mailer.ErrPermanent, err)
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
	var wg sync.WaitGroup
	errs := make([]error, 2)
	wg.Add(2)
	go func() {
		defer wg.Done()
		defer cancel()
		errs[0] = d.watcher.Run(ctx, d.handle)
	}()
	go func() {
		defer wg.Done()
		defer cancel()
		errs[1] = d.sender.Run(ctx, d.db)
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
