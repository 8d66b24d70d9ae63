package archive

import (
	"context"
	"fmt"
	"testing"
)

// TestStatementsPreparedBetweenTransactions: a query met in a transaction
// runs unprepared, is prepared before the next transaction begins (on the
// writer's one connection, which the first transaction held: preparing it
// inside would wait for ever), and is then run prepared, for the writer and
// the readers alike.
func TestStatementsPreparedBetweenTransactions(t *testing.T) {
	db, _ := openTemp(t)
	ctx := context.Background()
	const q = `SELECT COUNT(*) FROM games WHERE id > ?`
	count := func(tx *Tx) int {
		var n int
		if err := tx.queryRow(q, 0).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	check := func(who string, run func(context.Context, func(*Tx) error) error, wants ...bool) {
		for i, want := range wants {
			if err := run(ctx, func(tx *Tx) error {
				if got := tx.prepared(q) != nil; got != want {
					t.Errorf("%s's transaction %d: prepared %v, want %v", who, i, got, want)
				}
				count(tx)
				return nil
			}); err != nil {
				t.Fatal(err)
			}
		}
	}
	check("writer", db.Tx, false, true, true)
	check("reader", db.ReadTx, false, true)
}

// TestStatementsBounded: queries whose text is made for their arguments
// stop being kept at maxStatements, and still run.
func TestStatementsBounded(t *testing.T) {
	db, _ := openTemp(t)
	ctx := context.Background()
	for round := range 2 {
		if err := db.Tx(ctx, func(tx *Tx) error {
			for i := range maxStatements + 20 {
				var n int
				if err := tx.queryRow(fmt.Sprintf(`SELECT %d`, i)).Scan(&n); err != nil || n != i {
					return fmt.Errorf("round %d, query %d: %d, %v", round, i, n, err)
				}
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
	}
	if n := len(db.stmts.m); n != maxStatements {
		t.Errorf("%d statements kept, want %d", n, maxStatements)
	}
}
