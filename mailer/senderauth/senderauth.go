// Package senderauth judges how the club's own domain vouches for the
// club's mail, as receivers judge it: SPF (RFC 7208) for the machines the
// mail leaves from, and the policy of its DMARC record (RFC 7489). postal
// check reports it; a record that is only present is not yet
// one that works.
package senderauth

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strconv"
	"strings"

	"blitiri.com.ar/go/spf"
)

// SPFVerdict is what the SPF record of a domain says of the addresses the
// domain's mail leaves from.
type SPFVerdict struct {
	Record string   // the domain's SPF record; "" when it has none
	Why    string   // when Record is "", why (no TXT record, none with v=spf1)
	Broken string   // a fault that makes the record fail every mail, or let any machine send
	Passed []net.IP // the addresses it lets send (result pass)
	Failed []net.IP // the others
	Result string   // the SPF result of the first of Failed: fail, softfail, neutral, none
}

// CheckSPF evaluates the SPF record of domain for each of ips, as a
// receiver would for mail from sender, asking resolver (the club's).
func CheckSPF(ctx context.Context, resolver spf.DNSResolver, domain, sender string, ips []net.IP) SPFVerdict {
	var v SPFVerdict
	txt, err := resolver.LookupTXT(ctx, domain)
	if err != nil {
		v.Why = "no TXT record: " + err.Error()
		return v
	}
	var records []string
	for _, t := range txt {
		if f := strings.Fields(strings.ToLower(t)); len(f) > 0 && f[0] == "v=spf1" {
			records = append(records, t)
		}
	}
	switch len(records) {
	case 0:
		v.Why = "no TXT record starts with v=spf1"
		return v
	case 1:
	default:
		v.Record = records[0]
		v.Broken = "more than one SPF record: receivers take none (permerror)"
		return v
	}
	v.Record = records[0]
	for _, term := range strings.Fields(strings.ToLower(v.Record))[1:] {
		if term == "all" || term == "+all" {
			v.Broken = "\"" + term + "\" lets every machine on the internet send as the club: end it with -all (or ~all)"
			return v
		}
	}
	for _, ip := range ips {
		res, err := spf.CheckHostWithSender(ip, "", sender, spf.WithResolver(resolver), spf.WithContext(ctx))
		switch res {
		case spf.Pass:
			v.Passed = append(v.Passed, ip)
			continue
		case spf.PermError, spf.TempError:
			v.Broken = fmt.Sprintf("%s for %s: %v", res, ip, err)
			return v
		}
		if v.Result == "" {
			v.Result = string(res)
		}
		v.Failed = append(v.Failed, ip)
	}
	return v
}

// DMARC is the policy of a DMARC record.
type DMARC struct {
	Record  string
	Policy  string // none, quarantine or reject
	Percent int    // pct: the share of failing mail the policy applies to
}

// ParseDMARC reads the DMARC record among the TXT records of
// _dmarc.DOMAIN.
func ParseDMARC(txt []string) (DMARC, error) {
	var records []string
	for _, t := range txt {
		if tag, _, _ := strings.Cut(t, ";"); strings.EqualFold(strings.ReplaceAll(tag, " ", ""), "v=DMARC1") {
			records = append(records, t)
		}
	}
	switch len(records) {
	case 0:
		return DMARC{}, errors.New("no record starts with v=DMARC1")
	case 1:
	default:
		return DMARC{Record: records[0]}, errors.New("more than one DMARC record: receivers take none")
	}
	d := DMARC{Record: records[0], Percent: 100}
	for _, tag := range strings.Split(d.Record, ";")[1:] {
		k, val, _ := strings.Cut(tag, "=")
		k, val = strings.ToLower(strings.TrimSpace(k)), strings.ToLower(strings.TrimSpace(val))
		switch k {
		case "p":
			d.Policy = val
		case "pct":
			n, err := strconv.Atoi(val)
			if err != nil || n < 0 || n > 100 {
				return d, fmt.Errorf("pct=%s is not a percentage", val)
			}
			d.Percent = n
		}
	}
	switch d.Policy {
	case "none", "quarantine", "reject":
		return d, nil
	case "":
		return d, errors.New("no policy (p=): receivers ignore the record")
	}
	return d, fmt.Errorf("p=%s is none of none, quarantine, reject", d.Policy)
}
