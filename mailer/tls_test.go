package mailer

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"net"
	"testing"
	"time"

	"postal/mailer/demoserver"
)

// testCert makes a self-signed certificate for 127.0.0.1 and a client
// configuration that trusts only it.
func testCert(t *testing.T) (server, client *tls.Config) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1),
		Subject:      pkix.Name{CommonName: "postal test"},
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().Add(time.Hour),
		IPAddresses:  []net.IP{net.IPv4(127, 0, 0, 1)},
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AddCert(cert)
	server = &tls.Config{Certificates: []tls.Certificate{{Certificate: [][]byte{der}, PrivateKey: key}}}
	client = &tls.Config{RootCAs: pool}
	return server, client
}

// TestTLSModes: the watcher and the sender work over implicit TLS and
// STARTTLS, and verify the server's certificate.
func TestTLSModes(t *testing.T) {
	for _, mode := range []TLSMode{TLSImplicit, TLSStartTLS} {
		t.Run(mode.String(), func(t *testing.T) {
			serverTLS, clientTLS := testCert(t)
			srv, err := demoserver.Start(demoserver.Options{
				IMAPAddr: "127.0.0.1:0", SMTPAddr: "127.0.0.1:0", Logger: testLogger(t),
				TLSConfig: serverTLS, ImplicitTLS: mode == TLSImplicit,
			})
			if err != nil {
				t.Fatal(err)
			}
			defer srv.Close()

			q := &memQueue{}
			id := q.add(boardReply(t, srv.Club), time.Now())
			s := NewSender(SendOptions{Addr: srv.SMTPAddr, TLS: mode, TLSConfig: clientTLS,
				User: "alice@demo.test", Password: "alice", Logger: testLogger(t)})
			if err := s.Send(context.Background(), q.row(id).Msg); err != nil {
				t.Fatalf("Send over %v: %v", mode, err)
			}

			rec := newRecorder()
			w := NewWatcher(WatchOptions{Addr: srv.IMAPAddr, TLS: mode, TLSConfig: clientTLS,
				User: srv.Club, Password: "postal", Processed: "Processed", Logger: testLogger(t)})
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan error, 1)
			go func() { done <- w.Run(ctx, rec.handle) }()
			rec.expect(t, "postal-42-8@demo.test")
			cancel()
			if err := <-done; err != nil {
				t.Errorf("Run = %v", err)
			}

			// Without the test CA the certificate must be refused.
			s = NewSender(SendOptions{Addr: srv.SMTPAddr, TLS: mode, User: "alice@demo.test", Password: "alice",
				Timeout: 5 * time.Second, Logger: testLogger(t)})
			if err := s.Send(context.Background(), q.row(id).Msg); err == nil {
				t.Error("Send trusted an unknown certificate")
			}
			if _, err := dialIMAP(context.Background(), srv.IMAPAddr, mode, nil, srv.Club, "postal", nil); err == nil {
				t.Error("IMAP trusted an unknown certificate")
			}

			// The server's own certificate pinned (a self-signed one of a
			// mail server on this machine) is trusted whatever it names;
			// another is refused (issue 34).
			pinned, err := PinnedTLS(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: serverTLS.Certificates[0].Certificate[0]}))
			if err != nil {
				t.Fatal(err)
			}
			pinned.ServerName = "mx.club.example"
			s = NewSender(SendOptions{Addr: srv.SMTPAddr, TLS: mode, TLSConfig: pinned, User: "alice@demo.test", Password: "alice", Logger: testLogger(t)})
			if err := s.Send(context.Background(), q.row(id).Msg); err != nil {
				t.Errorf("Send with the server's certificate pinned: %v", err)
			}
			if c, err := dialIMAP(context.Background(), srv.IMAPAddr, mode, pinned, srv.Club, "postal", nil); err != nil {
				t.Errorf("IMAP with the server's certificate pinned: %v", err)
			} else {
				c.Close()
			}
			otherTLS, _ := testCert(t)
			other, err := PinnedTLS(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: otherTLS.Certificates[0].Certificate[0]}))
			if err != nil {
				t.Fatal(err)
			}
			s = NewSender(SendOptions{Addr: srv.SMTPAddr, TLS: mode, TLSConfig: other, User: "alice@demo.test", Password: "alice",
				Timeout: 5 * time.Second, Logger: testLogger(t)})
			if err := s.Send(context.Background(), q.row(id).Msg); err == nil {
				t.Error("Send trusted a certificate other than the one pinned")
			}
		})
	}
}

func TestParseTLSMode(t *testing.T) {
	for in, want := range map[string]TLSMode{"tls": TLSImplicit, "": TLSImplicit, "STARTTLS": TLSStartTLS, "none": TLSNone} {
		if got, err := ParseTLSMode(in); err != nil || got != want {
			t.Errorf("ParseTLSMode(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	if _, err := ParseTLSMode("ssl3"); err == nil {
		t.Error("ParseTLSMode accepted ssl3")
	}
	for addr, ok := range map[string]bool{"127.0.0.1:25": true, "[::1]:25": true, "localhost:25": true, "10.0.0.1:25": false, "mail.example.org:25": false} {
		if err := checkPlainAllowed(TLSNone, addr); (err == nil) != ok {
			t.Errorf("checkPlainAllowed(none, %s) = %v", addr, err)
		}
	}
}
