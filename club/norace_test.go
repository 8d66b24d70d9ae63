//go:build !race

package club

// raceEnabled is true under the race detector.
const raceEnabled = false
