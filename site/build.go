package site

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"time"

	"postal/engine"
)

// builder renders the pages of one site from its index.
type builder struct {
	opts      Options
	title     string
	log       *slog.Logger
	ix        *index
	rulesHTML sync.Map // game type -> its rules as HTML

	tours      map[int64]*tourSummary // the tournaments, for their index and the feed (tournament.go)
	tourSource bool                   // the source has tournaments: the site has their index
	toursSince time.Time              // the latest change of a tournament read
	rt         ratings                // the rating lists and histories (ratings.go)
	ex         *explorers             // the opening books (explorer.go)
	starts     startBoards            // the start positions' boards (startboard.go)
	// once says the builder builds once and is done ([Build]): a book
	// whose files it wrote is of no more use to it.
	once bool
}

// Publisher keeps a site up to date with its source: a full build when
// there is no site yet, or when the templates, options or engines changed
// since it was built; otherwise updates that read only the games changed
// since the site's cursor and rewrite only the pages they touch. Between
// updates it keeps a summary of each game in memory, never a record. Its
// methods run one at a time; separate processes may build the same OutDir
// in turn (an update notices a generation it did not make and reads the
// summaries again), not at once.
type Publisher struct {
	src    Source
	b      builder
	mu     sync.Mutex
	shaped shape  // what the pages are built from besides the games
	gen    string // the generation the index is of
	st     state
	known  *written // what the files of generation gen hold, as updates wrote them
}

// NewPublisher returns a Publisher of src's games into opts.OutDir. It
// reads nothing until its first Build or Update.
func NewPublisher(src Source, opts Options) *Publisher {
	p := &Publisher{src: src}
	p.b.opts, p.b.title, p.b.log = opts, opts.Title, opts.Logger
	_, p.b.tourSource = src.(TournamentSource)
	if p.b.title == "" {
		p.b.title = "postal games"
	}
	if p.b.log == nil {
		p.b.log = slog.Default()
	}
	return p
}

// Build writes the whole site of src into a new generation and publishes
// it: NewPublisher(src, opts).Build(ctx).
func Build(ctx context.Context, src Source, opts Options) (Stats, error) {
	p := NewPublisher(src, opts)
	p.b.once = true
	defer relaxGC()()
	return p.Build(ctx)
}

// Build writes the whole site into a new generation and publishes it.
func (p *Publisher) Build(ctx context.Context) (Stats, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	unlock := lockOut(p.b.opts.OutDir)
	defer unlock()
	return p.full(ctx)
}

// Update brings the published site up to date with the source, rewriting
// only the pages the changes since its cursor touch; it builds in full when
// there is no site yet or the site was built from other templates, options
// or engines.
func (p *Publisher) Update(ctx context.Context) (Stats, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	unlock := lockOut(p.b.opts.OutDir)
	defer unlock()
	if p.b.opts.OutDir == "" {
		return Stats{}, errors.New("site: no output directory")
	}
	gen, st, ok, err := current(p.b.opts.OutDir)
	if err != nil {
		return Stats{}, err
	}
	sh, err := p.shape()
	if err != nil {
		return Stats{}, err
	}
	why := sh.changes(st.Shape)
	switch {
	case gen == "":
		why = "no site yet"
	case !ok:
		why = "the site records no shape (built by an older postal)"
	}
	if why != "" {
		p.b.log.Info("site: building in full", "why", why)
		return p.full(ctx)
	}
	start := time.Now()
	stats := Stats{Generation: gen}
	if p.known == nil || gen != p.gen || st.Cursor != p.st.Cursor {
		// Not the site this Publisher last wrote: what it knew of the
		// files may be stale (written).
		p.known = newWritten()
	}
	if p.b.ix == nil || gen != p.gen {
		// A site built by another process, or by this one before a restart:
		// read the summaries again; the changes since the site's cursor are
		// rendered below.
		ix, _, err := readSummaries(ctx, p.src, p.b.log)
		if err != nil {
			return stats, err
		}
		p.b.ix, p.gen, p.b.tours = ix, gen, nil
		p.b.ex = newExplorers(false) // made again as updates need them
		if err := p.b.loadRatings(ctx, p.src); err != nil {
			return stats, err
		}
		p.b.ix, p.gen = ix, gen
	}
	p.st = st
	many, err := p.update(ctx, &stats)
	if err != nil {
		return stats, err
	}
	if many > 0 {
		p.b.log.Info("site: building in full", "why", fmt.Sprintf("%d games changed", many))
		return p.full(ctx)
	}
	stats.Games, stats.Cursor, stats.Duration = len(p.b.ix.games), p.st.Cursor, time.Since(start)
	if stats.Changed > 0 {
		p.b.log.Info("site updated", "games", stats.Games, "changed", stats.Changed, "written", stats.Written,
			"bytes", stats.Bytes, "removed", stats.Removed, "cursor", stats.Cursor, "duration", stats.Duration)
	}
	return stats, nil
}

// readSummaries indexes the summaries of every game of src, and returns
// the cursor they are as of.
func readSummaries(ctx context.Context, src Source, log *slog.Logger) (*index, int64, error) {
	ix := newIndex()
	cursor, err := src.Summaries(ctx, summarizer(ix, log))
	if err != nil {
		return nil, 0, err
	}
	ix.settle()
	return ix, cursor, nil
}

// summarizer returns a Summaries callback that indexes each game.
func summarizer(ix *index, log *slog.Logger) func(*Game) error {
	return func(g *Game) error {
		var pos engine.Position
		if ongoing(g) {
			pos, _ = finalPosition(g) // who is to move; nil when unknown
		}
		s, err := ix.summarize(g, pos)
		if errors.Is(err, errBadGame) {
			log.Warn("site: game left out", "err", err)
			return nil
		}
		if err != nil {
			return err
		}
		ix.put(s)
		return nil
	}
}

// ongoing reports whether g is going on, by its record and dates.
func ongoing(g *Game) bool {
	return g.Record != nil && !g.Record.Result.Over() && g.Finished.IsZero()
}

// storedPosition is a position of g as the archive stores it (its text).
func storedPosition(g *Game, text string) (engine.Position, error) {
	eg, err := engine.Lookup(g.Record.Game)
	if err != nil {
		return nil, err
	}
	return eg.ParsePosition(text)
}

// finalPosition is g's last position: the stored one, or the record
// replayed (when a move is refused, the position before it, and the
// engine's objection).
func finalPosition(g *Game) (engine.Position, error) {
	if g.Position != "" {
		return storedPosition(g, g.Position)
	}
	// Replay a copy: Replay normalizes the record's Config in place, and
	// the record is the source's.
	rc := *g.Record
	positions, err := rc.Replay()
	if len(positions) == 0 {
		return nil, err
	}
	return positions[len(positions)-1], err
}

func (p *Publisher) full(ctx context.Context) (st Stats, err error) {
	start := time.Now()
	out := p.b.opts.OutDir
	if out == "" {
		return st, errors.New("site: no output directory")
	}
	sh, err := p.shape()
	if err != nil {
		return st, err
	}
	prev, _, _, err := current(out)
	if err != nil {
		return st, err
	}
	gen, err := newGeneration(out, prev)
	if err != nil {
		return st, err
	}
	dir := filepath.Join(genDir(out), gen)
	defer func() {
		if err != nil {
			os.RemoveAll(dir)
		}
	}()
	// Until it is published, the index is of no generation: should the
	// build fail, an update reads the summaries again.
	p.gen, p.known = "", nil
	ix, cursor, err := readSummaries(ctx, p.src, p.b.log)
	if err != nil {
		return st, err
	}
	p.b.ix, p.b.tours = ix, nil
	p.b.ex = newExplorers(true)
	if p.b.once {
		// The games replayed for the books wait on disk, in the new
		// generation, until their book is written (writeBooks).
		p.b.ex.spill = filepath.Join(dir, ".explorer")
		if err := os.Mkdir(p.b.ex.spill, 0o700); err != nil {
			return st, err
		}
	}
	if err := p.b.loadRatings(ctx, p.src); err != nil {
		return st, err
	}
	w := newWriter(dir, false, &st)
	bar := newProgress(p.b.opts.Progress, len(ix.games))
	defer bar.done()
	pool := newPool(ctx, p.b.opts.Workers)
	nav := ix.listed()
	dl := newDownloads(w)
	err = p.src.Games(ctx, nil, func(g *Game) error {
		if ix.games[g.ID] == nil {
			return nil // added since the summaries: the next update adds it
		}
		s, job, err := p.b.gameJob(g, nav, w, dl)
		if err != nil || s == nil {
			return err
		}
		// The summaries came without the moves: the whole game counts them.
		ix.games[g.ID].Moves = s.Moves
		return pool.do(func() error {
			defer bar.add(1)
			if err := job(); err != nil {
				return err
			}
			start := time.Now()
			defer func() { w.explorerTime(time.Since(start)) }()
			return p.b.ex.count(g, p.b.log)
		})
	})
	if err := firstErr(err, pool.wait()); err != nil {
		return st, err
	}
	if err := dl.finish(); err != nil {
		return st, err
	}
	// The books before the other pages: a build that builds once lets
	// each go once written, and holds none of them while it writes the
	// pages of many games (the indexes, the players').
	if err := p.b.writeBooks(ctx, w); err != nil {
		return st, err
	}
	tourJobs, err := p.b.tournamentJobs(ctx, p.src, w, nil)
	if err != nil {
		return st, err
	}
	pool = newPool(ctx, p.b.opts.Workers)
	for _, j := range slices.Concat(p.b.siteJobs(w, nil), tourJobs) {
		if err := pool.do(j); err != nil {
			break
		}
	}
	if err := pool.wait(); err != nil {
		return st, err
	}
	p.st = state{Shape: sh, Cursor: cursor}
	if err := publish(out, gen, p.st); err != nil {
		return st, err
	}
	p.gen = gen
	st.Full, st.Games, st.Generation, st.Cursor, st.Duration = true, len(ix.games), gen, cursor, time.Since(start)
	p.b.log.Info("site built", "full", true, "games", st.Games, "written", st.Written, "bytes", st.Bytes,
		"unreplayable", st.Unreplayable, "generation", gen, "duration", st.Duration)
	return st, nil
}

// firstErr is a, or b when a is nil.
func firstErr(a, b error) error {
	if a != nil {
		return a
	}
	return b
}

// gameJob reads a game's summary and prepares the rendering of its page
// and record, done by the returned job on a worker: gameJob runs where the
// index may change, the job where it may not. A full build gathers the
// records into the downloads (dl; nil in an update). A game the site
// cannot list gives a nil summary and job.
func (b *builder) gameJob(g *Game, nav []*typeInfo, w *writer, dl *downloads) (*summary, job, error) {
	// The last position: who is to move, for the summary of a game going
	// on; the board of its page.
	var pos engine.Position
	var posErr error
	known := ongoing(g)
	if known {
		pos, posErr = finalPosition(g)
	}
	s, err := b.ix.summarize(g, pos)
	if errors.Is(err, errBadGame) {
		b.log.Warn("site: game left out", "err", err)
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	return s, func() error {
		// The page draws the final board only: the reader's browser replays
		// the moves with the game's engine to step through them. The
		// archive stores the last position, so the game is replayed here
		// only when it does not.
		if !known {
			pos, posErr = finalPosition(g)
		}
		if posErr != nil {
			b.log.Warn("site: record does not replay", "game", g.ID, "err", posErr)
			w.unreplayable()
		}
		buf := pageBuffers.Get().(*bytes.Buffer)
		defer pageBuffers.Put(buf)
		buf.Reset()
		start := b.gameStart(s, g.Record)
		if start != nil {
			if err := b.starts.write(w, start); err != nil {
				return err
			}
		}
		if err := b.gamePage(buf, s, g.Record, pos, backPosition(g, pos), posErr, nav, g.Rating, start); err != nil {
			return err
		}
		if err := w.write(gamePath(g.ID), buf.Bytes()); err != nil {
			return err
		}
		record := []byte(g.Record.String())
		if err := w.write(recordPath(g.ID), record); err != nil {
			return err
		}
		if dl != nil {
			return dl.add(s, record)
		}
		return nil
	}, nil
}

// job renders and writes files.
type job = func() error

func (b *builder) file(w *writer, path string, render func() ([]byte, error)) job {
	return func() error {
		data, err := render()
		if err != nil {
			return err
		}
		return w.write(path, data)
	}
}

// siteJobs are the pages besides the games' own: of every game type and
// player, and the site's, when only is nil; else the site's and those only
// touches.
func (b *builder) siteJobs(w *writer, only *touched) []job {
	var jobs []job
	add := func(path string, render func() ([]byte, error)) { jobs = append(jobs, b.file(w, path, render)) }
	add("index.html", b.home)
	add("feed.atom", b.feed)
	if b.opts.SiteURL != "" {
		add("sitemap.xml", b.sitemap)
		add("sitemaps/pages.xml", b.sitemapPages)
	}
	for k := range b.ix.shards() {
		if only == nil || only.shards[k] {
			add(searchPath(k), func() ([]byte, error) { return b.searchShard(k, only != nil) })
			if b.opts.SiteURL != "" {
				add(sitemapPath(k), func() ([]byte, error) { return b.sitemapGames(k) })
			}
		}
	}
	for _, t := range b.ix.listed() {
		key := "type " + t.Name
		lists, ok := only.lists(key, blocks(len(t.games)))
		if !ok {
			continue
		}
		add(typePath(t.Name), func() ([]byte, error) { return b.typePage(t) })
		for _, k := range lists {
			add(typeListPath(t.Name, k), func() ([]byte, error) { return b.typeListPage(t, k) })
		}
		if only != nil {
			// A full build wrote the downloads with the games (downloads).
			for _, k := range only.downloads(key, blocks(len(t.games))) {
				jobs = append(jobs, b.downloadJob(w, t, k))
			}
			jobs = append(jobs, w.removeJob(typeListPath(t.Name, blocks(len(t.games)))), w.removeJob(downloadPath(t.Name, blocks(len(t.games)))))
		}
	}
	for _, pl := range b.ix.sortedPlayers() {
		lists, ok := only.lists("player "+pl.Name, blocks(len(pl.games)))
		if !ok {
			continue
		}
		add(playerPath(pl.Slug), func() ([]byte, error) { return b.playerPage(pl) })
		for _, k := range lists {
			add(playerListPath(pl.Slug, k), func() ([]byte, error) { return b.playerListPage(pl, k) })
		}
		if only != nil {
			jobs = append(jobs, w.removeJob(playerListPath(pl.Slug, blocks(len(pl.games)))))
		}
	}
	jobs = append(jobs, b.ratingJobs(w, only)...)
	if only == nil {
		assets, err := staticAssets()
		if err != nil {
			return []job{func() error { return err }}
		}
		assets = append(assets, wasmExecAsset())
		for _, a := range assets {
			add("assets/"+a.name, func() ([]byte, error) { return a.data, nil })
		}
		for _, f := range theEngine().files(b.opts.Offline) {
			jobs = append(jobs, func() error { return w.writeStream("assets/"+f.name, f.fill) })
		}
	}
	return jobs
}

// touched is what an update touches, by game type and player ("type NAME",
// "player NAME"): the list pages and record downloads to rewrite, and from
// which page on all of them (games added or removed move the games after
// them to other pages); and the shards of the search index and sitemap.
type touched struct {
	from      map[string]int
	pages, dl map[string]map[int]bool
	shards    map[int64]bool
	ratings   map[string]bool // the rating lists read again
}

func newTouched() *touched {
	return &touched{from: map[string]int{}, pages: map[string]map[int]bool{}, dl: map[string]map[int]bool{}, shards: map[int64]bool{}}
}

// lists returns the list pages of key to rewrite, of its n now, and
// whether any of its pages is touched; with t nil, all of them.
func (t *touched) lists(key string, n int) ([]int, bool) {
	if t == nil {
		return upTo(n, nil, 0, true), true
	}
	from, shifted := t.from[key]
	pages, changed := t.pages[key]
	if !shifted && !changed {
		return nil, false
	}
	return upTo(n, pages, from, shifted), true
}

// downloads returns the record downloads of key to rewrite.
func (t *touched) downloads(key string, n int) []int {
	if t == nil {
		return upTo(n, nil, 0, true)
	}
	from, shifted := t.from[key]
	return upTo(n, t.dl[key], from, shifted)
}

func upTo(n int, pages map[int]bool, from int, shifted bool) []int {
	var out []int
	for k := range n {
		if pages[k] || shifted && k >= from {
			out = append(out, k)
		}
	}
	return out
}

// game notes the pages a change of game id touches in key's list ids (as
// it is now). moved says the game was added or removed; finished that its
// record is, or was, among the downloads.
func (t *touched) game(key string, ids []int64, id int64, moved, finished bool) {
	k := blockOf(ids, id)
	if k < 0 {
		// Removed: it was on the page its successor is on now.
		i, _ := slices.BinarySearch(ids, id)
		k = i / listSize
	}
	if moved {
		// The page before links the page after, which may be new or gone.
		k = max(0, k-1)
		if from, ok := t.from[key]; !ok || k < from {
			t.from[key] = k
		}
		return
	}
	mark := func(m map[string]map[int]bool) {
		if m[key] == nil {
			m[key] = map[int]bool{}
		}
		m[key][k] = true
	}
	mark(t.pages)
	if finished {
		mark(t.dl)
	}
}

// note records the pages a change of the game s touches.
func (t *touched) note(ix *index, s *summary, moved, finished bool) {
	t.game("type "+s.Type.Name, s.Type.games, s.ID, moved, finished)
	for _, name := range s.Players {
		var ids []int64
		if pl := ix.players[name]; pl != nil {
			ids = pl.games
		}
		t.game("player "+name, ids, s.ID, moved, finished)
	}
	t.shards[s.ID/shardSize] = true
}

// maxUpdate is the most changed games an update rewrites: past it, the
// site is built in full. An update holds every changed game's record at
// once (the explorer's openings read them after the pages), and a change to
// every game of an archive (the positions before the last ply filled in,
// a re-rating) would hold them all: 3.3 GB and 75 s for 110,000 games,
// where a full build streams them in 62 s and 0.4 GB.
var maxUpdate = 5000

// update reads the games changed since the site's cursor, rewrites their
// pages and the pages they touch, and moves the cursor on. When more than
// maxUpdate games changed it does nothing and returns their number: the
// site is to be built in full.
func (p *Publisher) update(ctx context.Context, st *Stats) (many int, err error) {
	ids, cursor, err := p.src.Changes(ctx, p.st.Cursor)
	if err != nil {
		return 0, err
	}
	if len(ids) > maxUpdate {
		return len(ids), nil
	}
	b := &p.b
	if len(ids) > 0 {
		st.Changed = len(ids)
		dir := filepath.Join(genDir(b.opts.OutDir), p.gen)
		w := newWriter(dir, true, st)
		w.known = p.known
		t := newTouched()
		pool := newPool(ctx, b.opts.Workers)
		nav := b.ix.listed()
		seen := map[int64]bool{}
		var changed []*summary
		var games []*Game
		removed := map[int64]string{}
		err = p.src.Games(ctx, ids, func(g *Game) error {
			seen[g.ID] = true
			s, job, err := b.gameJob(g, nav, w, nil)
			if err != nil || s == nil {
				return err
			}
			games = append(games, g)
			// A game whose page was never written is new to the site, even
			// when the summaries read at a restart hold it already.
			_, statErr := os.Stat(filepath.Join(dir, filepath.FromSlash(gamePath(g.ID))))
			added := errors.Is(statErr, fs.ErrNotExist)
			old := b.ix.games[g.ID]
			wasOver := old != nil && old.over()
			if old != nil && (old.Type != s.Type || !slices.Equal(old.Players, s.Players)) {
				// Games keep their type and players; should one not, its old
				// lists lose it.
				b.ix.remove(old.ID)
				t.note(b.ix, old, true, true)
			}
			b.ix.put(s)
			changed = append(changed, s)
			t.note(b.ix, s, added, wasOver || s.over())
			return pool.do(job)
		})
		if err := firstErr(err, pool.wait()); err != nil {
			return 0, err
		}
		for _, id := range ids {
			if old := b.ix.games[id]; old != nil && !seen[id] {
				removed[id] = old.Type.Name
				b.ix.remove(id)
				t.note(b.ix, old, true, true)
				for _, path := range []string{gamePath(id), recordPath(id)} {
					if err := w.remove(path); err != nil {
						return 0, err
					}
				}
				for _, name := range old.Players {
					if b.ix.players[name] == nil {
						if err := w.removePlayer(slug(name)); err != nil {
							return 0, err
						}
					}
				}
			}
		}
		if t.ratings, err = b.updateRatings(ctx, p.src, changed); err != nil {
			return 0, err
		}
		start := time.Now()
		exJobs, err := p.updateExplorer(ctx, w, games, removed)
		if err != nil {
			return 0, err
		}
		w.explorerTime(time.Since(start))
		exJobs = w.timed(exJobs)
		pool = newPool(ctx, b.opts.Workers)
		for _, j := range append(b.siteJobs(w, t), exJobs...) {
			if err := pool.do(j); err != nil {
				break
			}
		}
		if err := pool.wait(); err != nil {
			return 0, err
		}
	}
	if err := p.updateTournaments(ctx, ids, st); err != nil {
		return 0, err
	}
	if cursor != p.st.Cursor {
		p.st.Cursor = cursor
		return 0, saveState(b.opts.OutDir, p.gen, p.st)
	}
	return 0, nil
}

// writer writes the files of one generation and counts them.
type writer struct {
	dir     string
	replace bool     // a published generation: write aside, rename into place
	chmod   bool     // set each new file's mode again: the umask takes bits off 0644
	known   *written // an update's: what the files hold, not read back (nil: read back)
	mu      sync.Mutex
	stats   *Stats
}

func newWriter(dir string, replace bool, stats *Stats) *writer {
	return &writer{dir: dir, replace: replace, chmod: umaskStrips(), stats: stats}
}

func (w *writer) write(path string, data []byte) error {
	wrote, err := w.writeKnown(filepath.Join(w.dir, filepath.FromSlash(path)), data)
	if err != nil {
		return fmt.Errorf("site: write %s: %w", path, err)
	}
	if wrote {
		w.mu.Lock()
		w.stats.Written++
		w.stats.Bytes += int64(len(data))
		w.mu.Unlock()
	}
	return nil
}

// writeKnown is writeFile, told by w.known what full holds: a file whose
// digest is data's is left alone, and one known to hold something else is
// written without being read back.
func (w *writer) writeKnown(full string, data []byte) (bool, error) {
	if w.known == nil {
		return writeFile(full, data, w.replace, w.chmod)
	}
	sum := w.known.sum(data)
	was, ok := w.known.get(full)
	if ok && was == sum {
		return false, nil
	}
	wrote, err := true, error(nil)
	if ok {
		err = putFile(full, data, w.replace, w.chmod)
	} else {
		wrote, err = writeFile(full, data, w.replace, w.chmod)
	}
	if err != nil {
		w.known.forget(full)
		return false, err
	}
	w.known.put(full, sum)
	return wrote, nil
}

// writeStream writes the file fill writes, in a new generation (a full
// build: nobody reads it yet).
func (w *writer) writeStream(path string, fill func(io.Writer) error) error {
	full := filepath.Join(w.dir, filepath.FromSlash(path))
	if err := mkdirPublic(filepath.Dir(full)); err != nil {
		return fmt.Errorf("site: write %s: %w", path, err)
	}
	f, err := os.OpenFile(full, os.O_CREATE|os.O_TRUNC|os.O_WRONLY, 0o644)
	if err != nil {
		return fmt.Errorf("site: write %s: %w", path, err)
	}
	bw := bufio.NewWriterSize(f, 64<<10)
	n := &countWriter{w: bw}
	err = fill(n)
	if err == nil {
		err = bw.Flush()
	}
	if err == nil {
		err = f.Chmod(0o644) // whatever the umask (see create)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("site: write %s: %w", path, err)
	}
	w.mu.Lock()
	w.stats.Written++
	w.stats.Bytes += n.n
	w.mu.Unlock()
	return nil
}

// countWriter counts the bytes written through it.
type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

func (w *writer) remove(path string) error {
	full := filepath.Join(w.dir, filepath.FromSlash(path))
	if w.known != nil {
		w.known.forget(full)
	}
	err := os.Remove(full)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("site: %w", err)
	}
	w.mu.Lock()
	w.stats.Removed++
	w.mu.Unlock()
	return nil
}

func (w *writer) removeJob(path string) job { return func() error { return w.remove(path) } }

// removeAll removes files and directories, with what they hold.
func (w *writer) removeAll(paths ...string) error {
	if w.known != nil {
		w.known.forgetAll()
	}
	for _, p := range paths {
		if err := os.RemoveAll(filepath.Join(w.dir, filepath.FromSlash(p))); err != nil {
			return fmt.Errorf("site: %w", err)
		}
	}
	return nil
}

// removePlayer removes the pages of a player who has no game left.
func (w *writer) removePlayer(slug string) error {
	if err := w.remove(playerPath(slug)); err != nil {
		return err
	}
	if w.known != nil {
		w.known.forgetAll()
	}
	return os.RemoveAll(filepath.Join(w.dir, "players", slug))
}

// explorerTime counts d as spent on the explorer (Stats.Explorer).
func (w *writer) explorerTime(d time.Duration) {
	w.mu.Lock()
	w.stats.Explorer += d
	w.mu.Unlock()
}

// timed are jobs that count their time as the explorer's.
func (w *writer) timed(jobs []job) []job {
	out := make([]job, len(jobs))
	for i, j := range jobs {
		out[i] = func() error {
			start := time.Now()
			defer func() { w.explorerTime(time.Since(start)) }()
			return j()
		}
	}
	return out
}

func (w *writer) unreplayable() {
	w.mu.Lock()
	w.stats.Unreplayable++
	w.mu.Unlock()
}

// pool runs jobs on workers; the first error cancels the rest.
type pool struct {
	parent context.Context
	ctx    context.Context
	cancel context.CancelFunc
	jobs   chan job
	wg     sync.WaitGroup
	mu     sync.Mutex
	err    error
}

func newPool(parent context.Context, workers int) *pool {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	ctx, cancel := context.WithCancel(parent)
	// A queue of many jobs a worker: the games come from the archive 200
	// at a time, and with room for only one job a worker, the reader and
	// the workers took turns sleeping and waking each other (a futex call
	// each way, tens of thousands in a build, each dear on a virtual
	// machine).
	p := &pool{parent: parent, ctx: ctx, cancel: cancel, jobs: make(chan job, 64*workers)}
	for range workers {
		p.wg.Go(func() {
			for j := range p.jobs {
				if p.ctx.Err() != nil {
					continue
				}
				if err := j(); err != nil {
					p.fail(err)
				}
			}
		})
	}
	return p
}

func (p *pool) fail(err error) {
	p.mu.Lock()
	if p.err == nil {
		p.err = err
	}
	p.mu.Unlock()
	p.cancel()
}

// do queues j; it fails once the pool has failed or its context ended.
func (p *pool) do(j job) error {
	select {
	case p.jobs <- j:
		return nil
	case <-p.ctx.Done():
		p.mu.Lock()
		defer p.mu.Unlock()
		if p.err != nil {
			return p.err
		}
		return p.ctx.Err()
	}
}

// wait waits for the queued jobs and returns the first error.
func (p *pool) wait() error {
	close(p.jobs)
	p.wg.Wait()
	p.cancel()
	if p.err != nil {
		return p.err
	}
	return p.parent.Err()
}

// outLocks serializes builds of one OutDir within the process, whatever
// Publisher runs them; separate processes building the same OutDir at once
// are not supported.
var outLocks sync.Map // absolute OutDir -> *sync.Mutex

func lockOut(out string) (unlock func()) {
	if abs, err := filepath.Abs(out); err == nil {
		out = abs
	}
	mu, _ := outLocks.LoadOrStore(out, new(sync.Mutex))
	mu.(*sync.Mutex).Lock()
	return mu.(*sync.Mutex).Unlock
}
