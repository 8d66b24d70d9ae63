package site

import (
	"bufio"
	"cmp"
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"postal/engine"
	"postal/notation"
	"postal/site/explorer"
)

// The opening explorer of each book (site/explorer): its page
// explorer/BOOK.html, which shows the first level without scripts, and a
// file of each node two games or more reached, explorer/BOOK/NAME.json,
// which the page's script fetches as the reader steps in.
//
// The publisher keeps the books in memory between updates, as it keeps
// the summaries: a full build counts in them the whole games it reads
// anyway, each replayed on its worker, and then writes one book at a time:
// it makes the book's nodes from the paths of its games, writes its page
// and a file of each node, and lets the nodes go, so that it holds the
// paths of every game (pointer-free arrays, some 250 bytes a game) and the
// nodes of one book. A build that builds once ("postal site build") keeps
// even the paths on disk, a file a book, until it writes that book, and
// then lets the book go. An update counts a game that finished in its book,
// whose nodes it makes again (from the paths, without reading or replaying
// a game) the first time it does after a full build, and writes the files
// of the nodes on its path, no more (a node's file is written whole: it
// holds a few hundred lines at most). A publisher that did not build the
// site (a restart) has no books: an update that finds a game of a game
// type finished reads that type's finished games again, once, to make its
// books. A game counted that goes away or comes back unfinished (a
// director's doing) makes its type's books again from the source, and
// their files are written again.

// explorers are the books of a site, by name (explorer.BookOf).
type explorers struct {
	mu    sync.Mutex
	books map[string]*book
	// loaded holds the game types whose books hold all their finished
	// games; complete says every type's do (a full build made them).
	loaded   map[string]bool
	complete bool
	// written holds, once a builder that builds once has written the
	// books and let them go, the links of each game type's page to them.
	written map[string][]explorerLink
	// spill is where a builder that builds once keeps the games replayed
	// for each book while it reads the games ("" keeps them in the books):
	// a file a book, read back when the book is written (book.readBack).
	spill string
}

// book is a book and the lock its additions take: a full build adds games
// from its workers.
type book struct {
	mu   sync.Mutex
	b    *explorer.Book
	game string
	cfg  engine.Config

	file    *os.File // the games spilled, each its length and its bytes
	w       *bufio.Writer
	spilled int
}

// games is the number of games of the book, spilled or counted.
func (bk *book) games() int { return bk.b.Games() + bk.spilled }

// spillGame writes rp to the book's file in dir, made at its first game.
func (bk *book) spillGame(dir string, rp *explorer.Replayed) error {
	if bk.file == nil {
		f, err := os.CreateTemp(dir, "book-")
		if err != nil {
			return err
		}
		bk.file, bk.w = f, bufio.NewWriterSize(f, 64<<10)
	}
	data, err := rp.MarshalBinary()
	if err != nil {
		return err
	}
	bk.w.Write(binary.AppendUvarint(nil, uint64(len(data))))
	_, err = bk.w.Write(data)
	bk.spilled++
	return err
}

// readBack counts in the book the games spilled to its file, and removes
// the file.
func (bk *book) readBack() error {
	if bk.file == nil {
		return nil
	}
	f := bk.file
	defer func() {
		f.Close()
		os.Remove(f.Name())
		bk.file, bk.w, bk.spilled = nil, nil, 0
	}()
	if err := bk.w.Flush(); err != nil {
		return err
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return err
	}
	r := bufio.NewReaderSize(f, 64<<10)
	var data []byte
	for {
		size, err := binary.ReadUvarint(r)
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		data = slices.Grow(data[:0], int(size))[:size]
		if _, err := io.ReadFull(r, data); err != nil {
			return err
		}
		var rp explorer.Replayed
		if err := rp.UnmarshalBinary(data); err != nil {
			return err
		}
		bk.b.Append(&rp)
	}
}

func newExplorers(complete bool) *explorers {
	return &explorers{books: map[string]*book{}, loaded: map[string]bool{}, complete: complete}
}

// countable reports whether a book counts a game of record r: finished,
// of a game the engine knows.
func countable(r *notation.Record) bool {
	if r == nil || !r.Result.Over() {
		return false
	}
	_, err := engine.Lookup(r.Game)
	return err == nil
}

// explorerGame is g as a book reads it; ok is false for a game no book
// counts.
func explorerGame(g *Game) (explorer.Game, bool) {
	if !countable(g.Record) {
		return explorer.Game{}, false
	}
	return explorer.FromView(g), true
}

// explorerHref is the page of the book of a finished game of record r,
// from its game's page; "" when no book counts it (unfinished, or a record
// the engine refuses: replayErr).
func explorerHref(r *notation.Record, replayErr error) string {
	if replayErr != nil || !countable(r) {
		return ""
	}
	return "../" + explorerPath(explorer.BookOf(r.Game, r.Config))
}

func explorerPath(book string) string { return "explorer/" + book + ".html" }
func explorerNodePath(book, name string) string {
	return "explorer/" + book + "/" + name + ".json"
}

// add counts g in its book, made when it is the book's first game, and
// returns the book and the nodes whose files change; a nil book when no
// book counts g (unfinished, or a record the engine refuses: its page says
// so).
func (ex *explorers) add(g *Game, log *slog.Logger) (*book, []explorer.Changed) {
	bk, rp := ex.replay(g, log)
	if bk == nil {
		return nil, nil
	}
	bk.mu.Lock()
	defer bk.mu.Unlock()
	return bk, bk.b.AddReplayed(rp)
}

// count counts g in its book as add does, without making the book's nodes
// to say what changed: a full build, and a publisher's first reading of
// a type, count every game before they read a node.
func (ex *explorers) count(g *Game, log *slog.Logger) error {
	bk, rp := ex.replay(g, log)
	if bk == nil {
		return nil
	}
	bk.mu.Lock()
	defer bk.mu.Unlock()
	if ex.spill != "" {
		if err := bk.spillGame(ex.spill, rp); err != nil {
			return fmt.Errorf("site: the opening book %s: %w", bk.b.Name(), err)
		}
		return nil
	}
	bk.b.Append(rp)
	return nil
}

// replay is g replayed for its book (made when it is the book's first
// game), on the caller's goroutine: a full build's workers replay at once.
func (ex *explorers) replay(g *Game, log *slog.Logger) (*book, *explorer.Replayed) {
	eg, ok := explorerGame(g)
	if !ok {
		return nil, nil
	}
	name := explorer.BookOf(eg.Record.Game, eg.Record.Config)
	ex.mu.Lock()
	bk := ex.books[name]
	if bk == nil {
		b, err := explorer.NewBook(eg.Record.Game, eg.Record.Config, 0)
		if err != nil {
			ex.mu.Unlock()
			log.Warn("site: no opening book", "game", g.ID, "err", err)
			return nil, nil
		}
		bk = &book{b: b, game: eg.Record.Game, cfg: b.Config()}
		ex.books[name] = bk
	}
	ex.mu.Unlock()
	rp, err := bk.b.Replay(eg)
	if err != nil {
		log.Warn("site: game left out of its opening book", "game", g.ID, "err", err)
		return nil, nil
	}
	return bk, rp
}

// counted reports whether game id counts in a book of game type typ.
func (ex *explorers) counted(typ string, id int64) bool {
	for _, bk := range ex.books {
		if bk.game == typ && bk.b.Has(id) {
			return true
		}
	}
	return false
}

// drop forgets the books of game type typ, to be made again.
func (ex *explorers) drop(typ string) {
	for name, bk := range ex.books {
		if bk.game == typ {
			delete(ex.books, name)
		}
	}
	delete(ex.loaded, typ)
	ex.complete = false
}

// forget lets bk go: a builder that builds once has written its files.
// The books are then no longer whole.
func (ex *explorers) forget(bk *book) {
	delete(ex.books, bk.b.Name())
	ex.complete = false
}

// sorted are the books by name.
func (ex *explorers) sorted() []*book {
	names := slices.Sorted(maps.Keys(ex.books))
	out := make([]*book, len(names))
	for i, n := range names {
		out[i] = ex.books[n]
	}
	return out
}

// ofType are the books of game type typ with games, by name: its type
// page links each.
func (ex *explorers) ofType(typ string) []*book {
	if ex == nil {
		return nil
	}
	var out []*book
	for _, bk := range ex.sorted() {
		if bk.game == typ && bk.games() > 0 {
			out = append(out, bk)
		}
	}
	return out
}

// bookJobs write every file of bk: its page and each node's. Its nodes
// are made first, here: the jobs read them at once.
func (b *builder) bookJobs(w *writer, bk *book) []job {
	bk.b.Index()
	jobs := []job{b.pageJob(w, bk)}
	for _, c := range bk.b.Files() {
		jobs = append(jobs, nodeJob(w, bk, c))
	}
	return jobs
}

// pageJob writes bk's page; its nodes are made first, here.
func (b *builder) pageJob(w *writer, bk *book) job {
	bk.b.Index()
	return b.file(w, explorerPath(bk.b.Name()), func() ([]byte, error) { return b.explorerPage(bk) })
}

// nodeJob writes the file of node c of bk, read when the job runs: a
// book's nodes as readers see them are many times what the book keeps.
func nodeJob(w *writer, bk *book, c explorer.Changed) job {
	return func() error {
		n := bk.b.Node(c)
		if n == nil {
			return nil
		}
		data, _, err := explorer.Encode(n)
		if err != nil {
			return err
		}
		return w.write(explorerNodePath(bk.b.Name(), explorer.FileName(n.Key)), data)
	}
}

// writeBooks writes the files of every book, for a full build: one book
// at a time, whose nodes are made, written and let go, so that the build
// holds the nodes of one book, and the games of all; the smallest book
// first. A builder that builds once ([Build]) lets each book go once
// written, so that the largest book's nodes come when the others are gone,
// and keeps only the links of the game types' pages to them, which it
// writes after.
func (b *builder) writeBooks(ctx context.Context, w *writer) error {
	books := b.ex.sorted()
	if b.once {
		links := map[string][]explorerLink{}
		for _, bk := range books {
			if _, ok := links[bk.game]; !ok {
				links[bk.game] = b.explorerLinks(bk.game)
			}
		}
		b.ex.written = links
	}
	slices.SortStableFunc(books, func(x, y *book) int { return cmp.Compare(x.games(), y.games()) })
	if b.ex.spill != "" {
		defer os.RemoveAll(b.ex.spill)
	}
	for _, bk := range books {
		start := time.Now()
		if err := bk.readBack(); err != nil {
			return fmt.Errorf("site: the opening book %s: %w", bk.b.Name(), err)
		}
		jobs := b.bookJobs(w, bk)
		w.explorerTime(time.Since(start))
		pool := newPool(ctx, b.opts.Workers)
		for _, j := range w.timed(jobs) {
			if err := pool.do(j); err != nil {
				break
			}
		}
		err := pool.wait()
		bk.b.Release()
		if b.once {
			b.ex.forget(bk)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// updateExplorer counts the games of an update that finished in their
// books and returns the jobs that write what changed: the nodes on their
// paths and their books' pages. changed are the games the update read,
// removed the numbers of those gone (with their game types).
func (p *Publisher) updateExplorer(ctx context.Context, w *writer, changed []*Game, removed map[int64]string) ([]job, error) {
	b := &p.b
	if b.ex == nil {
		b.ex = newExplorers(false)
	}
	ex := b.ex
	batch := map[int64]bool{}
	for _, g := range changed {
		batch[g.ID] = true
	}
	// A game counted that went away, or is no longer finished: its type's
	// books are made again, whole.
	rewrite := map[string]bool{}
	for id, typ := range removed {
		if ex.counted(typ, id) {
			rewrite[typ] = true
		}
	}
	for _, g := range changed {
		if _, ok := explorerGame(g); !ok && g.Record != nil && ex.counted(g.Record.Game, g.ID) {
			rewrite[g.Record.Game] = true
		}
	}
	for typ := range rewrite {
		// Its books' files go, and are written again from the books made
		// anew: a node fewer games reach may have no file now, and a book
		// no page.
		for _, bk := range ex.ofType(typ) {
			if err := w.removeAll(explorerPath(bk.b.Name()), "explorer/"+bk.b.Name()); err != nil {
				return nil, err
			}
		}
		ex.drop(typ)
		if err := p.loadBooks(ctx, typ, batch); err != nil {
			return nil, err
		}
		ex.loaded[typ] = true
	}
	// The books of each type a game changed is of, made from the source
	// when this publisher has not got them: its finished games count in
	// them, and its type's page, which the change rewrites, links them.
	for _, g := range changed {
		if g.Record == nil || ex.complete || ex.loaded[g.Record.Game] {
			continue
		}
		typ := g.Record.Game
		if err := p.loadBooks(ctx, typ, batch); err != nil {
			return nil, err
		}
		ex.loaded[typ] = true
	}
	// The nodes each book's games changed, read once all are counted:
	// two games of an update may share nodes, whose files are written
	// once, with both.
	var jobs []job
	pages := map[*book]map[explorer.Changed]bool{}
	for _, g := range changed {
		bk, nodes := ex.add(g, b.log)
		if bk == nil || nodes == nil {
			continue
		}
		if pages[bk] == nil {
			pages[bk] = map[explorer.Changed]bool{}
		}
		for _, n := range nodes {
			pages[bk][n] = true
		}
	}
	for bk, nodes := range pages {
		if rewrite[bk.game] {
			continue // all its files, below
		}
		for _, c := range slices.Sorted(maps.Keys(nodes)) {
			jobs = append(jobs, nodeJob(w, bk, c))
		}
	}
	for typ := range rewrite {
		for _, bk := range ex.ofType(typ) {
			jobs = append(jobs, b.bookJobs(w, bk)...)
			delete(pages, bk)
		}
	}
	for bk := range pages {
		jobs = append(jobs, b.pageJob(w, bk))
	}
	return jobs, nil
}

// loadBooks makes the books of game type typ from its finished games in
// the source, but those of skip (the update's own, added after).
func (p *Publisher) loadBooks(ctx context.Context, typ string, skip map[int64]bool) error {
	var ids []int64
	for id, s := range p.b.ix.games {
		if s.Type.Name == typ && s.over() && !skip[id] {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	slices.Sort(ids)
	return p.src.Games(ctx, ids, func(g *Game) error {
		if g.Record != nil && strings.EqualFold(g.Record.Game, typ) {
			return p.b.ex.count(g, p.b.log)
		}
		return nil
	})
}
