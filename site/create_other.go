//go:build !linux

package site

import "os"

// create writes data into a new file at path, readable by all: the daemon
// runs with UMask=0077 (docs/postal.service), which keeps the database
// private; the site is for the web server to read. One open, write, chmod
// (by its descriptor, not its path: a full build writes tens of
// thousands) and close a file; the mode is set again only with chmod,
// which here every writer asks for (umaskStrips).
func create(path string, data []byte, chmod bool) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err == nil && chmod {
		err = f.Chmod(0o644)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// umaskStrips is true: without /proc the umask is not known.
func umaskStrips() bool { return true }
