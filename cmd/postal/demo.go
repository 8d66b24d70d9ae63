package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"syscall"

	"postal/club/clock"
	"postal/mailer/demoserver"
)

// demoOptions are postal demo's flags.
type demoOptions struct {
	imapAddr, smtpAddr string
	data               string
	autoplay           bool
	timeScale          float64
	// onStart, when set, is called once the servers and the daemon are up
	// (tests use it to learn the bound addresses).
	onStart func(*demoserver.Server, *daemon)
}

func runDemo(args []string, w io.Writer) error {
	fs := flag.NewFlagSet("demo", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var o demoOptions
	fs.StringVar(&o.imapAddr, "imap", "127.0.0.1:1143", "listen address of the demo IMAP server")
	fs.StringVar(&o.smtpAddr, "smtp", "127.0.0.1:1587", "listen address of the demo SMTP server")
	fs.StringVar(&o.data, "data", "./postal-demo", "directory for the database and the site")
	fs.BoolVar(&o.autoplay, "autoplay", false, "have the demo players play a short game of every game by mail")
	fs.Float64Var(&o.timeScale, "time-scale", 1, "run the club's clock this many times faster (86400: a day a second)")
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return err
		}
		return usageError{err.Error()}
	}
	if fs.NArg() > 0 {
		return usageError{"demo takes no arguments"}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return demo(ctx, o, w, slog.New(slog.NewTextHandler(os.Stderr, nil)))
}

// demo runs the in-process mail servers and the daemon against them until
// ctx ends.
func demo(ctx context.Context, o demoOptions, w io.Writer, log *slog.Logger) error {
	if err := os.MkdirAll(o.data, 0o755); err != nil {
		return err
	}
	srv, err := demoserver.Start(demoserver.Options{IMAPAddr: o.imapAddr, SMTPAddr: o.smtpAddr, Logger: log})
	if err != nil {
		return err
	}
	defer srv.Close()

	cfg, err := demoConfig(srv, o)
	if err != nil {
		return err
	}
	d, err := newDaemon(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer d.db.Close()
	printDemoHelp(w, srv, o)
	if o.onStart != nil {
		o.onStart(srv, d)
	}
	if o.autoplay {
		go func() {
			if err := autoplay(ctx, srv.IMAPAddr, srv.SMTPAddr, srv.Club, autoplayMaxPlies, d.db, log); err != nil && ctx.Err() == nil {
				log.Error("autoplay", "err", err)
				return
			}
			fmt.Fprintln(w, "autoplay: every game is over; the demo goes on until Ctrl-C")
		}()
	}
	return d.run(ctx)
}

// demoConfig is the daemon's config for the demo servers: plain text on
// loopback, the club's password its local part.
func demoConfig(srv *demoserver.Server, o demoOptions) (*Config, error) {
	mail := func(addr string) (MailServer, error) {
		host, port, err := net.SplitHostPort(addr)
		if err != nil {
			return MailServer{}, err
		}
		p, err := strconv.Atoi(port)
		return MailServer{Host: host, Port: p, TLS: "none", User: srv.Club, password: "postal", Processed: "processed", Failed: "failed"}, err
	}
	imap, err := mail(srv.IMAPAddr)
	if err != nil {
		return nil, err
	}
	smtp, err := mail(srv.SMTPAddr)
	if err != nil {
		return nil, err
	}
	cfg := &Config{
		Database: filepath.Join(o.data, "postal.db"),
		// The autoplay bots write far more than 60 mails an hour.
		Club: ClubConfig{Address: srv.Club, Name: "postal demo club", RateLimit: -1},
		IMAP: imap,
		SMTP: smtp,
		Site: SiteConfig{Out: filepath.Join(o.data, "site")},
	}
	if o.timeScale != 1 {
		cfg.now, cfg.timeScale = clock.NewScaled(o.timeScale).Now, o.timeScale
	}
	return cfg, cfg.check()
}

func printDemoHelp(w io.Writer, srv *demoserver.Server, o demoOptions) {
	fmt.Fprintf(w, `postal demo is running. Point any mail client at it:

  IMAP  %s  (plain, no TLS)   SMTP  %s  (plain, no TLS, login required)
  users alice@demo.test, bob@demo.test, carol@demo.test; each password is the name (alice)

Then, as alice, write to %s:
  register alice
and as bob "register bob". Then alice writes "challenge bob conflagration", bob
answers the mail he receives with "accept", and the game goes on by replying to
postal's mails with your moves ("help" lists every command).

Database: %s
Site:     %s, rebuilt after every move; view it with
          postal site serve --dir %s
Stop with Ctrl-C.
`, srv.IMAPAddr, srv.SMTPAddr, srv.Club, filepath.Join(o.data, "postal.db"), filepath.Join(o.data, "site"), filepath.Join(o.data, "site"))
}
