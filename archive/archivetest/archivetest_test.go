package archivetest

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"postal/archive"
)

// A copy of the template is the archive archive.Open creates: the same
// schema and version, the same mode, and a file of the test's own.
func TestCopyIsAFreshArchive(t *testing.T) {
	ctx := context.Background()
	fresh := filepath.Join(t.TempDir(), "fresh.db")
	db, err := archive.Open(ctx, fresh)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := db.Version(ctx)
	db.Close()

	a, b := Path(t), Path(t)
	if a == b {
		t.Fatalf("two tests' archives share %s", a)
	}
	for _, p := range []string{a, b} {
		if st, err := os.Stat(p); err != nil || st.Mode().Perm() != 0o600 {
			t.Errorf("%s: %v, %v; want mode 0600", p, st, err)
		}
	}
	if got, wantSchema := schema(t, a), schema(t, fresh); !slices.Equal(got, wantSchema) {
		t.Errorf("the copy's schema differs from a fresh archive's:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(wantSchema, "\n"))
	}
	db = Open(t)
	if v, err := db.Version(ctx); err != nil || v != want {
		t.Errorf("version %d, %v; want %d", v, err, want)
	}
	if err := create(a); err == nil {
		t.Errorf("Create writes over %s", a)
	}
}

// schema is the SQL of every table, index and trigger of the database at
// path, in order.
func schema(t *testing.T, path string) []string {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.Query(`SELECT type || ' ' || name || ': ' || COALESCE(sql, '') FROM sqlite_master ORDER BY type, name`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if len(out) < 10 {
		t.Fatalf("%s has %d tables, indices and triggers: %q", path, len(out), out)
	}
	return out
}
