package site

import (
	"compress/gzip"
	"context"
	"errors"
	"io"
	"log/slog"
	"mime"
	"net"
	"net/http"
	"path"
	"strings"
	"time"
)

// Handler serves a built site from dir (usually Options.OutDir). It follows
// the OutDir link on every request, so a newly published generation shows at
// once. It is meant for previews; production sites are served by any web
// server from the same directory.
//
// It compresses as a static host would: a file with a precompressed sibling
// (the engines' .br and .gz) is served as that sibling with its
// Content-Encoding when the browser accepts it, brotli first; other text
// (pages, styles, scripts) is gzipped on the fly.
func Handler(dir string) http.Handler {
	root := http.Dir(dir)
	files := http.FileServer(root)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Content-Type-Options", "nosniff")
		if (r.Method == http.MethodGet || r.Method == http.MethodHead) && !strings.HasSuffix(r.URL.Path, "/") && serveEncoded(w, r, root) {
			return
		}
		files.ServeHTTP(w, r)
	})
}

// precompressed are the encodings of precompressed siblings, preferred
// first, with their file suffixes.
var precompressed = []struct{ enc, ext string }{{"br", ".br"}, {"gzip", ".gz"}}

// serveEncoded serves r's file compressed, when the browser accepts it and
// the file is worth it; it reports whether it answered.
func serveEncoded(w http.ResponseWriter, r *http.Request, root http.FileSystem) bool {
	name := path.Clean("/" + r.URL.Path)
	ctype := mime.TypeByExtension(path.Ext(name))
	if ctype == "" {
		return false
	}
	for _, p := range precompressed {
		if !accepts(r, p.enc) {
			continue
		}
		f, err := root.Open(name + p.ext)
		if err != nil {
			continue
		}
		defer f.Close()
		st, err := f.Stat()
		if err != nil || st.IsDir() {
			continue
		}
		h := w.Header()
		h.Set("Content-Type", ctype)
		h.Set("Content-Encoding", p.enc)
		h.Add("Vary", "Accept-Encoding")
		http.ServeContent(w, r, name, st.ModTime(), f)
		return true
	}
	if !compressible(ctype) || !accepts(r, "gzip") || r.Header.Get("Range") != "" {
		return false
	}
	f, err := root.Open(name)
	if err != nil {
		return false
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || st.IsDir() {
		return false
	}
	h := w.Header()
	h.Set("Content-Type", ctype)
	h.Set("Content-Encoding", "gzip")
	h.Add("Vary", "Accept-Encoding")
	h.Set("Last-Modified", st.ModTime().UTC().Format(http.TimeFormat))
	if r.Method == http.MethodHead {
		return true
	}
	zw := gzip.NewWriter(w)
	if _, err := io.Copy(zw, f); err != nil {
		slog.Debug("site: serving", "path", name, "err", err)
	}
	zw.Close()
	return true
}

// compressible reports whether a file of type ctype shrinks when gzipped.
func compressible(ctype string) bool {
	t, _, _ := strings.Cut(ctype, ";")
	return strings.HasPrefix(t, "text/") || strings.HasSuffix(t, "javascript") || strings.HasSuffix(t, "json") ||
		strings.HasSuffix(t, "xml") || t == "image/svg+xml" || t == "application/wasm"
}

// accepts reports whether r's Accept-Encoding allows enc (not with q=0).
func accepts(r *http.Request, enc string) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(name), enc) {
			continue
		}
		q := strings.ReplaceAll(params, " ", "")
		return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
	}
	return false
}

// Serve previews the site in dir on addr ("localhost:8080") until ctx is
// done, then shuts down gracefully within five seconds.
func Serve(ctx context.Context, addr, dir string) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: Handler(dir), ReadHeaderTimeout: 10 * time.Second}
	slog.Info("site: serving", "addr", ln.Addr().String(), "dir", dir)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return err
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
