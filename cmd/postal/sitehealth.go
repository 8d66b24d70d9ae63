package main

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"postal/archive"
	"postal/site"
)

// What the daemon knows of its site beyond the site itself (s34): whether
// it is ahead of the database, as after a restore, and whether its updates
// fail. Both are kept in daemon_state: the first so that a full build cut
// short by a stop is done at the next start, the second for postal status.

// siteHealth is the publisher's memory of both.
type siteHealth struct {
	// rebuild, when set, says why the next publish builds the site in full.
	rebuild string
	// failures counts the updates that failed in a row; since is when the
	// first of them failed.
	failures int
	since    time.Time
}

// prepare runs before the daemon handles any mail. It reads what an
// earlier run left (a full build still due, failures), and notices a site
// ahead of the database: its cursor past the database's last change. That
// is a database restored from a backup, or another database: the site
// shows moves the database no longer holds, and an update would publish
// nothing until the database's changes passed the site's cursor. Checked
// later, after new mail, the sequence may have caught up and the test
// would miss it.
func (p *sitePublisher) prepare(ctx context.Context) {
	state, err := p.db.State(ctx)
	if err != nil {
		p.log.Warn("site: daemon state not read", "err", err)
		return
	}
	p.health.rebuild = state[archive.StateSiteRebuild]
	p.health.failures, _ = strconv.Atoi(state[archive.StateSiteFailures])
	p.health.since = archive.StateTime(state[archive.StateSiteFailingSince])
	if p.health.rebuild != "" {
		return
	}
	cursor, ok, err := site.PublishedCursor(p.out)
	if err != nil || !ok {
		return // no site yet, or one the publisher builds in full anyway
	}
	last, err := p.db.LastSeq(ctx)
	if err != nil {
		p.log.Warn("site: the database's last change not read", "err", err)
		return
	}
	if cursor <= last {
		return
	}
	p.health.rebuild = fmt.Sprintf("the site is as of the database's change %d, but the database's changes end at %d: "+
		"it was restored from a backup (or is another one), and the site shows what it no longer holds", cursor, last)
	if err := p.db.SetState(ctx, map[string]string{archive.StateSiteRebuild: p.health.rebuild}); err != nil {
		p.log.Warn("site: daemon state not recorded", "err", err)
	}
}

// publish brings the site up to date: in full when prepare found it
// ahead of the database, else by an update.
func (p *sitePublisher) publish(ctx context.Context) (site.Stats, error) {
	if p.health.rebuild == "" {
		return p.pub.Update(ctx)
	}
	p.log.Warn("site: building in full", "why", p.health.rebuild)
	st, err := p.pub.Build(ctx)
	if err != nil {
		return st, err
	}
	p.health.rebuild = ""
	if err := p.db.ClearState(ctx, archive.StateSiteRebuild); err != nil {
		p.log.Warn("site: daemon state not recorded", "err", err)
	}
	return st, nil
}

// failed records an update that failed, for postal status: the site stays
// as it was, and nothing else tells the operator (s34: a site left to root
// by a build run as root failed at every move, silently).
func (p *sitePublisher) failed(ctx context.Context, err error) {
	now := time.Now()
	if p.health.failures == 0 {
		p.health.since = now
	}
	p.health.failures++
	bg := context.WithoutCancel(ctx)
	if err := p.db.SetState(bg, map[string]string{
		archive.StateSiteFailures:     strconv.Itoa(p.health.failures),
		archive.StateSiteFailingSince: archive.FmtStateTime(p.health.since),
		archive.StateSiteFailed:       archive.FmtStateTime(now),
		archive.StateSiteError:        err.Error(),
	}); err != nil {
		p.log.Warn("site: daemon state not recorded", "err", err)
	}
}

// succeeded clears the failures once an update succeeds again.
func (p *sitePublisher) succeeded(ctx context.Context) {
	if p.health.failures == 0 {
		return
	}
	p.health.failures = 0
	err := p.db.ClearState(context.WithoutCancel(ctx), archive.StateSiteFailures, archive.StateSiteFailingSince, archive.StateSiteFailed, archive.StateSiteError)
	if err != nil {
		p.log.Warn("site: daemon state not recorded", "err", err)
	}
}
