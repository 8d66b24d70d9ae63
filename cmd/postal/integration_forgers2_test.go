//go:build integration

package main

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// Issue 32, second round: what a security tester found against the real
// daemon after the first round of fixes, on the club's side.

// Found 2: 50 "address add" had postal mail a confirmation to each address
// named, unbounded. Now at most three a day for a player, one a month to
// an address, and the answer says why the others were not sent.
func TestIntegrationAddressAddCannon(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	alice := r.register("alice")
	db := r.db()
	var answers strings.Builder
	for i := range 10 {
		var lines []string
		for j := range 5 {
			if j%2 == 0 {
				lines = append(lines, "address add victim@forged.test")
			} else {
				lines = append(lines, fmt.Sprintf("address add victim%d.%d@forged.test", i, j))
			}
		}
		answers.WriteString(r.replyTo(alice, r.send(alice, "addresses", strings.Join(lines, "\n"))).Text)
	}
	confirmations := sentTo(t, db, func(to string) bool { return strings.HasSuffix(to, "@forged.test") })
	if len(confirmations) != 3 {
		t.Errorf("%d confirmation mails for 50 \"address add\", want 3", len(confirmations))
	}
	got := strings.Join(strings.Fields(answers.String()), " ")
	for _, want := range []string{"a confirmation mail went to victim@forged.test less than a month ago", "postal sends at most 3 confirmation mails a day for one player"} {
		if !strings.Contains(got, want) {
			t.Errorf("alice's answers lack %q", want)
		}
	}
}

// Found 8: once forged strangers had spent the club's cap an hour, a real
// newcomer's "register" went unanswered. A third of the cap is kept for
// registrations: after 200 forged strangers the newcomer registers, and
// the replies to strangers stay under the cap.
func TestIntegrationNewcomerAfterStrangerFlood(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	r.register("alice") // the daemon is up and the database made; one answer to a registration
	db := r.db()
	done := r.processed()
	stamp := time.Now().UnixNano()
	for i := range 200 {
		r.forge(fmt.Sprintf("s%d@forged.test", i), fmt.Sprintf("flood%d.%d@forged.test", i, stamp), "hi", "help")
	}
	r.awaitProcessed(done + 200)
	replies := sentTo(t, db, func(to string) bool { return strings.HasSuffix(to, "@forged.test") })
	if len(replies) > 20 || len(replies) == 0 {
		t.Errorf("%d replies to 200 forged strangers, want at most 20 (the cap of 30 less the 10 kept for registrations)", len(replies))
	}
	r.register("bob") // the newcomer: fails unless answered
}
