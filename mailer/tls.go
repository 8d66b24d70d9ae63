package mailer

import (
	"bytes"
	"crypto/tls"
	"encoding/pem"
	"errors"
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

// PinnedTLS is the TLS config that trusts one certificate, the server's
// own, whatever names it holds: a mail server on this machine shows a
// self-signed one (Debian's snakeoil) that no authority vouches for and
// that names the host, not 127.0.0.1. Postfix takes the club's password
// over TLS only (smtpd_tls_auth_only), so postal speaks TLS to
// it even on loopback, and knows it by this certificate. pem holds it (the
// first CERTIFICATE block).
func PinnedTLS(pemData []byte) (*tls.Config, error) {
	block, _ := pem.Decode(pemData)
	if block == nil || block.Type != "CERTIFICATE" {
		return nil, errors.New("mailer: no PEM certificate")
	}
	want := block.Bytes
	return &tls.Config{
		// Verification by names and authorities is replaced by the
		// comparison below, not dropped.
		InsecureSkipVerify: true,
		VerifyConnection: func(cs tls.ConnectionState) error {
			if len(cs.PeerCertificates) == 0 || !bytes.Equal(cs.PeerCertificates[0].Raw, want) {
				return errors.New("mailer: the server's certificate is not the one trusted for it (tls_certificate)")
			}
			return nil
		},
	}, nil
}
