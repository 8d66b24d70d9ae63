package main

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"postal/mailer/demoserver"
)

// provider is an OAuth2 provider's endpoints for the club's account: the
// device flow, the redirect flow with PKCE, and refreshes that rotate the
// refresh token.
type provider struct {
	srv *httptest.Server

	mu        sync.Mutex
	n         int
	access    string // the access token that logs in now
	refresh   string // the refresh token the next refresh must present
	challenge string // the PKCE challenge of the last authorization
	prompt    string // the prompt of the last authorization
	granted   bool   // the account has authorized the application before
}

func newProvider(t *testing.T) *provider {
	p := &provider{}
	mux := http.NewServeMux()
	mux.HandleFunc("/device", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"device_code":"device-1","user_code":"WDJB-MJHT","verification_uri":"https://login.example/device","expires_in":600,"interval":1}`)
	})
	mux.HandleFunc("/authorize", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		p.mu.Lock()
		p.challenge, p.prompt = q.Get("code_challenge"), q.Get("prompt")
		p.mu.Unlock()
		http.Redirect(w, r, q.Get("redirect_uri")+"?code=code-1&state="+url.QueryEscape(q.Get("state")), http.StatusFound)
	})
	mux.HandleFunc("/token", func(w http.ResponseWriter, r *http.Request) {
		r.ParseForm()
		p.mu.Lock()
		defer p.mu.Unlock()
		ok := false
		switch r.Form.Get("grant_type") {
		case "urn:ietf:params:oauth:grant-type:device_code":
			ok = r.Form.Get("device_code") == "device-1"
		case "authorization_code":
			sum := sha256.Sum256([]byte(r.Form.Get("code_verifier")))
			ok = r.Form.Get("code") == "code-1" && base64.RawURLEncoding.EncodeToString(sum[:]) == p.challenge
		case "refresh_token":
			ok = p.refresh != "" && r.Form.Get("refresh_token") == p.refresh
		}
		w.Header().Set("Content-Type", "application/json")
		if !ok || r.Form.Get("client_id") != "postal-club" {
			w.WriteHeader(http.StatusBadRequest)
			fmt.Fprint(w, `{"error":"invalid_grant"}`)
			return
		}
		p.n++
		p.access = fmt.Sprintf("access-%d", p.n)
		answer := map[string]any{"access_token": p.access, "token_type": "Bearer", "expires_in": 3600}
		// As Google does: an authorization code gives a refresh token the
		// first time the account grants access, and again only when the
		// consent screen was asked for (prompt=consent).
		if r.Form.Get("grant_type") != "authorization_code" || !p.granted || p.prompt == "consent" {
			p.refresh = fmt.Sprintf("refresh-%d", p.n)
			answer["refresh_token"] = p.refresh
		}
		if r.Form.Get("grant_type") == "authorization_code" {
			p.granted = true
		}
		json.NewEncoder(w).Encode(answer)
	})
	p.srv = httptest.NewServer(mux)
	t.Cleanup(p.srv.Close)
	return p
}

func (p *provider) valid(addr, token string) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return token == p.access
}

// oauthRig is a club whose account logs in only by OAuth2.
func oauthRig(t *testing.T, p *provider, mech string) *checkRig {
	r := newCheckRig(t, demoserver.Options{OAuth2: p.valid})
	for _, s := range []string{"imap", "smtp"} {
		delete(r.conf, s+".password_env")
		r.conf[s+".auth"] = fmt.Sprintf("%q", mech)
	}
	r.conf["oauth2.token_url"] = fmt.Sprintf("%q", p.srv.URL+"/token")
	r.conf["oauth2.device_url"] = fmt.Sprintf("%q", p.srv.URL+"/device")
	r.conf["oauth2.auth_url"] = fmt.Sprintf("%q", p.srv.URL+"/authorize")
	r.conf["oauth2.client_id"] = `"postal-club"`
	r.conf["oauth2.scopes"] = `["mail", "offline_access"]`
	r.conf["oauth2.refresh_token_file"] = fmt.Sprintf("%q", filepath.Join(r.dir, "refresh-token"))
	return r
}

// postal oauth's device flow writes the refresh token; postal check then
// logs in to IMAP and SMTP with XOAUTH2, and the refresh token the provider
// rotated on the way is written back for the next start (issue 29).
func TestOAuthDeviceFlowThenCheck(t *testing.T) {
	p := newProvider(t)
	r := oauthRig(t, p, "xoauth2")
	if _, err := r.check(t); err == nil {
		t.Fatal("postal check passed before postal oauth was run")
	}
	out, stderr, code := postal(t, "oauth", "--config", filepath.Join(r.dir, "postal.toml"))
	if code != 0 || !strings.Contains(out, "open https://login.example/device and enter the code WDJB-MJHT") {
		t.Fatalf("postal oauth: %d\n%s%s", code, out, stderr)
	}
	token := func() string {
		b, _ := os.ReadFile(filepath.Join(r.dir, "refresh-token"))
		return strings.TrimSpace(string(b))
	}
	if token() != "refresh-1" {
		t.Fatalf("the refresh token file holds %q", token())
	}
	if st, _ := os.Stat(filepath.Join(r.dir, "refresh-token")); st.Mode().Perm() != 0o600 {
		t.Errorf("the refresh token file has mode %v", st.Mode().Perm())
	}
	out, err := r.check(t)
	if err != nil {
		t.Fatalf("postal check with OAuth2: %v\n%s", err, out)
	}
	lines(t, out, "ok", "imap login", "smtp login", "plus address")
	if token() != "refresh-2" {
		t.Errorf("the rotated refresh token was not kept: the file holds %q", token())
	}
}

// The redirect flow (Google's): the browser signs in and the provider sends
// it back to postal's local address with the code, checked with PKCE.
func TestOAuthRedirectFlow(t *testing.T) {
	p := newProvider(t)
	r := oauthRig(t, p, "oauthbearer")
	r.check(t) // writes the config
	// Twice: a second sign-in (a token that expired, a new machine) gets a
	// refresh token too, as postal asks for the consent screen (issue 34).
	p.granted = true
	redirectSignIn(t, r)
	if got, err := r.check(t); err != nil {
		t.Fatalf("postal check with OAUTHBEARER: %v\n%s", err, got)
	}
	redirectSignIn(t, r)
	if p.prompt != "consent" {
		t.Errorf("the sign-in asked prompt=%q, not consent", p.prompt)
	}
}

// redirectSignIn runs postal oauth --flow redirect, and the browser that
// opens the address it prints.
func redirectSignIn(t *testing.T, r *checkRig) {
	t.Helper()
	done := make(chan struct{})
	var code int
	w := &syncBuffer{}
	go func() {
		defer close(done)
		code = run([]string{"oauth", "--config", filepath.Join(r.dir, "postal.toml"), "--flow", "redirect"}, w, &strings.Builder{})
	}()
	// The browser: open the address postal printed.
	re := regexp.MustCompile(`(http://\S+/authorize\?\S+)`)
	deadline := time.Now().Add(20 * time.Second)
	for re.FindString(w.String()) == "" {
		if time.Now().After(deadline) {
			t.Fatalf("postal oauth printed no address:\n%s", w.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	resp, err := http.Get(re.FindString(w.String()))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Errorf("the browser landed on %s", resp.Status)
	}
	<-done
	if out := w.String(); code != 0 || !strings.Contains(out, "the refresh token is in") {
		t.Fatalf("postal oauth --flow redirect: %d\n%s", code, out)
	}
}

// An OAuth2 login that fails names its own fix, never the password's
// (issue 34): a refresh token the provider no longer takes names postal
// oauth, a token endpoint that does not answer the network, a missing
// client secret its variable.
func TestOAuthFailuresNameTheirFix(t *testing.T) {
	for _, c := range []struct {
		name   string
		change func(r *checkRig, p *provider)
		failed string
		fix    string
	}{
		{"refresh token expired or revoked", func(r *checkRig, p *provider) {
			os.WriteFile(filepath.Join(r.dir, "refresh-token"), []byte("refresh-revoked\n"), 0o600)
			p.refresh = "refresh-current"
		}, "imap login", "the provider no longer takes the refresh token"},
		{"token endpoint unreachable", func(r *checkRig, p *provider) {
			os.WriteFile(filepath.Join(r.dir, "refresh-token"), []byte("refresh-current\n"), 0o600)
			r.conf["oauth2.token_url"] = `"http://127.0.0.1:1/token"`
		}, "imap login", "the token endpoint [oauth2] token_url did not answer"},
		{"client secret not set", func(r *checkRig, p *provider) {
			os.WriteFile(filepath.Join(r.dir, "refresh-token"), []byte("refresh-current\n"), 0o600)
			r.conf["oauth2.client_secret_env"] = `"POSTAL_TEST_OAUTH2_SECRET"`
		}, "passwords", "set POSTAL_TEST_OAUTH2_SECRET as postal serve has it"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := newProvider(t)
			r := oauthRig(t, p, "xoauth2")
			c.change(r, p)
			out, err := r.check(t)
			if err == nil {
				t.Fatalf("postal check passed:\n%s", out)
			}
			lines(t, out, "FAIL", c.failed)
			_, after, _ := strings.Cut(out, "FAIL  "+fmt.Sprintf("%-13s", c.failed))
			_, fix, _ := strings.Cut(after, "\n        fix: ")
			if fix, _, _ = strings.Cut(fix, "\n"); !strings.Contains(fix, c.fix) || strings.Contains(fix, "password") {
				t.Errorf("the fix says %q, not %q:\n%s", fix, c.fix, out)
			}
		})
	}
}
