package site

import (
	"bytes"
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestShapeChanges checks how a site's shape names what changed: options
// with their values, hashed parts (templates, engines, rules) by name only.
func TestShapeChanges(t *testing.T) {
	was := shape{"title": "A", "templates": "h1", "engine": "e1.wasm e1.js", "rules chess.md": "r1", "rules version chess": "2", "url": "u"}
	now := shape{"title": "B", "templates": "h2", "engine": "e2.wasm e2.js", "rules chess.md": "r1", "rules version chess": "3", "club": "c@x"}
	want := `club new "c@x"; engine; rules version chess "2" → "3"; templates; title "A" → "B"; url "u" gone`
	if got := now.changes(was); got != want {
		t.Errorf("changes:\n got %s\nwant %s", got, want)
	}
	if got := now.changes(now); got != "" {
		t.Errorf("no change gives %q", got)
	}
}

// TestUpdateOfOlderSite starts a publisher on a site whose state an older
// postal wrote (a hash, no shape): it builds in full and says why.
func TestUpdateOfOlderSite(t *testing.T) {
	out := filepath.Join(t.TempDir(), "site")
	src := NewMemory(fixedArchive(t)...)
	if _, err := Build(context.Background(), src, testOptions(out)); err != nil {
		t.Fatal(err)
	}
	gen, _, ok, err := current(out)
	if err != nil || !ok {
		t.Fatalf("the site built: %v %v", ok, err)
	}
	if err := os.WriteFile(filepath.Join(genDir(out), gen+".json"), []byte(`{"Version":"0123456789abcdef","Cursor":5}`), 0o644); err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	opts := testOptions(out)
	opts.Logger = slog.New(slog.NewTextHandler(&log, nil))
	st, err := NewPublisher(src, opts).Update(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if !st.Full || !strings.Contains(log.String(), "built by an older postal") {
		t.Errorf("the update of a site of an older postal: %+v\n%s", st, log.String())
	}
}
