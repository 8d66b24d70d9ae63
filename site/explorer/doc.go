// Package explorer is the opening explorer's tree: for one book (a game
// and ruleset, and the options that change its start; [BookOf]) every move
// the club's finished games played from each position, with how many games
// went that way, their results, the average rating of the players who
// chose it and the newest game that did. It is pure: it reads no archive,
// writes no file and words no mail. The site writes its nodes as files
// (site/explorer.go) and the mail verb "explore" words one node.
//
// How a game flows in ([Book.Add]): its record is replayed with the engine
// of the registry from the record's own Config (its seed and rules version
// too), so a game is read by the rules it was played by; each position
// reached, up to the book's depth ([NewBook]'s maxPly), is keyed with
// [engine.Key], so that positions reached by different orders of moves
// are one node where the game's rules can say they are the same
// ([engine.Keyed]); else a node is one order of moves. Each node counts the
// game once, and the move it played from there counts it in that move's
// [Line]; a position the game comes back to counts its first visit only,
// so that the lines of a node count each of its games once. A leaving (resign, timeout) ends a game's path: it is no opening
// move. Moves of chance (dice, Superial's random moves) are part of the
// record and count like the players'.
//
// A node one game reached is kept as that game's number only, and becomes
// a node of its own when a second game reaches it: most positions of a
// large archive a few moves in are reached once, and the site writes no
// file for them. Each game keeps what its path needs (its first moves,
// their keys, its result) so that such a node can be made whole later.
package explorer
