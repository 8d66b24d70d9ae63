//go:build race

package long

// Raced is true in a test binary built with -race (make test), which runs
// board pictures, searches and SQLite many times slower.
const Raced = true
