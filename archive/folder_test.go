package archive

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A database in a folder that is not there: the error names the folder and
// the fix, not SQLite's "unable to open database file (14)" (issue 29).
func TestOpenNamesAMissingFolder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "no", "such")
	_, err := Open(context.Background(), filepath.Join(dir, "postal.db"))
	if err == nil || !strings.Contains(err.Error(), "the folder "+dir+" does not exist") || !strings.Contains(err.Error(), "mkdir -p "+dir) {
		t.Fatalf("Open in a missing folder: %v", err)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("Open made the folder: %v", err)
	}
}

func TestOpenNamesAFileForAFolder(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := Open(context.Background(), filepath.Join(file, "postal.db"))
	if err == nil || !strings.Contains(err.Error(), file+" is not a folder") {
		t.Fatalf("Open under a file: %v", err)
	}
}

// The write check leaves nothing behind in the folder.
func TestOpenLeavesOnlyTheDatabase(t *testing.T) {
	dir := t.TempDir()
	db, err := Open(context.Background(), filepath.Join(dir, "postal.db"))
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), "postal.db") {
			t.Errorf("Open left %s in the folder", e.Name())
		}
	}
}
