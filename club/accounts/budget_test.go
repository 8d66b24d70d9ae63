package accounts

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"postal/club/work"
	"postal/mailer"
	"postal/mailer/dkimproof"
)

func TestRegistrationReserve(t *testing.T) {
	for limit, want := range map[int]int{0: 0, 1: 0, 2: 1, 3: 1, 5: 1, 6: 2, 30: 10, 31: 10} {
		if got := registrationReserve(limit); got != want {
			t.Errorf("registrationReserve(%d) = %d, want %d", limit, got, want)
		}
	}
}

// spend asks the budget for a reply of kind to addr, as a mail from it
// would.
func (k *club) spend(addr, kind string) bool {
	k.t.Helper()
	var ok bool
	k.unit(func(u *work.Unit) (err error) {
		ok, err = budget(u, NewProof(&mailer.Inbound{From: addr}, dkimproof.Result{}), kind)
		return err
	})
	return ok
}

// The club's cap an hour: every kind of answer to strangers counts in it,
// and only the answers to "register NAME" spend its last third; a notice
// to a player's address is not counted.
func TestStrangersCap(t *testing.T) {
	k := newClub(t)
	k.c.StrangerRepliesPerHour = 6 // 2 kept for registrations
	n := 0
	addr := func() string { n++; return fmt.Sprintf("s%d@example.net", n) }
	for i, kind := range []string{"short", "refusal", "unproven", "short"} {
		if !k.spend(addr(), kind) {
			t.Fatalf("answer %d (%s) refused under the cap", i+1, kind)
		}
	}
	if k.spend(addr(), "short") || k.spend(addr(), "refusal") {
		t.Fatal("an answer of the registrations' reserve went to another kind")
	}
	if !k.spend(addr(), "notice") {
		t.Fatal("a notice to a player's address was refused by the strangers' cap")
	}
	for range registrationReserve(6) {
		if !k.spend(addr(), "welcome") {
			t.Fatal("the registrations' reserve was spent")
		}
	}
	if k.spend(addr(), "welcome") {
		t.Fatal("an answer went past the cap")
	}
	k.now = k.now.Add(time.Hour + time.Second)
	if !k.spend(addr(), "short") {
		t.Fatal("the cap does not start again after an hour")
	}
}

// Each address has its allowance of each kind a day.
func TestAllowanceADay(t *testing.T) {
	k := newClub(t)
	k.c.StrangerRepliesPerHour = -1 // no cap: the allowances alone
	for _, kind := range []string{"short", "welcome", "refusal", "unproven", "notice"} {
		for i := range RepliesPerDay(kind) {
			if !k.spend("x@example.net", kind) {
				t.Fatalf("%s: answer %d of %d refused", kind, i+1, RepliesPerDay(kind))
			}
		}
		if k.spend("x@example.net", kind) {
			t.Fatalf("%s: answer %d given, past %d a day", kind, RepliesPerDay(kind)+1, RepliesPerDay(kind))
		}
		if !k.spend("y@example.net", kind) {
			t.Fatalf("%s: another address shares the allowance", kind)
		}
	}
	k.now = k.now.Add(24*time.Hour + time.Second)
	if !k.spend("x@example.net", "short") {
		t.Fatal("the allowance does not start again after a day")
	}
}

// A mail that proves nothing is not read: a stranger's gets one plain
// note a day, under a fixed subject and small; past it, nothing, and only
// its headers are kept.
func TestStrangersNote(t *testing.T) {
	k := newClub(t)
	h := k.mail("carol@example.org", []string{"postal@demo.test"}, "Buy now", "help\nstatus")
	if h.answer == nil || h.answer.Outcome != "stranger: short reply" || h.answer.Reply {
		t.Fatalf("answer %+v, want a short note and no reply of the club's", h.answer)
	}
	if len(k.plain) != 1 {
		t.Fatalf("%d plain notes, want 1", len(k.plain))
	}
	note := k.plain[0]
	if note.To != "carol@example.org" || note.ReplyTo != "postal@demo.test" || note.Subject != strangerSubject || len(note.Text) > 4<<10 || strings.Contains(note.Text, "Buy now") {
		t.Errorf("note %+v: want to carol, from the club's address, under the fixed subject, under 4 KB, repeating nothing", note)
	}
	for _, l := range strings.Split(note.Text, "\n") {
		if len([]rune(l)) > 78 {
			t.Errorf("a line of %d columns: %s", len([]rune(l)), l)
		}
	}
	h = k.mail("carol@example.org", []string{"postal@demo.test"}, "Buy now", "help")
	if h.answer == nil || h.answer.Outcome != "ignored: past the budget for strangers" || len(k.plain) != 1 {
		t.Fatalf("second mail: answer %+v, %d notes; want it ignored", h.answer, len(k.plain))
	}
	msgs, err := k.db.Messages(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if last := msgs[len(msgs)-1]; last.BodySHA256 == "" || strings.Contains(string(last.Raw), "help") {
		t.Errorf("the ignored mail was kept whole: %q", last.Raw)
	}
}

// A player's address whose mail proves nothing gets a note whose reply
// address proves them; a key line not theirs is named.
func TestUnprovenNote(t *testing.T) {
	k := newClub(t)
	alice := k.player("alice", "alicekey2345")
	h := k.mail("alice@example.org", []string{"postal@demo.test"}, "x", "key oldkey23456\nresign 1")
	if h.answer == nil || h.answer.Outcome != "unproven: short reply" || h.actor == nil || h.actor.ID != alice.ID {
		t.Fatalf("answer %+v, actor %v", h.answer, h.actor)
	}
	if len(k.plain) != 1 || k.plain[0].ReplyTo != k.reply(k.token(alice, 0)) || !strings.Contains(k.plain[0].Text, "is not your personal key") {
		t.Fatalf("notes %+v: want one whose reply address is alice's account token, naming the key", k.plain)
	}
}

// The rate limit counts proven mail only, answers the first mail past it
// once, and keeps the headers of every mail past it.
func TestRateLimit(t *testing.T) {
	k := newClub(t)
	k.c.RateLimit = 2
	k.player("alice", "alicekey2345")
	for i := range 3 {
		k.mail("alice@example.org", []string{"postal@demo.test"}, "x", "status") // unproven: not counted
		if h := k.mail("alice@example.org", []string{"postal@demo.test"}, "x", "key alicekey2345\nstatus"); i < 2 && h.answer != nil {
			t.Fatalf("proven mail %d: answer %+v, want it read", i+1, h.answer)
		} else if i == 2 && (h.answer == nil || h.answer.Outcome != "rate-limited" || !h.answer.Reply || !strings.Contains(h.answer.Sections[0].Lines[0], "at most 2 messages an hour")) {
			t.Fatalf("proven mail 3: answer %+v, want rate-limited and told so", h.answer)
		}
	}
	h := k.mail("alice@example.org", []string{"postal@demo.test"}, "x", "key alicekey2345\nstatus")
	if h.answer == nil || h.answer.Outcome != "rate-limited" || h.answer.Reply {
		t.Fatalf("proven mail 4: answer %+v, want rate-limited in silence", h.answer)
	}
	k.now = k.now.Add(time.Hour + time.Second)
	if h := k.mail("alice@example.org", []string{"postal@demo.test"}, "x", "key alicekey2345\nstatus"); h.answer != nil {
		t.Fatalf("an hour later: answer %+v, want it read", h.answer)
	}
}

// Invitations: three a mail, the club's number a day for a player, and
// none to an address that never answered one.
func TestMayInvite(t *testing.T) {
	k := newClub(t)
	k.c.InvitesPerDay = 4
	alice := k.player("alice", "alicekey2345")
	invite := func(p *Proof, addr string) error {
		var refused error
		k.unit(func(u *work.Unit) error {
			u.Actor = alice
			refused = MayInvite(u, p, addr)
			if refused == nil {
				return u.Tx.AddInvitation(addr, alice.ID, u.Now)
			}
			return nil
		})
		return refused
	}
	p := NewProof(&mailer.Inbound{From: "alice@example.org"}, dkimproof.Result{})
	for i := range 3 {
		if err := invite(p, fmt.Sprintf("n%d@example.net", i)); err != nil {
			t.Fatalf("invitation %d: %v", i+1, err)
		}
	}
	check(t, "a fourth in one mail", invite(p, "n3@example.net"), "one mail invites at most 3")
	p = NewProof(&mailer.Inbound{From: "alice@example.org"}, dkimproof.Result{})
	check(t, "again to an address that never answered", invite(p, "n0@example.net"), "never answered")
	check(t, "a fourth in a day", invite(p, "n3@example.net"), "")
	check(t, "a fifth in a day", invite(p, "n4@example.net"), "you have invited 4 addresses today")
}
