package club

import (
	"fmt"
	"postal/club/accounts"
	"strings"
	"testing"
	"time"
)

// Issue 32, second round, found 2: every "address add" mailed a
// confirmation, unbounded: 50 of them to one address (or to 50) made
// postal a mail cannon at third parties. Now an address gets one
// confirmation mail a month whoever asks, a player has accounts.ConfirmationsPerDay
// sent a day, and the confirmations count in the club's cap an hour for
// mail to addresses of no player; past any of them the answer says so and
// nothing is sent.
func TestAddressAddIsBounded(t *testing.T) {
	c := newClub(t, Options{StrangerRepliesPerHour: 100})
	c.register("alice")
	c.register("bob")
	var lines []string
	for i := range 25 {
		lines = append(lines, "address add victim@example.net", fmt.Sprintf("address remove victim%d@example.net", i))
		lines = append(lines, fmt.Sprintf("address add victim%d@example.net", i))
	}
	confirmations := 0
	var answers strings.Builder
	for i := 0; i < len(lines); i += 5 { // ten mails of five lines
		out := c.mail("alice@example.org", "x", c.withKey("alice@example.org", strings.Join(lines[i:min(i+5, len(lines))], "\n")))
		for _, m := range out {
			if m.To == "alice@example.org" {
				answers.WriteString(m.Text)
			} else {
				confirmations++
			}
		}
	}
	if confirmations != accounts.ConfirmationsPerDay {
		t.Errorf("%d confirmation mails for 50 \"address add\", want %d", confirmations, accounts.ConfirmationsPerDay)
	}
	got := squash(answers.String())
	for _, want := range []string{"a confirmation mail went to victim@example.net", fmt.Sprintf("at most %d confirmation mails a day", accounts.ConfirmationsPerDay)} {
		if !strings.Contains(got, want) {
			t.Errorf("alice's answers lack %q", want)
		}
	}
	// A day later, bob asks for the address alice asked for: it had its
	// mail this month.
	c.now = c.now.Add(25 * time.Hour)
	out := c.mail("bob@example.org", "x", c.withKey("bob@example.org", "address add victim@example.net\naddress add bob@home.example.net"))
	contains(t, to(t, out, "bob@example.org"), "a confirmation mail went to victim@example.net", "confirmation mail sent to bob@home.example.net")
	to(t, out, "bob@home.example.net")
	if len(out) != 2 {
		t.Errorf("%d mails", len(out))
	}
}

// The confirmations count in the club-wide cap an hour of mail to
// addresses of no player.
func TestAddressAddInTheStrangersCap(t *testing.T) {
	c := newClub(t, Options{StrangerRepliesPerHour: 3})
	c.register("alice")
	for i := range 3 {
		c.mail(fmt.Sprintf("s%d@example.net", i), "hi", "help") // three strangers spend the cap
	}
	out := c.mail("alice@example.org", "x", c.withKey("alice@example.org", "address add alice@home.example.net"))
	if len(out) != 1 {
		t.Fatalf("%d mails", len(out))
	}
	contains(t, out[0], "postal has written to as many new addresses as it may this hour")
	c.now = c.now.Add(time.Hour)
	out = c.mail("alice@example.org", "x", c.withKey("alice@example.org", "address add alice@home.example.net"))
	to(t, out, "alice@home.example.net")
}
