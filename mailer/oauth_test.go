package mailer

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/oauth2"

	"postal/mailer/demoserver"
)

// tokenEndpoint is a provider's token endpoint: each refresh issues a new
// access token (valid for life, as the client sees it) and a new refresh
// token, and only the newest access token logs in, as when the provider
// revokes the old one.
type tokenEndpoint struct {
	srv  *httptest.Server
	life int // expires_in, seconds

	mu      sync.Mutex
	issued  int
	current string   // the access token that logs in
	logins  []string // the tokens the mail servers accepted, in order
	refresh string   // the refresh token the next refresh must present
}

func newTokenEndpoint(t *testing.T, life int) *tokenEndpoint {
	e := &tokenEndpoint{life: life, refresh: "refresh-0"}
	e.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.ParseForm()
		e.mu.Lock()
		defer e.mu.Unlock()
		if r.Form.Get("grant_type") != "refresh_token" || r.Form.Get("refresh_token") != e.refresh || r.Form.Get("client_id") != "postal" {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusBadRequest)
			fmt.Fprint(w, `{"error":"invalid_grant"}`)
			return
		}
		e.issued++
		e.current = fmt.Sprintf("access-%d", e.issued)
		e.refresh = fmt.Sprintf("refresh-%d", e.issued)
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"access_token": e.current, "token_type": "Bearer", "expires_in": e.life, "refresh_token": e.refresh})
	}))
	t.Cleanup(e.srv.Close)
	return e
}

// check is the mail servers' question: does token log addr in?
func (e *tokenEndpoint) check(addr, token string) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	if token != e.current {
		return false
	}
	e.logins = append(e.logins, token)
	return true
}

func (e *tokenEndpoint) accepted() []string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return slices.Clone(e.logins)
}

func (e *tokenEndpoint) source() oauth2.TokenSource {
	cfg := &oauth2.Config{ClientID: "postal", Endpoint: oauth2.Endpoint{TokenURL: e.srv.URL, AuthStyle: oauth2.AuthStyleInParams}}
	return cfg.TokenSource(context.Background(), &oauth2.Token{RefreshToken: "refresh-0"})
}

// The watcher logs in with XOAUTH2 and keeps its session; when the token
// has expired and the connection drops, it logs in again with a refreshed
// token, which the provider issued in the middle of the watcher's run; the
// sender, later, with OAUTHBEARER and the token of the moment (issue 29).
func TestOAuth2LoginsWithARefreshInTheMiddle(t *testing.T) {
	// 11 s of life is 1 s to the client, which refreshes 10 s early.
	e := newTokenEndpoint(t, 11)
	srv, err := demoserver.Start(demoserver.Options{IMAPAddr: "127.0.0.1:0", SMTPAddr: "127.0.0.1:0", Logger: testLogger(t), OAuth2: e.check})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	tokens := oauth2.ReuseTokenSource(nil, e.source())

	rec := newRecorder()
	runWatcher(t, srv, WatchOptions{Processed: "Processed", PollInterval: time.Hour, IdleRefresh: time.Hour,
		OAuth2: &OAuth2{Mechanism: "XOAUTH2", Token: tokens}}, rec.handle)
	deliver(t, srv, testMessage("first@demo.test", "alice@demo.test", "e4"))
	rec.expect(t, "first@demo.test")
	if got := e.accepted(); !slices.Equal(got, []string{"access-1"}) {
		t.Fatalf("logins %q, want the first token", got)
	}

	// The token expires while the session goes on: nothing needs it.
	time.Sleep(1100 * time.Millisecond)
	deliver(t, srv, testMessage("second@demo.test", "bob@demo.test", "e5"))
	rec.expect(t, "second@demo.test")

	// The connection drops: the next login refreshes the token first.
	srv.DropConnections()
	deliver(t, srv, testMessage("third@demo.test", "carol@demo.test", "e6"))
	rec.expect(t, "third@demo.test")
	if got := e.accepted(); !slices.Equal(got, []string{"access-1", "access-2"}) {
		t.Fatalf("logins %q, want the first token, then the refreshed one", got)
	}

	s := NewSender(SendOptions{Addr: srv.SMTPAddr, TLS: TLSNone, User: srv.Club, OAuth2: &OAuth2{Mechanism: "OAUTHBEARER", Token: tokens}})
	if err := s.Send(context.Background(), Outbound{From: srv.Club, To: "alice@demo.test", Subject: "hello", Text: "by OAUTHBEARER\n"}); err != nil {
		t.Fatalf("send with OAUTHBEARER: %v", err)
	}
	if got := e.accepted(); got[len(got)-1] != "access-2" {
		t.Errorf("the sender logged in with %q", got)
	}
}

// A token the provider no longer honours is refused on both servers, with
// both mechanisms, and the error says it was an OAuth2 login.
func TestOAuth2StaleTokenRefused(t *testing.T) {
	e := newTokenEndpoint(t, 3600)
	srv, err := demoserver.Start(demoserver.Options{IMAPAddr: "127.0.0.1:0", SMTPAddr: "127.0.0.1:0", Logger: testLogger(t), OAuth2: e.check})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	stale := oauth2.StaticTokenSource(&oauth2.Token{AccessToken: "access-0"})
	for _, mech := range Mechanisms {
		o := &OAuth2{Mechanism: mech, Token: stale}
		w := WatchOptions{Addr: srv.IMAPAddr, TLS: TLSNone, User: srv.Club, OAuth2: o}
		if _, err := ProbeIMAP(context.Background(), w); err == nil || !strings.Contains(err.Error(), "imap oauth2 login") {
			t.Errorf("%s: IMAP login with a stale token: %v", mech, err)
		}
		if err := ProbeSMTP(context.Background(), SendOptions{Addr: srv.SMTPAddr, TLS: TLSNone, User: srv.Club, OAuth2: o}, "", ""); err == nil {
			t.Errorf("%s: SMTP login with a stale token succeeded", mech)
		}
	}
	if got := e.accepted(); len(got) != 0 {
		t.Errorf("stale tokens logged in: %q", got)
	}
}
