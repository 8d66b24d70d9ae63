package mailer

import (
	"context"
	"time"
)

// defaultShutdownGrace is how long work in flight may continue after the
// run context is cancelled, when the options leave it zero.
const defaultShutdownGrace = 15 * time.Second

// workContext returns the context for work in flight (a message being
// handled and marked, an SMTP conversation): it is not cancelled with ctx,
// so that shutting down does not cut a step in half, but grace after ctx is
// done. This is the second context of a two-context shutdown: ctx stops new
// work, the work context bounds the old.
func workContext(ctx context.Context, grace time.Duration) (context.Context, context.CancelFunc) {
	wctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	stop := context.AfterFunc(ctx, func() { time.AfterFunc(grace, cancel) })
	return wctx, func() {
		stop()
		cancel()
	}
}
