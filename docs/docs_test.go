package docs

import (
	"io/fs"
	"os"
	"strings"
	"testing"

	"postal/engine"
	_ "postal/engine/allgames"
)

// Every game postal plays has its rules page, and it says which game it is.
func TestEveryGameHasRules(t *testing.T) {
	for _, g := range engine.Games() {
		name := g.Info().Name
		b, err := fs.ReadFile(Rules(), name+".md")
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if !strings.HasPrefix(string(b), "# ") {
			t.Errorf("%s.md does not open with a title", name)
		}
	}
}

// TestDeployGuideStandsAlone: the deploy guide says how to get each tool
// it runs that a fresh Debian lacks (dig: dnsutils), and what to do where
// its systemd steps cannot be followed.
func TestDeployGuideStandsAlone(t *testing.T) {
	b, err := os.ReadFile("deploy.md")
	if err != nil {
		t.Fatal(err)
	}
	guide := string(b)
	for tool, install := range map[string]string{"`dig ": "apt-get install dnsutils"} {
		if strings.Contains(guide, tool) && !strings.Contains(guide, install) {
			t.Errorf("deploy.md runs %s without saying %q", strings.Trim(tool, "` "), install)
		}
	}
	if strings.Contains(guide, "systemctl enable") && (!strings.Contains(guide, "Without systemd") || !strings.Contains(guide, "postal serve --config")) {
		t.Error("deploy.md starts postal with systemctl, and says nothing of a machine without systemd")
	}
}
