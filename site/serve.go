package site

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"time"
)

// Handler serves a built site from dir (usually Options.OutDir). It follows
// the OutDir link on every request, so a newly published generation shows at
// once. It is meant for previews; production sites are served by any web
// server from the same directory.
func Handler(dir string) http.Handler {
	fs := http.FileServer(http.Dir(dir))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Content-Type-Options", "nosniff")
		fs.ServeHTTP(w, r)
	})
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
