//go:build integration

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// followOperating follows docs/operating.md after docs/deploy.md, on the
// same machine, as root, with alice playing the club's bot (s34): status
// says the daemon runs; a backup is taken, and alice moves after it; the
// site build the page once printed for root is refused; the restore block,
// run as written with the backup named, holds the waiting mail and starts
// postal, which builds the site again from the restored database (it
// showed alice's lost move); the block that settles held mail works as
// printed; and the page's doveadm line, moving the mail since the backup
// back from the processed folder, has alice's move played again.
func followOperating(t *testing.T, repo, shims, logDir string, alice *mailClient) {
	t.Helper()
	page, err := os.ReadFile(filepath.Join(repo, "docs", "operating.md"))
	if err != nil {
		t.Fatal(err)
	}
	block := func(holding string) string {
		for _, b := range shBlocks(string(page)) {
			if strings.Contains(b, holding) {
				return b
			}
		}
		t.Fatalf("docs/operating.md has no sh block with %q", holding)
		return ""
	}
	run := func(b string) string { return guideRun(t, repo, shims, logDir, -1, b) }
	status := block("postal status --config")
	if out := run(status); !strings.Contains(out, "daemon    running (last sign of life") {
		t.Errorf("postal status as operating.md prints it, with postal running:\n%s", out)
	}

	// Alice's game with the bot, and its record on the site.
	game := alice.find("a game mail asking to move", asksToMove)
	id := tagRE.FindStringSubmatch(game.Subject)[1]
	record := func() []string {
		b, _ := os.ReadFile("/var/www/postal/site/games/" + id + ".txt")
		return recordMoves(string(b))
	}
	waitFor(t, "the site's record of game "+id, func() bool {
		_, err := os.Stat("/var/www/postal/site/games/" + id + ".txt")
		return err == nil
	})
	atBackup := record()

	run(block("postal backup --config"))
	backups, _ := filepath.Glob("/var/backups/postal/postal-*.db")
	if len(backups) != 1 {
		t.Fatalf("the backup block wrote %q", backups)
	}
	move := egRE.FindStringSubmatch(game.Text)[1]
	sent := alice.reply(game, move)
	if answer := alice.await("the answer to "+move, func(m *gotMail) bool { return m.InReplyTo == sent }); !strings.Contains(answer.Text, "played in game #"+id) {
		t.Fatalf("alice's move after the backup:\n%s", answer.Text)
	}
	waitFor(t, "the site shows alice's move", func() bool { return len(record()) > len(atBackup) })
	if got := record(); got[len(atBackup)] != move {
		t.Fatalf("the site shows %q after %q, not alice's %s", got, atBackup, move)
	}

	// The site build operating.md printed before s34, as root: refused,
	// and the site stays postal's.
	out, err := exec.Command("bash", "-c", "cd /etc/postal && /usr/local/bin/postal site build --config postal.toml").CombinedOutput()
	if err == nil || !strings.Contains(string(out), "runuser -u postal -- postal site build") {
		t.Errorf("postal site build as root: %v\n%s", err, out)
	}

	// The restore, as printed, the backup named.
	restore := regexp.MustCompile(`(?m)^BACKUP=\S+`).ReplaceAllString(block("BACKUP="), "BACKUP="+backups[0])
	restored := run(restore)
	if !strings.Contains(restored, "waiting mails held") && !strings.Contains(restored, "waiting mail held") {
		t.Errorf("the restore block:\n%s", restored)
	}
	waitFor(t, "the site built again, as the restored database holds game "+id, func() bool { return strings.Join(record(), " ") == strings.Join(atBackup, " ") })
	if log, _ := os.ReadFile("/var/log/postal-deploy-test.log"); !strings.Contains(string(log), `msg="site: building in full" why="the site is as of the database's change`) {
		t.Errorf("postal's log does not say why it built the site again:\n%s", log)
	}
	// The block that settles held mail, with the numbers the restore's
	// listing gave (the page's 12, 14 and 13 are examples; a number that
	// is no held mail is refused): the last one dropped, the rest released;
	// "release all" when none was held.
	var held []string
	for _, m := range regexp.MustCompile(`(?m)^\s+#(\d+)\s+written`).FindAllStringSubmatch(restored, -1) {
		held = append(held, m[1])
	}
	settle := block("postal outbox release")
	switch len(held) {
	case 0: // every mail had gone out when the backup was taken
		settle = strings.Replace(settle, "release 12 14", "release all", 1)
		settle = regexp.MustCompile(`(?m)^.*outbox drop 13.*$`).ReplaceAllString(settle, "")
	case 1:
		settle = strings.Replace(settle, "release 12 14", "release "+held[0], 1)
		settle = regexp.MustCompile(`(?m)^.*outbox drop 13.*$`).ReplaceAllString(settle, "")
	default:
		settle = strings.Replace(settle, "release 12 14", "release "+strings.Join(held[:len(held)-1], " "), 1)
		settle = strings.Replace(settle, "drop 13", "drop "+held[len(held)-1], 1)
	}
	if out := run(settle); !strings.Contains(out, "released: postal sends them now") {
		t.Errorf("the block that settles held mail, for %v:\n%s", held, out)
	}

	// The mail since the backup, back from the processed folder.
	replay := regexp.MustCompile(`SAVEDSINCE \S+`).ReplaceAllString(block("doveadm move"), "SAVEDSINCE "+time.Now().Format("2006-01-02"))
	run(replay)
	waitFor(t, "alice's move played again", func() bool { return len(record()) > len(atBackup) })
	if got := record(); got[len(atBackup)] != move {
		t.Errorf("after the replay the site shows %q, not alice's %s after %q", got, move, atBackup)
	}
	waitFor(t, "postal status: the site up to date", func() bool {
		out := run(status)
		return strings.Contains(out, "daemon    running") && strings.Contains(out, "site      /var/www/postal/site: up to date with the database")
	})
	// And postal check, as deploy.md prints it, finds the site postal's.
	check := exec.Command("bash", "-c", "runuser -u postal -- postal check --config /etc/postal/postal.toml")
	check.Env = append(os.Environ(), "PATH="+shims+":"+os.Getenv("PATH"))
	if out, _ := check.CombinedOutput(); !regexp.MustCompile(`(?m)^  ok    site `).Match(out) {
		t.Errorf("postal check after the restore:\n%s", out)
	}
}

// recordMoves are the moves of a record's movetext, one token each (the
// games of the guide's test move in one token).
func recordMoves(record string) []string {
	var moves []string
	for _, m := range regexp.MustCompile(`(?m)(?:^|\s)\d+\.\s+(\S+)`).FindAllStringSubmatch(record, -1) {
		moves = append(moves, m[1])
	}
	return moves
}
