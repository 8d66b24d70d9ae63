package accounts

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"postal/archive"
	"postal/club/reply"
	"postal/club/work"
	"postal/docs/words"
	"postal/mailer"
	"postal/mailer/dkimproof"
	"postal/notation"
)

// Proof is what an inbound mail has for proving who sent it, and what it
// proved: the message and its DKIM result (checked before the unit's
// transaction), the claims it carries (tokens it was sent to, key lines,
// registration codes), and, once Prove has weighed them, how its sender
// proved to be the unit's actor. The club's mail flow makes one a mail
// (NewProof) and hands it, with the mail's work.Unit, to every function
// here.
type Proof struct {
	In   *mailer.Inbound
	From string // In.From, lower case: the address every answer goes to
	// Row is the messages row the mail is recorded in: what the archive
	// keeps of a mail that is not acted on is cut to its headers.
	Row  int64
	DKIM dkimproof.Result

	claims []claim // the tokens and keys the message carries

	// how is how the sender proved to be the actor: "" (not at all),
	// "key", "token" or "dkim". game is the game or challenge a game token
	// proves the actor for (0: the whole account); live says whether it
	// still goes on.
	how   string
	game  int64
	live  bool
	keyOK bool // a key line of the message is the actor's key

	// Disagree.Token is the game of the game token the mail was sent to,
	// and Subject the other game its subject's tag names, when the two
	// disagree (ReadTokens); zero when they agree or one says nothing.
	Disagree struct{ Token, Subject int64 }

	invited int // new addresses the mail invited (MayInvite)
	// proved reports that the mail acted for its sender: it proved them
	// (Paid), completed their registration or confirmed their address.
	proved bool
}

// Proved reports whether the mail proved its sender and acted for them;
// its row is marked proven (it counts against their rate limit, and a
// copy of it delivered again is a duplicate, SeenBefore).
func (p *Proof) Proved() bool { return p.proved }

// setProven records that the mail proved its sender.
func (p *Proof) setProven(u *work.Unit) error {
	p.proved = true
	return u.Tx.SetProven(p.Row)
}

// NewProof is the proof of in, whose DKIM signatures were checked before
// its transaction (SenderDKIM): nothing weighed yet.
func NewProof(in *mailer.Inbound, dkim dkimproof.Result) *Proof {
	return &Proof{In: in, From: strings.ToLower(in.From), DKIM: dkim}
}

// claim is one proof a message carries: a token of its recipients or a key
// line of its body.
type claim struct {
	kind  string          // "token", "key", "confirm" (an address confirmation token), "retired" (a token no longer valid) or "register" (registration.go)
	owner *archive.Player // whose proof it is; nil for "register"
	game  int64           // token: the game or challenge it was given for; 0 for the account
	addr  *archive.Address
	reg   *archive.Registration
}

// misuseKind is the kind of proof the owner is told about.
func (c claim) misuseKind() string {
	switch c.kind {
	case "key":
		return "key"
	case "retired":
		return "old token"
	}
	return "token"
}

// Answer is how the accounts answer a mail they dealt with themselves, its
// commands unread: a proof of someone else or a retired one refused, an
// address confirmed, a registration completed or asked for, a mail that
// proved nothing or went past its sender's rate limit.
type Answer struct {
	Outcome  string          // what the archive records of the mail
	Subject  string          // the reply's subject; "" for the usual one
	Sections []reply.Section // the reply's sections
	// Reply says whether the club's reply, with Sections, goes out; false
	// when the mail was answered already (a plain note) or goes unanswered.
	Reply bool
	// Final marks a refusal that no answer to it can mend: the reply says
	// what to do instead in its sections and has no "How to answer", as the
	// plain notes to strangers have none.
	Final bool
}

// ReadTokens looks up the tokens the message was sent to and returns the
// game the message is about: the game of a game token, else the subject's
// tag ([postal #N]) when the subject may say it (subjectBound); 0 for none.
// When the token's game and the tag's disagree the mail is about neither
// (0), and p.Disagree says which they are: a command that names no game
// then acts in none, rather than in one the player may not have meant.
func ReadTokens(u *work.Unit, p *Proof) (tagged int64, err error) {
	for _, tok := range tokens(u.Club, p.In.Recipients) {
		c, ok, err := tokenClaim(u, tok)
		if err != nil {
			return 0, err
		}
		if ok {
			p.claims = append(p.claims, c)
		}
	}
	if m := tagRE.FindStringSubmatch(p.In.Subject); m != nil && p.subjectBound() {
		tagged, _ = strconv.ParseInt(m[1], 10, 64)
	}
	for _, c := range p.claims {
		if c.kind == "token" && c.game != 0 {
			if tagged != 0 && tagged != c.game {
				p.Disagree.Token, p.Disagree.Subject = c.game, tagged
				return 0, nil
			}
			return c.game, nil
		}
	}
	return tagged, nil
}

// tokenClaim finds whose token tok is: a reply token, an address
// confirmation token, a retired reply token, or a registration's. ok is
// false for a token postal never gave: the mail proves nothing by it.
func tokenClaim(u *work.Unit, tok string) (c claim, ok bool, err error) {
	pid, gid, err := u.Tx.TokenOwner(tok)
	c.kind, c.game = "token", gid
	if errors.Is(err, archive.ErrNotFound) {
		c.kind = "confirm"
		if c.addr, err = u.Tx.AddressByToken(tok); err == nil {
			pid = c.addr.PlayerID
		}
	}
	if errors.Is(err, archive.ErrNotFound) {
		var r *archive.RetiredToken
		if r, err = u.Tx.TokenRetired(tok); err == nil {
			c.kind, c.game, pid = "retired", r.GameID, r.PlayerID
		}
	}
	if errors.Is(err, archive.ErrNotFound) {
		return registrationClaim(u, tok) // registration.go
	}
	if err != nil {
		return c, false, err
	}
	c.owner, err = u.Tx.PlayerByID(pid)
	return c, err == nil, err
}

// ReadKeys looks up the key lines of the message, and the codes of its
// "register NAME CODE" lines (registration.go). Keys are read before any
// command: a key line anywhere proves the sender for every command.
func ReadKeys(u *work.Unit, p *Proof, parsed []notation.Parsed) error {
	for _, line := range parsed {
		if line.Err != nil || line.Cmd.Verb != notation.CmdKey || line.Cmd.Arg == "" {
			continue
		}
		owner, err := u.Tx.PlayerByKeyHash(HashKey(line.Cmd.Arg))
		if errors.Is(err, archive.ErrNotFound) {
			continue // the key command answers that it is not valid
		}
		if err != nil {
			return err
		}
		p.claims = append(p.claims, claim{kind: "key", owner: owner})
	}
	return registrationCodeClaims(u, p, parsed)
}

// Prove decides who the message acts for (the unit's Actor: the player
// whose address From is, or nobody) and what it proves, from its claims
// and its From address. A non-nil Answer means the mail has been dealt
// with and its commands are not read: a proof of someone else or a retired
// one refused it, it confirmed an address, or it completed a registration.
func Prove(u *work.Unit, p *Proof) (*Answer, error) {
	sender, err := u.Tx.PlayerByAddress(p.From)
	if errors.Is(err, archive.ErrNotFound) {
		sender, err = nil, nil
	}
	if err != nil {
		return nil, err
	}
	var foreign, retired []claim
	var confirm *claim
	for i, c := range p.claims {
		switch {
		case c.kind == "register": // registration.go: a reply from its own address completes it, and proves nothing else
		case c.kind == "retired":
			retired = append(retired, c)
		case c.kind == "confirm" && c.addr.Address == p.From:
			confirm = &p.claims[i]
		case c.kind != "confirm" && sender != nil && sender.ID == c.owner.ID:
		default:
			foreign = append(foreign, c)
		}
	}
	var a *Answer
	switch reg := p.registration(); {
	case len(foreign) > 0:
		for _, c := range retired {
			if sender == nil || sender.ID != c.owner.ID {
				foreign = append(foreign, c)
			}
		}
		a, err = refuseForeign(u, p, foreign)
	case len(retired) > 0:
		a, err = refuseRetired(u, p, sender, retired)
	case reg != nil:
		a, err = completeRegistration(u, p, reg) // registration.go
	case confirm != nil:
		a, err = confirmAddress(u, p, confirm) // address.go
	default:
		return nil, p.weigh(u, sender)
	}
	if err != nil {
		return nil, err
	}
	return a, answers(u, p, a)
}

// weigh sets what the claims of a mail from sender's address (nil: no
// player's) prove, none of them another player's: a key or the account's
// token proves the sender for everything, a DKIM signature or a trusted
// Authentication-Results header too; the token of a game alone proves the
// sender for that game while it goes on, and for a look back at it for
// TokenGrace after its end.
func (p *Proof) weigh(u *work.Unit, sender *archive.Player) (err error) {
	u.Actor = sender
	if sender == nil {
		return nil
	}
	for _, c := range p.claims {
		switch {
		case c.kind == "key":
			p.how, p.game = "key", 0
			p.keyOK = true
			return nil
		case c.game == 0:
			p.how, p.game = "token", 0
		case p.how == "":
			p.how, p.game = "token", c.game
		}
	}
	if p.how == "token" && p.game == 0 {
		return nil
	}
	if p.DKIM.Proven || u.Club.TrustAuthResults && authPass(u.Club.AuthServID, p.In.AuthResults, p.From) {
		p.how, p.game = "dkim", 0
		return nil
	}
	if p.game != 0 {
		if p.live, err = live(u, p.game); err != nil || p.live {
			return err
		}
		// A finished game's token: for TokenGrace, that game's record,
		// moves and board (AfterGame); then nothing.
		if fresh, err := lately(u, p.game); err != nil || !fresh {
			p.how, p.game = "", 0
			return err
		}
	}
	return nil
}

// TokenGrace is how long after its game ended a game's token still proves
// its player, for that game's record, moves and board only: a reply to the
// game-over mail asks for them.
const TokenGrace = 3 * 24 * time.Hour

// lately reports whether id is a game that ended less than TokenGrace
// ago; a challenge no longer open has nothing to look at.
func lately(u *work.Unit, id int64) (bool, error) {
	g, err := u.Tx.GameByID(id)
	if errors.Is(err, archive.ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return g.Status == archive.GameOver && u.Now.Sub(g.Finished) < TokenGrace, nil
}

// live reports whether game or challenge id still goes on: an active game,
// or an open challenge not yet a game.
func live(u *work.Unit, id int64) (bool, error) {
	g, err := u.Tx.GameByID(id)
	if err == nil {
		return g.Status == archive.GameActive, nil
	}
	if !errors.Is(err, archive.ErrNotFound) {
		return false, err
	}
	ch, err := u.Tx.Challenge(id)
	if errors.Is(err, archive.ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return ch.Status == archive.ChallengeOpen, nil
}

// Need is what a command asks of a mail's proof, as the club's command
// table says: whether it changes anything, and whether it acts on one game
// or challenge, for which the reply address of a mail about that game
// proves its sender.
type Need struct {
	Changes bool
	Game    bool
}

// AfterGame refuses, to a mail proven by the token of a game that ended,
// every command but a look at that game (its record, moves or board): the
// token of a mail about one game does not speak for the player elsewhere,
// and once its game is over it speaks only for a look back. Those three by
// name, not every command that changes nothing: "preview" and "conditions"
// change nothing either, yet they are the player's planning, not a look at
// the game that was played.
func AfterGame(u *work.Unit, p *Proof, c notation.Command, need Need) error {
	if p.how != "token" || p.game == 0 || p.live || need.Game && c.ID == p.game && lookBack(c.Verb) {
		return nil
	}
	return reply.Refuse(fmt.Sprintf("#%d is over: a reply to its mails serves only to look at it", p.game),
		fmt.Sprintf("For %s after its end, a reply to a mail about #%d brings its record, moves or board, and nothing else. Nothing was done. For anything else, write a fresh mail to %s with a line \"key YOUR-KEY\", or reply to a newer mail from postal.", words.Count(int(TokenGrace/(24*time.Hour)), "day", "days"), p.game, u.Club.Address))
}

// lookBack reports whether verb is one of the looks at a game a finished
// game's token still brings.
func lookBack(verb notation.Verb) bool {
	return verb == notation.CmdRecord || verb == notation.CmdMoves || verb == notation.CmdBoard
}

// Authorize refuses a command that changes something unless the message
// proved its sender, the unit's actor, for it: a game token only for its
// own game, while it goes on, and never for the account.
func Authorize(u *work.Unit, p *Proof, c notation.Command, need Need) error {
	name := u.Actor.Name
	switch {
	case p.how == "":
		return reply.Refuse("postal cannot tell that this mail comes from "+name,
			"This command changes a game or your account, and a From address proves nothing: anyone can write it. Nothing was changed.",
			"Reply to a mail from postal, keeping its reply address, or add a line \"key YOUR-KEY\" with the personal key postal sent you when you registered.")
	case p.game == 0:
		return nil
	case need.Changes && !need.Game: // it acts on the account
		return reply.Refuse(fmt.Sprintf("a reply about #%d cannot do %q", p.game, c.Verb),
			fmt.Sprintf("The reply address of a mail about game or challenge #%d proves who you are for #%d only, and %q acts on your account. Nothing was changed.", p.game, p.game, c.Verb),
			"Reply to a mail from postal about no game (write \"status\" for one), or add a line \"key YOUR-KEY\".")
	case !p.live:
		return reply.Refuse(fmt.Sprintf("#%d is over: a reply to its mails changes nothing", p.game),
			"Nothing was changed. For another game, reply to a mail about that game, or add a line \"key YOUR-KEY\".")
	case c.ID != p.game:
		return reply.Refuse(fmt.Sprintf("a reply about #%d cannot act on #%d", p.game, c.ID),
			fmt.Sprintf("The reply address of a mail about #%d proves who you are for #%d only. Nothing was changed. Reply to a mail about #%d, or add a line \"key YOUR-KEY\".", p.game, p.game, c.ID))
	}
	return nil
}

// refuseForeign answers a message that carries someone else's proof: the
// sender learns only that nothing was done; each owner is told, at most
// once a day per offending address (misuse.go).
func refuseForeign(u *work.Unit, p *Proof, foreign []claim) (*Answer, error) {
	u.Actor = nil
	// The answer repeats nothing of the mail, not even its subject.
	// Nothing a reply to it says can be read either, so it has no "How to
	// answer" (Final): its last line says what to do instead.
	a := &Answer{Outcome: "refused: another player's proof", Subject: "postal: your mail was not accepted", Final: true}
	if err := noteMisuse(u, p, foreign); err != nil {
		return nil, err
	}
	a.Sections = append(a.Sections, reply.Section{Lines: []string{
		"postal did nothing with this mail.",
		"It came from " + p.From + " with a proof of identity that postal gave to someone else. A reply address or a personal key counts only in mail from its owner's own addresses, so not one line of this mail was read.",
		"To play, write to " + u.Club.Address + " from your own address (\"help\" explains how), or reply to a mail postal sent you.",
	}})
	return a, nil
}

// refuseRetired answers a message sent to a reply address that "key new"
// or "address remove" retired: not one line is read. Its owner hears of it
// when the mail does not come from one of their addresses; from one of
// them, the answer itself reaches them.
func refuseRetired(u *work.Unit, p *Proof, sender *archive.Player, retired []claim) (*Answer, error) {
	u.Actor = nil
	a := &Answer{Outcome: "refused: a retired token", Subject: "postal: this address is no longer valid"}
	var others []claim
	for _, c := range retired {
		if sender == nil || sender.ID != c.owner.ID {
			others = append(others, c)
		}
	}
	if err := noteMisuse(u, p, others); err != nil {
		return nil, err
	}
	a.Sections = append(a.Sections, reply.Section{Title: "this address is no longer valid", Lines: []string{
		"This mail was sent to the reply address of an older mail from postal, and that address has been retired. Not one line of this mail was read, and nothing was changed.",
		"Reply to the newest mail postal sent you instead, or write a fresh mail to " + u.Club.Address + " with a line \"key YOUR-KEY\": your newest key. A fresh mail without the key is not read: it brings a note, and a reply to that note is.",
	}})
	return a, nil
}

// answers decides whether a mail Prove dealt with gets its answer (a.Reply).
// A refusal answers a mail that proves nothing, whoever its From names: it
// comes from the strangers' budget; else an attacker with a token of their
// own could have postal write to any forged From. The answer to a reply
// that completes a registration or confirms an address goes to the
// address's owner, who asked for it.
func answers(u *work.Unit, p *Proof, a *Answer) error {
	a.Reply = true
	if p.registration() != nil {
		return nil
	}
	for _, c := range p.claims {
		if c.kind == "confirm" && c.addr != nil && c.addr.Address == p.From {
			return nil
		}
	}
	ok, err := budget(u, p, "refusal")
	if err != nil || ok {
		return err
	}
	a.Reply = false
	a.Outcome += " (not answered: past the budget for strangers)"
	return keepHeaders(u, p)
}
