// Package published is the loader of the club's pages: it reads the
// archive and writes what the site shows (site/view), and the records of
// the club's games. It builds no mail: the site reads the club through it
// (site/clubarchive) without go-imap, go-mail or the club's handling.
//
//	archive → published (this package) → site/view → site's pages
//
// What it writes:
//   - records.go: each game's record, as the site and the mail command
//     "record" write it (talk.go: what its players said, as they allow),
//     with the game as the site lists it (view.Game) and what it counted
//     for in the ratings (ratings.go);
//   - tournaments.go, leagues.go, ladders.go, acts.go: each event as its
//     page shows it (view.Tournament, view.League, view.Ladder), from the
//     event as its rules see it, which it loads through club/stored as the
//     club does;
//   - ratings.go: the rating lists and each player's history
//     (view.RatingList, view.RatingPoint).
//
// game.go says what a stored game row means (its config, rules version,
// clock and result) for the club's write path too. No address a player
// or a director wrote is published (Unaddressed).
package published
