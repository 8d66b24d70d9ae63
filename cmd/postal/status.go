package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"postal/archive"
	"postal/club"
	"postal/docs/words"
	"postal/mailer"
	"postal/site"
)

// runStatus is postal status: what the club's daemon has in hand, read from
// its database while it runs, and with --config the mail that
// failed, from the IMAP folder where postal put it.
func runStatus(args []string, w io.Writer) error {
	fs := flag.NewFlagSet("status", flag.ContinueOnError)
	dbf := addDBFlags(fs, " and the mail account")
	rest, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return usageError{"unexpected " + rest[0]}
	}
	cfg, err := dbf.loadDatabase()
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	db, err := archive.Open(ctx, cfg.Database)
	if err != nil {
		return err
	}
	defer db.Close()
	now := time.Now()
	s, err := db.Status(ctx, now)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "postal status: %s (schema version %d), %s\n", cfg.Database, s.Version, now.UTC().Format("Mon 2 Jan 2006 15:04 MST"))
	ago := func(t time.Time) string {
		if t.IsZero() {
			return "never"
		}
		return span(now.Sub(t)) + " ago"
	}
	fmt.Fprintf(w, "  daemon    %s\n", daemonLine(s, now))
	mailIn := fmt.Sprintf("last search of the mailbox %s; last mail handled %s; %s in the last 24 hours", ago(s.LastPoll), ago(s.LastMail), words.Plural(s.MailsDay, "mail"))
	if s.OwnDay > 0 {
		mailIn += fmt.Sprintf(" (and %d from postal's own address, left unanswered: postal check's test mails, or forgeries of postal)", s.OwnDay)
	}
	fmt.Fprintf(w, "  mail in   %s\n", mailIn)
	out := fmt.Sprintf("%d waiting", s.Waiting)
	if s.Waiting > 0 {
		out += ", the oldest written " + ago(s.Oldest)
	}
	if s.Retrying > 0 {
		out += fmt.Sprintf("; %d retrying (the last failure: %.120s)", s.Retrying, s.LastErr)
	}
	out += fmt.Sprintf("; %d given up", s.GaveUp)
	if s.Dropped > 0 {
		out += fmt.Sprintf("; %d dropped by you (postal outbox drop)", s.Dropped)
	}
	if s.Held > 0 {
		out += fmt.Sprintf("; %s held for your review (postal outbox)", words.Plural(s.Held, "mail"))
	}
	fmt.Fprintf(w, "  outbox    %s\n", out)
	if *dbf.config != "" {
		fmt.Fprintf(w, "  failed    %s\n", failedFolder(ctx, cfg))
	}
	if line := siteHealthLine(s, cfg.Site.Out, now); line != "" {
		fmt.Fprintf(w, "  site      %s\n", line)
	}
	games := fmt.Sprintf("%d in progress", s.Active)
	if !s.NextDeadline.IsZero() {
		when := "in " + span(s.NextDeadline.Sub(now))
		if s.NextDeadline.Before(now) {
			when = "passed " + ago(s.NextDeadline)
		}
		games += fmt.Sprintf("; the next deadline is game #%d's, %s (%s)", s.NextGame, s.NextDeadline.UTC().Format("Mon 2 Jan 15:04 MST"), when)
	}
	fmt.Fprintf(w, "  games     %s\n", games)
	writeTournaments(w, s.Tournaments)
	return nil
}

// span is a time span as postal status says it: in seconds under a
// minute, as the club's mails say it above (s34: "1 minute ago" for a mail
// handled 10 s before).
func span(d time.Duration) string {
	if d < time.Minute && d > -time.Minute {
		return fmt.Sprintf("%d s", int(d.Round(time.Second)/time.Second))
	}
	return club.Span(d)
}

// daemonRunning reports whether the daemon's heartbeat is recent and its
// process, when it ran on this machine, still runs.
func daemonRunning(s archive.Status, now time.Time) bool {
	gone, _ := processGone(s.Process)
	return s.Running(now) && !gone
}

// daemonLine says whether postal serve runs on this database, by its
// heartbeat, and the process the heartbeat names (s34).
func daemonLine(s archive.Status, now time.Time) string {
	since := func(t time.Time) string { return span(now.Sub(t)) + " ago" }
	gone, pid := processGone(s.Process)
	switch {
	case s.Running(now) && gone:
		return fmt.Sprintf("not running (its last heartbeat, %s, is of process %d on this machine, which is gone: it was killed, or this database was copied while postal ran, a backup restored)", since(s.Alive), pid)
	case s.Running(now):
		return "running (last sign of life " + since(s.Alive) + ")"
	case s.Alive.IsZero():
		return "not running (it has never run on this database, or ran before its heartbeat was recorded)"
	case !s.Stopped.Before(s.Alive):
		return "not running (it stopped " + since(s.Stopped) + ")"
	}
	return "not running (last sign of life " + since(s.Alive) + ": it was killed or the machine stopped; journalctl -u postal says why)"
}

// siteHealthLine says how the daemon's updates of the site went (s34: they
// failed at every move, and only the log said so) and, with a config,
// whether the site is as of the database's last change; "" when there is
// nothing to say.
func siteHealthLine(s archive.Status, out string, now time.Time) string {
	since := func(t time.Time) string { return span(now.Sub(t)) + " ago" }
	switch {
	case s.SiteFailures == 1:
		return fmt.Sprintf("the last update failed, %s: %.200s; postal check names the fix", since(s.SiteFailed), s.SiteError)
	case s.SiteFailures > 1:
		return fmt.Sprintf("the last %d updates failed, the first %s, the last %s: %.200s; postal check names the fix",
			s.SiteFailures, since(s.SiteFailingSince), since(s.SiteFailed), s.SiteError)
	case out == "":
		return ""
	}
	cursor, ok, err := site.PublishedCursor(out)
	switch {
	case err != nil:
		return err.Error()
	case !ok:
		return out + ": not built yet (postal builds it at its start)"
	case cursor > s.LastSeq:
		return fmt.Sprintf("%s is ahead of the database (as of its change %d, the database's last is %d: a backup restored?): postal builds it in full at its next start", out, cursor, s.LastSeq)
	case cursor < s.LastSeq:
		return fmt.Sprintf("%s: as of the database's change %d, the last is %d (postal publishes after each mail and every [site] every)", out, cursor, s.LastSeq)
	}
	return out + ": up to date with the database"
}

// statusTournaments is how many tournaments postal status lists by name.
const statusTournaments = 20

// writeTournaments lists the tournaments open for entries and those running:
// each with its game and format, its entrants still in, and its games in play.
func writeTournaments(w io.Writer, ts []archive.TournamentStatus) {
	if len(ts) == 0 {
		fmt.Fprintln(w, "  tournaments none open or running")
		return
	}
	open := 0
	for _, t := range ts {
		if t.Status == archive.TournamentOpen {
			open++
		}
	}
	fmt.Fprintf(w, "  tournaments %d running, %d open for entries\n", len(ts)-open, open)
	for i, t := range ts {
		if i == statusTournaments {
			fmt.Fprintf(w, "            and %d more (\"tournaments\" by mail lists them all)\n", len(ts)-i)
			break
		}
		format := t.Format
		if n := t.Settings["rounds"]; n > 0 { // a Swiss's
			format += fmt.Sprintf(" of %d rounds", n)
		}
		line := fmt.Sprintf("%s (%s %s): %s, %s", t.Name, t.Game, format, t.Status, words.Plural(t.Entrants, "entrant"))
		if t.Status == archive.TournamentRunning {
			if t.Round > 0 {
				line += fmt.Sprintf(", round %d", t.Round)
			}
			line += fmt.Sprintf(", %d of %d games in play", t.InPlay, t.Games)
		}
		fmt.Fprintf(w, "            %s\n", line)
	}
}

// failedFolder says how many mails wait in the failed folder, where postal
// puts what it could not handle, for the operator to look at.
func failedFolder(ctx context.Context, cfg *Config) string {
	watch, _, err := cfg.mailOptions(slog.New(slog.NewTextHandler(io.Discard, nil)))
	var unset *envUnset
	if errors.As(err, &unset) {
		return "not looked at: " + err.Error() + "; " + unset.Fix()
	}
	if err != nil {
		return "not looked at: " + err.Error()
	}
	f, err := mailer.ProbeIMAP(ctx, watch)
	name := cfg.IMAP.Failed
	if name == "" {
		name = "postal-failed"
	}
	switch {
	case err != nil:
		return "not looked at: " + err.Error()
	case !f.Failed:
		return fmt.Sprintf("none (%s does not exist yet)", name)
	}
	return fmt.Sprintf("%s in %s", words.Plural(f.InFailed, "mail"), name)
}
