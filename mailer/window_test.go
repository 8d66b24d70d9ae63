package mailer

import (
	"bufio"
	"context"
	"net"
	"strings"
	"sync"
	"testing"
	"time"
)

// slowQuitServer speaks just enough SMTP to accept mail, and never answers
// QUIT: the moment between a server accepting a message and the end of the
// conversation, where a crash sends a reply twice (issue 24).
type slowQuitServer struct {
	ln    net.Listener
	mu    sync.Mutex
	conns int
	data  int // messages accepted
	quits int
	hold  chan struct{}
}

func startSlowQuit(t *testing.T) *slowQuitServer {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &slowQuitServer{ln: ln, hold: make(chan struct{})}
	t.Cleanup(func() { close(s.hold); ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go s.serve(c)
		}
	}()
	return s
}

func (s *slowQuitServer) count(f func()) { s.mu.Lock(); f(); s.mu.Unlock() }

func (s *slowQuitServer) serve(c net.Conn) {
	defer c.Close()
	s.count(func() { s.conns++ })
	r := bufio.NewReader(c)
	say := func(l string) { c.Write([]byte(l + "\r\n")) }
	say("220 slow.test ESMTP")
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return
		}
		switch cmd := strings.ToUpper(strings.Fields(line + " x")[0]); cmd {
		case "EHLO", "HELO":
			say("250-slow.test")
			say("250 8BITMIME")
		case "MAIL", "RCPT", "RSET", "NOOP":
			say("250 ok")
		case "DATA":
			say("354 go on")
			for {
				l, err := r.ReadString('\n')
				if err != nil {
					return
				}
				if l == ".\r\n" {
					break
				}
			}
			s.count(func() { s.data++ })
			say("250 queued")
		case "QUIT":
			s.count(func() { s.quits++ })
			<-s.hold // never answers while the test runs
			return
		default:
			say("502 no")
		}
	}
}

// A row is recorded sent as soon as the server accepted its message, before
// the conversation ends: a server slow to say goodbye neither delays the
// record nor turns an accepted message into a failure sent again. A batch
// goes over one connection.
func TestSenderRecordsEachMessageAtOnce(t *testing.T) {
	srv := startSlowQuit(t)
	q := &memQueue{}
	var ids []int64
	for _, to := range []string{"alice@demo.test", "bob@demo.test", "carol@demo.test"} {
		ids = append(ids, q.add(boardReply(t, to), time.Now()))
	}
	var order []int
	q.onSent = func(id int64) {
		srv.count(func() { order = append(order, srv.data) })
	}
	s := NewSender(SendOptions{Addr: srv.ln.Addr().String(), TLS: TLSNone, HELO: "postal.test", Timeout: 30 * time.Second,
		BackoffMin: 10 * time.Millisecond, BackoffMax: 50 * time.Millisecond, Logger: testLogger(t)})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go s.Run(ctx, q)
	waitFor(t, "three rows sent", func() bool {
		for _, id := range ids {
			if q.row(id).sentAt.IsZero() {
				return false
			}
		}
		return true
	})
	srv.count(func() {
		if srv.data != 3 || srv.conns != 1 {
			t.Errorf("%d messages over %d connections, want 3 over 1", srv.data, srv.conns)
		}
	})
	// Each row was recorded right after its own message, not after the batch.
	if len(order) != 3 || order[0] != 1 || order[1] != 2 || order[2] != 3 {
		t.Errorf("messages accepted when each row was recorded: %v", order)
	}
	for _, id := range ids {
		if r := q.row(id); r.Attempts != 0 {
			t.Errorf("row %d: %d failed attempts %q", id, r.Attempts, r.failures)
		}
	}
}
