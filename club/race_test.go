//go:build race

package club

// raceEnabled is true under the race detector: the longest tests play fewer
// moves then (enginetest.RaceEnabled, which club cannot import: both define
// -update).
const raceEnabled = true
