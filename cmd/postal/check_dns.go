package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"strings"
	"time"

	"postal/mailer/dkimproof"
	"postal/mailer/senderauth"
)

// The club's domain vouches for its mail: the resolver postal
// verifies players' DKIM signatures through answers, the club's own test
// mail comes back with a signature that verifies against the published key,
// SPF lets the machines that send it, and DMARC asks receivers to refuse
// forgeries.

// dnsTimeout bounds each look-up of the check.
const dnsTimeout = 5 * time.Second

// checkResolver: the resolver of [club] dns_resolver (or the system's)
// answers. It is the one that looks up players' DKIM keys: when it does
// not answer, no player's signature proves anything.
func (c *checker) checkResolver(ctx context.Context, cfg *Config) {
	_, domain, _ := strings.Cut(cfg.Club.Address, "@")
	lctx, cancel := context.WithTimeout(ctx, dnsTimeout)
	defer cancel()
	_, err := c.resolver.LookupTXT(lctx, domain)
	var dnsErr *net.DNSError
	if err != nil && !(errors.As(err, &dnsErr) && dnsErr.IsNotFound) {
		if dnsErr != nil {
			// Its own words, without the "on SERVER" of the system's
			// resolver, which Go names even when it asked another.
			err = errors.New(dnsErr.Err)
		}
		if cfg.Club.DNSResolver != "" {
			c.fail("resolver", fmt.Errorf("[club] dns_resolver = %q did not answer (%v)", cfg.Club.DNSResolver, err),
				"postal verifies players' DKIM signatures through it, and without it no signature proves a sender: start that resolver, or set dns_resolver to one that answers (\"\" for the system's, /etc/resolv.conf)")
		} else {
			c.fail("resolver", fmt.Errorf("the system's resolver (%s) did not answer (%v)", systemResolvers(), err),
				"postal verifies players' DKIM signatures through it: mend /etc/resolv.conf, or set [club] dns_resolver = \"host:port\" to a resolver that answers")
		}
		return
	}
	c.resolverOK = true
	if cfg.Club.DNSResolver != "" {
		c.ok("resolver", fmt.Sprintf("%s answers (players' DKIM keys are looked up there)", cfg.Club.DNSResolver))
	} else {
		c.ok("resolver", fmt.Sprintf("the system's, %s, answers (players' DKIM keys are looked up there)", systemResolvers()))
	}
}

// systemResolvers are the name servers of /etc/resolv.conf, for the
// messages.
func systemResolvers() string {
	f, err := os.Open("/etc/resolv.conf")
	if err != nil {
		return "/etc/resolv.conf"
	}
	defer f.Close()
	var servers []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if fields := strings.Fields(sc.Text()); len(fields) >= 2 && fields[0] == "nameserver" {
			servers = append(servers, fields[1])
		}
	}
	if len(servers) == 0 {
		return "/etc/resolv.conf names none"
	}
	return strings.Join(servers, ", ")
}

// dkim: the test mail came back with a DKIM signature of the club's domain
// that postal's own verifier verifies against the published key, as the
// players' providers will.
func (c *checker) dkim(ctx context.Context, cfg *Config) {
	_, domain, _ := strings.Cut(cfg.Club.Address, "@")
	switch {
	case !c.resolverOK:
		c.skip("dkim", "needs a resolver that answers")
		return
	case c.trip == nil:
		c.skip("dkim", "needs the test mail (plus address)")
		return
	}
	got := dkimproof.New(c.resolver.LookupTXT).Verify(ctx, c.trip.Raw, cfg.Club.Address, dkimproof.Policy{})
	record := func(sel, d string) string {
		if sel == "" {
			sel = "SELECTOR"
		}
		return sel + "._domainkey." + d
	}
	signer := "the server of [smtp] (" + cfg.SMTP.Host + ")"
	switch got.Fault {
	case dkimproof.NoFault:
		detail := fmt.Sprintf("the test mail came back signed by %s and verifies against the key at %s", got.Domain, record(got.Selector, got.Domain))
		if sel := cfg.Club.DKIMSelector; sel != "" && sel != got.Selector {
			c.warn("dkim", detail+fmt.Sprintf(", selector %q, not [club] dkim_selector %q", got.Selector, sel), fmt.Sprintf("set dkim_selector = %q, or have the signer use %q", got.Selector, sel))
			return
		}
		c.ok("dkim", detail)
	case dkimproof.Unsigned:
		if why, ok := signsOnlyOutside(cfg.SMTP.Host); ok {
			c.warn("dkim", "the test mail came back unsigned: "+why+"; the signature of the club's mail to players is not proved here",
				"send a mail from the club to an address elsewhere and look at its DKIM-Signature and Authentication-Results (dkim=pass header.d="+domain+")")
			return
		}
		c.fail("dkim", fmt.Errorf("the test mail came back without a DKIM signature: players' providers cannot tell the club's mail from a forgery, and DMARC fails it"),
			signer+" must sign the club's mail for "+domain+". With docs/deploy.md's OpenDKIM: is it running (systemctl status opendkim; Postfix's milter_default_action = accept lets mail through unsigned when it is not), and named in Postfix's smtpd_milters? A provider signs once DKIM is turned on for the domain (docs/deploy.md)")
	case dkimproof.NotAligned:
		c.fail("dkim", fmt.Errorf("the test mail is signed by %s, not by the club's domain %s: DMARC needs a signature of %s", got.Domain, domain, domain),
			signer+" must sign with the domain "+domain+" (OpenDKIM: Domain in /etc/opendkim.conf; a provider: turn DKIM on for "+domain+")")
	case dkimproof.NoKey:
		c.fail("dkim", fmt.Errorf("no DKIM key is published at %s, the selector the test mail is signed with", record(got.Selector, got.Domain)),
			"publish the signer's public key as a TXT record at "+record(got.Selector, got.Domain)+" (OpenDKIM: the record opendkim-genkey wrote to /etc/opendkim/keys/"+got.Selector+".txt)")
	case dkimproof.WrongKey:
		c.fail("dkim", fmt.Errorf("the key published at %s does not verify the test mail's signature (%s)", record(got.Selector, got.Domain), got.Why),
			"the record holds another key than the one the signer signs with: publish the signer's (OpenDKIM: /etc/opendkim/keys/"+got.Selector+".txt, written with the KeyFile it signs with), and wait for the old record's TTL; a server that changes the mail after signing it breaks the signature too")
	case dkimproof.KeyUnknown:
		c.fail("dkim", fmt.Errorf("the key at %s could not be looked up (%s)", record(got.Selector, got.Domain), got.Why),
			"the resolver did not answer for it: see the resolver line, and the domain's name servers")
	default:
		c.fail("dkim", fmt.Errorf("the test mail's signature proves nothing: %s", got.Why), signer+" must sign the club's mail for "+domain)
	}
}

// signsOnlyOutside says why a provider's SMTP host leaves mail within its
// organization unsigned, for the hosts of providers known to do so: there
// the club's test mail to itself proves nothing of its signature.
func signsOnlyOutside(host string) (string, bool) {
	switch strings.ToLower(strings.TrimSuffix(host, ".")) {
	case "smtp.office365.com", "smtp-mail.outlook.com":
		// Microsoft omits the signature when sender and recipient are of
		// the same organization (MicrosoftDocs/microsoft-365-docs#9782).
		return "Microsoft 365 signs no mail whose sender and recipient are of the same organization", true
	}
	return "", false
}

// spf: the SPF record of the club's domain lets the machines the club's
// mail leaves from, judged as receivers judge it (RFC 7208).
func (c *checker) spf(ctx context.Context, cfg *Config) {
	if !c.resolverOK {
		c.skip("spf", "needs a resolver that answers")
		return
	}
	_, domain, _ := strings.Cut(cfg.Club.Address, "@")
	fix := "publish a TXT record at " + domain + " naming the machines that send its mail, e.g. \"v=spf1 mx -all\" when they are its MX, as in docs/deploy.md"
	lctx, cancel := context.WithTimeout(ctx, 3*dnsTimeout)
	defer cancel()
	senders, own, err := c.senders(lctx, cfg)
	if err != nil {
		c.fail("spf", err, "check [smtp] host")
		return
	}
	v := senderauth.CheckSPF(lctx, c.resolver, domain, cfg.Club.Address, senders)
	switch {
	case v.Record == "":
		c.fail("spf", fmt.Errorf("no SPF record at %s (%s)", domain, v.Why), fix)
	case v.Broken != "":
		c.fail("spf", fmt.Errorf("%s: %.80s: %s", domain, v.Record, v.Broken), fix)
	case len(senders) == 0:
		c.warn("spf", fmt.Sprintf("%s: %.80s; this machine has no public address to judge it by (behind NAT?)", domain, v.Record),
			"make sure it names the public address the club's mail leaves from")
	case len(v.Passed) == len(senders):
		c.ok("spf", fmt.Sprintf("%s: %.80s lets %s send", domain, v.Record, joinIPs(v.Passed)))
	case len(v.Passed) > 0 || !own:
		// A provider's submission host is not always the machine its
		// mail leaves from: its record may be right all the same.
		what := fmt.Sprintf("%s: %.80s gives %s for %s", domain, v.Record, v.Result, joinIPs(v.Failed))
		if !own {
			what += fmt.Sprintf(", the addresses of %s (a provider may send from other machines than the one postal submits to)", cfg.SMTP.Host)
		}
		c.warn("spf", what, "name every machine the club's mail leaves from; a provider's documentation names the include: to add (docs/deploy.md)")
	default:
		c.fail("spf", fmt.Errorf("%s: %.80s does not let this machine (%s) send: receivers see %s", domain, v.Record, joinIPs(v.Failed), v.Result), fix)
	}
}

// senders are the addresses the club's mail leaves from: this machine's
// public ones when [smtp] is on loopback (own is then true), else the
// addresses of [smtp] host.
func (c *checker) senders(ctx context.Context, cfg *Config) (ips []net.IP, own bool, err error) {
	host := cfg.SMTP.Host
	if ip := net.ParseIP(host); host == "localhost" || ip != nil && ip.IsLoopback() {
		local := c.localAddrs
		if local == nil {
			local = interfaceAddrs
		}
		all, err := local()
		if err != nil {
			return nil, true, err
		}
		for _, ip := range all {
			if ip.IsGlobalUnicast() && !ip.IsPrivate() {
				ips = append(ips, ip)
			}
		}
		return ips, true, nil
	}
	addrs, err := c.resolver.LookupIPAddr(ctx, host)
	if err != nil {
		return nil, false, fmt.Errorf("[smtp] host %s: %w", host, err)
	}
	for _, a := range addrs {
		ips = append(ips, a.IP)
	}
	return ips, false, nil
}

// interfaceAddrs are the addresses of this machine's interfaces.
func interfaceAddrs() ([]net.IP, error) {
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		return nil, err
	}
	var ips []net.IP
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok {
			ips = append(ips, n.IP)
		}
	}
	return ips, nil
}

func joinIPs(ips []net.IP) string {
	s := make([]string, len(ips))
	for i, ip := range ips {
		s[i] = ip.String()
	}
	return strings.Join(s, ", ")
}

// dmarc: the DMARC record of the club's domain asks receivers to
// quarantine or reject what fails, as docs/internet.md asks.
func (c *checker) dmarc(ctx context.Context, cfg *Config) {
	if !c.resolverOK {
		c.skip("dmarc", "needs a resolver that answers")
		return
	}
	_, domain, _ := strings.Cut(cfg.Club.Address, "@")
	name := "_dmarc." + domain
	fix := "publish a TXT record at " + name + ", e.g. \"v=DMARC1; p=quarantine\" (docs/internet.md asks for quarantine or reject)"
	lctx, cancel := context.WithTimeout(ctx, dnsTimeout)
	defer cancel()
	txt, err := c.resolver.LookupTXT(lctx, name)
	if err != nil {
		c.fail("dmarc", fmt.Errorf("no TXT record at %s", name), fix)
		return
	}
	p, err := senderauth.ParseDMARC(txt)
	switch {
	case err != nil:
		c.fail("dmarc", fmt.Errorf("%s: %w", name, err), fix)
	case p.Policy == "none":
		c.warn("dmarc", fmt.Sprintf("%s: %.60s asks receivers to do nothing with forgeries of the club's mail (p=none)", name, p.Record),
			"once the dkim and spf lines are ok, publish p=quarantine or p=reject, as docs/internet.md asks: a forged mail from the club then does not reach players")
	case p.Percent < 100:
		c.warn("dmarc", fmt.Sprintf("%s: %.60s applies its policy to %d%% of failing mail only", name, p.Record, p.Percent), "drop pct= (100 is the default)")
	default:
		c.ok("dmarc", fmt.Sprintf("%s: %.60s", name, p.Record))
	}
}
