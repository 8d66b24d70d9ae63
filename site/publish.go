package site

import (
	"crypto/sha256"
	"encoding/hex"
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
// generation its manifest "NNNNNN.json". Readers follow the link; a build
// writes a new generation and renames a new link over the old one, which is
// atomic. The previous generation is kept for readers still inside it.

// manifest is what a generation was made from, so an update knows which
// pages are stale.
type manifest struct {
	// Version hashes the templates, the options and the rules: when it
	// changes, every page may have changed, and an update builds in full.
	Version string
	// Files maps each file's path to a hash of its content.
	Files map[string]string
	// Games maps each game to a hash of its input and what its pages link.
	Games map[int64]gameEntry
}

type gameEntry struct {
	Hash    string
	Type    string
	Players [2]string
}

func genDir(out string) string {
	return filepath.Join(filepath.Dir(out), "."+filepath.Base(out)+".gen")
}

func hashBytes(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:16])
}

// current returns the generation OutDir points to and its manifest; ok is
// false when there is no site yet (or not one this package made).
func current(out string) (gen string, m *manifest, ok bool, err error) {
	target, err := os.Readlink(out)
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil, false, nil
	}
	if err != nil {
		if fi, serr := os.Lstat(out); serr == nil && fi.IsDir() {
			return "", nil, false, fmt.Errorf("site: %s is a directory, not a site link made by postal; move it away", out)
		}
		return "", nil, false, fmt.Errorf("site: %w", err)
	}
	gen = filepath.Base(target)
	data, err := os.ReadFile(filepath.Join(genDir(out), gen+".json"))
	if err != nil {
		return gen, nil, false, nil // no manifest: rebuild in full
	}
	m = &manifest{}
	if err := json.Unmarshal(data, m); err != nil {
		return gen, nil, false, nil
	}
	return gen, m, true, nil
}

// newGeneration makes an empty directory for the next generation.
func newGeneration(out, prev string) (string, error) {
	dir := genDir(out)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("site: %w", err)
	}
	n, _ := strconv.Atoi(prev)
	for {
		n++
		name := fmt.Sprintf("%06d", n)
		err := os.Mkdir(filepath.Join(dir, name), 0o755)
		if err == nil {
			return name, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return "", fmt.Errorf("site: %w", err)
		}
	}
}

// linkTree fills dst with hard links to every file of src: an update starts
// from the previous generation without copying it. Files are replaced, never
// written in place (see writeFile), so the old generation stays as it was.
func linkTree(src, dst string) error {
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		return os.Link(path, target)
	})
}

// writeFile writes data to path. With replace, it writes a new file and
// renames it into place, so a hard link to the previous generation's content
// is replaced, not changed; a full build writes into an empty directory and
// needs no such care.
func writeFile(path string, data []byte, replace bool) error {
	tmp := path
	if replace {
		tmp += ".tmp"
	}
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(tmp, data, 0o644); err != nil {
			return err
		}
	}
	if !replace {
		return nil
	}
	return os.Rename(tmp, path)
}

// publish writes the manifest of gen, points OutDir at it in one rename, and
// removes generations older than the previous one.
func publish(out, gen string, m *manifest) error {
	dir := genDir(out)
	data, err := json.Marshal(m)
	if err != nil {
		return fmt.Errorf("site: manifest: %w", err)
	}
	if err := writeFile(filepath.Join(dir, gen+".json"), data, true); err != nil {
		return fmt.Errorf("site: manifest: %w", err)
	}
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
