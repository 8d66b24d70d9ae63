package site

import (
	"context"
	"path/filepath"
	"slices"
	"strconv"
	"time"

	"postal/club/event"
	"postal/notation"
	"postal/site/view"
)

// Tournaments: a page per tournament (a league's and a ladder's are
// league_page.go's), an index of them, and entries of the Atom feed for
// new tournaments, rounds and winners. A Source that also implements
// TournamentSource has them; the pages of a tournament are rewritten when
// one of its games changes or it does.

// TournamentSource is a Source with tournaments.
type TournamentSource interface {
	// Tournaments calls fn with each tournament of ids (every one when
	// nil), by number.
	Tournaments(ctx context.Context, ids []int64, fn func(*view.Tournament) error) error
	// TournamentsTouched returns the tournaments the games ids belong to
	// and those changed at or after since.
	TournamentsTouched(ctx context.Context, games []int64, since time.Time) ([]int64, error)
}

// tournamentPath is the page of tournament id called name. The list of
// tournaments is tournaments/index.html, so an event may not take that
// path: a name of the site's pages or folders (notation.Reserved), which
// the club now refuses but an older archive may hold, has its
// page at its number, which no name can be (a name begins with a letter).
func tournamentPath(id int64, name string) string {
	if notation.Reserved(name) || !notation.ValidName(name) {
		return "tournaments/" + strconv.FormatInt(id, 10) + ".html"
	}
	return "tournaments/" + name + ".html"
}

const tournamentsIndex = "tournaments/index.html"

// eventHref is the address, from a game page, of the page of the event
// called name, "" when the site has none: a source without tournaments, or
// a name whose page is at its number (tournamentPath) and not known here.
func (b *builder) eventHref(name string) string {
	if !b.tourSource {
		return ""
	}
	for id, t := range b.tours {
		if t.Name == name {
			return "../" + tournamentPath(id, name)
		}
	}
	if notation.Reserved(name) || !notation.ValidName(name) {
		return ""
	}
	return "../" + tournamentPath(0, name)
}

// tourSummary is what the index page and the feed keep of a tournament.
type tourSummary struct {
	ID                int64
	Name, Title       string
	Format, Status    string
	Winner            string
	Entrants          int
	Created, Finished time.Time
	Rounds            []view.Act // the acts that started rounds
	News              []view.Act // a league's seasons, a ladder's places taken (league_page.go)
}

func summarizeTournament(t *view.Tournament) *tourSummary {
	s := &tourSummary{ID: t.ID, Name: t.Name, Title: t.Title, Format: t.Format, Status: t.Status, Winner: t.Winner,
		Entrants: len(t.Entrants), Created: t.Created, Finished: t.Finished}
	for _, a := range t.Acts {
		if a.Kind == "round" || a.Kind == "start" {
			s.Rounds = append(s.Rounds, a)
		}
		if selfRunningNews(a) {
			s.News = append(s.News, a)
		}
	}
	return s
}

// sortedTournaments lists the tournaments kept, newest first.
func (b *builder) sortedTournaments() []*tourSummary {
	var out []*tourSummary
	for _, s := range b.tours {
		out = append(out, s)
	}
	slices.SortFunc(out, func(a, c *tourSummary) int { return int(c.ID - a.ID) })
	return out
}

// tournamentJobs reads the tournaments of ids (all when nil) from src,
// keeps their summaries and returns the jobs that write their pages and the
// index; none when src has no tournaments.
func (b *builder) tournamentJobs(ctx context.Context, src Source, w *writer, ids []int64) ([]job, error) {
	ts, ok := src.(TournamentSource)
	if !ok {
		return nil, nil
	}
	if b.tours == nil {
		b.tours = map[int64]*tourSummary{}
	}
	var jobs []job
	err := ts.Tournaments(ctx, ids, func(t *view.Tournament) error {
		b.tours[t.ID] = summarizeTournament(t)
		if t.Updated.After(b.toursSince) {
			b.toursSince = t.Updated
		}
		page := b.tournamentPage
		switch event.Page(t.Page) {
		case event.LeaguePage, event.LadderPage:
			page = b.selfRunningPage // league_page.go
		}
		jobs = append(jobs, b.file(w, tournamentPath(t.ID, t.Name), func() ([]byte, error) { return page(t) }))
		return nil
	})
	if err != nil {
		return nil, err
	}
	jobs = append(jobs, b.file(w, tournamentsIndex, b.tournamentsPage))
	return jobs, nil
}

// updateTournaments rewrites the pages of the tournaments the games ids
// belong to or that changed since the last look, the index and the feed.
func (p *Publisher) updateTournaments(ctx context.Context, ids []int64, st *Stats) error {
	ts, ok := p.src.(TournamentSource)
	if !ok {
		return nil
	}
	b := &p.b
	var touched []int64
	if b.tours == nil {
		touched = nil // after a restart: every tournament
	} else {
		var err error
		if touched, err = ts.TournamentsTouched(ctx, ids, b.toursSince); err != nil {
			return err
		}
		if len(touched) == 0 {
			return nil
		}
	}
	w := newWriter(genDirOf(b.opts.OutDir, p.gen), true, st)
	w.known = p.known
	jobs, err := b.tournamentJobs(ctx, p.src, w, touched)
	if err != nil {
		return err
	}
	jobs = append(jobs, b.file(w, "feed.atom", b.feed))
	for _, j := range jobs {
		if err := j(); err != nil {
			return err
		}
	}
	return nil
}

func genDirOf(out, gen string) string { return filepath.Join(genDir(out), gen) }
