package site

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

var explorerRoot = regexp.MustCompile(`data-root="([0-9a-f]+)"`)

// ExplorerFirstView weighs the first view of the explorer page of book in
// the site built in dir: the page and what it names (firstView), its root
// node's file, which its script loads before a click, and the script the
// game viewer shares with it (board.js, when the site has it), gzipped as
// served. The engine, loaded on the first click, is not in it.
func ExplorerFirstView(t testing.TB, dir, book string) (int, map[string]int) {
	t.Helper()
	page := explorerPath(book)
	total, parts := firstView(t, dir, page)
	html, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(page)))
	if err != nil {
		t.Fatal(err)
	}
	extra := []string{}
	if m := explorerRoot.FindSubmatch(html); m != nil {
		extra = append(extra, explorerNodePath(book, string(m[1])))
	}
	if _, err := os.Stat(filepath.Join(dir, "assets", "board.js")); err == nil {
		extra = append(extra, "assets/board.js")
	}
	for _, p := range extra {
		if _, ok := parts[p]; ok {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(p)))
		if err != nil {
			t.Fatal(err)
		}
		parts[p] = gzipSize(t, data)
		total += parts[p]
	}
	return total, parts
}
