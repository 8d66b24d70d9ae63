// Package site builds postal's static game archive: a home page, one page
// per game, per game type (its games, statistics per ruleset and rules) and
// per player, an Atom feed, a sitemap, a search index and record downloads.
// Any web server serves it, and it works opened from disk (file://) too
// (stepping through a game from disk needs a site built with
// Options.Offline).
//
// A game page carries the game's final board, drawn here from the position
// the archive stores (no game is replayed to build its page), its players,
// result and moves: all a reader without JavaScript sees. To step through
// the moves, the page loads the rules engine, compiled to WebAssembly
// (assets/engine-HASH.wasm, one file for every game page of the site, which
// browsers cache), when the reader is about to use it; the engine replays
// the moves, draws each ply, and checks the reader's own moves ("Try moves").
//
// The site's cost follows the change, not the archive. Its input is a
// [Source], read a little at a time: summaries of every game (records
// without moves) for the pages that list games, whole games for their own
// pages, and the games changed since a cursor. Lists of games are cut into
// pages of a fixed number of games, numbered in the order of the games, so
// one change rewrites a bounded set of files: its game's page and record,
// the first page and the list page of its game type and of its players, the
// home page, the feed, and one shard of the search index and of the sitemap.
//
// Each book of finished games (a game and ruleset, and options that change
// its start: site/explorer) has an opening explorer: a page that lists the
// moves played from the start without scripts, and a small file of each
// position two games or more reached, which its script fetches as the
// reader steps in (explorer.go). A publisher keeps the books in memory, so
// a game that finishes adds its path and rewrites the few files on it.
//
// What the pages show comes as the data of package site/view (games,
// tournaments, leagues, ladders, rating lists), which the pages render as
// it is: the club's loader (club/published, through site/clubarchive)
// writes it from the archive, a test writes it by hand ([Memory]).
//
// A full build writes a new generation directory and publishes it by
// swapping the symbolic link OutDir in one rename; an update writes into the
// published generation, each file written aside and renamed into place, so a
// reader never sees half a file. A [Publisher] keeps a summary of each game
// in memory between updates (never its record), and the generation's state
// file remembers the cursor, so a restarted publisher carries on where it
// stopped.
package site

import (
	"io"
	"io/fs"
	"log/slog"
	"time"

	"postal/notation"
	"postal/site/view"
)

// Game is one game of the archive, with its record as the site reads it
// (the fields: view.Game).
type Game = view.Game[*notation.Record]

// Options configure a build.
type Options struct {
	// OutDir is where the site appears: a symbolic link, made and swapped by
	// a full build, to the current generation in the directory "." + base +
	// ".gen" beside it. Required.
	OutDir string
	// SiteURL is the absolute URL the site is served at
	// ("https://club.example/games/"), for the links of the Atom feed and
	// the sitemap. When empty the feed links are relative and no sitemap is
	// written (sitemaps need absolute URLs).
	SiteURL string
	// Club is the club's mail address (postal@club.example). With SiteURL's
	// host it names the feed's entries (tag: URIs, which stay the same
	// wherever the site is served); "" means "postal.invalid".
	Club string
	// Title names the archive on every page; "" means "postal games".
	Title string
	// Rules holds the rules of each game type as Markdown, GAME.md at its
	// root (e.g. os.DirFS("docs/rules"), or a sub-tree of an embed.FS). Nil,
	// or a missing file, shows that the rules are not written up yet. Raw
	// HTML in the Markdown is not rendered.
	Rules fs.FS
	// Progress, when set, receives the progress of a full build: a bar
	// redrawn in place when it is a terminal, a few lines otherwise.
	Progress io.Writer
	// Logger receives warnings and a line per build; nil means
	// slog.Default().
	Logger *slog.Logger
	// Workers is the number of pages rendered at once; 0 means GOMAXPROCS.
	Workers int
	// Offline has a full build write the engine's script twin too, so that
	// a reader of the site opened from disk (file:) may step through games
	// and try moves: 1.6 MB more in assets/ that a site served over HTTP
	// never uses. Pages are the same either way (a page from disk of a site
	// without it says how to get it), so an update keeps what the last full
	// build wrote.
	Offline bool
}

// Stats say what a build did.
type Stats struct {
	Full    bool  // a full build rather than an update
	Games   int   // games in the archive
	Changed int   // games read as changed (an update)
	Written int   // files whose content changed and were written
	Bytes   int64 // bytes written
	Removed int   // files of games no longer in the archive
	// Unreplayable counts games whose final position was found by replaying
	// their record (no stored position) and whose record the engine refused;
	// their pages show the error.
	Unreplayable int
	Duration     time.Duration
	// Explorer is the time spent on the opening explorer (counting games
	// in their books, writing its files), summed over the workers: its
	// share of the build's work.
	Explorer   time.Duration
	Generation string // the directory OutDir points to
	Cursor     int64  // the source's change cursor the site is now as of
}
