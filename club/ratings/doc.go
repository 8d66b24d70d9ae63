// Package ratings is the club's rating lists in the archive: a game rated
// as it ends, the line of its game-over mail, the answer to "ratings
// [GAME]", the recompute that checks the stored lists, and the rating
// again of whole lists when what counts changes after the fact (an
// annulment, the games from before the archive had ratings). The maths is
// club/rating (Glicko-2, no SQL: a player's rating and one game's effect
// on it); this package decides which games are rated and as whom, and
// keeps the standings and the history of each rated seat.
//
// How a mail's command flows through it:
//
//  1. a move, a resignation, a claim, ... ends a game (club/games): its
//     Finish asks the club's ratings, work.Club.Ratings, which the club
//     sets to Lists, to rate it (Rate), in the transaction of the mail;
//  2. Rate reads the ended game (archive.Tx.EndedGame), judges it
//     (ratedGame: each seat moved, a result from play, not unrated or
//     annulled, the bot at its level), plays it on its players' standings
//     (rating.Play) and stores the standings and one history row a seat;
//  3. the game-over mails, written next, carry Line ("Ratings
//     (conflagration): alice 1662? (+162), bob 1338? (-162)."), and so
//     does the reply to the mail that ended it;
//  4. "ratings [GAME]" is List, a row of the club's command table: the
//     lists of the game (all of them when none is named), their best
//     players and the sender's place.
//
// Outside the mail: an event that annuls a player's results takes their
// rated games back (TakeBack: their lists rated again from scratch);
// "postal ratings --recompute" is Recompute, which must find the numbers
// the club stored; "--all" is RateBeforeRatings first.
package ratings
