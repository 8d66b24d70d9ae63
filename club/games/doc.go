// Package games is the games' life in the archive: loading a game, playing
// its moves, its conditional moves, draws, forfeits and clocks, and
// telling its players. It holds the handlers of the commands about games
// ("move", "preview", "if", "moves", "board", "draw", "resign", "claim",
// "vacation", "say", "note", ...), each a function of the unit of work and
// the command: func(*work.Unit, notation.Command[, notation.Parsed])
// (reply.Section, error), so that a row of the club's command table calls
// one.
//
// How a move flows through it:
//
//  1. mail: the club's root reads an inbound mail, proves its sender and
//     makes a work.Unit (the transaction, the time, the actor); its
//     dispatch hands each command to a handler here (Move).
//  2. load: the handler loads the game (Load, Named, Mine: its row, engine,
//     position, players, moves, and its event's label through
//     Club.Events) and refuses what the actor may not do.
//  3. decide: the game aggregate (club/game) judges the move and changes
//     itself: game.Game.Move answers with a game.Moved (the plies to log,
//     chance's draws included, the draw it declined, the result); a move
//     the rules refuse is an engine error, which reply.ExplainMove words.
//  4. apply: Commit writes the outcome to the archive (the plies, the
//     clock, the new position), ends the game when it is over (Finish:
//     rated through Club.Ratings, then the game-over mails, then its event
//     moves on through Club.Events) and plays the conditional answers that
//     foresaw the move, through the same path.
//  5. notices: whoever must hear of it (the player to move next, the
//     others of a game of more, those whose draw was declined, observers)
//     gets a Notice, queued on the unit; what the actor must hear goes to
//     the lead of their reply.
//  6. flush: at the end of the unit the root calls FlushNotices, which
//     sends one mail per player and game with the board as the whole unit
//     left it, and FlushRelays, the messages players said to each other.
//
// The clock (the root's Service.Tick) and the club's bot take the same
// path with units of their own: TickGame, Digest and EndVacations for the
// clock's work on one game or player; game.Game.Play and Commit for the
// bot's move.
package games
