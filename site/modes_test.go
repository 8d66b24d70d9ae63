package site

import (
	"context"
	"io/fs"
	"path/filepath"
	"syscall"
	"testing"
)

// The daemon runs with UMask=0077, which keeps its database private
// (docs/postal.service); the site it writes is still readable by a web
// server running as another user: files 0644, directories 0755.
func TestSiteReadableUnderPrivateUmask(t *testing.T) {
	old := syscall.Umask(0o077)
	defer syscall.Umask(old)
	out := filepath.Join(t.TempDir(), "site")
	if _, err := Build(context.Background(), NewMemory(fixedArchive(t)...), testOptions(out)); err != nil {
		t.Fatal(err)
	}
	n := 0
	err := filepath.WalkDir(out+"/", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		want := fs.FileMode(0o644)
		if d.IsDir() {
			want = 0o755
		}
		if fi.Mode().Perm() != want {
			t.Errorf("%s is %v, want %v", path, fi.Mode().Perm(), want)
		}
		n++
		return nil
	})
	if err != nil || n < 10 {
		t.Fatalf("walked %d files: %v", n, err)
	}
}
