package archive

import (
	"context"
	"errors"
	"testing"
	"time"
)

// A player's added addresses: pending until confirmed, then found by
// PlayerByAddress; one player per confirmed address; misuse told at most
// once a day per address.
func TestAddresses(t *testing.T) {
	db, _ := openTemp(t)
	now := time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)
	err := db.Tx(context.Background(), func(tx *Tx) error {
		alice, _ := tx.AddPlayer("alice", "alice@a.test", "ka", now)
		bob, _ := tx.AddPlayer("bob", "bob@b.test", "kb", now)
		if err := tx.AddAddress(alice.ID, "home@a.test", "tok1", now); err != nil {
			return err
		}
		if _, err := tx.PlayerByAddress("home@a.test"); !errors.Is(err, ErrNotFound) {
			t.Errorf("a pending address is the player's: %v", err)
		}
		// Asked again, the pending address gets a new token.
		if err := tx.AddAddress(alice.ID, "home@a.test", "tok2", now); err != nil {
			return err
		}
		if _, err := tx.AddressByToken("tok1"); !errors.Is(err, ErrNotFound) {
			t.Errorf("the old token still confirms: %v", err)
		}
		a, err := tx.AddressByToken("TOK2")
		if err != nil || a.PlayerID != alice.ID || a.Address != "home@a.test" || !a.Pending() {
			t.Fatalf("by token: %+v, %v", a, err)
		}
		// bob may have it pending too; only one can confirm it.
		if err := tx.AddAddress(bob.ID, "home@a.test", "tok3", now); err != nil {
			return err
		}
		if err := tx.ConfirmAddress(alice.ID, "home@a.test", now); err != nil {
			return err
		}
		if p, err := tx.PlayerByAddress("Home@A.test"); err != nil || p.ID != alice.ID {
			t.Errorf("the confirmed address: %+v, %v", p, err)
		}
		if err := tx.ConfirmAddress(bob.ID, "home@a.test", now); err == nil {
			t.Error("two players confirmed one address")
		}
		if _, err := tx.AddressByToken("tok2"); !errors.Is(err, ErrNotFound) {
			t.Errorf("a spent token still confirms: %v", err)
		}
		addrs, err := tx.Addresses(alice.ID)
		if err != nil || len(addrs) != 1 || addrs[0].Pending() {
			t.Fatalf("addresses: %+v, %v", addrs, err)
		}
		if ok, err := tx.RemoveAddress(alice.ID, "home@a.test"); !ok || err != nil {
			t.Fatalf("remove: %v %v", ok, err)
		}
		if _, err := tx.PlayerByAddress("home@a.test"); !errors.Is(err, ErrNotFound) {
			t.Errorf("a removed address is still the player's: %v", err)
		}
		// The owner is told at most once a day per offending address,
		// whatever the kind (issue 24).
		for i, want := range []bool{true, false, false} {
			tell, err := tx.NoteMisuse(alice.ID, "carol@c.test", "token", now.Add(time.Duration(i)*time.Hour))
			if err != nil || tell != want {
				t.Errorf("misuse %d: tell %v, %v", i+1, tell, err)
			}
		}
		if tell, _ := tx.NoteMisuse(alice.ID, "carol@c.test", "key", now.Add(23*time.Hour)); tell {
			t.Error("a key misuse within the day of a token misuse is told")
		}
		if tell, _ := tx.NoteMisuse(alice.ID, "mallory@c.test", "key", now.Add(23*time.Hour)); !tell {
			t.Error("another address within the day is not told")
		}
		if tell, _ := tx.NoteMisuse(alice.ID, "carol@c.test", "old token", now.Add(24*time.Hour)); !tell {
			t.Error("a misuse a day later is not told")
		}
		if tell, _ := tx.NoteMisuse(alice.ID, "carol@c.test", "token", now.Add(25*time.Hour)); tell {
			t.Error("told twice within a day")
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
