package accounts

import (
	"slices"
	"strings"
	"testing"
	"time"

	"postal/archive"
	"postal/club/work"
	"postal/mailer"
	"postal/mailer/dkimproof"
	"postal/notation"
)

// command reads one command line as the club does.
func command(t *testing.T, line string) notation.Command {
	t.Helper()
	parsed, _ := notation.ParseCommands(line, notation.ParseOptions{Language: language})
	if len(parsed) != 1 || parsed[0].Err != nil || parsed[0].Prose {
		t.Fatalf("%q does not read as one command: %+v", line, parsed)
	}
	return parsed[0].Cmd
}

// The rules of what a proof allows, without the archive: Authorize for a
// command that changes something, AfterGame for every command.
func TestWhatAProofAllows(t *testing.T) {
	u := &work.Unit{Actor: &archive.Player{ID: 1, Name: "alice"}, Club: &work.Club{Address: "postal@demo.test"}}
	account := &Proof{how: "token"}
	key := &Proof{how: "key", keyOK: true}
	dkim := &Proof{how: "dkim"}
	game7 := &Proof{how: "token", game: 7, live: true}
	over7 := &Proof{how: "token", game: 7} // a game that ended less than TokenGrace ago
	none := &Proof{}
	for _, c := range []struct {
		proof *Proof
		line  string
		// authorize and afterGame: "" when allowed, else a word of the
		// refusal's title
		authorize, afterGame string
	}{
		{account, "resign 7", "", ""},
		{key, "vacation 3", "", ""},
		{dkim, "key new", "", ""},
		{none, "resign 7", "cannot tell that this mail comes from alice", ""},
		{game7, "resign 7", "", ""},
		{game7, "resign 8", "a reply about #7 cannot act on #8", ""},
		{game7, "key new", `a reply about #7 cannot do "key"`, ""},
		{game7, "board 8", "", ""}, // a look changes nothing: no Authorize
		{over7, "resign 7", "#7 is over: a reply to its mails changes nothing", "#7 is over: a reply to its mails serves only to look at it"},
		{over7, "record 7", "", ""},
		{over7, "board 7", "", ""},
		{over7, "moves 7", "", ""},
		{over7, "preview 7 C4xB4", "", "serves only to look at it"},
		{over7, "conditions 7", "", "serves only to look at it"},
		{over7, "board 8", "", "serves only to look at it"},
		{over7, "games", "", "serves only to look at it"},
	} {
		cmd := command(t, c.line)
		// What the club's command table says each asks: all but the
		// looks (board, record, moves, preview, conditions, games) change
		// something.
		looks := []notation.Verb{notation.CmdBoard, notation.CmdRecord, notation.CmdMoves, notation.CmdPreview, notation.CmdConditions, notation.CmdGames}
		need := Need{Changes: !slices.Contains(looks, cmd.Verb) && !(cmd.Verb == notation.CmdKey && cmd.Value != "new"), Game: language.NeedsGame(cmd)}
		if c.authorize != "" || need.Changes {
			check(t, c.line+": Authorize", Authorize(u, c.proof, cmd, need), c.authorize)
		}
		check(t, c.line+": AfterGame", AfterGame(u, c.proof, cmd, need), c.afterGame)
	}
}

func check(t *testing.T, what string, err error, want string) {
	t.Helper()
	switch {
	case want == "" && err != nil:
		t.Errorf("%s: refused: %v", what, err)
	case want != "" && err == nil:
		t.Errorf("%s: allowed, want refused with %q", what, want)
	case want != "" && !strings.Contains(err.Error(), want):
		t.Errorf("%s: refused with %q, want %q", what, err.Error(), want)
	}
}

// What each proof proves, weighed against the From address in a real
// archive.
func TestProve(t *testing.T) {
	k := newClub(t)
	alice, bob := k.player("alice", "alicekey2345"), k.player("bob", "bobkey23456")
	g := k.game(alice, bob)
	aliceGame, aliceAccount, bobGame := k.token(alice, g), k.token(alice, 0), k.token(bob, g)

	for _, c := range []struct {
		name      string
		from      string
		to        []string
		subject   string
		body      string
		how       string
		game      int64
		tagged    int64
		answered  string // the answer's outcome; "" when the commands are read
		actorName string
	}{
		{"the key", "alice@example.org", []string{"postal@demo.test"}, "x", "key alicekey2345\nstatus", "key", 0, 0, "", "alice"},
		{"the key in another case", "Alice@Example.org", []string{"postal@demo.test"}, "x", "key ALICEKEY2345\nstatus", "key", 0, 0, "", "alice"},
		{"the account's token", "alice@example.org", []string{k.reply(aliceAccount)}, "x", "status", "token", 0, 0, "", "alice"},
		{"a game's token", "alice@example.org", []string{k.reply(aliceGame)}, "x", "t1", "token", g, g, "", "alice"},
		{"a game's token and the account's", "alice@example.org", []string{k.reply(aliceGame), k.reply(aliceAccount)}, "x", "status", "token", 0, g, "", "alice"},
		{"the subject's tag proves nothing", "alice@example.org", []string{"postal@demo.test"}, "Re: [postal #1] x", "status", "", 0, g, "unproven: short reply", "alice"},
		{"bob's token from alice's address", "alice@example.org", []string{k.reply(bobGame)}, "x", "t1", "", 0, g, "refused: another player's proof", ""},
		{"alice's token from bob's address", "bob@example.org", []string{k.reply(aliceGame)}, "x", "t1", "", 0, g, "refused: another player's proof", ""},
		{"bob's key with alice's token", "alice@example.org", []string{k.reply(aliceGame)}, "x", "key bobkey23456\nt1", "", 0, g, "refused: another player's proof", ""},
		{"a stranger", "carol@example.org", []string{"postal@demo.test"}, "x", "status", "", 0, 0, "stranger: short reply", ""},
		{"a token postal never gave", "alice@example.org", []string{k.reply("abcdefghjkmnpqrs")}, "x", "status", "", 0, 0, "unproven: short reply", "alice"},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := k.mail(c.from, c.to, c.subject, c.body)
			if h.proof.how != c.how || h.proof.game != c.game || h.tagged != c.tagged {
				t.Errorf("proved by %q for game %d, tagged %d; want %q for %d, tagged %d", h.proof.how, h.proof.game, h.tagged, c.how, c.game, c.tagged)
			}
			switch {
			case c.answered == "" && h.answer != nil:
				t.Errorf("answered %q, want its commands read", h.answer.Outcome)
			case c.answered != "" && (h.answer == nil || h.answer.Outcome != c.answered):
				t.Errorf("answer %+v, want %q", h.answer, c.answered)
			}
			if name := actorName(h.actor); name != c.actorName {
				t.Errorf("acts for %q, want %q", name, c.actorName)
			}
		})
	}
}

// A finished game's token proves its player for a look back for
// TokenGrace, and then nothing.
func TestAGameTokenAfterTheGame(t *testing.T) {
	k := newClub(t)
	alice, bob := k.player("alice", "alicekey2345"), k.player("bob", "bobkey23456")
	g := k.game(alice, bob)
	tok := k.token(alice, g)
	k.end(g)
	k.now = k.now.Add(TokenGrace - time.Minute)
	h := k.mail("alice@example.org", []string{k.reply(tok)}, "x", "record")
	if h.proof.how != "token" || h.proof.game != g || h.proof.live || h.answer != nil {
		t.Fatalf("within the grace: proved by %q for %d (live %v), answer %+v; want the token of #%d, over", h.proof.how, h.proof.game, h.proof.live, h.answer, g)
	}
	k.now = k.now.Add(2 * time.Minute)
	h = k.mail("alice@example.org", []string{k.reply(tok)}, "x", "record")
	if h.proof.how != "" || h.answer == nil || h.answer.Outcome != "unproven: short reply" {
		t.Fatalf("after the grace: proved by %q, answer %+v; want nothing proved", h.proof.how, h.answer)
	}
}

// Someone else's proof: the sender is told nothing of whose it was, its
// owner is told once a day for each address, and MisuseNoticesPerDay
// times a day in all; the notice goes out before the refusal.
func TestMisuse(t *testing.T) {
	k := newClub(t)
	alice := k.player("alice", "alicekey2345")
	tok := k.token(alice, 0)
	h := k.mail("mallory@example.net", []string{k.reply(tok)}, "x", "key alicekey2345\nresign 1")
	if h.answer == nil || h.answer.Outcome != "refused: another player's proof" || !h.answer.Reply || h.actor != nil {
		t.Fatalf("answer %+v, actor %v; want a refusal, answered, for nobody", h.answer, h.actor)
	}
	if got := strings.Join(h.answer.Sections[0].Lines, " "); strings.Contains(got, "alice") {
		t.Errorf("the refusal names the owner: %s", got)
	}
	if h.answer.Subject != "postal: your mail was not accepted" {
		t.Errorf("subject %q", h.answer.Subject)
	}
	if l := h.answer.Sections[0].Lines; len(l) == 0 || l[0] != "postal did nothing with this mail." || h.answer.Sections[0].Title != "" || !h.answer.Final {
		t.Errorf("the refusal %+v: want it to begin with a sentence, no title, and to be final (no \"How to answer\")", h.answer)
	}
	if len(k.mails) != 1 || k.mails[0].To != "alice@example.org" || k.mails[0].Subject != "postal: your personal key and reply address was used from mallory@example.net" {
		t.Fatalf("mails %+v, want one notice to alice", k.mails)
	}
	k.mail("mallory@example.net", []string{k.reply(tok)}, "x", "status")
	if len(k.mails) != 1 {
		t.Fatalf("%d notices to alice for the same address in a day, want 1", len(k.mails))
	}
	for _, forger := range []string{"a@example.net", "b@example.net", "c@example.net", "d@example.net"} {
		k.mail(forger, []string{k.reply(tok)}, "x", "status")
	}
	if len(k.mails) != MisuseNoticesPerDay {
		t.Fatalf("%d notices to alice from 5 forgers, want %d", len(k.mails), MisuseNoticesPerDay)
	}
	if last := strings.Join(k.mails[len(k.mails)-1].View.Intro, " "); !strings.Contains(last, "This is the 3rd such notice today") {
		t.Errorf("the last notice does not say it is the last: %s", last)
	}
}

// A token that "key new" retired: the mail is refused with "no longer
// valid", and its owner, writing from their own address, is not told
// again of it.
func TestRetiredToken(t *testing.T) {
	k := newClub(t)
	alice := k.player("alice", "alicekey2345")
	tok := k.token(alice, 0)
	k.unit(func(u *work.Unit) error {
		u.Actor = alice
		_, err := Key(u, NewProof(&mailer.Inbound{From: "alice@example.org"}, dkimproof.Result{}), command(t, "key new"))
		return err
	})
	h := k.mail("alice@example.org", []string{k.reply(tok)}, "x", "status")
	if h.answer == nil || h.answer.Outcome != "refused: a retired token" || h.answer.Subject != "postal: this address is no longer valid" {
		t.Fatalf("answer %+v, want the retired token refused", h.answer)
	}
	if len(k.mails) != 0 {
		t.Errorf("alice was told of her own mail: %+v", k.mails)
	}
	k.mail("mallory@example.net", []string{k.reply(tok)}, "x", "status")
	if len(k.mails) != 1 || !strings.Contains(k.mails[0].Subject, "old reply address") {
		t.Errorf("mails %+v, want alice told of her old reply address", k.mails)
	}
}

// actorName is p's name, "" for nobody.
func actorName(p *archive.Player) string {
	if p == nil {
		return ""
	}
	return p.Name
}
