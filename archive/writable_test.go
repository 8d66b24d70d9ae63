package archive

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// CheckWritable writes nothing that stays: the database and its log are
// byte for byte as they were, and no table of the check's is left.
func TestCheckWritableLeavesNothing(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "postal.db")
	db, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	read := func() []byte {
		var all []byte
		for _, f := range []string{path, path + "-wal"} {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			all = append(all, b...)
		}
		return all
	}
	before := read()
	if err := CheckWritable(ctx, path); err != nil {
		t.Fatalf("CheckWritable on a database of ours: %v", err)
	}
	if !bytes.Equal(read(), before) {
		t.Error("CheckWritable changed the database or its -wal file")
	}
	var n int
	if err := db.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM sqlite_schema WHERE name = 'postal_check_write'`).Scan(&n); err != nil || n != 0 {
		t.Errorf("the check's table stayed: %d (%v)", n, err)
	}
}

// A database SQLite can only open read-only is a *ReadOnlyError, though it
// reads, and BEGIN IMMEDIATE succeeds on it in WAL mode. Another user's
// file is of mode 0400; root writes any file but an immutable one.
func TestCheckWritableRefusesAReadOnlyFile(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "postal.db")
	db, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	if os.Geteuid() == 0 {
		if out, err := exec.Command("chattr", "+i", path).CombinedOutput(); err != nil {
			// tmpfs and overlayfs have no attributes, and a container may
			// lack CAP_LINUX_IMMUTABLE: root then cannot be kept from
			// writing here.
			if os.Getenv("CI") == "true" {
				t.Fatalf("chattr +i: %v %s", err, out)
			}
			t.Skipf("chattr +i: %v %s: root writes any file but an immutable one", err, out)
		}
		t.Cleanup(func() { exec.Command("chattr", "-i", path).Run() })
	} else if err := os.Chmod(path, 0o400); err != nil {
		t.Fatal(err)
	}
	if _, err := Check(ctx, path); err != nil {
		t.Fatalf("the database does not even read: %v", err)
	}
	var ro *ReadOnlyError
	if err := CheckWritable(ctx, path); !errors.As(err, &ro) {
		t.Fatalf("CheckWritable on a read-only file: %v", err)
	}
}
