package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"postal/archive"
	"postal/archive/archivegen"
	"postal/mailer"
)

// The commands docs/operating.md prints work as printed (s34, finding 3:
// "postal outbox release 12 14" and "drop 13" lacked --db and failed; the
// site build lacked runuser and left the site to root). Every postal
// command of the page, in a sh block or in the text, runs as the user
// postal with the config of docs/deploy.md, one way for all; each then
// runs here, in the page's order, with the config's paths moved into a
// folder of the test's and runuser left out, on a database whose outbox
// holds the mails the page's examples name.
func TestOperatingCommandsAsPrinted(t *testing.T) {
	page, err := os.ReadFile("../../docs/operating.md")
	if err != nil {
		t.Fatal(err)
	}
	cmds := postalCommands(string(page))
	if len(cmds) < 8 {
		t.Fatalf("docs/operating.md prints %d postal commands: %+v", len(cmds), cmds)
	}
	// docs/deploy.md's commands on the machine (the own-server path's
	// check, the providers' oauth) take the same form.
	guide, err := os.ReadFile("../../docs/deploy.md")
	if err != nil {
		t.Fatal(err)
	}
	onMachine := postalCommands(string(guide))
	if len(onMachine) < 3 {
		t.Fatalf("docs/deploy.md prints %d postal commands: %+v", len(onMachine), onMachine)
	}
	for _, c := range append(onMachine, cmds...) {
		if !c.asPostal {
			t.Errorf("not run as the user postal: %s", c.line)
		}
		if !strings.Contains(c.line, "--config /etc/postal/postal.toml") || strings.Contains(c.line, "--db") {
			t.Errorf("not with the config every other command names (--config /etc/postal/postal.toml): %s", c.line)
		}
	}
	// The machine of docs/deploy.md, in a folder: its config, database,
	// backups and site.
	ctx := context.Background()
	root := t.TempDir()
	for _, d := range []string{"etc/postal", "var/lib/postal", "var/backups/postal", "var/www/postal"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	example, err := os.ReadFile("../../postal.example.toml")
	if err != nil {
		t.Fatal(err)
	}
	config := regexp.MustCompile(`"/(var|etc)/`).ReplaceAllString(string(example), `"`+root+`/$1/`)
	if err := os.WriteFile(filepath.Join(root, "etc/postal/postal.toml"), []byte(config), 0o600); err != nil {
		t.Fatal(err)
	}
	db, err := archive.Open(ctx, filepath.Join(root, "var/lib/postal/postal.db"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := archivegen.Generate(ctx, db, archivegen.Options{Finished: 3, Active: 2, Seed: 1, MaxPlies: 20}); err != nil {
		t.Fatal(err)
	}
	// Fourteen mails wait, as when a backup is taken: the page's
	// examples release 12 and 14 and drop 13.
	err = db.Tx(ctx, func(tx *archive.Tx) error {
		for i := 1; i <= 14; i++ {
			msg, files, err := mailer.Outbound{From: "postal@club.example", To: "p@players.example", Subject: fmt.Sprint("mail ", i), MessageID: fmt.Sprintf("m%d@club.example", i), Text: "x\n"}.Stored()
			if err != nil {
				return err
			}
			if _, err := tx.Enqueue(archive.Mail{Message: msg, Files: files}, time.Now()); err != nil {
				return err
			}
		}
		return nil
	})
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	date := time.Now().Format("2006-01-02")
	shell := strings.NewReplacer("/etc/postal/", root+"/etc/postal/", "/var/", root+"/var/",
		"$(date +%F-%H%M)", date+"-0000", `$(date +\%F)`, date)
	for _, c := range cmds {
		args := strings.Fields(shell.Replace(c.args))
		out, stderr, code := postal(t, args...)
		if code != 0 {
			t.Errorf("%s\nexits %d:\n%s%s", c.line, code, out, stderr)
			continue
		}
		t.Logf("%s\n%s", c.line, out)
	}
	if _, err := os.Stat(filepath.Join(root, "var/www/postal/site")); err != nil {
		t.Errorf("the site was not built: %v", err)
	}
}

// printedCommand is a postal command a page prints.
type printedCommand struct {
	line     string // as printed
	args     string // what follows "postal"
	asPostal bool   // run as the user postal: runuser -u postal --, or cron's user field
}

// postalCommands finds the postal commands of a markdown page, in its
// fenced blocks and its code spans, in the page's order: "postal" and one
// of its subcommands, then arguments. A span that only names a command
// (`postal outbox hold`, in a sentence) is not one.
func postalCommands(md string) []printedCommand {
	var names []string
	for _, c := range commands() {
		names = append(names, c.name)
	}
	stop := "'`&|#\n"
	// As the user postal: runuser, or runit's chpst where there is no
	// systemd (docs/deploy.md), perhaps with postal's full path.
	re := regexp.MustCompile(`((?:runuser -u postal --|chpst -u postal)(?: /usr/local/bin)?)?(?:^|[\s(/])postal ((?:` + strings.Join(names, "|") + `)\b[^` + stop + `]*)`)
	name := regexp.MustCompile(`^[a-z]+(?: [a-z]+)?$`)
	cron := regexp.MustCompile(`^\S+ \S+ \S+ \S+ \S+ postal /usr/local/bin/postal `)
	var lines []string
	fenced := false
	for _, line := range strings.Split(md, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
			continue
		}
		if fenced {
			lines = append(lines, line)
			continue
		}
		for _, m := range codeSpan.FindAllStringSubmatch(line, -1) {
			lines = append(lines, m[1])
		}
	}
	var out []printedCommand
	for _, line := range lines {
		for _, m := range re.FindAllStringSubmatchIndex(line, -1) {
			args := strings.TrimSpace(line[m[4]:m[5]])
			if name.MatchString(args) && !strings.HasPrefix(strings.TrimSpace(line), "postal "+args+" ") && m[2] < 0 {
				continue // a command's name in a sentence
			}
			out = append(out, printedCommand{line: strings.TrimSpace(line), args: args, asPostal: m[2] >= 0 || cron.MatchString(line)})
		}
	}
	return out
}
