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
	says(t, c.reply(c.as("alice", body)), "too many commands",
		"postal reads at most 50 commands of a mail, and 200 lines besides blank and quoted ones: it read 50 commands, up to line 50, and nothing after.",
		"Send the rest, from line 51 on, in another message.")

	body = "rules conflagration\n" + strings.Repeat("I think the knight was a mistake.\n", 300) + "rules initiative\n"
	// (c.as writes alice's key line first: a command line too.)
	says(t, c.reply(c.as("alice", body)), "too many lines", "it read 2 commands, up to line 200, and nothing after.", "from line 201 on")
}

// A text longer than postal reads (a line of 200 KB pasted in): the reply
// says where reading stopped and from which line to send again, as for too
// many lines; the commands before it are done.
func TestTooLongTextSaysWhereReadingStopped(t *testing.T) {
	c := newClub(t, Options{})
	c.register("alice")
	body := "key " + c.keys["alice"] + "\nrules conflagration\n\n" + strings.Repeat("x", 200<<10) + "\nrules initiative\n"
	raw := "From: alice@example.org\r\nTo: postal@demo.test\r\nSubject: x\r\nMessage-ID: <long@client.test>\r\nDate: Mon, 7 Dec 2026 10:00:00 +0000\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" +
		strings.ReplaceAll(body, "\n", "\r\n")
	out := c.handleRaw([]byte(raw))
	says(t, to(t, out, "alice@example.org"), "too long",
		"postal reads the first 64 KB of a mail's text: it read 2 commands, up to line 2, and nothing after.",
		"Send the rest, from line 3 on, in another message.", "Conflagration")
	lacks(t, to(t, out, "alice@example.org"), "Initiative")
}
