package archive

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// FolderUse is what postal keeps at a path, in the words of the errors of
// CheckFolderFor: each names what postal makes in the folder and the
// setting to change, so that the database's folder and the site's are not
// told apart only by their paths.
type FolderUse struct {
	Prefix  string // begins each error, before the path: "archive: open"
	Setting string // the setting that names the path: "database"
	Files   string // what postal creates in the folder
}

// DatabaseFolder is the use of the database's folder: SQLite writes the
// -wal and -shm files beside the database, so the folder must be writable
// even when the database file is.
var DatabaseFolder = FolderUse{Prefix: "archive: open", Setting: "database", Files: "the database and its -wal and -shm files"}

// CheckFolder says, before SQLite does, what is wrong with the folder the
// database goes in: SQLite itself only says "unable to open database file
// (14)", which names neither the path nor the fix.
func CheckFolder(path string) error { return CheckFolderFor(path, DatabaseFolder) }

// CheckFolderFor says what is wrong with the folder of path, where postal
// creates what u names: that it is missing, not a folder, or that this
// process cannot create files in it.
func CheckFolderFor(path string, u FolderUse) error {
	dir := filepath.Dir(path)
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("%s %s: the folder %s does not exist; create it (mkdir -p %s) or set %s to a path in an existing folder", u.Prefix, path, dir, dir, u.Setting)
	case err != nil:
		return fmt.Errorf("%s %s: %w", u.Prefix, path, err)
	case !st.IsDir():
		return fmt.Errorf("%s %s: %s is not a folder", u.Prefix, path, dir)
	}
	probe, err := os.CreateTemp(dir, ".postal-write-check-*")
	if err != nil {
		return fmt.Errorf("%s %s: cannot write in the folder %s (%v); postal needs to create files there: %s", u.Prefix, path, dir, errors.Unwrap(err), u.Files)
	}
	probe.Close()
	return os.Remove(probe.Name())
}
