package main

import (
	"errors"
	"fmt"
	"net"
	"strings"
	"syscall"

	"postal/mailer"
)

// The fixes postal check names for a login or a secret that failed: each
// for what went wrong, never another thing's (an OAuth2 token
// that no longer works was answered with the password's fix).

// loginFix is the fix of a failed IMAP or SMTP login to addr.
func loginFix(section, addr string, err error) string {
	var te *mailer.TokenError
	var dns *net.DNSError
	var op *net.OpError
	switch {
	case errors.As(err, &te):
		return tokenFix(te)
	case errors.Is(err, syscall.ECONNREFUSED):
		// s34: "check host, port and tls" for a Postfix that was stopped.
		return fmt.Sprintf("the mail server is not running, or not listening at %s: start it (systemctl status postfix dovecot for docs/deploy.md's), or if it runs, check that it listens there (ss -ltn) and [%s] host and port", addr, section)
	case mailer.HungUp(err):
		return fmt.Sprintf("the server at %s took the connection and closed the connection without serving: its log says why (docs/deploy.md's Postfix: /var/log/postfix.log; its submission asks Dovecot to check passwords, so is Dovecot running?); or [%s] tls does not match the port (implicit: 993 for IMAP, 465 for SMTP; starttls: 143, 587)", addr, section)
	case errors.As(err, &dns):
		return fmt.Sprintf("the name %s does not resolve: check [%s] host, and the machine's DNS", dns.Name, section)
	case errors.As(err, &op) && op.Timeout():
		return fmt.Sprintf("nothing answered at %s: a firewall between, or the wrong host; check [%s] host and port", addr, section)
	case errors.As(err, &op) || strings.Contains(err.Error(), "dial") || strings.Contains(err.Error(), "tls:"):
		return fmt.Sprintf("check [%s] host, port and tls (implicit: 993 for IMAP, 465 for SMTP; starttls: 143, 587)", section)
	}
	return fmt.Sprintf("check [%s] user and its password; Gmail, Google Workspace and Microsoft 365 refuse the account's own password: use an app password, or OAuth2 (docs/deploy.md)", section)
}

// tokenFix is the fix of an OAuth2 access token the provider did not give.
func tokenFix(te *mailer.TokenError) string {
	switch code := te.Code(); {
	case code == "invalid_grant":
		return "the provider no longer takes the refresh token (it expired or was revoked; Google expires it after 7 days while the app's publishing status is Testing): run runuser -u postal -- postal oauth --config /etc/postal/postal.toml again (docs/deploy.md)"
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
