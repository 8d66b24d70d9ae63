// Package rating is the club's Glicko-2, exactly as Mark Glickman's
// "Example of the Glicko-2 system" computes it: steps 1 to 8, the system
// constant tau 0.5, new players at 1500 with RD 350 and volatility 0.06,
// the new volatility found by the Illinois algorithm.
//
// The club's rating periods are its games: every rated game that ends is a
// period of its own for its players, who meet only the others of that game
// (in a game of three or four, each of them, by places). A player without
// a rated game for 30 days gains a period of step 6 (their RD grows) for
// each 30 days, applied before their next game.
//
// How work flows through it: the package holds no state. club/ratings
// loads each player's Player from the archive, applies a game to them
// with Play and stores what it answers; the recompute applies every game
// again in the order they ended. Keeping the maths apart from the archive
// is what lets it be checked against the paper's worked example alone.
package rating
