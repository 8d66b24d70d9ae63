package engine_test

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"testing"

	"postal/engine"
)

// The formula is the documented one, byte for byte: a player checks it with
// sha256sum, not with postal.
func TestSeedCommitmentFormula(t *testing.T) {
	sum := sha256.Sum256([]byte("postal-seed-v1:17:1234567890123"))
	if got, want := engine.SeedCommitment(17, 1234567890123), hex.EncodeToString(sum[:]); got != want {
		t.Fatalf("SeedCommitment(17, 1234567890123) = %s, want %s", got, want)
	}
	// The game number and the seed both count.
	if engine.SeedCommitment(17, 1) == engine.SeedCommitment(18, 1) || engine.SeedCommitment(17, 1) == engine.SeedCommitment(17, 2) {
		t.Fatal("a commitment ignores the game or the seed")
	}
	// No ambiguity between "1:23" and "12:3".
	if engine.SeedCommitment(1, 23) == engine.SeedCommitment(12, 3) {
		t.Fatal("the separator does not separate")
	}
}

func ExampleSeedCommitment() {
	// printf 'postal-seed-v1:17:42' | sha256sum
	fmt.Println(engine.SeedCommitment(17, 42))
	// Output:
	// 46c4d9c2543dd0043091a7c81ceb6e512926c3fa8d00fd8936e9805a4e9278e8
}
