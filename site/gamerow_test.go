package site

import (
	"context"
	"path/filepath"
	"testing"
)

// TestGameRowKept checks a kept row is the row made anew, and that a
// game's new summary (a move) gets its own row, not the one kept for the
// summary before.
func TestGameRowKept(t *testing.T) {
	out := filepath.Join(t.TempDir(), "site")
	pub := NewPublisher(NewMemory(fixedArchive(t)...), testOptions(out))
	if _, err := pub.Build(context.Background()); err != nil {
		t.Fatal(err)
	}
	for _, s := range pub.b.ix.games {
		for _, root := range []string{"", "../", "../../"} {
			if got, want := gameRow(root, s), makeGameRow(root, s); got != want {
				t.Errorf("game %d, root %q: kept row %q, made anew %q", s.ID, root, got, want)
			}
		}
		moved := *s
		moved.Plies++
		if got, was := gameRow("../", &moved), gameRow("../", s); got == was || got != makeGameRow("../", &moved) {
			t.Errorf("game %d: the row of its next summary is %q, the one before %q", s.ID, got, was)
		}
	}
}
