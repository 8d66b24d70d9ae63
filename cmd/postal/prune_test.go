package main

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"postal/archive"
)

// The daemon's pruner cuts raw mail older than keep_raw_days to its headers,
// in batches, and leaves the newer whole (issue 24).
func TestPruneKeepsRecentMailWhole(t *testing.T) {
	ctx := context.Background()
	db, err := archive.Open(ctx, filepath.Join(t.TempDir(), "postal.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	now := time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)
	body := strings.Repeat("move 1 e2-e4\r\n", 100)
	const old, recent = 2*pruneBatch + 7, 5
	err = db.Tx(ctx, func(tx *archive.Tx) error {
		for i := range old + recent {
			at := now.AddDate(0, 0, -91)
			if i >= old {
				at = now.AddDate(0, 0, -89)
			}
			raw := fmt.Sprintf("From: a@x.org\r\nMessage-ID: <%d@x>\r\n\r\n%s", i, body)
			if _, err := tx.AddMessage(archive.Message{MessageID: fmt.Sprintf("%d@x", i), From: "a@x.org", Received: at, Outcome: "handled", Raw: []byte(raw)}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := prune(ctx, db, now, keepRaw(0), keepSignatures(0), 0); err != nil {
		t.Fatal(err)
	}
	msgs, _ := db.Messages(ctx)
	for i, m := range msgs {
		whole := strings.Contains(string(m.Raw), "e2-e4")
		if whole != (i >= old) || whole == (m.BodySHA256 != "") {
			t.Fatalf("message %d (%d of %d old): whole %v, hash %q", i, i, old, whole, m.BodySHA256)
		}
	}
	if keepRaw(-1) != 0 || keepRaw(7) != 7*24*time.Hour {
		t.Errorf("keep_raw_days: -1 gives %v, 7 gives %v", keepRaw(-1), keepRaw(7))
	}
}
