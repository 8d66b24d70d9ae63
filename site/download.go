package site

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
)

// A game type's list page k has its download: the records of its finished
// games (downloads/TYPE/K.txt), which notation.ReadRecords reads back.

// download is the records of the finished games of list page k of t, oldest
// first, which notation.ReadRecords reads back; records gives each one's
// published text.
func download(ids []int64, records func(id int64) ([]byte, bool)) []byte {
	var buf bytes.Buffer
	for _, id := range ids {
		if r, ok := records(id); ok {
			buf.Write(r)
			buf.WriteString("\n")
		}
	}
	return buf.Bytes()
}

// downloadJob writes the records of the finished games of list page k of
// t, read back from the record files of the generation (written before),
// or removes the file when the page has no finished game.
func (b *builder) downloadJob(w *writer, t *typeInfo, k int) job {
	return func() error {
		var ids []int64
		for _, s := range b.ix.summaries(block(t.games, k)) {
			if s.over() {
				ids = append(ids, s.ID)
			}
		}
		if len(ids) == 0 {
			return w.remove(downloadPath(t.Name, k))
		}
		var readErr error
		data := download(ids, func(id int64) ([]byte, bool) {
			r, err := os.ReadFile(filepath.Join(w.dir, filepath.FromSlash(recordPath(id))))
			if err != nil && !errors.Is(err, fs.ErrNotExist) {
				readErr = err
			}
			return r, err == nil
		})
		if readErr != nil {
			return fmt.Errorf("site: %w", readErr)
		}
		return w.write(downloadPath(t.Name, k), data)
	}
}

// downloads gathers the downloads of a full build as its games are
// written: each game's record is kept until every game of its list page is
// done, then the page's download is written and forgotten. Games come in
// order of number, so a few list pages are open at once, not the whole
// archive, and no record is read back from disk (a build of 110,000 games
// read as many files again).
type downloads struct {
	w     *writer
	mu    sync.Mutex
	pages map[downloadKey]*downloadPage
}

type downloadKey struct {
	t *typeInfo
	k int
}

type downloadPage struct {
	left    int              // games of the page not yet done
	records map[int64][]byte // the finished games' records
}

func newDownloads(w *writer) *downloads {
	return &downloads{w: w, pages: map[downloadKey]*downloadPage{}}
}

// add notes that game s is done, its record written as record; the last
// game of its list page writes the page's download.
func (d *downloads) add(s *summary, record []byte) error {
	t := s.Type
	key := downloadKey{t, blockOf(t.games, s.ID)}
	if key.k < 0 {
		return nil // not listed
	}
	d.mu.Lock()
	p := d.pages[key]
	if p == nil {
		p = &downloadPage{left: len(block(t.games, key.k)), records: map[int64][]byte{}}
		d.pages[key] = p
	}
	if s.over() {
		p.records[s.ID] = record
	}
	p.left--
	done := p.left == 0
	if done {
		delete(d.pages, key)
	}
	d.mu.Unlock()
	if !done {
		return nil
	}
	return d.write(key, p)
}

// finish writes the pages some of whose games never came (removed from
// the source since its summaries were read).
func (d *downloads) finish() error {
	for key, p := range d.pages {
		if err := d.write(key, p); err != nil {
			return err
		}
	}
	d.pages = nil
	return nil
}

func (d *downloads) write(key downloadKey, p *downloadPage) error {
	if len(p.records) == 0 {
		return nil
	}
	data := download(block(key.t.games, key.k), func(id int64) ([]byte, bool) {
		r, ok := p.records[id]
		return r, ok
	})
	return d.w.write(downloadPath(key.t.Name, key.k), data)
}
