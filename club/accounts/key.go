package accounts

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"postal/archive"
	"postal/club/reply"
	"postal/club/work"
	"postal/notation"
	"strings"
)

// HashKey is how a personal key is stored: never the key itself. A key is
// read as written in any case, with white space around it.
func HashKey(key string) string {
	sum := sha256.Sum256([]byte(strings.ToLower(strings.TrimSpace(key))))
	return hex.EncodeToString(sum[:])
}

// Key answers "key KEY" (the key proves the mail: ReadKeys, Prove) and
// "key new".
func Key(u *work.Unit, p *Proof, c notation.Command) (reply.Section, error) {
	if c.Value == "new" {
		return newKey(u, p)
	}
	if p.keyOK && HashKey(c.Arg) == u.Actor.KeyHash {
		return reply.Section{Title: "key accepted", Lines: []string{"You are " + u.Actor.Name + "."}}, nil
	}
	return reply.Section{}, reply.Refuse("this key is not valid", "Copy the key from the mail postal sent when you registered (or from the answer to \"key new\"). No command of this message was proved by it.")
}

// newKey retires the actor's personal key and every reply address of the
// mails postal sent them, and gives them a new key. Addresses they added
// and that wait for confirmation are withdrawn: a thief who added one would
// otherwise confirm it after the owner took the account back.
func newKey(u *work.Unit, p *Proof) (reply.Section, error) {
	key, err := replaceKey(u, p, "key new")
	if err != nil {
		return reply.Section{}, err
	}
	if _, err := u.Tx.RetireTokens(u.Actor.ID, "key new", u.Now); err != nil {
		return reply.Section{}, err
	}
	dropped, err := u.Tx.DropPendingAddresses(u.Actor.ID)
	if err != nil {
		return reply.Section{}, err
	}
	sec := reply.Section{Title: "your new personal key", Pre: "key " + key, Lines: []string{
		"Your old key no longer proves anything, nor do the reply addresses of the mails postal sent you before: a mail to one of them gets only \"this address is no longer valid\". Reply to this mail, or to the mails postal sends from now on (\"board N\" brings a fresh one about game N).",
		"Keep the new key secret: a fresh mail (not a reply) that changes a game or your account must carry the line below."}}
	if len(dropped) > 0 {
		sec.Lines = append(sec.Lines, fmt.Sprintf("The addresses you added that were not yet confirmed are withdrawn: %s. Add them again if they are yours.", strings.Join(dropped, ", ")))
	}
	return sec, nil
}

// replaceKey gives the actor a new personal key, which the answer to this
// mail carries to its sender's address (why: the event's detail).
func replaceKey(u *work.Unit, p *Proof, why string) (string, error) {
	key := archive.NewSecret(20)
	if err := u.Tx.SetKeyHash(u.Actor.ID, HashKey(key)); err != nil {
		return "", err
	}
	if err := u.Tx.SetKeySent(u.Actor.ID, p.From, u.Now); err != nil {
		return "", err
	}
	if err := u.Tx.AddEvent(u.Now, "key-new", 0, u.Actor.ID, why); err != nil {
		return "", err
	}
	u.Actor.KeyHash = HashKey(key)
	return key, nil
}
