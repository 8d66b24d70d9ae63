package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"postal/archive"
	"postal/docs/words"
	"postal/mailer"
)

// runOutbox is postal outbox: the operator's review of mail held after a
// restore. A restored database holds as waiting the mails that
// were waiting when the backup was taken; some went out since, and would
// go out twice. "hold" takes every waiting mail off the queue (run it
// after the restore, before postal starts); the listing shows each with
// its Message-ID, to look for in the mail server's log or Sent folder;
// "release" sends those that did not go out, "drop" gives up those that
// did.
func runOutbox(args []string, w io.Writer) error {
	fs := flag.NewFlagSet("outbox", flag.ContinueOnError)
	dbf := addDBFlags(fs, "")
	rest, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	verb := "list"
	if len(rest) > 0 {
		verb, rest = rest[0], rest[1:]
	}
	ids, all, err := outboxIDs(rest)
	if err != nil {
		return err
	}
	switch {
	case verb == "list" || verb == "hold":
		if len(rest) > 0 {
			return usageError{"postal outbox " + verb + " takes no mail numbers"}
		}
	case verb == "release" && (all || len(ids) > 0), verb == "drop" && len(ids) > 0:
	case verb == "release" || verb == "drop":
		return usageError{"postal outbox " + verb + " needs the numbers of the mails (postal outbox lists them)" + map[bool]string{true: ", or all"}[verb == "release"]}
	default:
		return usageError{fmt.Sprintf("postal outbox: no %q (list, hold, release, drop)", verb)}
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
	switch verb {
	case "hold":
		n, err := db.HoldWaiting(ctx, now)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "postal outbox: %s held; postal sends none of them until you release them (%s lists them)\n", words.Plural(n, "waiting mail"), commandLine("outbox", dbf.named()))
		return nil
	case "release":
		n, err := db.Release(ctx, ids, now)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "postal outbox: %s released: postal sends them now\n", words.Plural(n, "mail"))
		return nil
	case "drop":
		n, err := db.DropHeld(ctx, ids, now)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "postal outbox: %s dropped: never sent again\n", words.Plural(n, "mail"))
		return nil
	}
	held, err := db.Held(ctx)
	if err != nil {
		return err
	}
	if len(held) == 0 {
		fmt.Fprintln(w, "postal outbox: no mail held")
		return nil
	}
	fmt.Fprintf(w, "postal outbox: %s held for your review (look for each Message-ID in the mail server's log, e.g. /var/log/postfix.log, or its Sent folder):\n", words.Plural(len(held), "mail"))
	for _, h := range held {
		m, err := mailer.LoadOutbound(h.Message, nil)
		if err != nil {
			fmt.Fprintf(w, "  #%d  written %s: unreadable (%v)\n", h.ID, h.Created.UTC().Format("2 Jan 15:04 MST"), err)
			continue
		}
		fmt.Fprintf(w, "  #%d  written %s  to %s  %q  <%s>\n", h.ID, h.Created.UTC().Format("2 Jan 15:04 MST"), m.To, m.Subject, m.MessageID)
	}
	fmt.Fprintf(w, "then: %s release ID... (or all) for those that did not go out, %s drop ID... for those that did\n",
		commandLine("outbox", dbf.named()), commandLine("outbox", dbf.named()))
	return nil
}

// outboxIDs reads the mail numbers of release and drop ("#12" or "12"),
// or "all".
func outboxIDs(args []string) (ids []int64, all bool, err error) {
	for _, a := range args {
		if a == "all" {
			all = true
			continue
		}
		id, err := strconv.ParseInt(trimHash(a), 10, 64)
		if err != nil || id <= 0 {
			return nil, false, usageError{fmt.Sprintf("%q is not a mail number (postal outbox lists them)", a)}
		}
		ids = append(ids, id)
	}
	if all && len(ids) > 0 {
		return nil, false, usageError{"name mail numbers or all, not both"}
	}
	return ids, all, nil
}

// commandLine is a postal command line with its arguments.
func commandLine(args ...string) string {
	return strings.Join(append([]string{"postal"}, slices.DeleteFunc(args, func(a string) bool { return a == "" })...), " ")
}

func trimHash(s string) string {
	if len(s) > 0 && s[0] == '#' {
		return s[1:]
	}
	return s
}
