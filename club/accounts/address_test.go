package accounts

import (
	"strings"
	"testing"

	"postal/archive"
	"postal/club/reply"
	"postal/club/work"
	"postal/mailer"
	"postal/mailer/dkimproof"
)

// run runs the account's command line for p, in a mail from from, and
// returns its section or refusal.
func (k *club) run(p *archive.Player, from, line string) (reply.Section, error) {
	k.t.Helper()
	var sec reply.Section
	var refused error
	k.unit(func(u *work.Unit) error {
		u.Actor = p
		c := command(k.t, line)
		pr := NewProof(&mailer.Inbound{From: from}, dkimproof.Result{})
		pr.how = "key"
		var err error
		switch c.Verb {
		case "address":
			sec, err = Address(u, pr, c)
		case "key":
			sec, err = Key(u, pr, c)
		default:
			k.t.Fatalf("%s is no command of the accounts", line)
		}
		if _, ok := err.(*reply.Refusal); ok {
			refused, err = err, nil
		}
		return err
	})
	return sec, refused
}

// An address added is confirmed by a reply from it, and then proves its
// player like the registered one; the registered address hears of it.
// Removed, it proves nothing, and the tokens that went to it are retired.
func TestAddAddress(t *testing.T) {
	k := newClub(t)
	alice := k.player("alice", "alicekey2345")
	old := k.token(alice, 0)
	if _, err := k.run(alice, "alice@example.org", "address add postal+x@demo.test"); err == nil {
		t.Fatal("the club's own address was added")
	}
	if _, err := k.run(alice, "alice@example.org", "address add alt@example.net"); err != nil {
		t.Fatal(err)
	}
	if len(k.mails) != 1 || k.mails[0].To != "alt@example.net" || k.mails[0].ReplyToken == "" || k.mails[0].Player != nil {
		t.Fatalf("mails %+v, want the confirmation to alt@example.net", k.mails)
	}
	if h := k.mail("alt@example.net", []string{"postal@demo.test"}, "x", "key alicekey2345\nstatus"); h.answer == nil || h.answer.Outcome != "refused: another player's proof" {
		t.Fatalf("before its confirmation the address with alice's key: %+v, want it refused", h.answer)
	}
	k.mails = k.mails[:1] // the notice to alice of her key used from it
	h := k.mail("alt@example.net", []string{k.reply(k.mails[0].ReplyToken)}, "Re: x", "resign 1")
	if h.answer == nil || h.answer.Outcome != "address confirmed" || !h.answer.Reply || h.actor == nil || h.actor.ID != alice.ID || h.tagged != 0 {
		t.Fatalf("the confirmation: answer %+v, actor %v", h.answer, h.actor)
	}
	if len(k.mails) != 2 || k.mails[1].To != "alice@example.org" || !strings.Contains(k.mails[1].Subject, "alt@example.net now plays as alice") {
		t.Fatalf("the registered address was not told: %+v", k.mails)
	}
	if h := k.mail("alt@example.net", []string{"postal@demo.test"}, "x", "key alicekey2345\nstatus"); h.answer != nil || h.proof.how != "key" {
		t.Fatalf("the confirmed address with alice's key: answer %+v", h.answer)
	}
	sec, err := k.run(alice, "alice@example.org", "address")
	if err != nil || !strings.Contains(sec.Pre, "alt@example.net (confirmed 2026-11-22)") {
		t.Fatalf("address: %v %q", err, sec.Pre)
	}
	if _, err := k.run(alice, "alt@example.net", "address remove alt@example.net"); err == nil {
		t.Fatal("an address was removed by a mail from itself")
	}
	if _, err := k.run(alice, "alice@example.org", "address remove alt@example.net"); err != nil {
		t.Fatal(err)
	}
	if h := k.mail("alice@example.org", []string{k.reply(old)}, "x", "status"); h.answer == nil || h.answer.Outcome != "refused: a retired token" {
		t.Fatalf("a token from before the removal: %+v", h.answer)
	}
	if h := k.mail("alt@example.net", []string{"postal@demo.test"}, "x", "key alicekey2345\nstatus"); h.actor != nil {
		t.Fatal("the removed address still proves alice")
	}
}

// "key new" replaces the key and retires every token; the old key proves
// nothing, and "key KEY" with the new one is accepted.
func TestKeyNew(t *testing.T) {
	k := newClub(t)
	alice := k.player("alice", "alicekey2345")
	old := k.token(alice, 0)
	sec, err := k.run(alice, "alice@example.org", "key new")
	if err != nil {
		t.Fatal(err)
	}
	key, ok := strings.CutPrefix(sec.Pre, "key ")
	if !ok || HashKey(key) != alice.KeyHash {
		t.Fatalf("the new key %q is not alice's", sec.Pre)
	}
	if h := k.mail("alice@example.org", []string{"postal@demo.test"}, "x", "key alicekey2345\nstatus"); h.proof.how != "" {
		t.Fatal("the old key still proves alice")
	}
	if h := k.mail("alice@example.org", []string{k.reply(old)}, "x", "status"); h.answer == nil || h.answer.Outcome != "refused: a retired token" {
		t.Fatalf("the old token: %+v", h.answer)
	}
	h := k.mail("alice@example.org", []string{"postal@demo.test"}, "x", "key "+key+"\nstatus")
	if h.proof.how != "key" || !h.proof.keyOK {
		t.Fatalf("the new key proves %q", h.proof.how)
	}
	k.unit(func(u *work.Unit) error {
		u.Actor = h.actor
		if sec, err := Key(u, h.proof, command(t, "key "+key)); err != nil || sec.Title != "key accepted" {
			t.Errorf("key KEY: %q, %v", sec.Title, err)
		}
		if _, err := Key(u, h.proof, command(t, "key alicekey2345")); err == nil {
			t.Error("the old key was accepted")
		}
		return nil
	})
}
