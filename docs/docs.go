// Package docs is postal's user documentation, embedded so the binary can
// publish it: the rules of each game (rules/GAME.md, rendered on the
// archive site) and the mail command reference (commands.md, mailed as the
// answer to "help"). The Markdown files are the source; this file only
// makes them reachable from Go, since an embed directive cannot reach a
// parent directory.
package docs

import (
	"embed"
	"io/fs"
)

//go:embed commands.md rules/*.md
var files embed.FS

// Commands is docs/commands.md.
func Commands() string {
	b, err := files.ReadFile("commands.md")
	if err != nil {
		panic(err) // embedded at build time: cannot fail
	}
	return string(b)
}

// Rules holds rules/GAME.md for each game, GAME.md at its root.
func Rules() fs.FS {
	sub, err := fs.Sub(files, "rules")
	if err != nil {
		panic(err)
	}
	return sub
}
