package club

import (
	"net/url"
	"strings"
	"testing"
)

// Every game mail links to the game's page on the site (issue 28); a
// challenge, which has no page yet, does not. The link carries nothing
// secret (issue 32, second round, found 4): it carried the mail's reply
// address, whose token proves the player, into browser history, shared
// links and screenshots. The page's "Send this move" writes to the club's
// address, the game's tag in the subject.
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
		if link != "https://demo.test/games/1.html" {
			t.Errorf("mail to %s links to %s", m.To, u)
		}
		_, token, _ := strings.Cut(strings.TrimSuffix(m.ReplyTo, "@demo.test"), "+")
		if token == "" || strings.Contains(m.Text, token) || strings.Count(m.HTML, token) > 0 {
			t.Errorf("the mail to %s shows its token %q outside its Reply-To", m.To, token)
		}
		if !strings.Contains(m.HTML, `href="https://demo.test/games/1.html"`) {
			t.Errorf("the HTML part to %s has no link to the page", m.To)
		}
	}
}
