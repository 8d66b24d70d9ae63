// Package pairing draws the games of a tournament and ranks its players: FIDE's
// Berger tables for round robins, Swiss pairing by score groups, knockout
// seeding, and the tie-breaks (Sonneborn-Berger, Buchholz, median Buchholz).
// It knows nothing of games, mail or the archive: players are indices 0..n-1,
// in the order the caller ranks them (by rating, strongest first).
package pairing

// Bye stands for the missing opponent of a player who sits a round out.
const Bye = -1

// Pair is one game of a round: First takes the first seat (White), Second the
// second; Second is Bye when First has the round off.
type Pair struct {
	First, Second int
}
