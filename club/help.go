package club

import (
	"strings"

	"postal/docs"
)

// helpIndex is the answer to "help": the list at the head of the commands
// in docs/commands.md, one line a command (the whole reference is
// hundreds of lines, too long for a mail), in Markdown for docs.Text and docs.HTML. Any answer that
// points a player at the commands may send it.
func helpIndex() string {
	doc := docs.Commands()
	_, after, ok := strings.Cut(doc, "\n## Commands\n")
	if !ok {
		return doc
	}
	index, _, _ := strings.Cut(after, "\n### ")
	return strings.TrimSpace(index)
}
