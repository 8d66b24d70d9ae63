package archive

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// CheckFolder says, before SQLite does, what is wrong with the folder the
// database goes in: SQLite itself only says "unable to open database file
// (14)", which names neither the path nor the fix (issue 29).
func CheckFolder(path string) error {
	dir := filepath.Dir(path)
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("archive: open %s: the folder %s does not exist; create it (mkdir -p %s) or set database to a path in an existing folder", path, dir, dir)
	case err != nil:
		return fmt.Errorf("archive: open %s: %w", path, err)
	case !st.IsDir():
		return fmt.Errorf("archive: open %s: %s is not a folder", path, dir)
	}
	// SQLite writes the -wal and -shm files beside the database, so the
	// folder must be writable even when the database file is.
	probe, err := os.CreateTemp(dir, ".postal-write-check-*")
	if err != nil {
		return fmt.Errorf("archive: open %s: cannot write in the folder %s (%v); postal needs to create files there (the database and its -wal and -shm files)", path, dir, errors.Unwrap(err))
	}
	probe.Close()
	return os.Remove(probe.Name())
}
