package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"

	"postal/archive"
	"postal/club/clock"
	"postal/docs/words"
	"postal/mailer/demoserver"
)

// demoData is where postal demo keeps its database, site and log by default,
// and where postal site looks for them.
const demoData = "postal-demo"

// demoOptions are postal demo's flags.
type demoOptions struct {
	imapAddr, smtpAddr string
	data               string
	autoplay           bool
	stay               bool // after autoplay's summary, keep the club running
	fresh              bool
	timeScale          float64
	// logTo, when set, receives the log as well as DATA/postal.log (-v:
	// stderr; tests: the test's log).
	logTo io.Writer
	// maxPlies is where autoplay's games stop; 0 means autoplayMaxPlies.
	maxPlies int
	// bots, when set, replaces the demo's [bots] (the bot on, its defaults).
	bots *BotsConfig
	// onStart, when set, is called once the servers and the daemon are up
	// (tests use it to learn the bound addresses).
	onStart func(*demoserver.Server, *daemon)
}

func runDemo(args []string, w io.Writer) error {
	fs := flag.NewFlagSet("demo", flag.ContinueOnError)
	var o demoOptions
	fs.BoolVar(&o.autoplay, "autoplay", false, "alice plays every game by mail against the club's bot, to its end, then alice, bob, carol and the bot a round robin; the demo then prints the results and the ratings")
	fs.BoolVar(&o.stay, "stay", false, "with --autoplay: keep the club running after the results, to play by hand")
	fs.BoolVar(&o.fresh, "fresh", false, "start over: remove the database, site and log an earlier demo left in --data")
	verbose := fs.Bool("v", false, "show the log here too (it always goes to DATA/postal.log)")
	fs.StringVar(&o.data, "data", demoData, "the directory for the database, the site and the log")
	fs.StringVar(&o.imapAddr, "imap", "127.0.0.1:1143", "the demo IMAP server's address (port 0: any free port)")
	fs.StringVar(&o.smtpAddr, "smtp", "127.0.0.1:1587", "the demo SMTP server's address (port 0: any free port)")
	fs.Float64Var(&o.timeScale, "time-scale", 1, "run the club's clock this many times faster (86400: a day a second)")
	if rest, err := parseFlags(fs, args); err != nil {
		return err
	} else if len(rest) > 0 {
		return usageError{"demo takes no arguments"}
	}
	if *verbose {
		o.logTo = os.Stderr
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return demo(ctx, o, w)
}

// demo runs the in-process mail servers and the daemon against them until
// ctx ends. What it cannot start with, it leaves as it found: a port in use
// creates no data directory.
func demo(ctx context.Context, o demoOptions, w io.Writer) error {
	sink := &logSink{}
	var logW io.Writer = sink
	if o.logTo != nil {
		logW = io.MultiWriter(sink, o.logTo)
	}
	log := slog.New(slog.NewTextHandler(logW, nil))
	srv, err := demoserver.Start(demoserver.Options{IMAPAddr: o.imapAddr, SMTPAddr: o.smtpAddr, Logger: log})
	if err != nil {
		return listenError(err, o)
	}
	defer srv.Close()

	if o.fresh {
		if err := removeDemo(o.data); err != nil {
			return err
		}
	}
	// A data directory made here is gone again if the demo cannot start.
	_, statErr := os.Stat(o.data)
	made, started := errors.Is(statErr, os.ErrNotExist), false
	defer func() {
		if made && !started {
			os.RemoveAll(o.data)
		}
	}()
	if err := os.MkdirAll(o.data, 0o755); err != nil {
		return err
	}
	logFile, err := os.OpenFile(filepath.Join(o.data, "postal.log"), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	defer logFile.Close()
	if err := sink.open(logFile); err != nil {
		return err
	}

	cfg, err := demoConfig(srv, o)
	if err != nil {
		return err
	}
	d, err := newDaemon(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer d.db.Close()
	started = true
	hint, err := autoplayHint(ctx, d.db, o)
	if err != nil {
		return err
	}
	printBanner(w, srv, o)
	if o.onStart != nil {
		o.onStart(srv, d)
	}
	// Autoplay is a job that ends: after its summary the demo stops by
	// itself (status 0), so that scripts and "go run" do not hang, unless
	// --stay keeps the club running for play by hand.
	ctx, finish := context.WithCancel(ctx)
	defer finish()
	switch {
	case !o.autoplay:
	case hint != "":
		// Nothing to play is a job done too: the demo stops as after a
		// summary, unless --stay keeps the club running.
		fmt.Fprint(w, hint)
		if o.stay {
			fmt.Fprintln(w, "The demo goes on: play by hand (README.md), or stop it with Ctrl-C.")
		} else {
			fmt.Fprintln(w, "The demo has stopped. To play by hand, run postal demo (README.md, \"Play by hand\").")
			finish()
		}
	default:
		go func() {
			if !o.stay {
				defer finish()
			}
			plies := o.maxPlies
			if plies == 0 {
				plies = autoplayMaxPlies
			}
			if err := autoplay(ctx, srv.IMAPAddr, srv.SMTPAddr, srv.Club, plies, d.db, log); err != nil {
				if ctx.Err() == nil {
					fmt.Fprintf(w, "autoplay stopped: %v (the log: %s)\n", err, filepath.Join(o.data, "postal.log"))
				}
				return
			}
			if err := printSummary(ctx, w, d.db, srv.Club, o.data, o.stay); err != nil && ctx.Err() == nil {
				fmt.Fprintf(w, "autoplay: %v\n", err)
			}
		}()
	}
	return d.run(ctx)
}

// listenError explains a demo server that cannot listen, naming the flag
// that moves it.
func listenError(err error, o demoOptions) error {
	var op *net.OpError
	if !errors.Is(err, syscall.EADDRINUSE) || !errors.As(err, &op) || op.Addr == nil {
		return err
	}
	server, flag, addr := "IMAP", "--imap", o.imapAddr
	if op.Addr.String() != o.imapAddr {
		server, flag, addr = "SMTP", "--smtp", o.smtpAddr
	}
	return fmt.Errorf("the demo's %s address %s (%s) is in use, by another postal demo?\nStop it, or choose other ports, e.g. --imap 127.0.0.1:2143 --smtp 127.0.0.1:2587 (port 0 picks any free one)", server, addr, flag)
}

// removeDemo removes what a demo keeps in dir, and nothing else: dir may be
// any directory a user named with --data.
func removeDemo(dir string) error {
	for _, name := range []string{"postal.db", "postal.db-wal", "postal.db-shm", "postal.log", "site", ".site.gen"} {
		if err := os.RemoveAll(filepath.Join(dir, name)); err != nil {
			return err
		}
	}
	return nil
}

// autoplayHint is what to say instead of playing when autoplay is asked for
// on a database that already holds games: alice starts on a fresh one.
func autoplayHint(ctx context.Context, db *archive.DB, o demoOptions) (string, error) {
	if !o.autoplay {
		return "", nil
	}
	var games []*archive.Game
	err := db.Tx(ctx, func(tx *archive.Tx) error {
		var err error
		games, err = tx.GamesAfter(0, math.MaxInt32)
		return err
	})
	if err != nil || len(games) == 0 {
		return "", err
	}
	active := 0
	for _, g := range games {
		if g.Status != archive.GameOver {
			active++
		}
	}
	path := filepath.Join(o.data, "postal.db")
	if active == 0 {
		return fmt.Sprintf("\nautoplay: every game in %s is over (%s): nothing to play.\nTo play them all again, start over: add --fresh.\n", path, words.Plural(len(games), "game")), nil
	}
	return fmt.Sprintf("\nautoplay: %s holds %s of an earlier demo, which alice\nand bob cannot pick up again. To play from the start, add --fresh.\n", path, words.Plural(active, "unfinished game")), nil
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
		// The club's bot: "challenge bot GAME" by mail plays it.
		Bots: BotsConfig{Enabled: botsOn(true)},
	}
	if o.bots != nil {
		cfg.Bots = *o.bots
	}
	if o.timeScale != 1 {
		cfg.now, cfg.timeScale = clock.NewScaled(o.timeScale).Now, o.timeScale
	}
	return cfg, cfg.check()
}

func printBanner(w io.Writer, srv *demoserver.Server, o demoOptions) {
	domain := srv.Domain
	fmt.Fprintf(w, `postal demo: a game club with mail servers of its own, on this machine only

  mail     IMAP %s, SMTP %s (plain text, no TLS)
  club     %s
  players  alice@%s, bob@%s, carol@%s
           (each password is the name: alice)
  bot      the club's own player: "challenge bot GAME [level 1-4]" by mail
  database %s
  site     %s (rebuilt after every move)
  log      %s (-v shows it here)

`, srv.IMAPAddr, srv.SMTPAddr, srv.Club, domain, domain, domain,
		filepath.Join(o.data, "postal.db"), filepath.Join(o.data, "site"), filepath.Join(o.data, "postal.log"))
	switch {
	case o.autoplay && !o.stay:
		fmt.Fprintln(w, "alice plays every game by mail against the club's bot, then alice, bob,\ncarol and the bot a round robin; the results follow, then the demo stops\n(--stay keeps it running). Stop it sooner with Ctrl-C.")
	case o.autoplay:
		fmt.Fprintln(w, "alice plays every game by mail against the club's bot, then alice, bob,\ncarol and the bot a round robin; the results follow. Stop with Ctrl-C.")
	default:
		fmt.Fprintln(w, `Play by hand with any mail client: README.md, "Play by hand".`)
		fmt.Fprintln(w, "Stop with Ctrl-C.")
	}
}

// logSink holds the log in memory until the log file is open, so that a
// demo that cannot start leaves no file behind.
type logSink struct {
	mu  sync.Mutex
	buf bytes.Buffer
	w   io.Writer
}

func (s *logSink) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.w == nil {
		return s.buf.Write(p)
	}
	return s.w.Write(p)
}

// open writes what was held to w and sends the rest there.
func (s *logSink) open(w io.Writer) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, err := w.Write(s.buf.Bytes())
	s.w, s.buf = w, bytes.Buffer{}
	return err
}
