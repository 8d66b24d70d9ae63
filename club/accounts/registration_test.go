package accounts

import (
	"strings"
	"testing"
	"time"
)

// tokenOf is the token of a reply address of the test club.
func tokenOf(t *testing.T, addr string) string {
	t.Helper()
	local, _, _ := strings.Cut(addr, "@")
	tok, ok := strings.CutPrefix(local, "postal+")
	if !ok || tok == "" {
		t.Fatalf("%s is no reply address", addr)
	}
	return tok
}

// registered checks that h completed the registration of name: the player
// made and acting, welcomed, with their key.
func registered(t *testing.T, h handled, name string) {
	t.Helper()
	if h.answer == nil || h.answer.Outcome != "registered" || !h.answer.Reply || h.answer.Subject != "Welcome to postal, "+name {
		t.Fatalf("answer %+v, want %s registered", h.answer, name)
	}
	if h.actor == nil || h.actor.Name != name || h.proof.how != "token" {
		t.Fatalf("acts for %v, proved by %q; want %s by token", h.actor, h.proof.how, name)
	}
	key, ok := strings.CutPrefix(h.answer.Sections[0].Pre, "key ")
	if !ok || HashKey(key) != h.actor.KeyHash {
		t.Fatalf("the welcome's key %q is not %s's", h.answer.Sections[0].Pre, name)
	}
	if len(h.lead) != 1 || !strings.HasPrefix(h.lead[0], "Welcome to postal, "+name) {
		t.Errorf("lead %q", h.lead)
	}
}

// "register NAME" proves nothing: the answer asks for a reply, and the
// reply from the same address makes the player; its token goes on proving
// them.
func TestRegistrationByReply(t *testing.T) {
	k := newClub(t)
	h := k.mail("Carol@Example.org", []string{"postal@demo.test"}, "hi", "register carol")
	if h.answer == nil || h.answer.Outcome != "register: waiting for the reply" || h.actor != nil {
		t.Fatalf("answer %+v, actor %v", h.answer, h.actor)
	}
	if len(k.plain) != 1 || k.plain[0].To != "carol@example.org" {
		t.Fatalf("notes %+v, want one to carol", k.plain)
	}
	tok := tokenOf(t, k.plain[0].ReplyTo)
	if !strings.Contains(k.plain[0].Text, "    register carol "+tok+"\n") {
		t.Errorf("the answer does not give the code:\n%s", k.plain[0].Text)
	}
	// The same request again: the same code, so that a reply to either
	// answer completes it.
	k.now = k.now.Add(time.Hour)
	k.mail("carol@example.org", []string{"postal@demo.test"}, "hi", "register carol")
	if len(k.plain) != 2 || k.plain[1].ReplyTo != k.plain[0].ReplyTo {
		t.Fatalf("the second answer's reply address %q, want the first's", k.plain[len(k.plain)-1].ReplyTo)
	}
	// From another address, the token proves nothing.
	if h := k.mail("mallory@example.net", []string{k.reply(tok)}, "Re: hi", "resign 1"); h.answer == nil || h.answer.Outcome != "stranger: short reply" {
		t.Fatalf("a reply from another address: answer %+v, want a stranger's note", h.answer)
	}
	h = k.mail("carol@example.org", []string{k.reply(tok)}, "Re: hi", "resign 1")
	registered(t, h, "carol")
	if h := k.mail("carol@example.org", []string{k.reply(tok)}, "Re: welcome", "status"); h.answer != nil || h.proof.how != "token" || h.proof.game != 0 {
		t.Fatalf("the registration's token afterwards: proved by %q for %d, answer %+v; want the account's token", h.proof.how, h.proof.game, h.answer)
	}
}

// Where a reply cannot reach the club, "register NAME CODE" in a fresh
// mail from the same address completes the registration; with another
// name the code is nothing.
func TestRegistrationByCode(t *testing.T) {
	k := newClub(t)
	k.mail("carol@example.org", []string{"postal@demo.test"}, "hi", "register carol")
	registered(t, k.mail("carol@example.org", []string{"postal@demo.test"}, "hi", "register carol "+tokenOf(t, k.plain[0].ReplyTo)), "carol")
	k.mail("dave@example.org", []string{"postal@demo.test"}, "hi", "register dave")
	if h := k.mail("dave@example.org", []string{"postal@demo.test"}, "hi", "register erin "+tokenOf(t, k.plain[1].ReplyTo)); h.answer == nil || h.answer.Outcome != "register: waiting for the reply" || h.actor != nil {
		t.Fatalf("the code with another name: answer %+v, actor %v; want a registration of erin asked for", h.answer, h.actor)
	}
}

// What a registration refuses: a reserved name, a name taken or held for
// another address; a reply after a day.
func TestRegistrationRefused(t *testing.T) {
	k := newClub(t)
	k.player("alice", "alicekey2345")
	k.mail("carol@example.org", []string{"postal@demo.test"}, "hi", "register carol")
	for _, c := range []struct{ from, name, outcome string }{
		{"x@example.net", "index", "register: a player cannot be called index"},
		{"y@example.net", "bot-3", "register: a player cannot be called bot-3"},
		{"z@example.net", "alice", "register: the name alice is taken"},
		{"w@example.net", "carol", "register: the name carol is held for another address"},
	} {
		if h := k.mail(c.from, []string{"postal@demo.test"}, "hi", "register "+c.name); h.answer == nil || h.answer.Outcome != c.outcome {
			t.Errorf("register %s: answer %+v, want %q", c.name, h.answer, c.outcome)
		}
	}
	tok := tokenOf(t, k.plain[0].ReplyTo)
	k.now = k.now.Add(registrationHold + time.Minute)
	if h := k.mail("w@example.net", []string{"postal@demo.test"}, "hi", "register carol"); h.answer == nil || h.answer.Outcome != "register: waiting for the reply" {
		t.Fatalf("after a day the name is not free: %+v", h.answer)
	}
	if h := k.mail("carol@example.org", []string{k.reply(tok)}, "Re: hi", "x"); h.answer == nil || h.answer.Outcome != "register: expired" || h.actor != nil {
		t.Fatalf("a reply after a day: answer %+v, actor %v; want it expired", h.answer, h.actor)
	}
}
