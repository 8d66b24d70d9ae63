package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"postal/archive"
	"postal/docs/words"
)

// runBackup is postal backup: a consistent copy of the club's database,
// taken while postal serve runs. Restoring it is docs/operating.md's.
func runBackup(args []string, w io.Writer) error {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	dbf := addDBFlags(fs, "")
	rest, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(rest) != 1 {
		return usageError{"name the backup file to write, e.g. postal-2026-11-26.db"}
	}
	cfg, err := dbf.loadDatabase()
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	c, err := archive.Backup(ctx, cfg.Database, rest[0])
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "postal: backed up %s to %s: %s, %d moves, schema version %d, %s; integrity check ok\n",
		cfg.Database, rest[0], words.Plural(c.Games, "game"), c.Moves, c.Version, sizeWords(c.Bytes))
	return nil
}

// sizeWords is a file size for people: "812 KB", "3.4 MB".
func sizeWords(n int64) string {
	switch {
	case n < 1000:
		return fmt.Sprintf("%d bytes", n)
	case n < 1000*1000:
		return fmt.Sprintf("%d KB", (n+500)/1000)
	}
	return fmt.Sprintf("%.1f MB", float64(n)/1e6)
}
