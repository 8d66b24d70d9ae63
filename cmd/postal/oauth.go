package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"golang.org/x/oauth2"

	"postal/mailer"
)

// OAuth2Config is [oauth2]: how postal gets the access tokens of an OAuth2
// login to IMAP and SMTP (Microsoft 365 has turned passwords off
// for both, Google Workspace is doing the same). postal oauth runs the
// provider's flow once and writes the refresh token; the daemon turns it
// into access tokens as they expire.
type OAuth2Config struct {
	TokenURL         string   `toml:"token_url"`          // the provider's token endpoint
	AuthURL          string   `toml:"auth_url"`           // postal oauth --flow redirect: the authorization endpoint
	DeviceURL        string   `toml:"device_url"`         // postal oauth --flow device: the device authorization endpoint
	ClientID         string   `toml:"client_id"`          // the application registered with the provider
	ClientSecretFile string   `toml:"client_secret_file"` // its secret, if it has one
	ClientSecretEnv  string   `toml:"client_secret_env"`
	Scopes           []string `toml:"scopes"`             // the mail scopes (docs/deploy.md names them per provider)
	RefreshTokenFile string   `toml:"refresh_token_file"` // written by postal oauth, and again when the provider rotates it
	RefreshTokenEnv  string   `toml:"refresh_token_env"`  // or the refresh token from the environment (never rotated)
}

// secret reads what a _file or _env setting names; "" when neither is set.
// fileSetting is the name of the _file setting.
func secret(file, env, what, fileSetting string) (string, error) {
	switch {
	case file != "":
		b, err := os.ReadFile(file)
		if err != nil {
			return "", fmt.Errorf("config: %s: %w", what, err)
		}
		return strings.TrimSpace(string(b)), nil
	case env != "":
		v, ok := os.LookupEnv(env)
		if !ok {
			return "", &envUnset{Var: env, What: what, File: fileSetting}
		}
		return v, nil
	}
	return "", nil
}

// config is the provider's side as golang.org/x/oauth2 wants it.
func (c OAuth2Config) config() (*oauth2.Config, error) {
	if c.TokenURL == "" || c.ClientID == "" {
		return nil, errors.New("config: [oauth2] needs token_url and client_id")
	}
	sec, err := secret(c.ClientSecretFile, c.ClientSecretEnv, "oauth2 client secret", "client_secret_file")
	if err != nil {
		return nil, err
	}
	return &oauth2.Config{
		ClientID:     c.ClientID,
		ClientSecret: sec,
		Scopes:       c.Scopes,
		Endpoint:     oauth2.Endpoint{TokenURL: c.TokenURL, AuthURL: c.AuthURL, DeviceAuthURL: c.DeviceURL},
	}, nil
}

// tokenSource gives access tokens from the stored refresh token, refreshed
// as they expire; a refresh token the provider rotates is written back to
// refresh_token_file, so that a restart uses the new one.
func (c OAuth2Config) tokenSource() (oauth2.TokenSource, error) {
	cfg, err := c.config()
	if err != nil {
		return nil, err
	}
	rt, err := secret(c.RefreshTokenFile, c.RefreshTokenEnv, "oauth2 refresh token", "refresh_token_file")
	if err != nil {
		return nil, fmt.Errorf("%w (postal oauth --config FILE gets one)", err)
	}
	if rt == "" {
		return nil, errors.New("config: [oauth2] needs refresh_token_file or refresh_token_env (postal oauth --config FILE gets one)")
	}
	base := cfg.TokenSource(context.Background(), &oauth2.Token{RefreshToken: rt})
	return oauth2.ReuseTokenSource(nil, &rotating{src: base, file: c.RefreshTokenFile, last: rt}), nil
}

// rotating writes each new refresh token to file.
type rotating struct {
	src  oauth2.TokenSource
	file string

	mu   sync.Mutex
	last string
}

func (r *rotating) Token() (*oauth2.Token, error) {
	t, err := r.src.Token()
	if err != nil {
		return nil, err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if t.RefreshToken != "" && t.RefreshToken != r.last && r.file != "" {
		if err := writeSecret(r.file, t.RefreshToken); err != nil {
			return nil, err
		}
		r.last = t.RefreshToken
	}
	return t, nil
}

// writeSecret replaces file with s, readable by its owner only, in one
// rename: a crash leaves the old token or the new one, never half of one.
func writeSecret(file, s string) error {
	tmp, err := os.CreateTemp(filepath.Dir(file), ".postal-token-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := io.WriteString(tmp, s+"\n"); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), file)
}

// oauthLogin is the mailer's OAuth2 login of an account whose auth is
// xoauth2 or oauthbearer; nil for a password login.
func (s MailServer) oauthLogin(tokens func() (oauth2.TokenSource, error)) (*mailer.OAuth2, error) {
	switch strings.ToLower(s.Auth) {
	case "", "password":
		return nil, nil
	case "xoauth2", "oauthbearer":
		ts, err := tokens()
		if err != nil {
			return nil, err
		}
		return &mailer.OAuth2{Mechanism: strings.ToUpper(s.Auth), Token: ts}, nil
	}
	return nil, fmt.Errorf("config: auth %q is none of password, xoauth2, oauthbearer", s.Auth)
}

// runOAuth is postal oauth: the provider's flow, once, and the refresh
// token written where [oauth2] refresh_token_file says.
func runOAuth(args []string, w io.Writer) error {
	fs := flag.NewFlagSet("oauth", flag.ContinueOnError)
	configFile := fs.String("config", "postal.toml", "the config file whose [oauth2] to use")
	flow := fs.String("flow", "device", "device: enter a code on any device's browser (Microsoft 365); redirect: sign in in a browser on this machine (Google)")
	port := fs.Int("port", 0, "redirect: the port of the local address the provider sends the browser back to; 0: any free one")
	if rest, err := parseFlags(fs, args); err != nil {
		return err
	} else if len(rest) > 0 {
		return usageError{"unexpected " + rest[0]}
	}
	cfg, err := LoadConfig(*configFile)
	if err != nil {
		return err
	}
	o := cfg.OAuth2
	if o.RefreshTokenFile == "" {
		return errors.New("config: [oauth2] refresh_token_file is where postal oauth writes the token: set it")
	}
	oc, err := o.config()
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var tok *oauth2.Token
	switch *flow {
	case "device":
		tok, err = deviceFlow(ctx, oc, w)
	case "redirect":
		tok, err = redirectFlow(ctx, oc, *port, w)
	default:
		return usageError{fmt.Sprintf("--flow is device or redirect, not %q", *flow)}
	}
	if err != nil {
		return err
	}
	if tok.RefreshToken == "" {
		return errors.New("the provider gave no refresh token: Microsoft gives one for the scope offline_access (add it to [oauth2] scopes); Google for a sign-in that showed the consent screen (postal asks for it: remove postal's access at https://myaccount.google.com/connections and run postal oauth again)")
	}
	if err := writeSecret(o.RefreshTokenFile, tok.RefreshToken); err != nil {
		return err
	}
	fmt.Fprintf(w, "postal oauth: the refresh token is in %s; postal check --config %s tries the logins.\n", o.RefreshTokenFile, *configFile)
	return nil
}

// deviceFlow (RFC 8628): the person signs in on any device with a code.
func deviceFlow(ctx context.Context, oc *oauth2.Config, w io.Writer) (*oauth2.Token, error) {
	if oc.Endpoint.DeviceAuthURL == "" {
		return nil, errors.New("config: [oauth2] device_url is needed for --flow device")
	}
	da, err := oc.DeviceAuth(ctx)
	if err != nil {
		return nil, fmt.Errorf("oauth device authorization: %w", err)
	}
	fmt.Fprintf(w, "Sign in as the club's mail account: open %s and enter the code %s\n", da.VerificationURI, da.UserCode)
	if da.VerificationURIComplete != "" {
		fmt.Fprintf(w, "(or open %s)\n", da.VerificationURIComplete)
	}
	fmt.Fprintln(w, "Waiting for the sign-in...")
	tok, err := oc.DeviceAccessToken(ctx, da)
	if err != nil {
		return nil, fmt.Errorf("oauth device token: %w", err)
	}
	return tok, nil
}

// redirectFlow: the person signs in in a browser on this machine, which the
// provider sends back to a local address with the code (with PKCE).
func redirectFlow(ctx context.Context, oc *oauth2.Config, port int, w io.Writer) (*oauth2.Token, error) {
	if oc.Endpoint.AuthURL == "" {
		return nil, errors.New("config: [oauth2] auth_url is needed for --flow redirect")
	}
	l, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", port))
	if err != nil {
		return nil, err
	}
	defer l.Close()
	oc.RedirectURL = "http://" + l.Addr().String() + "/"
	var b [16]byte
	rand.Read(b[:])
	state, verifier := hex.EncodeToString(b[:]), oauth2.GenerateVerifier()
	codes := make(chan string, 1)
	srv := &http.Server{Handler: http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		if q.Get("state") != state || q.Get("code") == "" {
			http.Error(rw, "postal oauth: this is not the answer to its sign-in "+q.Get("error"), http.StatusBadRequest)
			return
		}
		fmt.Fprintln(rw, "postal has the sign-in: you may close this page.")
		select {
		case codes <- q.Get("code"):
		default:
		}
	})}
	go srv.Serve(l)
	// Shut down, not closed: the handler has handed over the code before
	// its page is written, and the browser must still get that page.
	defer func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(ctx)
	}()
	fmt.Fprintf(w, "Sign in as the club's mail account in a browser on this machine:\n  %s\nWaiting for the sign-in...\n",
		// prompt=consent: Google gives a refresh token only when the
		// consent screen was shown, so a second sign-in (a token that
		// expired, another machine) would get none without it.
		oc.AuthCodeURL(state, oauth2.AccessTypeOffline, oauth2.SetAuthURLParam("prompt", "consent"), oauth2.S256ChallengeOption(verifier)))
	select {
	case <-ctx.Done():
		return nil, ctx.Err()
	case code := <-codes:
		tok, err := oc.Exchange(ctx, code, oauth2.VerifierOption(verifier))
		if err != nil {
			return nil, fmt.Errorf("oauth token: %w", err)
		}
		return tok, nil
	}
}
