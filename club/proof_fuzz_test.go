package club

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"postal/archive"
	"postal/mailer"
)

// FuzzProof feeds the club mails with any From address, any two recipients
// and any key line, then "move 1 t1" (alice's move in game 1). The move
// counts exactly when the mail comes from alice's address with one of
// alice's proofs and nobody else's: a model of the rule of issue 15 written
// apart from the club's code. In the inputs ALICE_GAME, ALICE_ACCOUNT,
// BOB_GAME and CAROL stand for those tokens, ALICE_KEY and BOB_KEY for the
// keys, so the fuzzer mutates around real secrets (case, padding, suffixes).
func FuzzProof(f *testing.F) {
	c := newClub(f, Options{})
	aliceGame, _ := c.start("pile=9")
	secrets := map[string]string{
		"ALICE_GAME":    tokenOf(f, aliceGame.ReplyTo),
		"ALICE_ACCOUNT": tokenOf(f, c.accountMail("alice").ReplyTo),
		"BOB_GAME":      tokenOf(f, to(f, c.mail("bob@example.org", "b", c.withKey("bob@example.org", "board 1")), "bob@example.org").ReplyTo),
		"CAROL":         tokenOf(f, c.register("carol").ReplyTo),
		"ALICE_KEY":     c.keys["alice"],
		"BOB_KEY":       c.keys["bob"],
	}
	if secrets["BOB_GAME"] == secrets["ALICE_GAME"] {
		f.Fatal("bob and alice share a token")
	}
	c.db.Close() // the template: every input starts from this file
	tmpl, err := os.ReadFile(c.path)
	if err != nil {
		f.Fatal(err)
	}
	for _, seed := range [][4]string{
		{"alice@example.org", "postal+ALICE_GAME@demo.test", "", ""},
		{"ALICE@Example.ORG", "POSTAL+ALICE_GAME@DEMO.TEST", "", ""},
		{"carol@example.org", "postal+ALICE_GAME@demo.test", "", ""},
		{"alice@example.org", "postal+ALICE_ACCOUNT@demo.test", "postal+BOB_GAME@demo.test", ""},
		{"alice@example.org", "postal@demo.test", "", "ALICE_KEY"},
		{"alice@example.org ", "postal@demo.test", "", "ALICE_KEY"},
		{"bob@example.org", "postal@demo.test", "", "ALICE_KEY"},
		{"alice@example.org", "postal@demo.test", "", "BOB_KEY"},
		{"alice@example.org", "postal+ALICE_GAMEx@demo.test", "", "ALICE_KEYx"},
		{"alice@example.org", "postal+CAROL@demo.test", "", "ALICE_KEY"},
		{"alice@example.org.evil.test", "postal+ALICE_GAME@demo.test", "", "ALICE_KEY"},
		{"alice@example.org", "postal+ALICE_GAME@demo.test.evil", "", "new"},
	} {
		f.Add(seed[0], seed[1], seed[2], seed[3])
	}
	f.Fuzz(func(t *testing.T, from, rcpt1, rcpt2, key string) {
		for name, v := range secrets {
			rcpt1 = strings.ReplaceAll(rcpt1, name, v)
			rcpt2 = strings.ReplaceAll(rcpt2, name, v)
			key = strings.ReplaceAll(key, name, v)
		}
		key = strings.NewReplacer("\n", " ", "\r", " ").Replace(key) // one key line, then the move
		path := filepath.Join(t.TempDir(), "postal.db")
		if err := os.WriteFile(path, tmpl, 0o600); err != nil {
			t.Fatal(err)
		}
		db, err := archive.Open(context.Background(), path)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		opt := c.opt
		opt.Log = slog.New(slog.DiscardHandler)
		s, err := New(db, opt)
		if err != nil {
			t.Fatal(err)
		}
		in := &mailer.Inbound{MessageID: "fuzz@client.test", From: from, Recipients: []string{rcpt1, rcpt2}, Subject: "x", Text: "key " + key + "\nmove 1 t1"}
		if err := s.Handle(context.Background(), in); err != nil {
			t.Fatalf("Handle: %v", err)
		}
		var ply int
		err = db.Tx(context.Background(), func(tx *archive.Tx) error {
			g, err := tx.GameByID(1)
			ply = g.Ply
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		if want := proves(secrets, from, []string{rcpt1, rcpt2}, key); (ply == 1) != want {
			t.Fatalf("From %q, to %q %q, key %q: the move counted %v, want %v", from, rcpt1, rcpt2, key, ply == 1, want)
		}
	})
}

// proves is the model: does a mail with these From, recipients and key line
// prove alice, and nobody else?
func proves(secrets map[string]string, from string, rcpts []string, key string) bool {
	owners := map[string]string{ // secret → its player
		secrets["ALICE_GAME"]: "alice", secrets["ALICE_ACCOUNT"]: "alice", secrets["BOB_GAME"]: "bob",
		secrets["CAROL"]: "carol", secrets["ALICE_KEY"]: "alice", secrets["BOB_KEY"]: "bob",
	}
	var proofs []string
	for _, r := range rcpts {
		local, host, _ := strings.Cut(strings.ToLower(r), "@")
		if tok, ok := strings.CutPrefix(local, "postal+"); ok && host == "demo.test" && owners[tok] != "" && tok != secrets["ALICE_KEY"] && tok != secrets["BOB_KEY"] {
			proofs = append(proofs, owners[tok])
		}
	}
	if words := strings.Fields(key); len(words) == 1 {
		if k := strings.ToLower(words[0]); k == secrets["ALICE_KEY"] || k == secrets["BOB_KEY"] {
			proofs = append(proofs, owners[k])
		}
	}
	for _, p := range proofs {
		if p+"@example.org" != strings.ToLower(from) {
			return false // someone else's proof: the whole mail is refused
		}
	}
	return len(proofs) > 0 && strings.ToLower(from) == "alice@example.org"
}

// tokenOf is the token of a Reply-To plus-address.
func tokenOf(t testing.TB, replyTo string) string {
	t.Helper()
	local, _, _ := strings.Cut(replyTo, "@")
	tok, ok := strings.CutPrefix(local, "postal+")
	if !ok {
		t.Fatalf("no token in %s", replyTo)
	}
	return tok
}
