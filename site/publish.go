package site

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// A site on disk is OutDir, a symbolic link to a generation directory
// "NNNNNN" in genDir ("." + base + ".gen" beside OutDir), and beside each
// generation its state "NNNNNN.json". A full build writes a new generation
// and renames a new link over the old one, which is atomic; the previous
// generation is kept for readers still loading its pages. An update writes
// into the published generation, a file at a time, each written aside and
// renamed into place.

// state is what a generation was built from.
type state struct {
	// Shape is what, besides the games, the pages were built from (see
	// shape): when a part of it changes, every page may have changed, and
	// an update builds in full.
	Shape shape
	// Cursor is the source's change cursor the pages are as of.
	Cursor int64
}

func genDir(out string) string {
	return filepath.Join(filepath.Dir(out), "."+filepath.Base(out)+".gen")
}

// current returns the generation OutDir points to and its state; ok is false
// when there is no site yet (gen "") or its state is missing or of an older
// postal.
func current(out string) (gen string, st state, ok bool, err error) {
	target, err := os.Readlink(out)
	if errors.Is(err, fs.ErrNotExist) {
		return "", st, false, nil
	}
	if err != nil {
		if fi, serr := os.Lstat(out); serr == nil && fi.IsDir() {
			return "", st, false, fmt.Errorf("site: %s is a directory, not a site link made by postal; move it away", out)
		}
		return "", st, false, fmt.Errorf("site: %w", err)
	}
	gen = filepath.Base(target)
	data, err := os.ReadFile(filepath.Join(genDir(out), gen+".json"))
	if err != nil || json.Unmarshal(data, &st) != nil || len(st.Shape) == 0 {
		return gen, state{}, false, nil // no state: rebuild in full
	}
	return gen, st, true, nil
}

// saveState writes the state of generation gen. It is called when the
// state changed (a new generation, a cursor moved on), so the file is not
// read back to compare.
func saveState(out, gen string, st state) error {
	data, err := json.Marshal(st)
	if err != nil {
		return fmt.Errorf("site: state: %w", err)
	}
	if err := putFile(filepath.Join(genDir(out), gen+".json"), data, true, true); err != nil {
		return fmt.Errorf("site: state: %w", err)
	}
	return nil
}

// newGeneration makes an empty directory for the next generation.
func newGeneration(out, prev string) (string, error) {
	dir := genDir(out)
	if err := mkdirPublic(dir); err != nil {
		return "", fmt.Errorf("site: %w", err)
	}
	n, _ := strconv.Atoi(prev)
	for {
		n++
		name := fmt.Sprintf("%06d", n)
		err := os.Mkdir(filepath.Join(dir, name), 0o755)
		if err == nil {
			return name, os.Chmod(filepath.Join(dir, name), 0o755)
		}
		if !errors.Is(err, fs.ErrExist) {
			return "", fmt.Errorf("site: %w", err)
		}
	}
}

// mkdirPublic makes dir and its missing parents readable by all (0755),
// whatever the umask.
func mkdirPublic(dir string) error {
	if fi, err := os.Stat(dir); err == nil && fi.IsDir() {
		return nil
	}
	if parent := filepath.Dir(dir); parent != dir {
		if err := mkdirPublic(parent); err != nil {
			return err
		}
	}
	if err := os.Mkdir(dir, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
		return err
	}
	return os.Chmod(dir, 0o755)
}

// writeFile writes data to path and reports whether it wrote. With replace
// (a file of a published generation), it leaves a file whose content is
// already data alone, and otherwise writes a new file and renames it into
// place, so a reader sees the old file or the new one, never a part; a full
// build writes into an empty directory and needs neither. chmod sets the
// mode of a new file again, for a umask that takes bits off 0644 (create).
func writeFile(path string, data []byte, replace, chmod bool) (bool, error) {
	if replace {
		if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, data) {
			return false, nil
		}
	}
	return true, putFile(path, data, replace, chmod)
}

// putFile is writeFile without looking at what path holds: it writes.
func putFile(path string, data []byte, replace, chmod bool) error {
	tmp := path
	if replace {
		tmp = filepath.Join(filepath.Dir(path), ".tmp-"+filepath.Base(path))
	}
	if err := create(tmp, data, chmod); err != nil {
		if err := mkdirPublic(filepath.Dir(path)); err != nil {
			return err
		}
		if err := create(tmp, data, chmod); err != nil {
			return err
		}
	}
	if !replace {
		return nil
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}

// publish writes the state of gen, points OutDir at it in one rename, and
// removes generations older than the previous one.
func publish(out, gen string, st state) error {
	if err := saveState(out, gen, st); err != nil {
		return err
	}
	dir := genDir(out)
	if err := syncDir(filepath.Join(dir, gen)); err != nil {
		return err
	}
	rel, err := filepath.Rel(filepath.Dir(out), filepath.Join(dir, gen))
	if err != nil {
		return fmt.Errorf("site: %w", err)
	}
	tmp := filepath.Join(filepath.Dir(out), "."+filepath.Base(out)+".link")
	os.Remove(tmp)
	if err := os.Symlink(rel, tmp); err != nil {
		return fmt.Errorf("site: %w", err)
	}
	if err := os.Rename(tmp, out); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("site: publish %s: %w", out, err)
	}
	return prune(dir, gen)
}

func syncDir(dir string) error {
	f, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("site: %w", err)
	}
	defer f.Close()
	f.Sync() // best effort: some file systems do not sync directories
	return nil
}

// prune keeps the two newest generations: the published one, and the one
// before it for readers still loading its pages.
func prune(dir, gen string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("site: %w", err)
	}
	var gens []string
	for _, e := range entries {
		name := strings.TrimSuffix(e.Name(), ".json")
		if _, err := strconv.Atoi(name); err == nil && e.IsDir() && name <= gen {
			gens = append(gens, name)
		}
	}
	slices.Sort(gens)
	for _, old := range gens[:max(0, len(gens)-2)] {
		if err := os.RemoveAll(filepath.Join(dir, old)); err != nil {
			return fmt.Errorf("site: remove old generation: %w", err)
		}
		os.Remove(filepath.Join(dir, old+".json"))
	}
	return nil
}
