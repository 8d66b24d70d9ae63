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
// each lookup waits at most lookupTimeout, and what DNS answered is kept
// by name (selector and domain): keyTTL for a key, missTTL for a name
// without one, errTTL for another failure, and stallFor for a name that
// did not answer at all.
//
// A silence is the name's, not its domain's. One selector of a domain may
// have name servers of its own (a service that signs for the domain, its
// selector delegated to the service's DNS): when they are down, the
// domain's other keys still answer, and must still prove. Stalling the
// whole organizational domain on one timeout made every player of a large
// provider unprovable by DKIM for five minutes, at the cost of one lost
// packet or of one forged mail under a selector a forger knew to be
// silent.
//
// The forger picks the selector, though: with stalls by name alone, each
// forged mail under a fresh name of a silent domain would cost a timeout.
// So a domain whose silentNames different names timed out within stallFor
// is silent as a whole for stallFor: a name under it that never gave a key
// is not asked (unknown at once), and a name that did (a key a player's
// mail proved by) is still asked, once in stallFor at most. A forger can
// grow the names a domain does not answer for, never the names that gave
// a key. However many forged mails name a silent domain, they cost at most
// silentNames timeouts in stallFor, and the domain's players whose keys
// were seen still prove.
//
// A key held is served while its name is silent (for staleFor after DNS
// last gave it, as resolvers serve stale answers, RFC 8767): a name whose
// refresh times out keeps its key, and its players stay provable. An
// answer that the key is gone (no such name, an empty record) is believed
// at once: it is how a domain revokes a key.

const (
	keyTTL   = time.Hour        // a key found: a domain that revokes one is believed an hour later
	missTTL  = 10 * time.Minute // a name without a key
	errTTL   = time.Minute      // a name whose lookup failed otherwise
	stallFor = 5 * time.Minute  // a name, or a domain, whose name servers did not answer
	// silentNames is how many different names of an organizational domain
	// must time out within stallFor for the domain to be silent as a whole.
	silentNames = 3
	// staleFor is how long after DNS last gave a key it is served while its
	// name does not answer.
	staleFor = 24 * time.Hour
	// maxCachedKeys bounds the cache: past it, the entries that passed
	// their time are dropped, and if none had, all.
	maxCachedKeys = 10_000
)

// keyCache holds what DNS answered, for a Verifier.
type keyCache struct {
	mu     sync.Mutex
	now    func() time.Time
	names  map[string]cachedKey // by DNS name, lower case
	silent map[string]*silence  // by organizational domain
}

type cachedKey struct {
	txt   []string
	err   error
	until time.Time
	// key is the last key DNS gave for the name, and keyAt when: served
	// while the name is silent, until keyAt+staleFor.
	key   []string
	keyAt time.Time
}

// silence is what an organizational domain's name servers left unanswered
// lately: when each name timed out, and until when the domain is silent as
// a whole.
type silence struct {
	names map[string]time.Time
	until time.Time
}

func newKeyCache() *keyCache {
	return &keyCache{now: time.Now, names: map[string]cachedKey{}, silent: map[string]*silence{}}
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
	e, held := c.names[name]
	if held && now.Before(e.until) {
		c.mu.Unlock()
		return e.txt, e.err
	}
	if s := c.silent[org]; s != nil && now.Before(s.until) && !e.stale(now) {
		c.mu.Unlock()
		return nil, errStalled(name)
	}
	c.mu.Unlock()

	start := time.Now()
	ctx, cancel := context.WithTimeout(parent, lookupTimeout)
	txt, err := look(ctx, name)
	cancel()
	if parent.Err() != nil {
		if dl, ok := parent.Deadline(); errors.Is(parent.Err(), context.Canceled) || ok && dl.Sub(start) < lookupTimeout {
			// The caller gave up, or the mail's own time ran out before
			// the lookup had its full time: this says nothing of the name.
			return txt, err
		}
	}

	c.mu.Lock()
	defer c.mu.Unlock()
	now = c.now()
	e = c.names[name] // as it is now: another lookup may have filled it
	ttl := keyTTL
	var dnsErr *net.DNSError
	switch {
	case err == nil:
		e.key, e.keyAt = txt, now
	case errors.Is(err, context.DeadlineExceeded) || errors.As(err, &dnsErr) && dnsErr.IsTimeout:
		c.heardNothing(org, name, now)
		ttl = stallFor
		if e.stale(now) {
			txt, err = e.key, nil
		}
	case errors.As(err, &dnsErr) && dnsErr.IsNotFound:
		ttl = missTTL
		e.key, e.keyAt = nil, time.Time{} // revoked: not served again
	default:
		ttl = errTTL
		if e.stale(now) {
			txt, err = e.key, nil
		}
	}
	e.txt, e.err, e.until = txt, err, now.Add(ttl)
	if len(c.names) >= maxCachedKeys {
		c.prune(now)
	}
	c.names[name] = e
	return txt, err
}

// stale reports whether e holds a key DNS gave within staleFor.
func (e cachedKey) stale(now time.Time) bool {
	return e.key != nil && now.Sub(e.keyAt) < staleFor
}

// heardNothing records that name, under the organizational domain org,
// timed out at now: the domain is silent as a whole once silentNames of
// its names did within stallFor.
func (c *keyCache) heardNothing(org, name string, now time.Time) {
	s := c.silent[org]
	if s == nil {
		s = &silence{names: map[string]time.Time{}}
		c.silent[org] = s
	}
	for n, at := range s.names {
		if now.Sub(at) >= stallFor {
			delete(s.names, n)
		}
	}
	if len(s.names) < silentNames { // the names kept are bounded as well
		s.names[name] = now
	}
	if len(s.names) >= silentNames {
		s.until = now.Add(stallFor)
	}
}

// prune drops the entries past their time (a key still served stale is
// kept), or all if none was.
func (c *keyCache) prune(now time.Time) {
	for k, e := range c.names {
		if !now.Before(e.until) && !e.stale(now) {
			delete(c.names, k)
		}
	}
	for k, s := range c.silent {
		if !now.Before(s.until) {
			fresh := false
			for _, at := range s.names {
				fresh = fresh || now.Sub(at) < stallFor
			}
			if !fresh {
				delete(c.silent, k)
			}
		}
	}
	if len(c.names) >= maxCachedKeys {
		clear(c.names)
	}
}
