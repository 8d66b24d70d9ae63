package archive

import (
	"context"
	"testing"
	"time"
)

// The copies of one Message-ID (the third attack round): another digest is
// another mail, under "ID DIGEST"; a copy of the same digest is recorded
// under the next of "ID DIGEST", "ID DIGEST 2", "ID DIGEST 3" when the
// club keeps it, and SeenCopy hands back the last one recorded, with what
// became of it; past the last key, the copies are settled.
func TestSeenCopy(t *testing.T) {
	ctx := context.Background()
	db, _ := openTemp(t)
	now := time.Now()
	add := func(key, digest, outcome string, proven bool) {
		t.Helper()
		err := db.Tx(ctx, func(tx *Tx) error {
			id, err := tx.AddMessage(Message{MessageID: key, Digest: digest, Received: now, Outcome: outcome})
			if err == nil && proven {
				err = tx.SetProven(id)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	seen := func(id, digest string) (*Copy, string) {
		t.Helper()
		var c *Copy
		var key string
		err := db.Tx(ctx, func(tx *Tx) (err error) {
			c, key, err = tx.SeenCopy(id, digest)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		return c, key
	}
	if c, key := seen("m@x", "sha256:a"); c != nil || key != "m@x" {
		t.Fatalf("a new mail: %+v, key %q", c, key)
	}
	add("m@x", "sha256:a", "ignored: Auto-Submitted: auto-replied", false)
	c, key := seen("m@x", "sha256:a")
	if c == nil || c.Final || c.Proven || c.Outcome != "ignored: Auto-Submitted: auto-replied" || key != "m@x sha256:a" {
		t.Fatalf("the second copy: %+v, key %q", c, key)
	}
	add(key, "sha256:a", "unproven: short reply", false)
	if c, key = seen("m@x", "sha256:a"); c == nil || c.Outcome != "unproven: short reply" || key != "m@x sha256:a 2" {
		t.Fatalf("the third copy: %+v, key %q", c, key)
	}
	add(key, "sha256:a", "handled: 1 done, 0 refused", true)
	if c, key = seen("m@x", "sha256:a"); c == nil || !c.Proven || key != "m@x sha256:a 3" {
		t.Fatalf("after the proven copy: %+v, key %q", c, key)
	}
	add(key, "sha256:a", "handled", true)
	if c, _ = seen("m@x", "sha256:a"); c == nil || !c.Final {
		t.Fatalf("past the last key: %+v", c)
	}
	// Another mail with the Message-ID taken.
	if c, key = seen("m@x", "sha256:b"); c != nil || key != "m@x sha256:b" {
		t.Fatalf("another digest: %+v, key %q", c, key)
	}
	add(key, "sha256:b", "unproven: short reply", false)
	if c, key = seen("m@x", "sha256:b"); c == nil || c.Outcome != "unproven: short reply" || key != "m@x sha256:b 2" {
		t.Fatalf("another digest's second copy: %+v, key %q", c, key)
	}
	// A row from before digests, or a mail without one: settled.
	add("old@x", "", "handled", false)
	if c, _ = seen("old@x", "sha256:a"); c == nil || !c.Final {
		t.Fatalf("a row without digest: %+v", c)
	}
	if c, _ = seen("m@x", ""); c == nil || !c.Final {
		t.Fatalf("a mail without digest: %+v", c)
	}
}
