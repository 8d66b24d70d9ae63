package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"postal/archive"
	"postal/engine"
	"postal/notation"
)

// postal runs the command line and returns its output and exit code.
func postal(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(args, &out, &errOut)
	return out.String(), errOut.String(), code
}

func TestGamesListsEveryRegisteredGame(t *testing.T) {
	out, _, code := postal(t, "games")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, g := range engine.Games() {
		info := g.Info()
		if !strings.Contains(out, info.Name+" — "+info.Title) {
			t.Errorf("games does not list %s:\n%s", info.Name, out)
		}
		for _, r := range info.Rulesets {
			if !strings.Contains(out, "ruleset "+r.Name) {
				t.Errorf("games does not list ruleset %s of %s", r.Name, info.Name)
			}
		}
	}
}

func TestUsageErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
		code int
	}{
		{[]string{"frobnicate"}, `unknown command "frobnicate"`, 2},
		{[]string{"moves"}, "name a game", 2},
		{[]string{"moves", "no-such-game"}, `unknown game "no-such-game"; the games are conflagration, imperial-chess`, 2},
		{[]string{"play", "nosuchgame"}, `the games are conflagration, imperial-chess, imperial-shuffle`, 2},
		{[]string{"play"}, "name one game: conflagration,", 2},
		{[]string{}, "usage:", 2},
		{[]string{"games", "x"}, "games takes no arguments", 2},
		{[]string{"demo", "--frob"}, "flag provided but not defined: -frob\nusage: postal demo [--autoplay]", 2},
		{[]string{"site"}, "site needs build or serve", 2},
		{[]string{"site", "publish"}, `site has no "publish"`, 2},
		{[]string{"perft", "imperial-shuffle", "x"}, `depth "x" is not a whole number`, 2},
		{[]string{"moves", "imperial-shuffle", "--ruleset", "blitz"}, `no ruleset "blitz"`, 1},
		{[]string{"moves", "imperial-shuffle", "--option", "nobles"}, "not of the form name=value", 2},
		{[]string{"render", "imperial-shuffle", "--format", "gif"}, `format "gif"`, 2},
	} {
		_, errOut, code := postal(t, tc.args...)
		if code != tc.code || !strings.Contains(errOut, tc.want) {
			t.Errorf("postal %v: exit %d, %q; want exit %d and %q", tc.args, code, errOut, tc.code, tc.want)
		}
	}
}

// Imperial Shuffle starts with both players free to set up: moves lists each
// side's listed move with its side, and a move without a side is refused.
func TestMovesInSimultaneousPhase(t *testing.T) {
	out, _, code := postal(t, "moves", "imperial-shuffle")
	if code != 0 || !strings.Contains(out, "yellow: setup random\nblue: setup random\n") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	_, errOut, code := postal(t, "moves", "imperial-shuffle", "setup random")
	if code == 0 || !strings.Contains(errOut, "both players may act") {
		t.Errorf("exit %d: %s", code, errOut)
	}
	out, _, code = postal(t, "moves", "imperial-shuffle", "yellow: setup random", "blue: setup random")
	if code != 0 || !strings.HasPrefix(out, "a2\n") || strings.Contains(out, "setup random") {
		t.Errorf("after both setups, expected Emperor moves; exit %d:\n%s", code, out)
	}
}

// perft agrees with the engine's own count, after moves given on the line.
func TestPerftMatchesEngine(t *testing.T) {
	_, cfg, start, err := engine.New("imperial-shuffle", engine.Config{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	g, _ := engine.Lookup("imperial-shuffle")
	pos, err := playMoves(g, cfg, start, []string{"first: setup random", "second: setup random"})
	if err != nil {
		t.Fatal(err)
	}
	want := engine.Perft(pos, 2)
	out, _, code := postal(t, "perft", "imperial-shuffle", "first: setup random", "second: setup random", "2")
	if code != 0 || strings.TrimSpace(out) != strconv.FormatInt(want, 10) {
		t.Errorf("perft printed %q (exit %d), engine counts %d", out, code, want)
	}
}

func TestRenderFormats(t *testing.T) {
	out, _, code := postal(t, "render", "imperial-shuffle", "--format", "svg")
	if code != 0 || !strings.HasPrefix(out, "<svg") || !strings.HasSuffix(out, "</svg>\n") {
		t.Errorf("svg: exit %d, %.80q", code, out)
	}
	file := filepath.Join(t.TempDir(), "board.png")
	if _, errOut, code := postal(t, "render", "imperial-shuffle", "--format", "png", "--out", file); code != 0 {
		t.Fatalf("png: exit %d %s", code, errOut)
	}
	data, err := os.ReadFile(file)
	if err != nil || !bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n")) {
		t.Errorf("png file: %v %.8q", err, data)
	}
	out, _, _ = postal(t, "render", "imperial-shuffle")
	if !strings.Contains(out, "a    b    c    d") {
		t.Errorf("ascii board:\n%s", out)
	}
}

// A terminal game: an unreadable word and an illegal move are answered with
// the reason and the legal moves, nothing changes, and the record written at
// the end replays to the same position.
func TestPlayTerminalAnswersBadInputAndRecords(t *testing.T) {
	g, cfg, start, err := engine.New("imperial-shuffle", engine.Config{Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	rec := &notation.Record{Game: g.Info().Name, Config: cfg, Players: []string{"ann", "ben"}}
	in := strings.NewReader("yellow: setup random\nblue: setup random\nzz9\nmoves\nquit\n")
	var out bytes.Buffer
	end, err := playTerminal(g, start, cfg.Seed, rec, in, &out, nil)
	if err != nil {
		t.Fatal(err)
	}
	text := out.String()
	if !strings.Contains(text, `cannot read "zz9"`) || !strings.Contains(text, "legal moves: ") {
		t.Errorf("bad input not explained:\n%s", text)
	}
	if end.Ply() != 4 || len(rec.Moves) != 4 {
		t.Fatalf("ply %d, %d recorded moves; want 4 (two setups, two chance draws)", end.Ply(), len(rec.Moves))
	}
	file := filepath.Join(t.TempDir(), "game.txt")
	if err := os.WriteFile(file, []byte(rec.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	positions, err := rec.Replay()
	if err != nil || positions[len(positions)-1].String() != end.String() {
		t.Fatalf("record does not replay to the end position: %v\n%s", err, rec)
	}
	out2, errOut, code := postal(t, "replay", file)
	if code != 0 || !strings.Contains(out2, "imperial-shuffle standard nobles=ygb: 4 moves, unfinished (*)") || !strings.Contains(out2, "dice: not checked: an unfinished record shows no seed") {
		t.Errorf("replay: exit %d %s\n%s", code, errOut, out2)
	}
}

// A record with an illegal move fails with its number.
func TestReplayNamesTheIllegalMove(t *testing.T) {
	file := filepath.Join(t.TempDir(), "bad.txt")
	os.WriteFile(file, []byte("[Game \"imperial-shuffle\"]\n\n1. Yellow: d1\n"), 0o644)
	_, errOut, code := postal(t, "replay", file)
	if code != 1 || !strings.Contains(errOut, "move 1 (d1)") {
		t.Errorf("exit %d: %s", code, errOut)
	}
}

// Every command answers -h with its usage and flags, on stdout, exit 0.
func TestHelpEverywhere(t *testing.T) {
	for _, c := range commands() {
		args := []string{c.name, "-h"}
		if c.name == "site" {
			args = []string{"site", "build", "-h"}
		}
		out, errOut, code := postal(t, args...)
		if code != 0 || errOut != "" || !strings.HasPrefix(out, strings.TrimSpace("usage: postal "+c.name+" "+c.args)+"\n") {
			t.Errorf("postal %v: exit %d, %q, stderr %q", args, code, out, errOut)
		}
		if strings.Contains(c.args, "--") && !strings.Contains(out, "\nflags:\n  -") {
			t.Errorf("postal %v lists no flags:\n%s", args, out)
		}
	}
	for _, h := range []string{"-h", "--help", "help"} {
		if out, _, code := postal(t, h); code != 0 || !strings.Contains(out, "postal demo ") {
			t.Errorf("postal %s: exit %d\n%s", h, code, out)
		}
	}
}

// "help" in a terminal game explains the input; it is no move.
func TestPlayTerminalHelp(t *testing.T) {
	g, cfg, start, err := engine.New("conflagration", engine.Config{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	rec := &notation.Record{Game: g.Info().Name, Config: cfg}
	if _, err := playTerminal(g, start, cfg.Seed, rec, strings.NewReader("help\nquit\n"), &out, nil); err != nil {
		t.Fatal(err)
	}
	if text := out.String(); strings.Count(text, `"moves" lists the legal ones`) != 2 || strings.Contains(text, "cannot read") || len(rec.Moves) != 0 {
		t.Errorf("help was not answered with the help:\n%s", text)
	}
	// help lists every word the game reads, one a line, with a legal move
	// as the example (issue 29: it was one line).
	for _, want := range []string{"  MOVE     a move, e.g. ", "  moves    list the legal moves", "  board    ", "  resign   ", "  quit     ", "  help     "} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("help lacks %q:\n%s", want, out.String())
		}
	}
	ex := regexp.MustCompile(`e\.g\. (\S+): play it`).FindStringSubmatch(out.String())
	if ex == nil {
		t.Fatalf("no example move in the help:\n%s", out.String())
	}
	if _, _, err := engine.Play(start, engine.First, ex[1]); err != nil {
		t.Errorf("the help's example %q is not a legal move: %v", ex[1], err)
	}
}

// postal site with no flags finds the demo's database and builds where git
// ignores it; what it cannot find, it names with the flag to pass.
func TestSiteDefaults(t *testing.T) {
	t.Chdir(t.TempDir())
	_, errOut, code := postal(t, "site", "build")
	if code != 1 || !strings.Contains(errOut, "--db FILE") || !strings.Contains(errOut, "postal-demo/postal.db") {
		t.Errorf("site build without a database: exit %d, %s", code, errOut)
	}
	_, errOut, code = postal(t, "site", "serve")
	if code != 1 || !strings.Contains(errOut, "--dir DIR") {
		t.Errorf("site serve without a site: exit %d, %s", code, errOut)
	}
	if err := os.MkdirAll(filepath.Join("postal-demo", "site"), 0o755); err != nil {
		t.Fatal(err)
	}
	cfg := &Config{}
	if err := siteDefaults(cfg, "serve", "site serve"); err != nil || cfg.Site.Out != filepath.Join("postal-demo", "site") {
		t.Errorf("serve's default site: %q, %v", cfg.Site.Out, err)
	}
	db, err := archive.Open(t.Context(), filepath.Join("postal-demo", "postal.db"))
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	out, errOut, code := postal(t, "site", "build")
	if code != 0 || !strings.Contains(out, "built site-out: 0 games") {
		t.Fatalf("site build: exit %d, %s %s", code, out, errOut)
	}
	cfg = &Config{}
	if err := siteDefaults(cfg, "serve", "site serve"); err != nil || cfg.Site.Out != "site-out" {
		t.Errorf("serve's default site after a build: %q, %v", cfg.Site.Out, err)
	}
}
