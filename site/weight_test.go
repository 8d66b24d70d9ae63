package site

import (
	"bytes"
	"compress/gzip"
	"context"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"postal/engine"
)

// gzipSize is the size of data gzipped at the default level, as a web
// server compresses a response on the fly.
func gzipSize(t testing.TB, data []byte) int {
	t.Helper()
	var buf bytes.Buffer
	w := gzip.NewWriter(&buf)
	if _, err := w.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Len()
}

// firstViewRefs are the files a page loads before the reader does anything:
// its scripts, style sheets, icon and pictures.
var firstViewRefs = regexp.MustCompile(`<(?:script[^>]* src|link[^>]* href|img[^>]* src)="([^"]+)"`)

// firstView weighs what a browser fetches to show page (a path in the
// built site dir) on first view: the page and the files it refers to, each
// gzipped as served (a file with a precompressed .gz sibling by that
// sibling). It returns the total and the files with their weights.
func firstView(t testing.TB, dir, page string) (int, map[string]int) {
	t.Helper()
	weigh := func(p string) int {
		if gz, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(p)) + ".gz"); err == nil {
			return len(gz)
		}
		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(p)))
		if err != nil {
			t.Fatalf("%s: %v", page, err)
		}
		return gzipSize(t, data)
	}
	html, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(page)))
	if err != nil {
		t.Fatal(err)
	}
	parts := map[string]int{page: weigh(page)}
	for _, m := range firstViewRefs.FindAllStringSubmatch(string(html), -1) {
		ref := m[1]
		if strings.Contains(ref, ":") || strings.HasPrefix(ref, "#") {
			continue // another site's, or the page's own
		}
		p := path.Join(path.Dir(page), ref)
		if strings.HasSuffix(m[0], "href=\""+ref+"\"") && strings.Contains(m[0], "alternate") {
			continue
		}
		parts[p] = weigh(p)
	}
	total := 0
	for _, n := range parts {
		total += n
	}
	return total, parts
}

// engineWeight is the gzipped size of the rules engine the site ships for
// the browser (what stepping and "Try moves" load over HTTP; a page opened
// from disk loads its script twin instead), the largest if there were more.
func engineWeight(t testing.TB, dir string) (string, int) {
	t.Helper()
	var name string
	most := 0
	entries, err := os.ReadDir(filepath.Join(dir, "assets"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if n := e.Name(); strings.HasPrefix(n, "engine") && strings.HasSuffix(n, ".wasm.gz") {
			if w := weighFile(t, filepath.Join(dir, "assets", n), false); w > most {
				name, most = n, w
			}
		}
	}
	return name, most
}

// assetsBytes sums the sizes of the files in the assets folder of the site
// built in dir: the styles, scripts and icon, the engine and its siblings.
func assetsBytes(t testing.TB, dir string) int64 {
	t.Helper()
	entries, err := os.ReadDir(filepath.Join(dir, "assets"))
	if err != nil {
		t.Fatal(err)
	}
	var n int64
	for _, e := range entries {
		info, err := e.Info()
		if err != nil {
			t.Fatal(err)
		}
		n += info.Size()
	}
	return n
}

func weighFile(t testing.TB, p string, compress bool) int {
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if compress {
		return gzipSize(t, data)
	}
	return len(data)
}

// BenchmarkFirstView weighs the first view of the game pages of a site of
// random games of every type (the page, its styles and scripts, gzipped as
// served; the heaviest beside the bound of issue 36, 30 kB), the rules
// engine that stepping and "Try moves" load, gzipped, and the site's
// assets folder, every file counted, beside its bound of 10 MB.
func BenchmarkFirstView(b *testing.B) {
	games := randomArchive(b, 4*len(engine.Games()), 7)
	out := filepath.Join(b.TempDir(), "site")
	if _, err := Build(context.Background(), NewMemory(games...), testOptions(out)); err != nil {
		b.Fatal(err)
	}
	dir, err := filepath.EvalSymlinks(out)
	if err != nil {
		b.Fatal(err)
	}
	var weights []int
	for b.Loop() {
		weights = weights[:0]
		for _, g := range games {
			n, _ := firstView(b, dir, gamePath(g.ID))
			weights = append(weights, n)
		}
	}
	slices.Sort(weights)
	_, eng := engineWeight(b, dir)
	b.ReportMetric(float64(weights[len(weights)/2])/1e3, "median-first-view-kB")
	Target(b, float64(weights[len(weights)-1])/1e3, "max-first-view-kB", 30)
	b.ReportMetric(float64(eng)/1e3, "engine-gz-kB")
	Target(b, float64(assetsBytes(b, dir))/1e6, "assets-MB", 10)
}
