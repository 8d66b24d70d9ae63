package dkimproof

import (
	"context"
	"errors"
	"net"
	"strings"
	"sync"
	"time"

	"golang.org/x/net/publicsuffix"
)

// Key lookups, bounded. The club handles one mail at
// a time, and a key lookup waits on DNS: a forged mail signed by a domain
// whose name servers do not answer cost 5 s of everyone's time, each. Now
// each lookup waits at most lookupTimeout; what DNS answered is kept
// (keyTTL for a key, missTTL for a name without one, errTTL for another
// failure), by name (selector and domain); and once a lookup under an
// organizational domain timed out, postal asks DNS nothing more under it
// for stallFor: the keys it holds of that domain still serve, any other
// is unknown at once. However many mails name a silent domain, they cost
// one timeout in stallFor.

const (
	keyTTL   = time.Hour        // a key found: a domain that revokes one is believed an hour later
	missTTL  = 10 * time.Minute // a name without a key
	errTTL   = time.Minute      // a name whose lookup failed otherwise
	stallFor = 5 * time.Minute  // a domain whose name servers did not answer
	// maxCachedKeys bounds the cache: past it, the entries that passed
	// their time are dropped, and if none had, all.
	maxCachedKeys = 10_000
)

// keyCache holds what DNS answered, for a Verifier.
type keyCache struct {
	mu      sync.Mutex
	now     func() time.Time
	names   map[string]cachedKey // by DNS name, lower case
	stalled map[string]time.Time // organizational domain -> until when it is not asked
}

type cachedKey struct {
	txt   []string
	err   error
	until time.Time
}

func newKeyCache() *keyCache {
	return &keyCache{now: time.Now, names: map[string]cachedKey{}, stalled: map[string]time.Time{}}
}

// errStalled is the answer for a name under a domain whose name servers did
// not answer lately: temporary (go-msgauth reads it as a key unavailable,
// the club as KeyUnknown).
func errStalled(name string) error {
	return &net.DNSError{Err: "its domain's name servers did not answer lately: not asked", Name: name, IsTemporary: true, IsTimeout: true}
}

// lookup returns the TXT records of name, a key's name under the signing
// domain d, from the cache or from look.
func (c *keyCache) lookup(parent context.Context, name, d string, look LookupTXT) ([]string, error) {
	name = strings.ToLower(strings.TrimSuffix(name, "."))
	org, err := publicsuffix.EffectiveTLDPlusOne(strings.ToLower(strings.TrimSuffix(d, ".")))
	if err != nil {
		org = d
	}
	c.mu.Lock()
	now := c.now()
	if e, ok := c.names[name]; ok && now.Before(e.until) {
		c.mu.Unlock()
		return e.txt, e.err
	}
	if until, ok := c.stalled[org]; ok && now.Before(until) {
		c.mu.Unlock()
		return nil, errStalled(name)
	}
	c.mu.Unlock()

	ctx, cancel := context.WithTimeout(parent, lookupTimeout)
	txt, err := look(ctx, name)
	cancel()
	if errors.Is(parent.Err(), context.Canceled) {
		return txt, err // the caller gave up: this says nothing of the domain
	}

	c.mu.Lock()
	defer c.mu.Unlock()
	now = c.now()
	ttl := keyTTL
	var dnsErr *net.DNSError
	switch {
	case err == nil:
	case errors.Is(err, context.DeadlineExceeded) || errors.As(err, &dnsErr) && dnsErr.IsTimeout:
		c.stalled[org] = now.Add(stallFor)
		ttl = stallFor
	case errors.As(err, &dnsErr) && dnsErr.IsNotFound:
		ttl = missTTL
	default:
		ttl = errTTL
	}
	if len(c.names) >= maxCachedKeys {
		c.prune(now)
	}
	c.names[name] = cachedKey{txt: txt, err: err, until: now.Add(ttl)}
	return txt, err
}

// prune drops the entries past their time, or all if none was.
func (c *keyCache) prune(now time.Time) {
	for k, e := range c.names {
		if !now.Before(e.until) {
			delete(c.names, k)
		}
	}
	for k, until := range c.stalled {
		if !now.Before(until) {
			delete(c.stalled, k)
		}
	}
	if len(c.names) >= maxCachedKeys {
		clear(c.names)
	}
}
