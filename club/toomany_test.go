package club

import (
	"strings"
	"testing"
)

// A mail of more commands than postal reads says how many it read, the
// line it read up to and where to go on from; so does one of as many
// lines of prose, which stops the reading sooner, with a command after it.
func TestTooManyLinesSaysWhereReadingStopped(t *testing.T) {
	c := newClub(t, Options{})
	c.register("alice")
	body := strings.Repeat("rules conflagration\n", 60)
	says(t, c.reply(c.as("alice", body)), "too many lines",
		"postal reads at most 50 commands of a mail, and 200 lines besides blank and quoted ones: it read 50 commands, up to line 50, and nothing after.",
		"Send the rest, from line 51 on, in another message.")

	body = "rules conflagration\n" + strings.Repeat("I think the knight was a mistake.\n", 300) + "rules initiative\n"
	// (c.as writes alice's key line first: a command line too.)
	says(t, c.reply(c.as("alice", body)), "too many lines", "it read 2 commands, up to line 200, and nothing after.", "from line 201 on")
}
