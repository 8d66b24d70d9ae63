// Package site builds postal's static game archive: a home page, one page per
// game (with a viewer that steps through every position), per game type (rules,
// games, statistics) and per player, an Atom feed, a sitemap, a JSON search
// index and record downloads. Any web server or object store can serve it.
//
// The site reads no database: its input is a slice of [Game] values, so the
// caller (the archive package, through a small adapter) decides where games
// come from, and tests build sites from records they make.
//
// Publishing is atomic. OutDir is a symbolic link to a generation directory
// beside it; a build writes a new generation and then swaps the link with one
// rename, so a reader never sees a half-written site. [Update] rebuilds only
// the pages a change touches, starting from hard links to the previous
// generation; a manifest beside the generations records what each page was
// made from. Builds of one OutDir in one process run one at a time.
package site

import (
	"io"
	"io/fs"
	"log/slog"
	"time"

	"postal/notation"
)

// Game is one game of the archive.
type Game struct {
	ID     int64
	Record *notation.Record
	// Started is when the game began, Updated its last move; Finished is
	// when it ended, zero while it is going on.
	Started, Updated, Finished time.Time
}

// Options configure a build.
type Options struct {
	// OutDir is where the site appears: a symbolic link, made and swapped by
	// the build, to the current generation in the directory "." + base +
	// ".gen" beside it. Required.
	OutDir string
	// SiteURL is the absolute URL the site is served at
	// ("https://club.example/games/"), for the Atom feed and the sitemap.
	// When empty the feed uses relative links and no sitemap is written
	// (sitemaps need absolute URLs).
	SiteURL string
	// Title names the archive on every page; "" means "postal games".
	Title string
	// Rules holds the rules of each game type as Markdown, GAME.md at its
	// root (e.g. os.DirFS("docs/rules"), or a sub-tree of an embed.FS). Nil,
	// or a missing file, shows that the rules are not written up yet. Raw
	// HTML in the Markdown is not rendered.
	Rules fs.FS
	// Progress, when set, receives progress of a full build: a bar redrawn in
	// place when it is a terminal, a line per tenth otherwise.
	Progress io.Writer
	// Logger receives warnings (records that do not replay) and a summary of
	// each build; nil means slog.Default().
	Logger *slog.Logger
	// Workers is the number of games rendered at once; 0 means GOMAXPROCS.
	Workers int
}

// Stats says what a build did.
type Stats struct {
	Full     bool // a full build rather than an incremental one
	Games    int  // games in the archive
	Rendered int  // files rendered (pages, records, data)
	Written  int  // files whose content changed and were written
	Removed  int  // files of games no longer in the archive
	// Unreplayable counts rendered games whose record the engine refused;
	// their pages show the error and the positions up to it.
	Unreplayable int
	Duration     time.Duration
	Generation   string // the directory OutDir now points to
}
