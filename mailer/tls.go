package mailer

import (
	"fmt"
	"net"
	"strings"
)

// TLSMode says how a connection to a mail server is secured.
type TLSMode int

const (
	// TLSImplicit connects with TLS from the first byte (IMAPS port 993,
	// submissions port 465). It is the zero value, so a forgotten setting
	// fails safe.
	TLSImplicit TLSMode = iota
	// TLSStartTLS connects in plain text and upgrades with STARTTLS before
	// authenticating (IMAP port 143, submission port 587).
	TLSStartTLS
	// TLSNone sends everything, password included, in plain text. It is
	// accepted only for loopback addresses (the demo and test servers).
	TLSNone
)

// String returns the name ParseTLSMode accepts.
func (m TLSMode) String() string {
	switch m {
	case TLSImplicit:
		return "tls"
	case TLSStartTLS:
		return "starttls"
	case TLSNone:
		return "none"
	}
	return fmt.Sprintf("TLSMode(%d)", int(m))
}

// ParseTLSMode reads a TLS mode from configuration: "tls" (or "implicit"),
// "starttls", or "none".
func ParseTLSMode(s string) (TLSMode, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "tls", "implicit", "":
		return TLSImplicit, nil
	case "starttls":
		return TLSStartTLS, nil
	case "none", "plain":
		return TLSNone, nil
	}
	return 0, fmt.Errorf("mailer: unknown TLS mode %q (want tls, starttls or none)", s)
}

// checkPlainAllowed refuses TLSNone towards anything but a loopback address,
// so that a typo in the configuration cannot send a password in clear text
// over the network.
func checkPlainAllowed(mode TLSMode, addr string) error {
	if mode != TLSNone {
		return nil
	}
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("mailer: address %q: %w", addr, err)
	}
	if host == "localhost" {
		return nil
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		return nil
	}
	return fmt.Errorf("mailer: TLS mode none is only allowed to loopback addresses, not %q", host)
}
