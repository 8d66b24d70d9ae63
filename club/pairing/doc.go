// Package pairing draws the games of a tournament and ranks its players: FIDE's
// Berger tables for round robins, Swiss pairing by score groups, knockout
// seeding, and the tie-breaks (Sonneborn-Berger, Buchholz, median Buchholz).
// It knows nothing of games, mail or the archive: players are indices 0..n-1,
// in the order the caller ranks them (by rating, strongest first).
//
// How work flows through it: an event's format (club/event) asks it for a
// round's pairings (RoundRobin, DoubleRoundRobin, Tables, Swiss.Next,
// Bracket) from the players'
// order and the results so far, and for the order of the
// standings (Standings, with its tie-breaks); it answers with indices, which the format turns back
// into players and steps. Nothing flows back: it holds no state between
// calls, so the same question always gets the same answer, which is what
// lets an event be replayed from its stored games.
package pairing
