package main

import (
	"net"
	"strings"
	"sync"
	"testing"

	"golang.org/x/net/dns/dnsmessage"
)

// testDNS is a DNS server on a UDP port of loopback that answers TXT, A
// and MX questions from its zone, NXDOMAIN for a name it does not hold:
// postal check and the daemon ask it as [club] dns_resolver, as they ask a
// club's real resolver.
type testDNS struct {
	Addr string

	mu  sync.Mutex
	txt map[string][]string
	a   map[string][]net.IP
	mx  map[string][]string
	// silent is a prefix of the names the server never answers (a name
	// server that is down or drops the question), and unanswered counts
	// the questions it so left (issue 32, finding 7).
	silent     string
	unanswered int
}

// Silence makes the server leave every question about a name that starts
// with prefix unanswered.
func (d *testDNS) Silence(prefix string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.silent = strings.ToLower(prefix)
}

// Unanswered is how many questions the server left unanswered.
func (d *testDNS) Unanswered() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.unanswered
}

// ignores reports whether the server leaves the question about name
// unanswered, and counts it.
func (d *testDNS) ignores(name string) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.silent == "" || !strings.HasPrefix(strings.ToLower(name), d.silent) {
		return false
	}
	d.unanswered++
	return true
}

func startDNS(t testing.TB) *testDNS {
	t.Helper()
	pc, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { pc.Close() })
	d := &testDNS{Addr: pc.LocalAddr().String(), txt: map[string][]string{}, a: map[string][]net.IP{}, mx: map[string][]string{}}
	go d.serve(pc)
	return d
}

func fqdn(name string) string { return strings.ToLower(strings.TrimSuffix(name, ".")) + "." }

// TXT sets the TXT records of name; none removes them.
func (d *testDNS) TXT(name string, values ...string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.txt[fqdn(name)] = values
}

// A sets the addresses of name.
func (d *testDNS) A(name string, ips ...net.IP) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.a[fqdn(name)] = ips
}

// MX sets the mail exchangers of name.
func (d *testDNS) MX(name string, hosts ...string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.mx[fqdn(name)] = hosts
}

func (d *testDNS) serve(pc net.PacketConn) {
	buf := make([]byte, 1500)
	for {
		n, from, err := pc.ReadFrom(buf)
		if err != nil {
			return
		}
		var msg dnsmessage.Message
		if msg.Unpack(buf[:n]) != nil || len(msg.Questions) != 1 {
			continue
		}
		q := msg.Questions[0]
		if d.ignores(q.Name.String()) {
			continue
		}
		msg.Header.Response, msg.Header.Authoritative = true, true
		msg.Answers = d.answers(q)
		if msg.Answers == nil && !d.holds(q.Name.String()) {
			msg.Header.RCode = dnsmessage.RCodeNameError
		}
		if out, err := msg.Pack(); err == nil {
			pc.WriteTo(out, from)
		}
	}
}

// holds reports whether the zone has any record of name.
func (d *testDNS) holds(name string) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	name = fqdn(name)
	return len(d.txt[name]) > 0 || len(d.a[name]) > 0 || len(d.mx[name]) > 0
}

func (d *testDNS) answers(q dnsmessage.Question) []dnsmessage.Resource {
	d.mu.Lock()
	defer d.mu.Unlock()
	name := fqdn(q.Name.String())
	hdr := func(typ dnsmessage.Type) dnsmessage.ResourceHeader {
		return dnsmessage.ResourceHeader{Name: q.Name, Type: typ, Class: dnsmessage.ClassINET, TTL: 60}
	}
	var out []dnsmessage.Resource
	switch q.Type {
	case dnsmessage.TypeTXT:
		for _, txt := range d.txt[name] {
			var chunks []string
			for len(txt) > 255 {
				chunks, txt = append(chunks, txt[:255]), txt[255:]
			}
			out = append(out, dnsmessage.Resource{Header: hdr(dnsmessage.TypeTXT), Body: &dnsmessage.TXTResource{TXT: append(chunks, txt)}})
		}
	case dnsmessage.TypeA:
		for _, ip := range d.a[name] {
			if v4 := ip.To4(); v4 != nil {
				out = append(out, dnsmessage.Resource{Header: hdr(dnsmessage.TypeA), Body: &dnsmessage.AResource{A: [4]byte(v4)}})
			}
		}
	case dnsmessage.TypeAAAA:
		for _, ip := range d.a[name] {
			if ip.To4() == nil {
				out = append(out, dnsmessage.Resource{Header: hdr(dnsmessage.TypeAAAA), Body: &dnsmessage.AAAAResource{AAAA: [16]byte(ip.To16())}})
			}
		}
	case dnsmessage.TypeMX:
		for i, h := range d.mx[name] {
			out = append(out, dnsmessage.Resource{Header: hdr(dnsmessage.TypeMX), Body: &dnsmessage.MXResource{Pref: uint16(10 * (i + 1)), MX: dnsmessage.MustNewName(fqdn(h))}})
		}
	}
	return out
}
