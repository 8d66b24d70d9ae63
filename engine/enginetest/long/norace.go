//go:build !race

package long

// Raced is true in a test binary built with -race.
const Raced = false
