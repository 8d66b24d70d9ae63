package site

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"time"

	"postal/templates"
)

type builder struct {
	opts  Options
	a     *archive
	title string
	log   *slog.Logger
}

// job renders one file of the site.
type job struct {
	path   string
	render func() ([]byte, error)
	game   bool // a game page: counts toward Unreplayable when its replay fails
}

// errReplay marks a page rendered in spite of a record the engine refused.
type errReplay struct{ err error }

func (e errReplay) Error() string { return e.err.Error() }

// Build writes the whole site for games into a new generation and publishes
// it (see [Options.OutDir]).
func Build(ctx context.Context, games []Game, opts Options) (Stats, error) {
	return build(ctx, games, nil, true, opts)
}

// Update brings the site up to date after a change, rewriting only the pages
// the change touches: those of each changed game, of its players and its
// game type, the home page and the site-wide data (search index, feed,
// sitemap). games is the whole archive as it is now; changed names the
// games known to have changed. Games whose record or dates differ from the
// published site's manifest, new games and removed games are found by
// themselves, so changed may be nil. When there is no site yet, or the
// templates, options or rules changed, Update builds in full.
func Update(ctx context.Context, games []Game, changed []int64, opts Options) (Stats, error) {
	return build(ctx, games, changed, false, opts)
}

func build(ctx context.Context, games []Game, changed []int64, full bool, opts Options) (st Stats, err error) {
	start := time.Now()
	if opts.OutDir == "" {
		return st, errors.New("site: no output directory")
	}
	unlock := lockOut(opts.OutDir)
	defer unlock()
	b := &builder{opts: opts, title: opts.Title, log: opts.Logger}
	if b.title == "" {
		b.title = "postal games"
	}
	if b.log == nil {
		b.log = slog.Default()
	}
	if b.a, err = newArchive(games); err != nil {
		return st, err
	}
	version, err := b.version()
	if err != nil {
		return st, err
	}
	prev, old, ok, err := current(opts.OutDir)
	if err != nil {
		return st, err
	}
	if !ok || old.Version != version {
		full = true
	}
	gen, err := newGeneration(opts.OutDir, prev)
	if err != nil {
		return st, err
	}
	dir := filepath.Join(genDir(opts.OutDir), gen)
	defer func() {
		if err != nil {
			os.RemoveAll(dir)
		}
	}()

	m := &manifest{Version: version, Files: map[string]string{}, Games: map[int64]gameEntry{}}
	for _, g := range b.a.games {
		m.Games[g.ID] = gameEntry{Hash: inputHash(g.game), Type: g.Type, Players: g.Players}
	}
	var jobs []job
	if full {
		jobs = b.allJobs()
	} else {
		if err := linkTree(filepath.Join(genDir(opts.OutDir), prev), dir); err != nil {
			return st, fmt.Errorf("site: copy previous generation: %w", err)
		}
		var stale []string
		jobs, stale = b.staleJobs(old, m, changed)
		for p, h := range old.Files {
			m.Files[p] = h
		}
		for _, p := range stale {
			if err := os.Remove(filepath.Join(dir, filepath.FromSlash(p))); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return st, fmt.Errorf("site: %w", err)
			}
			delete(m.Files, p)
			st.Removed++
		}
	}
	if err := b.run(ctx, dir, jobs, full, m, &st); err != nil {
		return st, err
	}
	if err := publish(opts.OutDir, gen, m); err != nil {
		return st, err
	}
	st.Full, st.Games, st.Generation, st.Duration = full, len(games), gen, time.Since(start)
	b.log.Info("site built", "full", full, "games", st.Games, "rendered", st.Rendered, "written", st.Written,
		"removed", st.Removed, "unreplayable", st.Unreplayable, "generation", gen, "duration", st.Duration)
	return st, nil
}

// inputHash identifies what a game's pages are made from.
func inputHash(g *Game) string {
	h := sha256.New()
	fmt.Fprintf(h, "%d\n%s\n%s\n%s\n", g.ID, g.Started.UTC().Format(time.RFC3339Nano), g.Updated.UTC().Format(time.RFC3339Nano), g.Finished.UTC().Format(time.RFC3339Nano))
	h.Write([]byte(g.Record.String()))
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// version hashes everything besides the games that shapes the pages.
func (b *builder) version() (string, error) {
	h := sha256.New()
	fmt.Fprintf(h, "title=%s\nurl=%s\n", b.title, b.opts.SiteURL)
	hashFS := func(fsys fs.FS, name string) error {
		return fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			data, err := fs.ReadFile(fsys, p)
			if err != nil {
				return err
			}
			fmt.Fprintf(h, "%s/%s %d\n", name, p, len(data))
			h.Write(data)
			return nil
		})
	}
	if err := hashFS(templates.Site, "templates"); err != nil {
		return "", fmt.Errorf("site: %w", err)
	}
	if b.opts.Rules != nil {
		if err := hashFS(b.opts.Rules, "rules"); err != nil {
			return "", fmt.Errorf("site: rules: %w", err)
		}
	}
	for _, t := range b.a.types {
		fmt.Fprintf(h, "game %s %s\n", t.Name, t.RulesVersion())
	}
	return hex.EncodeToString(h.Sum(nil)[:16]), nil
}

// Page paths.
func gamePath(id int64) string    { return "games/" + strconv.FormatInt(id, 10) + ".html" }
func recordPath(id int64) string  { return "games/" + strconv.FormatInt(id, 10) + ".txt" }
func typePath(name string) string { return "types/" + name + ".html" }
func bulkPath(name string) string { return "downloads/" + name + ".txt" }
func playerPath(s string) string  { return "players/" + s + ".html" }

func (b *builder) gameJobs(g *gameInfo) []job {
	return []job{
		{path: gamePath(g.ID), game: true, render: func() ([]byte, error) {
			page, err := b.gamePage(g)
			if err != nil && page != nil {
				return page, errReplay{err}
			}
			return page, err
		}},
		{path: recordPath(g.ID), render: func() ([]byte, error) { return []byte(g.game.Record.String()), nil }},
	}
}

func (b *builder) typeJobs(t *typeInfo) []job {
	return []job{
		{path: typePath(t.Name), render: func() ([]byte, error) { return b.typePage(t) }},
		{path: bulkPath(t.Name), render: func() ([]byte, error) { return b.bulk(t), nil }},
	}
}

func (b *builder) playerJob(p *playerInfo) job {
	return job{path: playerPath(p.Slug), render: func() ([]byte, error) { return b.playerPage(p) }}
}

// siteJobs are the pages every change touches.
func (b *builder) siteJobs() []job {
	jobs := []job{
		{path: "index.html", render: b.home},
		{path: "index.json", render: b.index},
		{path: "feed.atom", render: b.feed},
	}
	if b.opts.SiteURL != "" {
		jobs = append(jobs, job{path: "sitemap.xml", render: b.sitemap})
	}
	return jobs
}

func (b *builder) allJobs() []job {
	jobs := b.siteJobs()
	err := fs.WalkDir(templates.Site, "site/assets", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		jobs = append(jobs, job{path: p[len("site/"):], render: func() ([]byte, error) { return fs.ReadFile(templates.Site, p) }})
		return nil
	})
	if err != nil {
		panic(err) // the embedded tree is fixed at build time
	}
	for _, t := range b.a.types {
		jobs = append(jobs, b.typeJobs(t)...)
	}
	for _, p := range b.a.players {
		jobs = append(jobs, b.playerJob(p))
	}
	for _, g := range b.a.games {
		jobs = append(jobs, b.gameJobs(g)...)
	}
	return jobs
}

// staleJobs returns the jobs for the pages a change touches, and the paths
// of files that no longer belong to the site.
func (b *builder) staleJobs(old, now *manifest, changed []int64) (jobs []job, stale []string) {
	ids := map[int64]bool{}
	for _, id := range changed {
		ids[id] = true
	}
	for id, e := range now.Games {
		if o, ok := old.Games[id]; !ok || o.Hash != e.Hash {
			ids[id] = true
		}
	}
	for id := range old.Games {
		if _, ok := now.Games[id]; !ok {
			ids[id] = true
		}
	}
	types, players := map[string]bool{}, map[string]bool{}
	sorted := make([]int64, 0, len(ids))
	for id := range ids {
		sorted = append(sorted, id)
	}
	slices.Sort(sorted)
	for _, id := range sorted {
		for _, e := range []gameEntry{old.Games[id], now.Games[id]} {
			if e.Type != "" {
				types[e.Type] = true
				players[e.Players[0]] = true
				players[e.Players[1]] = true
			}
		}
		if g := b.a.byID[id]; g != nil {
			jobs = append(jobs, b.gameJobs(g)...)
		} else {
			stale = append(stale, gamePath(id), recordPath(id))
		}
	}
	for name := range types {
		if t := b.a.byType[name]; t != nil {
			jobs = append(jobs, b.typeJobs(t)...)
		} else {
			stale = append(stale, typePath(name), bulkPath(name))
		}
	}
	for name := range players {
		if p := b.a.byName[name]; p != nil {
			jobs = append(jobs, b.playerJob(p))
		} else {
			stale = append(stale, playerPath(slug(name)))
		}
	}
	if b.opts.SiteURL == "" {
		stale = append(stale, "sitemap.xml")
	}
	return append(jobs, b.siteJobs()...), stale
}

// run renders jobs on a pool of workers and writes each file whose content
// differs from the manifest's, recording its hash.
func (b *builder) run(ctx context.Context, dir string, jobs []job, full bool, m *manifest, st *Stats) error {
	workers := b.opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var bar *progress
	if full {
		bar = newProgress(b.opts.Progress, len(jobs))
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		mu       sync.Mutex
		firstErr error
		wg       sync.WaitGroup
		next     = make(chan job)
	)
	fail := func(err error) {
		mu.Lock()
		if firstErr == nil {
			firstErr = err
		}
		mu.Unlock()
		cancel()
	}
	for range workers {
		wg.Go(func() {
			for j := range next {
				data, err := j.render()
				var re errReplay
				if errors.As(err, &re) {
					b.log.Warn("site: record does not replay", "page", j.path, "err", re.err)
					err = nil
				}
				if err != nil {
					fail(err)
					continue
				}
				h := hashBytes(data)
				mu.Lock()
				same := m.Files[j.path] == h
				m.Files[j.path] = h
				st.Rendered++
				if re.err != nil {
					st.Unreplayable++
				}
				mu.Unlock()
				if !same || full {
					if err := writeFile(filepath.Join(dir, filepath.FromSlash(j.path)), data, !full); err != nil {
						fail(fmt.Errorf("site: write %s: %w", j.path, err))
						continue
					}
					mu.Lock()
					st.Written++
					mu.Unlock()
				}
				bar.add(1)
			}
		})
	}
feed:
	for _, j := range jobs {
		select {
		case next <- j:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	bar.done()
	if firstErr != nil {
		return firstErr
	}
	return ctx.Err()
}

// outLocks serializes builds of one OutDir within the process (the daemon's
// scheduled build and its rebuild after a move), so that no update starts
// from a generation another is about to replace. Separate processes building
// the same OutDir are not supported.
var outLocks sync.Map // absolute OutDir -> *sync.Mutex

func lockOut(out string) (unlock func()) {
	if abs, err := filepath.Abs(out); err == nil {
		out = abs
	}
	mu, _ := outLocks.LoadOrStore(out, new(sync.Mutex))
	mu.(*sync.Mutex).Lock()
	return mu.(*sync.Mutex).Unlock
}
