//go:build race

package enginetest

// RaceEnabled is true when the race detector is on; long random-game tests
// play fewer games then, and `make test` runs them in full without -race.
const RaceEnabled = true
