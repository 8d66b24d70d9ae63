package dkimproof

import (
	"context"
	"net"
	"strings"
	"testing"
	"time"
)

// Issue 32, finding 7: forged mails signed by selectors whose name servers
// never answer cost one lookup timeout in all, not one each; a key looked
// up before still proves meanwhile; a name without a key is asked once;
// after stallFor the domain is asked again.
func TestSilentDomainAskedOnce(t *testing.T) {
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
	if n := silentTotal(); n != 1 {
		t.Errorf("the silent name servers were asked %d times for 20 mails, want 1", n)
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
	if n := silentTotal(); n != 2 {
		t.Errorf("after the stall, the silent name servers were asked %d times in all, want 2", n)
	}
}
