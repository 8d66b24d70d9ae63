package accounts

import (
	"strings"
	"testing"

	"postal/club/work"
	"postal/mailer"
	"postal/mailer/dkimproof"
)

func TestByteSize(t *testing.T) {
	for n, want := range map[int64]string{0: "0 bytes", 1023: "1023 bytes", 1024: "1 KiB", 640 << 10: "640 KiB", 1 << 20: "1.0 MiB", 9<<20 + 1<<19: "9.5 MiB"} {
		if got := byteSize(n); got != want {
			t.Errorf("byteSize(%d) = %q, want %q", n, got, want)
		}
	}
}

// unreadable takes a mail postal did not read through the accounts.
func (k *club) unreadable(in *mailer.Inbound) *Answer {
	k.t.Helper()
	var a *Answer
	k.unit(func(u *work.Unit) (err error) {
		a, err = Unreadable(u, NewProof(in, dkimproof.Result{}))
		return err
	})
	return a
}

// A mail too large is answered once a day: to a stranger from the
// strangers' budget, to a player's address from the player's own
// allowance, which a flood of strangers cannot spend.
func TestUnreadable(t *testing.T) {
	k := newClub(t)
	k.c.StrangerRepliesPerHour = 3 // 1 kept for registrations
	k.player("alice", "alicekey2345")
	for _, from := range []string{"s1@example.net", "s2@example.net", "s3@example.net"} {
		k.unreadable(&mailer.Inbound{From: from, TooLarge: true, Size: 9 << 20})
	}
	if len(k.plain) != 2 {
		t.Fatalf("%d notes to 3 strangers under a cap of 2, want 2", len(k.plain))
	}
	a := k.unreadable(&mailer.Inbound{From: "alice@example.org", TooLarge: true, Size: 9 << 20})
	if a.Outcome != "too large: 9437184 bytes" || len(k.plain) != 3 {
		t.Fatalf("alice's mail: %q, %d notes; want alice told past the strangers' cap", a.Outcome, len(k.plain))
	}
	if text := k.plain[2].Text; !strings.Contains(text, "Your mail of 9.0 MiB is over postal's limit of 1.0 MiB") || strings.Contains(text, "register NAME") {
		t.Errorf("alice's note:\n%s", text)
	}
	a = k.unreadable(&mailer.Inbound{From: "alice@example.org", Unreadable: "too many parts"})
	if a.Outcome != "unreadable: too many parts" || len(k.plain) != 3 {
		t.Errorf("alice's second mail in a day: %q, %d notes; want no second note", a.Outcome, len(k.plain))
	}
}
