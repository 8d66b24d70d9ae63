package main

import (
	"errors"
	"fmt"
	"net"
	"strings"

	"postal/mailer"
)

// The fixes postal check names for a login or a secret that failed: each
// for what went wrong, never another thing's (issue 34: an OAuth2 token
// that no longer works was answered with the password's fix).

// loginFix is the fix of a failed IMAP or SMTP login.
func loginFix(section string, err error) string {
	var te *mailer.TokenError
	if errors.As(err, &te) {
		return tokenFix(te)
	}
	var op *net.OpError
	if errors.As(err, &op) || strings.Contains(err.Error(), "dial") {
		return fmt.Sprintf("check [%s] host, port and tls (implicit: 993 for IMAP, 465 for SMTP; starttls: 143, 587)", section)
	}
	return fmt.Sprintf("check [%s] user and its password; Gmail, Google Workspace and Microsoft 365 refuse the account's own password: use an app password, or OAuth2 (docs/deploy.md)", section)
}

// tokenFix is the fix of an OAuth2 access token the provider did not give.
func tokenFix(te *mailer.TokenError) string {
	switch code := te.Code(); {
	case code == "invalid_grant":
		return "the provider no longer takes the refresh token (it expired or was revoked; Google expires it after 7 days while the app's publishing status is Testing): run runuser -u postal -- env $(cat /etc/postal/env) postal oauth --config /etc/postal/postal.toml again (docs/deploy.md)"
	case code != "":
		return "the provider refused the token request (" + code + "): check [oauth2] client_id, client_secret_env or client_secret_file, and scopes against the application registered with it (docs/deploy.md)"
	case te.Unreachable():
		return "the token endpoint [oauth2] token_url did not answer: check the machine's network and DNS to it (a firewall, a proxy), and the address"
	}
	return "check [oauth2] (docs/deploy.md)"
}

// secretFix is the fix of a password or secret that could not be read.
func secretFix(err error) string {
	var unset *envUnset
	if errors.As(err, &unset) {
		return unset.Fix()
	}
	if strings.Contains(err.Error(), "[oauth2]") || strings.Contains(err.Error(), "oauth2") {
		return "set [oauth2] as docs/deploy.md says for your provider, and run postal oauth once"
	}
	return "each of [imap] and [smtp] needs password_env (an environment variable that is set) or password_file (a file postal can read)"
}
