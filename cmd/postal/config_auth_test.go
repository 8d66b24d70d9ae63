package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The [club] settings of how a sender is proved (issue 24): trusting
// Authentication-Results needs the id whose headers the server strips, and
// the DNS resolver is host:port. The example config loads.
func TestConfigAuth(t *testing.T) {
	base := "database = \"x.db\"\n[imap]\nhost = \"h\"\nuser = \"u\"\n[smtp]\nhost = \"h\"\n[club]\naddress = \"postal@club.example\"\n"
	for _, tc := range []struct {
		club, err string
	}{
		{"", ""},
		{"authserv_id = \"mx.club.example\"\ntrust_authentication_results = true\ndns_resolver = \"127.0.0.1:53\"\n", ""},
		{"trust_authentication_results = true\n", "needs club.authserv_id"},
		{"dns_resolver = \"127.0.0.1\"\n", "not host:port"},
	} {
		path := filepath.Join(t.TempDir(), "postal.toml")
		if err := os.WriteFile(path, []byte(base+tc.club), 0o600); err != nil {
			t.Fatal(err)
		}
		_, err := LoadConfig(path)
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("%q: %v", tc.club, err)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%q: error %v, want %q", tc.club, err, tc.err)
		}
	}
	cfg, err := LoadConfig("../../postal.example.toml")
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Club.TrustAuthResults || cfg.Club.AuthservID != "" {
		t.Errorf("the example trusts Authentication-Results: %+v", cfg.Club)
	}
}
