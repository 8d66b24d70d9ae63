//go:build integration

package dovecot

import (
	"context"
	"net"
	"strings"
	"testing"
)

// TestIntegrationStart: a started Dovecot greets on IMAP and accepts LMTP
// delivery for a known user and refuses an unknown one.
func TestIntegrationStart(t *testing.T) {
	s := StartTest(t, Options{})
	c, err := net.Dial("tcp", s.IMAPAddr)
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 256)
	n, _ := c.Read(buf)
	c.Close()
	if !strings.HasPrefix(string(buf[:n]), "* OK") {
		t.Errorf("IMAP greeting %q", buf[:n])
	}
	msg := []byte("From: a@demo.test\r\nTo: postal@demo.test\r\nSubject: x\r\n\r\nhi\r\n")
	if err := s.Deliver(context.Background(), "a@demo.test", []string{"postal@demo.test"}, msg); err != nil {
		t.Errorf("delivery to postal: %v", err)
	}
	if err := s.Deliver(context.Background(), "a@demo.test", []string{"nobody@demo.test"}, msg); err == nil {
		t.Error("delivery to an unknown user succeeded")
	}
}
