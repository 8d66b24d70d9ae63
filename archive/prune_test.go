package archive

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"
)

// The database holds tokens and raw mail: created 0600, its -wal and -shm
// too (issue 24).
func TestDatabaseIsPrivate(t *testing.T) {
	db, path := openTemp(t)
	if err := db.Tx(context.Background(), func(tx *Tx) error { return tx.AddStrangerReply("a@x.org", "short", time.Now()) }); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{path, path + "-wal", path + "-shm"} {
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode().Perm() != 0o600 {
			t.Errorf("%s is %v, want 0600", p, fi.Mode().Perm())
		}
	}
}

// cutForTest is a HeadersOnly for the tests: everything before "\n\n".
func cutForTest(raw []byte) ([]byte, string) {
	head, body, _ := strings.Cut(string(raw), "\n\n")
	sum := sha256.Sum256([]byte(body))
	return []byte(head + "\n\n"), hex.EncodeToString(sum[:])
}

// PruneRaw cuts the raw mail older than its time to headers, oldest first,
// a batch at a time, and looks at each row once.
func TestPruneRaw(t *testing.T) {
	ctx := context.Background()
	db, _ := openTemp(t)
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	db.Tx(ctx, func(tx *Tx) error {
		for i := range 5 {
			m := Message{MessageID: fmt.Sprintf("m%d@x", i), From: "a@x.org", Received: t0.AddDate(0, 0, i), Outcome: "handled", Raw: []byte(fmt.Sprintf("Subject: %d\n\nbody %d", i, i))}
			if i == 4 {
				m.Raw, m.BodySHA256 = cutForTest(m.Raw) // kept as headers on arrival
			}
			if _, err := tx.AddMessage(m); err != nil {
				t.Fatal(err)
			}
		}
		return nil
	})
	cutoff := t0.AddDate(0, 0, 3) // messages 0, 1, 2 are due
	var calls []int
	for {
		n, err := db.PruneRaw(ctx, cutoff, 2, cutForTest)
		if err != nil {
			t.Fatal(err)
		}
		calls = append(calls, n)
		if n < 2 {
			break
		}
	}
	if fmt.Sprint(calls) != "[2 1]" {
		t.Errorf("batches %v, want [2 1]", calls)
	}
	msgs, _ := db.Messages(ctx)
	for i, m := range msgs {
		cut := i < 3 || i == 4
		if cut != (m.BodySHA256 != "") || cut == strings.Contains(string(m.Raw), "body") {
			t.Errorf("message %d: raw %q, hash %q", i, m.Raw, m.BodySHA256)
		}
	}
	want := sha256.Sum256([]byte("body 0"))
	if msgs[0].BodySHA256 != hex.EncodeToString(want[:]) {
		t.Errorf("the body's hash is %s", msgs[0].BodySHA256)
	}
	// The pruner's query reads the index of rows due, never the table.
	var plan string
	rows, _ := db.db.Query(`EXPLAIN QUERY PLAN SELECT id, raw FROM messages WHERE body_sha256 IS NULL AND raw IS NOT NULL AND received < ? ORDER BY received LIMIT ?`, "x", 1)
	for rows.Next() {
		var a, b, c int
		var d string
		rows.Scan(&a, &b, &c, &d)
		plan += d
	}
	rows.Close()
	if !strings.Contains(plan, "messages_raw_due") {
		t.Errorf("query plan: %s", plan)
	}
}

// PruneSent drops the text and HTML of mail delivered long ago, and keeps
// its headers; unsent mail is never touched.
func TestPruneSent(t *testing.T) {
	ctx := context.Background()
	db, _ := openTemp(t)
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var ids []int64
	db.Tx(ctx, func(tx *Tx) error {
		for i := range 3 {
			id, err := tx.Enqueue(Mail{Message: []byte(fmt.Sprintf(`{"To":"a@x.org","Subject":"s%d","Text":"long text","HTML":"<p>long</p>"}`, i))}, t0)
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, id)
		}
		return nil
	})
	db.Sent(ctx, ids[0], t0)
	db.Sent(ctx, ids[1], t0.AddDate(0, 0, 100))
	n, err := db.PruneSent(ctx, t0.AddDate(0, 0, 10), 10)
	if err != nil || n != 1 {
		t.Fatalf("pruned %d, %v", n, err)
	}
	if n, _ := db.PruneSent(ctx, t0.AddDate(0, 0, 10), 10); n != 0 {
		t.Errorf("a second pass pruned %d", n)
	}
	rows, _ := db.Outbox(ctx, 0)
	if m := string(rows[0].Mail.Message); strings.Contains(m, "long") || !strings.Contains(m, `"Subject":"s0"`) {
		t.Errorf("pruned: %s", m)
	}
	for _, r := range rows[1:] {
		if !strings.Contains(string(r.Mail.Message), "long text") {
			t.Errorf("row %d lost its text: %s", r.ID, r.Mail.Message)
		}
	}
}
