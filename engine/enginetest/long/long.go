// Package long is the one switch of the repository's long tests (10,000
// random games, deep perft, whole games by mail). `make test-long`, which CI
// runs, sets POSTAL_TEST_LONG=1 and they run in full; otherwise (make test,
// go test) each runs a quick version of itself, so the daily run keeps every
// path covered. It defines no flags, so any test package may import it.
package long

import "os"

// Enabled reports whether the long tests run in full.
func Enabled() bool { return os.Getenv("POSTAL_TEST_LONG") != "" }

// Size is full when the long tests run in full, else quick: how many games,
// plies or positions a long test plays.
func Size(full, quick int) int {
	if Enabled() {
		return full
	}
	return quick
}
