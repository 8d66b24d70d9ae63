package dkimproof

import (
	"context"
	"net"
	"strings"
	"testing"
	"time"
)

// Issue 32, finding 7: forged mails signed by selectors whose name servers
// never answer cost silentNames lookup timeouts in all, not one each (the
// domain is then silent as a whole for names that never gave a key); a key
// looked up before still proves meanwhile; a name without a key is asked
// once; after stallFor the domain is asked again.
func TestSilentDomainAskedBounded(t *testing.T) {
	z := zone{}
	good := newSigner(t, z, "example.com")
	asked := map[string]int{}
	v := New(func(ctx context.Context, name string) ([]string, error) {
		asked[strings.ToLower(name)]++
		if strings.HasPrefix(name, "silent") {
			<-ctx.Done() // a name server that never answers
			return nil, &net.DNSError{Err: "i/o timeout", Name: name, IsTimeout: true, IsTemporary: true}
		}
		if rr, ok := z[strings.ToLower(name)]; ok {
			return rr, nil
		}
		return nil, &net.DNSError{Err: "no such host", Name: name, IsNotFound: true}
	})
	now := time.Now()
	v.keys.now = func() time.Time { return now }
	ctx := context.Background()
	if got := v.Verify(ctx, good.sign(t, mail("alice@example.com")), "alice@example.com", Policy{}); !got.Proven {
		t.Fatal(got.Why)
	}
	silentTotal := func() int {
		n := 0
		for name, k := range asked {
			if strings.HasPrefix(name, "silent") {
				n += k
			}
		}
		return n
	}
	for i := range 20 {
		forged := &signer{domain: "example.com", selector: "silent" + strings.Repeat("x", i), key: good.key}
		if i%2 == 1 {
			forged.domain = "mx" + strings.Repeat("x", i) + ".example.com" // aligned, another name
		}
		got := v.Verify(ctx, forged.sign(t, mail("alice@example.com")), "alice@example.com", Policy{})
		if got.Proven || got.Fault != KeyUnknown {
			t.Fatalf("forged mail %d: %+v", i, got)
		}
	}
	if n := silentTotal(); n != silentNames {
		t.Errorf("the silent name servers were asked %d times for 20 mails, want %d", n, silentNames)
	}
	if got := v.Verify(ctx, good.sign(t, mail("alice@example.com")), "alice@example.com", Policy{}); !got.Proven || asked["sel._domainkey.example.com"] != 1 {
		t.Errorf("the key held, during the stall: %+v, asked %d times", got, asked["sel._domainkey.example.com"])
	}
	missing := &signer{domain: "example.com", selector: "none", key: good.key}
	now = now.Add(stallFor + time.Second)
	for range 3 {
		if got := v.Verify(ctx, missing.sign(t, mail("alice@example.com")), "alice@example.com", Policy{}); got.Fault != NoKey {
			t.Errorf("a selector without a key: %+v", got)
		}
	}
	if n := asked["none._domainkey.example.com"]; n != 1 {
		t.Errorf("a name without a key asked %d times, want 1", n)
	}
	v.Verify(ctx, (&signer{domain: "example.com", selector: "silent-again", key: good.key}).sign(t, mail("alice@example.com")), "alice@example.com", Policy{})
	if n := silentTotal(); n != silentNames+1 {
		t.Errorf("after the stall, the silent name servers were asked %d times in all, want %d", n, silentNames+1)
	}
}

// silentZone answers from z, except that a name starting with one of
// silent never answers: the lookup times out at once (as it would after
// lookupTimeout, without the wait). asked counts the questions by name.
func silentZone(z zone, asked map[string]int, silent ...string) LookupTXT {
	return func(_ context.Context, name string) ([]string, error) {
		name = strings.ToLower(name)
		asked[name]++
		for _, s := range silent {
			if strings.HasPrefix(name, s) {
				return nil, &net.DNSError{Err: "i/o timeout", Name: name, IsTimeout: true, IsTemporary: true}
			}
		}
		if rr, ok := z[name]; ok {
			return rr, nil
		}
		return nil, &net.DNSError{Err: "no such host", Name: name, IsNotFound: true}
	}
}

// A name server silent for one key of a domain (one selector, say a
// service that signs for it and whose DNS is down) made every other key of
// that domain unknown for stallFor: bob's mail, signed with the domain's
// own key and looked up for the first time, proved nothing after one
// forged mail under the silent selector. The stall is the name's: the
// domain's other keys are asked, and prove.
func TestOneSilentKeyStallsItsNameOnly(t *testing.T) {
	z := zone{}
	good := newSigner(t, z, "example.com")
	asked := map[string]int{}
	v := New(silentZone(z, asked, "flaky."))
	now := time.Now()
	v.keys.now = func() time.Time { return now }
	ctx := context.Background()
	flaky := &signer{domain: "example.com", selector: "flaky", key: good.key}
	for range 3 {
		if got := v.Verify(ctx, flaky.sign(t, mail("alice@example.com")), "alice@example.com", Policy{}); got.Fault != KeyUnknown {
			t.Fatalf("under the silent selector: %+v", got)
		}
	}
	if n := asked["flaky._domainkey.example.com"]; n != 1 {
		t.Errorf("the silent name was asked %d times for 3 mails, want 1", n)
	}
	if got := v.Verify(ctx, good.sign(t, mail("bob@example.com")), "bob@example.com", Policy{}); !got.Proven {
		t.Errorf("bob's mail, signed with the domain's other key, after one silent name: %+v", got)
	}
	// A subdomain's own key, aligned with the domain, is another name too.
	sub := newSigner(t, z, "mx.example.com")
	if got := v.Verify(ctx, sub.sign(t, mail("carol@example.com")), "carol@example.com", Policy{}); !got.Proven {
		t.Errorf("carol's mail, signed by mx.example.com: %+v", got)
	}
}

// A key held is served while its name does not answer: once its hour is
// past, a lookup that times out keeps the key it had (for staleFor after
// it was last fetched), rather than leaving its players unproven; a name
// that answers "no such key" is believed at once (a revocation).
func TestKeyServedWhileItsNameIsSilent(t *testing.T) {
	z := zone{}
	good := newSigner(t, z, "example.com")
	asked := map[string]int{}
	silent := false
	look := silentZone(z, asked)
	v := New(func(ctx context.Context, name string) ([]string, error) {
		if silent {
			asked[strings.ToLower(name)]++
			return nil, &net.DNSError{Err: "i/o timeout", Name: name, IsTimeout: true, IsTemporary: true}
		}
		return look(ctx, name)
	})
	start := time.Now()
	now := start
	v.keys.now = func() time.Time { return now }
	ctx := context.Background()
	verify := func() Result {
		return v.Verify(ctx, good.sign(t, mail("alice@example.com")), "alice@example.com", Policy{})
	}
	if got := verify(); !got.Proven {
		t.Fatal(got.Why)
	}
	silent = true
	now = start.Add(keyTTL + time.Minute)
	if got := verify(); !got.Proven {
		t.Errorf("the key an hour old, its name silent: %+v", got)
	}
	now = now.Add(stallFor / 2)
	if got := verify(); !got.Proven || asked["sel._domainkey.example.com"] != 2 {
		t.Errorf("during the name's stall: %+v, asked %d times, want 2", got, asked["sel._domainkey.example.com"])
	}
	now = start.Add(staleFor + time.Minute)
	if got := verify(); got.Proven || got.Fault != KeyUnknown {
		t.Errorf("a key fetched more than %v ago, its name silent: %+v", staleFor, got)
	}
	// Revoked: the name answers that it holds no key.
	silent = false
	now = now.Add(stallFor + time.Minute)
	if got := verify(); !got.Proven {
		t.Fatalf("the name answers again: %+v", got)
	}
	delete(z, "sel._domainkey.example.com")
	now = now.Add(keyTTL + time.Minute)
	if got := verify(); got.Proven || got.Fault != NoKey {
		t.Errorf("a revoked key: %+v", got)
	}
}

// A domain silent as a whole (silentNames of its names timed out) is not
// asked for names that never gave a key; a name that gave one is asked
// when its hour is past, and its key proves.
func TestSilentDomainStillAsksKnownKeys(t *testing.T) {
	z := zone{}
	good := newSigner(t, z, "example.com")
	asked := map[string]int{}
	v := New(silentZone(z, asked, "silent"))
	start := time.Now()
	now := start
	v.keys.now = func() time.Time { return now }
	ctx := context.Background()
	if got := v.Verify(ctx, good.sign(t, mail("alice@example.com")), "alice@example.com", Policy{}); !got.Proven {
		t.Fatal(got.Why)
	}
	now = start.Add(keyTTL - stallFor/2)
	for i := range silentNames + 2 {
		forged := &signer{domain: "example.com", selector: "silent" + strings.Repeat("x", i), key: good.key}
		v.Verify(ctx, forged.sign(t, mail("alice@example.com")), "alice@example.com", Policy{})
	}
	newcomer := &signer{domain: "example.com", selector: "other", key: good.key}
	z["other._domainkey.example.com"] = z["sel._domainkey.example.com"]
	if got := v.Verify(ctx, newcomer.sign(t, mail("bob@example.com")), "bob@example.com", Policy{}); got.Fault != KeyUnknown || asked["other._domainkey.example.com"] != 0 {
		t.Errorf("a name never seen, its domain silent: %+v, asked %d times", got, asked["other._domainkey.example.com"])
	}
	now = start.Add(keyTTL + time.Second) // the key's hour is past, the domain still silent
	if got := v.Verify(ctx, good.sign(t, mail("alice@example.com")), "alice@example.com", Policy{}); !got.Proven || asked["sel._domainkey.example.com"] != 2 {
		t.Errorf("the key a player proved by, its domain silent: %+v, asked %d times, want 2", got, asked["sel._domainkey.example.com"])
	}
}
