// Command postal is the correspondence game server: one binary with
// subcommands for the daemon, the demo, the site and the games themselves.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	_ "postal/engine/allgames"
)

// command is one subcommand: its usage line and what it does.
type command struct {
	name, args, help string
	run              func(args []string, stdout io.Writer) error
}

func commands() []command {
	return []command{
		{"demo", "[--imap ADDR] [--smtp ADDR] [--data DIR] [--autoplay] [--time-scale N]", "run postal against built-in loopback mail servers, with demo players", runDemo},
		{"serve", "[--config postal.toml]", "run the daemon: watch the club's mailbox, answer by mail", runServe},
		{"site", "build|serve [--config FILE] [--db FILE] [--out DIR] [--url URL] [--dir DIR] [--addr ADDR]", "build the static game archive from the database, or serve it for a preview", runSite},
		{"games", "", "list every game, ruleset and option", runGames},
		{"play", "GAME [--ruleset R] [--option k=v ...] [--seed N] [--record FILE]", "play a two-player game in the terminal", runPlay},
		{"moves", "GAME [--ruleset R] [--option k=v ...] [MOVE ...]", "play MOVEs from the start and list the legal moves reached", runMoves},
		{"perft", "GAME [--ruleset R] [--option k=v ...] [MOVE ...] DEPTH", "count the leaves of the move tree", runPerft},
		{"replay", "FILE", "check a game record and print the final board and result", runReplay},
		{"render", "GAME [...] [MOVE ...] --format ascii|svg|png [--out FILE]", "draw the board after the moves", runRender},
		{"arena", "GAME [--ruleset R] [--option k=v ...] [--games N] [--a LEVEL|random] [--b LEVEL|random] [--seed S] [--parallel P] [--max-plies N] [-v]", "play the bot against itself or random play, sides alternating: A's wins, draws and losses", runArena},
	}
}

// usageError is a mistake on the command line: postal prints the usage.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		usage(stdout)
		return 0
	}
	for _, c := range commands() {
		if c.name != args[0] {
			continue
		}
		err := c.run(args[1:], stdout)
		var ue usageError
		switch {
		case err == nil:
			return 0
		case errors.Is(err, flag.ErrHelp):
			fmt.Fprintf(stdout, "usage: postal %s %s\n  %s\n", c.name, c.args, c.help)
			return 0
		case errors.As(err, &ue):
			fmt.Fprintf(stderr, "postal %s: %v\nusage: postal %s %s\n", c.name, err, c.name, c.args)
			return 2
		default:
			fmt.Fprintf(stderr, "postal %s: %v\n", c.name, err)
			return 1
		}
	}
	fmt.Fprintf(stderr, "postal: unknown command %q\n", args[0])
	usage(stderr)
	return 2
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "postal: a correspondence game server\n\nusage:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  postal %s %s\n      %s\n", c.name, c.args, c.help)
	}
}
