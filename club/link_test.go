package club

import (
	"net/url"
	"strings"
	"testing"
)

// Every game mail links to the game's page on the site, with the reply
// address of that mail in the fragment, which the page's "Send this move"
// link writes to (issue 28); a challenge, which has no page yet, does not.
func TestGameMailsLinkToThePage(t *testing.T) {
	c := newClub(t, Options{})
	c.register("alice")
	c.register("bob")
	out := c.mail("alice@example.org", "game", "key "+c.keys["alice"]+"\nchallenge bob conflagration as first")
	ch := to(t, out, "bob@example.org")
	if strings.Contains(ch.Text, "/games/") {
		t.Errorf("the challenge links to a page:\n%s", ch.Text)
	}
	out = c.replyTo(ch, "accept")
	for _, m := range out {
		_, after, ok := strings.Cut(m.Text, "This game on the site:\n")
		link, _, _ := strings.Cut(after, "\n")
		u, err := url.Parse(link)
		if !ok || err != nil {
			t.Fatalf("mail to %s: no link to the page (%v):\n%s", m.To, err, m.Text)
		}
		reply, _ := url.ParseQuery(u.EscapedFragment()) // as the page reads it
		if u.Scheme+"://"+u.Host+u.Path != "https://demo.test/games/1.html" || reply.Get("reply") != m.ReplyTo || !strings.Contains(m.ReplyTo, "+") {
			t.Errorf("mail to %s links to %s (reply %q), its Reply-To is %s", m.To, u, reply.Get("reply"), m.ReplyTo)
		}
		if !strings.Contains(m.HTML, `href="`+gameURL("https://demo.test/", 1, m.ReplyTo)+`"`) {
			t.Errorf("the HTML part to %s has no link to the page", m.To)
		}
	}
}
