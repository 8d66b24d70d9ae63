// Command postal is the correspondence game server: one binary with
// subcommands for the daemon, the demo, the site and the games themselves.
//
// Conventions of every subcommand: -h prints its usage and flags (exit 0); a
// mistake on the command line prints the usage on stderr (exit 2); any other
// failure prints the error (exit 1).
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/mattn/go-isatty"

	_ "postal/engine/allgames"
)

// command is one subcommand: its usage line and what it does.
type command struct {
	name, args, help string
	run              func(args []string, stdout io.Writer) error
}

func commands() []command {
	return []command{
		{"demo", "[--autoplay] [--fresh] [-v] [--data DIR] [--imap ADDR] [--smtp ADDR] [--time-scale N]", "run postal against built-in loopback mail servers, with demo players", runDemo},
		{"serve", "[--config postal.toml]", "run the daemon: watch the club's mailbox, answer by mail", runServe},
		{"check", "[--config postal.toml] [--wait 30s]", "try a config: the database and site folders, the IMAP and SMTP logins, the folders, delivery to the club's plus address, its DNS records", runCheck},
		{"oauth", "[--config postal.toml] [--flow device|redirect] [--port N]", "sign the club's mail account in with OAuth2 once, and keep the refresh token for IMAP and SMTP logins", runOAuth},
		{"site", "build|serve [--config FILE] [--db FILE] [--out DIR] [--url URL] [--offline] [--dir DIR] [--addr ADDR]", "build the static game archive from the database, or serve it for a preview", runSite},
		{"backup", "[--config FILE] [--db FILE] OUT", "copy the club's database to OUT, consistently, while postal serve runs", runBackup},
		{"outbox", "[--config FILE] [--db FILE] [hold | release ID...|all | drop ID...]", "review the mail held after a restore: list it, hold what waits, release or drop it", runOutbox},
		{"status", "[--config FILE] [--db FILE]", "what the club's daemon has in hand: the outbox, the last mail, failed mail, games and the next deadline, tournaments", runStatus},
		{"archive", "generate N [--active M] [--seed S] [--players P] [--games G,...] [--db FILE] | fix [--db FILE]", "write a generated archive of N finished games (the scale figures' own), or let an archive another tool wrote take new challenges", runArchive},
		{"games", "", "list every game, ruleset and option", runGames},
		{"play", "GAME [--ruleset R] [--option k=v ...] [--seed N] [--record FILE] [--bot [LEVEL]] [--as first|second|SIDE]", "play a game in the terminal, or against the bot (it takes every side but yours)", runPlay},
		{"moves", "GAME [--ruleset R] [--option k=v ...] [MOVE ...]", "play MOVEs from the start and list the legal moves reached", runMoves},
		{"perft", "GAME [--ruleset R] [--option k=v ...] [MOVE ...] DEPTH", "count the leaves of the move tree", runPerft},
		{"replay", "FILE", "check a game record and print the final board and result", runReplay},
		{"render", "GAME [...] [MOVE ...] [--format ascii|svg|png] [--out FILE]", "draw the board after the moves", runRender},
		{"ratings", "[--recompute [--all]] [--config FILE] [--db FILE] [LIST]", "print the rating lists, or recompute them from the finished games and compare with the stored ratings (--all: first rate the games from before ratings)", runRatings},
		{"arena", "GAME [--ruleset R] [--option k=v ...] [--games N] [--a LEVEL|random] [--b LEVEL|random] [--seed S] [--parallel P] [--max-plies N] [-v] [--table]", "play the bot against itself or random play, sides alternating (A takes each seat in turn in a game of more): A's wins, draws, losses and score", runArena},
	}
}

// exitStatus ends a command that has said all it had to say with a status
// other than 0: postal adds nothing.
type exitStatus int

func (e exitStatus) Error() string { return fmt.Sprintf("exit status %d", int(e)) }

// usageError is a mistake on the command line: postal prints the usage and
// exits with status 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

// helpRequest is -h on a subcommand's line: postal prints its usage and
// flags.
type helpRequest struct{ fs *flag.FlagSet }

func (helpRequest) Error() string { return "help requested" }

// parseFlags parses args into fs, flags anywhere among them (postal perft
// GAME --ruleset R 2), and returns the other arguments in order. -h becomes
// a helpRequest, a bad flag a usageError.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	fs.SetOutput(io.Discard)
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, helpRequest{fs}
			}
			return nil, usageError{err.Error()}
		}
		args = fs.Args()
		if len(args) == 0 {
			return rest, nil
		}
		rest = append(rest, args[0])
		args = args[1:]
	}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		usage(stdout)
		return 0
	}
	for _, c := range commands() {
		if c.name != args[0] {
			continue
		}
		err := c.run(args[1:], stdout)
		var ue usageError
		var help helpRequest
		var status exitStatus
		switch {
		case err == nil:
			return 0
		case errors.As(err, &status):
			return int(status)
		case errors.As(err, &help):
			fmt.Fprintf(stdout, "usage: %s\n  %s\n", strings.TrimSpace("postal "+c.name+" "+c.args), c.help)
			if hasFlags(help.fs) {
				fmt.Fprintln(stdout, "\nflags:")
				help.fs.SetOutput(stdout)
				help.fs.PrintDefaults()
			}
			return 0
		case errors.As(err, &ue):
			fmt.Fprintf(stderr, "postal %s: %v\nusage: postal %s %s\n(postal %s -h explains the flags)\n", c.name, err, c.name, c.args, c.name)
			return 2
		default:
			fmt.Fprintf(stderr, "postal %s: %v\n", c.name, err)
			return 1
		}
	}
	fmt.Fprintf(stderr, "postal: unknown command %q\n\n", args[0])
	usage(stderr)
	return 2
}

func hasFlags(fs *flag.FlagSet) bool {
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	return n > 0
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "postal: a correspondence game server\n\nusage:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %s\n      %s\n", strings.TrimSpace("postal "+c.name+" "+c.args), c.help)
	}
	fmt.Fprintln(w, "\npostal COMMAND -h describes a command's flags.")
}

// isTerminal reports whether w is a terminal, where binary output has no
// place.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && isatty.IsTerminal(f.Fd())
}
