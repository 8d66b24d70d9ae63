//go:build race

package main

// raceDetector is true in a test binary built with -race, which runs the
// daemon's board pictures and the bot's searches many times slower.
const raceDetector = true
