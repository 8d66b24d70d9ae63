package archive

import (
	"context"
	"errors"
	"testing"
	"time"
)

// Retiring a player's tokens (issue 24): every one of them, the account's
// and the games', stops being a token and is found as retired; the next
// Token is a new one; another player's tokens are untouched.
func TestRetireTokens(t *testing.T) {
	db, _ := openTemp(t)
	now := time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)
	err := db.Tx(context.Background(), func(tx *Tx) error {
		alice, _ := tx.AddPlayer("alice", "alice@a.test", "ka", now)
		bob, _ := tx.AddPlayer("bob", "bob@b.test", "kb", now)
		account, _ := tx.Token(alice.ID, 0, now)
		game, _ := tx.Token(alice.ID, 7, now)
		bobs, _ := tx.Token(bob.ID, 7, now)
		n, err := tx.RetireTokens(alice.ID, "key new", now.Add(time.Hour))
		if err != nil || n != 2 {
			t.Fatalf("retired %d, %v; want 2", n, err)
		}
		for _, tok := range []string{account, game} {
			if _, _, err := tx.TokenOwner(tok); !errors.Is(err, ErrNotFound) {
				t.Errorf("retired %s still owned: %v", tok, err)
			}
		}
		r, err := tx.TokenRetired(game)
		if err != nil || r.PlayerID != alice.ID || r.GameID != 7 || r.Why != "key new" || !r.Retired.Equal(now.Add(time.Hour)) {
			t.Errorf("retired game token: %+v, %v", r, err)
		}
		if r, err := tx.TokenRetired(account); err != nil || r.GameID != 0 {
			t.Errorf("retired account token: %+v, %v", r, err)
		}
		if _, err := tx.TokenRetired(bobs); !errors.Is(err, ErrNotFound) {
			t.Errorf("bob's token retired: %v", err)
		}
		if p, g, err := tx.TokenOwner(bobs); err != nil || p != bob.ID || g != 7 {
			t.Errorf("bob's token: %d %d %v", p, g, err)
		}
		if fresh, _ := tx.Token(alice.ID, 7, now); fresh == game || fresh == "" {
			t.Errorf("the next token is %q, the retired one %q", fresh, game)
		}
		// Where the key went.
		if a, err := tx.KeySent(alice.ID); a != "" || err != nil {
			t.Errorf("KeySent before any: %q %v", a, err)
		}
		tx.SetKeySent(alice.ID, "Home@A.test", now)
		if a, _ := tx.KeySent(alice.ID); a != "home@a.test" {
			t.Errorf("KeySent: %q", a)
		}
		// Pending addresses dropped, confirmed ones kept.
		tx.AddAddress(alice.ID, "home@a.test", "tok1", now)
		tx.AddAddress(alice.ID, "work@a.test", "tok2", now)
		tx.ConfirmAddress(alice.ID, "home@a.test", now)
		if dropped, err := tx.DropPendingAddresses(alice.ID); err != nil || len(dropped) != 1 || dropped[0] != "work@a.test" {
			t.Errorf("dropped %v, %v", dropped, err)
		}
		if _, err := tx.AddressByToken("tok2"); !errors.Is(err, ErrNotFound) {
			t.Errorf("a dropped address still confirms: %v", err)
		}
		if p, err := tx.PlayerByAddress("home@a.test"); err != nil || p.ID != alice.ID {
			t.Errorf("the confirmed address went: %v", err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
