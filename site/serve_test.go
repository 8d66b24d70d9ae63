package site

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
)

// TestHandlerEncodings serves a file with precompressed siblings and a page
// to browsers that accept brotli, gzip or neither: each gets the bytes its
// Accept-Encoding allows, with the Content-Encoding and the type of the file
// asked for.
func TestHandlerEncodings(t *testing.T) {
	dir := t.TempDir()
	write := func(name, data string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("e.wasm", "raw engine")
	write("e.wasm.gz", "gzip engine")
	write("e.wasm.br", "brotli engine")
	page := bytes.Repeat([]byte("<p>a page</p>\n"), 100)
	write("p.html", string(page))
	srv := httptest.NewServer(Handler(dir))
	defer srv.Close()
	get := func(path, accept string) (*http.Response, []byte) {
		req, _ := http.NewRequest("GET", srv.URL+path, nil)
		req.Header.Set("Accept-Encoding", accept) // set: the client then leaves the body as sent
		res, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, err := io.ReadAll(res.Body)
		if err != nil {
			t.Fatal(err)
		}
		return res, body
	}
	for _, c := range []struct{ accept, enc, body string }{
		{"gzip, deflate, br, zstd", "br", "brotli engine"},
		{"gzip", "gzip", "gzip engine"},
		{"br;q=0, gzip", "gzip", "gzip engine"},
		{"identity", "", "raw engine"},
	} {
		res, body := get("/e.wasm", c.accept)
		if string(body) != c.body || res.Header.Get("Content-Encoding") != c.enc || res.Header.Get("Content-Type") != "application/wasm" {
			t.Errorf("Accept-Encoding %q: got %q, encoding %q, type %q; want %q, %q, application/wasm",
				c.accept, body, res.Header.Get("Content-Encoding"), res.Header.Get("Content-Type"), c.body, c.enc)
		}
	}
	res, body := get("/p.html", "gzip, br")
	if res.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("a page to a browser that accepts gzip: Content-Encoding %q", res.Header.Get("Content-Encoding"))
	}
	zr, err := gzip.NewReader(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if plain, err := io.ReadAll(zr); err != nil || !bytes.Equal(plain, page) || len(body) >= len(page)/4 {
		t.Errorf("the page gzipped: %d bytes for %d, unzips to the page: %v (%v)", len(body), len(page), bytes.Equal(plain, page), err)
	}
	if res, body := get("/p.html", ""); res.Header.Get("Content-Encoding") != "" || !bytes.Equal(body, page) {
		t.Errorf("a page to a browser that accepts no encoding: Content-Encoding %q", res.Header.Get("Content-Encoding"))
	}
	if res, _ := get("/../../etc/passwd", "gzip"); res.StatusCode != http.StatusNotFound && res.StatusCode != http.StatusBadRequest {
		t.Errorf("a path out of the site: %s", res.Status)
	}
}
