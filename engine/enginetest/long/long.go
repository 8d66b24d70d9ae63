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

// Sized is Size with a third, smaller size for a test binary built with
// -race (make test), where the long tests' quick versions would take
// minutes: raced there, quick in go test, full in make test-long. The race
// detector finds races in what runs at all, not in how much of it.
func Sized(full, quick, raced int) int {
	if Raced && !Enabled() {
		return raced
	}
	return Size(full, quick)
}
